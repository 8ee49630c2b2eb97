"""The objective card a special action is paid with (R4.3).  The turn panel
only asks (``TurnPanel.special_asked``); the window that plays the seat (the
main window's table, a network table's window) opens the dialog and hands the
choice to the model, so no room of ``ui/`` below the windows opens one."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from ...model.game_model import GameModel
from ..table.turn_panel import TurnPanel

if TYPE_CHECKING:  # the dialog and the gesture: imported when a special action is first asked for
    from ...session.intents import Special
    from ..dialogs.special import ObjectiveChoiceDialog


class SpecialChoice(QObject):
    def __init__(self, panel: TurnPanel, model: GameModel, window: QWidget):
        super().__init__(window)  # the window, read back as parent(): no Python cycle keeps a closed one alive
        self.panel, self.model = panel, model
        self.dialog: ObjectiveChoiceDialog | None = None  # the one open, while it is
        panel.special_asked.connect(self.ask)

    def _window(self) -> QWidget:
        return cast(QWidget, self.parent())

    def ask(self, special: Special) -> None:
        v = self.model.view()
        if v is None or v.turn is None or not v.turn.can_take_special():
            return  # asked by a shortcut as the turn changed: nothing to pay for now
        from ..dialogs.special import ObjectiveChoiceDialog

        dlg = self.dialog = ObjectiveChoiceDialog(v.payments, special, self._window())
        dlg.accepted.connect(lambda: self._chosen(dlg))
        dlg.finished.connect(lambda *_: self._closed(dlg))
        dlg.open()

    def _closed(self, dlg: ObjectiveChoiceDialog) -> None:
        dlg.deleteLater()
        if self.dialog is dlg:
            self.dialog = None  # deleted soon: nothing keeps it
        self._window().activateWindow()  # shortcuts (Ctrl+Z, Ctrl+Enter) work again at once
        for view in self.panel.scene.views():
            view.setFocus()

    def _chosen(self, dlg: ObjectiveChoiceDialog) -> None:
        card = dlg.chosen()
        self.dialog = None
        if card is not None:
            from ...session.intents import TakeSpecial

            self.model.act(TakeSpecial(dlg.special, card))
