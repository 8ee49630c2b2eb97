"""Tables across laptops, built here: the one place (with ``wiring``) that
builds a table.  The Host and Join dialogs hand over what the player chose
(``HostChoices``, ``JoinChoice``); this module makes the host's
``TableHost`` and ``HostService`` or a joining screen's ``TableClient``, hands
them back to the dialog, and wires a table's window to its model and service
or client (``hosted_table``, ``joined_table``); a game finished there goes
into this app's history, its own seat credited to the player profile
(``table_game_keeper``).

The network part is imported when a table is first asked for, so a build
without it still starts and says so when the player asks; the
Host and Join dialogs and the table's window too, so a start-up that opens
none of them does not load them.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QCoreApplication

from ..model.game_model import GameModel
from ..model.runner import Runner, decider, offloader
from ..rules import record
from ..rules.errors import RuleError

if TYPE_CHECKING:
    from ..net.host_service import HostService
    from ..ui.dialogs.host_table import HostChoices, HostTableDialog
    from ..ui.dialogs.join_table import JoinChoice, JoinTableDialog
    from ..ui.windows.net_table import NetTableWindow


def interrupted(data: Path | None):
    """The ``TableHost`` in the autosave folder ``data``, if its game was left unfinished."""
    from ..net import host_state

    if data is None:
        return None
    try:
        host = host_state.load(data)
    except Exception:  # noqa: BLE001 - an unreadable autosave is simply not offered
        return None
    return host if host is not None and host.started and not host.session.live.over else None


def host_dialog(parent=None, listen: str = "0.0.0.0", port: int = 0, data: Path | None = None,
                announce: Callable[[str, int], object] | None = None, name: str = "",
                settings=None, runner: Runner | None = None) -> HostTableDialog:
    """The Host dialog, wired: the player's choices open a table listening on
    ``listen``:``port`` (0: any free port) with its autosave in ``data``;
    ``announce(name, port)``: an mDNS announcement (none in tests); ``name``: the player's, offered;
    ``runner``: the app's, whose workers decide the table's computers (else given by its window,
    ``hosted_table``)."""
    from ..net.discovery import lan_addresses
    from ..ui.dialogs.host_table import HostTableDialog

    dlg = HostTableDialog(parent, resumable=interrupted(data) is not None, name=name)
    ref = weakref.ref(dlg)  # the dialog's own slots hold no reference to it: it is deleted as if unwired

    def addresses(service) -> list[str]:
        hosts = lan_addresses() if listen in ("0.0.0.0", "::") else [listen]
        return [f"{h}:{service.port}" for h in hosts]

    def serve(host, asked: int) -> None:
        from ..net.host_service import HostService

        dlg = ref()
        if dlg is None:
            return
        service = HostService(host, data, dlg, decide=decider(runner) if runner is not None else None)
        moved = not service.listen(listen, asked)
        if moved and not (asked and service.listen(listen, 0)):
            service.deleteLater()
            dlg.cannot_open()
            return
        me = next((x.name for x in host.seats if x.kind == "local"),
                  QCoreApplication.translate("HostTableDialog", "Player"))
        announcement = None
        if announce is not None:
            try:
                announcement = announce(me, service.port)
            except OSError:
                announcement = None  # found by address and code only
        dlg.serving(service, asked if moved else None, announcement, lambda: addresses(service))
        if host.started:  # resumed: friends who came by invite return by their seats' ways back
            from . import invites

            invites.HostInvites.of(service, settings).resume_returns()

    def open_table(choices: HostChoices) -> None:
        from ..net.table_host import TableHost, Takeover

        takeover = Takeover(choices.takeover, choices.takeover_level) if choices.takeover else None
        host = TableHost(list(choices.kinds), random.SystemRandom().randrange(1, 2**31), takeover=takeover,
                         names=list(choices.names))
        serve(host, port)

    def resume() -> None:
        host = interrupted(data)
        if host is None:
            return
        serve(host, port or host.port)  # no port asked for: the table keeps its address

    dlg.open_requested.connect(open_table)
    dlg.resume_requested.connect(resume)
    from . import invites  # here: a start-up that hosts nothing does not load it

    invites.wire_host(dlg, settings)
    return dlg


def join_dialog(parent=None, browser=None, tables=None, settings=None, seated=frozenset()) -> JoinTableDialog:
    """The Join dialog, wired: the player's choice starts a ``TableClient``
    (see ``JoinTableDialog`` for the arguments)."""
    from ..net.table_client import TableClient
    from ..ui.dialogs.join_table import JoinTableDialog

    dlg = JoinTableDialog(parent, browser, tables, settings, seated)
    ref = weakref.ref(dlg)  # the dialog's own slots hold no reference to it: it is deleted as if unwired

    def connect(choice: JoinChoice) -> None:
        dlg = ref()
        if dlg is None:
            return
        if choice.invite:  # through a wormhole: its helper's local port, the table's code and seat it brings
            def through(port: int, code: str, seat: int):
                again = {"retries": choice.retries} if choice.retries is not None else {}
                client = TableClient("127.0.0.1", port, code, choice.name, ref(), token=choice.token,
                                     commitment=choice.commitment, **again)
                client.wanted_seat = seat
                return client

            from . import invites

            invites.open_invite(dlg, choice, settings, through)
            return
        again = {"retries": choice.retries} if choice.retries is not None else {}
        client = TableClient(choice.host, choice.port, choice.code, choice.name, dlg, token=choice.token,
                             commitment=choice.commitment, **again)
        dlg.start(client, choice)

    def servers() -> None:
        if (d := ref()) is not None:
            _choose_servers(d, settings)

    dlg.connect_requested.connect(connect)
    dlg.servers_requested.connect(servers)
    return dlg


def hosted_table(service: HostService, seat: int, parent=None, keeper=None,
                 addresses: Callable[[], list[str]] | None = None, *, runner: Runner) -> NetTableWindow:
    """The host's own seat: a model on the host's session.  The session tells the model,
    the host and its service of every change, whoever made it (``session.watchers``).
    The service drives the table's computers (its seats and the seats it takes over);
    the model only shows the table.  ``addresses()``: where players reach the table
    (the Host dialog's; by default this computer's addresses on the table's port),
    shown with the join code while the table waits for its players.  ``runner``: the
    app's, whose workers decide the table's computers and write its autosave."""
    from ..session.screen import SeatScreen
    from ..ui.windows.net_table import NetTableWindow

    session = service.host.session
    model = GameModel(session, screen=SeatScreen(session, seat), runner=runner, drive=False)
    host = service.host
    service.offload = offloader(runner)  # the autosave's fsync: off the UI thread
    if service.decide is None:  # the Host dialog had no runner to give it
        service.decide = decider(runner)
    window = NetTableWindow(model, lambda: [host.presence(i) for i in range(len(host.seats))], parent,
                            host.final_record, keeper)
    if session.game is not None:  # a table resumed from its autosave
        model.catch_up()
    model.setParent(window)
    if addresses is None:
        from ..net.discovery import lan_addresses

        def addresses() -> list[str]:
            return [f"{h}:{service.port}" for h in lan_addresses()]

    def join_info():  # while the table waits for players: before the game, or a seat given away again
        waiting = not session.game or any(s.kind == "remote" and not s.joined for s in host.seats)
        return (host.code, addresses()) if waiting else None

    window.join_info = join_info
    window.seat_kinds = lambda: [s.kind for s in host.seats]
    window.seat_care.play_for.connect(service.play_for)
    window.end_requested.connect(service.end_now)
    window.ended = lambda: session.ended_early
    window.lobby_of = lambda: service.host.lobby().seats
    service.lobby_changed.connect(window.follow_lobby)
    window.follow_lobby()
    service.setParent(window)  # the table lives with its window, not with the Host dialog that opened it
    window.closed.connect(service.quit)  # before the window (and the service, its child) is deleted
    return window


def joined_table(client, seat: int, parent=None, keeper=None, *, runner: Runner) -> NetTableWindow:
    """A joining screen: a model on the client's ``RemoteTable`` for its seat (``runner``: the app's)."""
    from ..session.screen import SeatScreen
    from ..ui.windows.net_table import NetTableWindow

    table = client.table
    model = GameModel(table, screen=SeatScreen(table, seat), runner=runner)
    from ..model.undo_follow import follow_undo

    model.turn_changed.connect(partial(follow_undo, model))  # the undo steps the host kept through a rejoin
    window = NetTableWindow(model, lambda: [s.presence for s in table.frame.public.seats] if table.frame else [],
                            parent, table.final_record, keeper, lambda: table.deal_verdict)
    model.setParent(window)
    window.ended = lambda: table.ended
    client.setParent(window)  # deleted with the window
    client.lobby_changed.connect(window.show_lobby)
    client.refused.connect(window.show_refusal)
    client.failed.connect(window.show_failure)
    window.closed.connect(client.close)
    return window


def table_game_keeper(keeper, final: Callable[[], dict | None], seat: int,
                      ended: Callable[[], bool] = lambda: False) -> Callable[..., None]:
    """What files a finished table game into this app's history: ``final()``
    its record (the host's; a joining screen's as replayed and checked there), ``seat`` this
    app's (-1: none), credited to the player profile; every other seat a guest.  The keeper
    takes a game once however often its end is heard (a seat back at the table after it)."""
    def file(*_) -> None:
        rec = final()
        if keeper is None or rec is None or not shiboken6.isValid(keeper):
            return
        try:
            game = record.replay_checked(rec)
        except RuleError:
            return
        if ended():  # the host ended it where the record stops: filed with the scores so far
            game.end_now()
        if not game.over:
            return
        player = getattr(keeper, "player", None)
        keeper.file_table_game(game, (player.id, seat) if player is not None and seat >= 0 else None)

    return file


def _choose_servers(parent, settings) -> None:
    from .invites import choose_servers

    choose_servers(parent, settings)


def profile_name(keeper) -> str:
    """The player profile's name as kept, to offer where a name is asked ("" if none)."""
    settings = profile_settings(keeper)
    return settings.usual_name() if settings is not None else ""


