"""The player profile's questions on the window: the name
at the first start, before anything else is offered (an interrupted game,
the guided first game), then once the earlier names of the history; the
name again from Game ▸ Player Name….

Every dialog opens window-modal with ``open()`` and answers through a
callback (ui.dialogs.boxes): nothing blocks, and the next question opens
once the one before is answered."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from ..ui.dialogs import boxes
from ..ui.dialogs.player_name import EarlierNamesDialog, PlayerNameDialog
from .storage.faults import StorageError
from .storage.profile import Player


def ask_at_start(window, player: Player, then: Callable[[], None]) -> None:
    """The first start's name, then the earlier names (each asked once), then ``then()``."""
    if player.needs_name():
        ask_name(window, player, first=True, then=lambda: offer_earlier_names(window, player, then))
    elif player.merge_pending():
        offer_earlier_names(window, player, then)
    else:
        then()


def ask_name(window, player: Player, first: bool = False, then: Callable[[], None] | None = None):
    """The name dialog, open now: OK keeps the name typed, Cancel or Escape the one offered (at the first
    start: the system's user name); either way it is not asked again at start."""
    offered = player.suggested_name() if first else player.name
    dlg = boxes.keep(window, "player_name_dialog", PlayerNameDialog(offered or player.name, first, window))

    def answered(result: int) -> None:
        if result == PlayerNameDialog.DialogCode.Accepted:
            player.rename(dlg.player_name())
        elif first:  # the name offered is kept as it was shown: the same in every language from now on
            player.rename(offered or player.name)
        if first:
            player.named()
        window.player_name_dialog = None
        if then is not None:
            then()

    return _opened(dlg, answered)


def offer_earlier_names(window, player: Player, then: Callable[[], None] | None = None, again: bool = False):
    """Once (``again``: from the menu): the history's earlier names, the
    ones that look like the player checked.  None (and ``then()`` at once)
    if there is nothing to offer."""
    names = player.candidates()
    if not names:
        if player.history_readable():
            player.skip_merge()  # nothing to merge now: later guests are guests
        if then is not None:
            then()
        return None
    if not again and not player.merge_pending():
        if then is not None:
            then()
        return None
    dlg = boxes.keep(window, "earlier_names_dialog", EarlierNamesDialog(player.name, names, window))

    def answered(result: int) -> None:
        window.earlier_names_dialog = None
        try:
            if result == EarlierNamesDialog.DialogCode.Accepted:
                player.merge(dlg.chosen())
            else:
                player.skip_merge()
        except StorageError as e:  # asked again at the next start, when the history may be written
            window.warn(QCoreApplication.translate(
                "EarlierNamesDialog", "The earlier games could not be given to you now. %1 You will be asked "
                "again at the next start.").replace("%1", e.fault.reason()))
        if getattr(window, "stats_window", None) is not None:
            window.stats_window.reload()  # the games just given count for the player now
        if then is not None:
            then()

    return _opened(dlg, answered)


def _opened(dlg, answered: Callable[[int], None]):
    """``dlg`` opened (window-modal), ``answered(result)`` when it closes, then let go."""
    dlg.finished.connect(answered)
    dlg.finished.connect(lambda *_: dlg.deleteLater())
    dlg.open()
    return dlg


def change_name(window, player: Player) -> None:
    """Game ▸ Player Name…: the name, then the earlier names still apart (if any look like the player)."""
    ask_name(window, player, then=lambda: offer_earlier_names(window, player, again=True)
             if any(c for _n, _g, c in player.candidates()) else None)