def profile_settings(keeper):
    """The app's settings, through the player profile (None without one: tests' bare keepers)."""
    player = getattr(keeper, "player", None)
    return player.settings if player is not None else None


class NetTables:
    """The main window's tables across laptops (``MainMenus.tables``): the
    dialogs it opens, wired, and the table windows they lead to.  ``data``:
    a hosted table's autosave folder; ``store``: the joined tables kept
    (``app.storage.joined_tables.JoinedTables``); ``runner``: the app's."""

    def __init__(self, data: Path | None, store=None, *, runner: Runner):
        self.data, self.store, self.runner = data, store, runner

    def host_dialog(self, parent, keeper, show: Callable[[NetTableWindow], None]) -> HostTableDialog:
        """Game ▸ Host a table…: an mDNS announcement where allowed; a seat at
        this screen opens its window (``show``), closed with the table."""
        from ..net import discovery

        settings = profile_settings(keeper)
        dlg = host_dialog(parent, data=self.data, announce=discovery.Announcer if discovery.allowed() else None,
                          name=profile_name(keeper), settings=settings, runner=self.runner)
        ref = weakref.ref(dlg)

        def opened(service, seat: int) -> None:
            service.game_over.connect(table_game_keeper(keeper, service.host.final_record, seat,
                                                        lambda: service.host.session.ended_early))
            dlg = ref()
            if seat >= 0 and dlg is not None:
                window = hosted_table(service, seat, keeper=keeper, addresses=dlg.addresses_of, runner=self.runner)
                from . import invites

                invites.show_paths(window, service, settings)
                window.closed.connect(dlg.close_table)
                # The announcement lasts as long as the table, whose window may outlive this dialog.
                announcement, dlg.announcement = dlg.announcement, None
                if announcement is not None:
                    window.closed.connect(announcement.close)
                show(window)

        dlg.table_opened.connect(opened)
        return dlg

    def join_dialog(self, parent, settings, keeper, open_tables: list, show: Callable[[NetTableWindow], None],
                    warn: Callable[[str], object]) -> JoinTableDialog:
        """Game ▸ Join a Table…: the tables heard of where allowed; the tables
        whose windows are open (``open_tables``) not offered again."""
        from ..net import discovery
        from ..net.table_client import TableClient

        browser = discovery.TableBrowser() if discovery.allowed() else None
        seated = {getattr(getattr(c, "seat_keeper", None), "where", c.where)
                  for t in open_tables for c in t.findChildren(TableClient)}
        dlg = join_dialog(parent, browser, self.store, settings, seated)
        if browser is not None:
            browser.setParent(dlg)  # it listens while the dialog is open, and goes with it
        ref = weakref.ref(dlg)

        def joined(client, seat: int) -> None:
            client.setParent(None)
            seat_keeper = getattr(client, "seat_keeper", None)
            if seat_keeper is not None:
                seat_keeper.problem.connect(warn)
            client.over.connect(table_game_keeper(keeper, client.table.final_record, seat,
                                                  lambda: client.table.ended))
            window = joined_table(client, seat, keeper=keeper, runner=self.runner)
            from . import invites

            invites.client_path(client, window)
            show(window)
            if (dlg := ref()) is not None:
                dlg.accept()

        dlg.joined.connect(joined)
        if browser is not None:
            browser.start()
        return dlg
