"""Invites across the internet: the Host dialog's wormhole codes, an invite typed in the Join dialog,
and how each seat is connected ("direct" or "through a relay"), shown in the dialogs and the table's
window.  The wormhole runs in a helper process (``net.link_process.WormholeLink``): nothing of
Twisted or magic-wormhole is loaded into the app, and the UI thread only reads the helper's lines.
The servers are the settings' (Invite servers…), else magic-wormhole's public ones."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Signal

if TYPE_CHECKING:  # imported when an invite is first opened
    from ..net.table_client import TableClient


def servers(settings) -> tuple[str | None, str | None]:
    """The mailbox and relay the settings name (None: the public one)."""
    mailbox, relay = settings.invite_servers() if settings is not None else ("", "")
    return mailbox or None, relay or None


def failure_text(kind: str, message: str) -> str:
    """A wormhole's failure in the player's words."""
    if kind == "wrong_code":
        return QCoreApplication.translate("Invites", "This invite does not open: check it with your friend. "
                                                     "An invite works once.")
    if kind == "bad_code":
        return QCoreApplication.translate("Invites", "An invite is a number and words, such as "
                                                     "7-guitarist-revenge.")
    if kind == "no_peer":
        return QCoreApplication.translate("Invites", "Nobody is waiting with this invite: ask your friend for a "
                                                     "new one.")
    if kind == "mailbox":
        return QCoreApplication.translate("Invites", "The invite server cannot be reached: check the internet "
                                                     "connection, or the invite servers.")
    if kind == "not_a_table":
        return QCoreApplication.translate("Invites", "This invite is not for a table of In the Ruin.")
    if kind == "closed":
        return QCoreApplication.translate("Invites", "The invite was closed by the other side.")
    return QCoreApplication.translate("Invites", "The invite failed: %1").replace("%1", message)


def host_failure_text(kind: str, message: str) -> str:
    """A seat's invite failing, in the host's words (the host made the code; its friend types it)."""
    if kind == "wrong_code":
        return QCoreApplication.translate("Invites", "Someone typed this invite with other words, and it is spent: "
                                                     "press Invite friends anywhere for a new code.")
    if kind == "mailbox":
        return QCoreApplication.translate("Invites", "The invite server cannot be reached: check this "
                                                     "computer's internet connection, or the invite servers.")
    if kind == "closed":
        return QCoreApplication.translate("Invites", "Your friend's side closed the invite.")
    return QCoreApplication.translate("Invites", "The invite failed: %1").replace("%1", message)


def choose_servers(parent, settings) -> None:
    """Invite servers…: the player's choice kept in the settings."""
    from ..net.link_process import PUBLIC_MAILBOX, PUBLIC_RELAY
    from ..ui.dialogs.invite_servers import InviteServersDialog

    mailbox, relay = settings.invite_servers() if settings is not None else ("", "")
    dlg = InviteServersDialog(parent, mailbox, relay, (PUBLIC_MAILBOX, PUBLIC_RELAY))
    dlg.setObjectName("invite_servers")
    if settings is not None:
        dlg.accepted.connect(lambda: settings.set_invite_servers(*dlg.servers()))
    dlg.finished.connect(dlg.deleteLater)
    dlg.open()  # answered by its signals, never a nested event loop (tests/ui/dialogs/test_every_answer.py)


class HostInvites(QObject):
    """A hosted table's invites: one wormhole code per open seat, all in one helper (started at the first
    invite), which forwards each friend's connection to the table's port.  Lives with the table's service."""

    code = Signal(int, str)  # seat, the invite to send
    state = Signal(int, str)  # seat, "direct" / "relay" / "away" or a failure's words

    def __init__(self, service, settings=None):
        super().__init__(service)
        self.service, self.settings = service, settings
        self.invited: set[int] = set()
        self.link = None

    @classmethod
    def of(cls, service, settings=None) -> HostInvites:
        """The service's invites (made at the first ask)."""
        return service.findChild(cls) or cls(service, settings)

    def _start(self):
        from ..net.link_process import WormholeLink

        link = self.link = WormholeLink(self)
        link.code.connect(self.code)
        link.gen.connect(self._gen)
        link.path.connect(self.state)
        link.away.connect(lambda seat: self.state.emit(seat, "away"))
        link.failed.connect(lambda seat, kind, msg: self.state.emit(seat, host_failure_text(kind, msg)))
        link.host(self.service.port, *servers(self.settings))
        self.service.destroyed.connect(link.stop)
        return link

    def invite_open_seats(self) -> list[int]:
        """A code for each open seat (a code works once: asked again, a seat gets a new one)."""
        host = self.service.host
        seats = [i for i, s in enumerate(host.seats) if s.kind == "remote" and host.presence(i) == "open"]
        for seat in seats:
            self.invite(seat)
        return seats

    def invite(self, seat: int) -> None:
        """A new invite for ``seat`` with a new way back (kept with the seat in the table's autosave); the
        seat's former invite and way back are revoked by it."""
        from ..net.link_process import back_code

        link = self.link or self._start()
        host = self.service.host
        self.invited.add(seat)
        host.seats[seat].back, host.seats[seat].back_gen = back_code(), 0
        host.changed = True
        self.service.flush()  # kept before the friend can use it
        link.invite(seat, host.code, host.seats[seat].back)

    def resume_returns(self) -> list[int]:
        """A table resumed after its host's program died: wait on each invited seat's way back, from the
        generation after the one kept (the dead program may still hold that one at the mailbox)."""
        host = self.service.host
        seats = [i for i, s in enumerate(host.seats) if s.kind == "remote" and s.joined and s.back]
        if not seats:
            return []
        link = self.link or self._start()
        for seat in seats:
            s = host.seats[seat]
            s.back_gen += 1
            self.invited.add(seat)
            link.await_back(seat, host.code, s.back, s.back_gen)
        host.changed = True
        self.service.flush()
        return seats

    def _gen(self, seat: int, gen: int) -> None:
        host = self.service.host
        if 0 <= seat < len(host.seats) and host.seats[seat].back and host.seats[seat].back_gen != gen:
            host.seats[seat].back_gen = gen
            host.changed = True
            self.service.flush()


def wire_host(dlg, settings) -> None:
    """The Host dialog's Invite button and Invite servers…; the invites live with the table's service."""
    ref = weakref.ref(dlg)

    def live():
        """The dialog while its widgets are there: the invites outlive it with the table's service, and
        a parent's deletion takes the widgets away while a Python reference may keep the dialog's name."""
        d = ref()
        return d if d is not None and shiboken6.isValid(d) else None

    def invite() -> None:
        dlg = ref()
        if dlg is None or dlg.service is None or dlg.closed():
            return
        invites = HostInvites.of(dlg.service, settings)
        if not getattr(dlg, "follows_invites", False):  # once per dialog
            dlg.follows_invites = True
            invites.code.connect(lambda seat, code: (d := live()) is not None and d.show_invite(seat, code))
            invites.state.connect(lambda seat, st: (d := live()) is not None and d.invite_state(seat, st))
        invites.invite_open_seats()

    dlg.invites_requested.connect(invite)
    def ask_servers() -> None:
        if (d := ref()) is not None:
            choose_servers(d, settings)

    dlg.servers_requested.connect(ask_servers)


def show_paths(window, service, settings=None) -> None:
    """A hosted table's window shows how each invited seat is connected, and each seat's newest invite;
    its Invite again gives a seat to another player: the token revoked, a new invite made."""
    invites = HostInvites.of(service, settings)
    invites.state.connect(
        lambda seat, st: window.show_path(seat, st) if st in PATHS and shiboken6.isValid(window) else None)
    invites.code.connect(lambda seat, code: window.seat_care.show_invite(seat, code)
                         if shiboken6.isValid(window) else None)

    def reopen(seat: int) -> None:
        service.reopen(seat)
        window.paths.pop(seat, None)
        invites.invite(seat)

    window.reopen_requested.connect(reopen)


PATHS = ("direct", "relay", "away")


def open_invite(dlg, choice, settings, make_client: Callable[[int, str, int], TableClient]) -> None:
    """An invite typed in the Join dialog: open its wormhole, then a client to the table through it
    (``make_client(local_port, table_code, seat)``), handed to the dialog as any join's."""
    from ..net.link_process import WormholeLink
    from .storage.joined_tables import invite_key

    link = WormholeLink(dlg)
    got: dict = {}
    ref = weakref.ref(dlg)
    mailbox, relay = (choice.servers[0] or None, choice.servers[1] or None) if choice.back else servers(settings)

    def ready() -> None:
        dlg = ref()
        if dlg is None or "port" not in got or "table" not in got or "client" in got:
            return
        code, seat, back, gen = got["table"]
        client = got["client"] = make_client(got["port"], code, seat)
        if back:  # kept with the seat's token: the way back after a crash, with no new invite
            way = {"back": back, "gen": gen, "mailbox": mailbox or "", "relay": relay or ""}
            client.invite_way = way  # type: ignore[attr-defined]  # the Join dialog's note; net's client has none
            client.kept_as = invite_key(back)  # type: ignore[attr-defined]  # the same, read back with getattr
        link.setParent(client)  # the wormhole lasts as long as the table's client
        # Once the game is over and its host has closed the table, no way back is looked for any more.
        client.failed.connect(lambda code, _m: link.stop() if code == "host_quit" and client.record is not None
                              else None)
        dlg.start(client, choice)

    def table(code: str, seat: int, back: str, gen: int) -> None:
        if "client" in got:  # the host restarted and waits on a later generation: kept so
            keeper = getattr(got["client"], "seat_keeper", None)
            if keeper is not None and shiboken6.isValid(keeper):
                keeper.way_back(gen)
            return
        got["table"] = (code, seat, back, gen)
        ready()

    def failed(_seat: int, kind: str, message: str) -> None:
        dlg = ref()
        if dlg is not None and "client" not in got:
            link.stop()
            dlg.invite_failed(failure_text(kind, message))

    link.table.connect(table)
    def listening(port: int) -> None:
        got["port"] = port
        ready()

    link.listening.connect(listening)
    link.failed.connect(failed)
    link.ended.connect(lambda status: failed(-1, "internal", f"the invite's helper ended ({status})")
                       if status != 0 else None)
    if choice.back:  # a seat's way back: the host waits on it, whatever the mailbox lists now
        link.join(choice.back, mailbox, relay, gen=choice.gen)
    else:
        # The mailbox first: a nameplate nobody holds (a made-up or spent invite) is refused at once, not
        # after the helper's minute of waiting; the helper starts after, so its own claim is not what is listed.
        from ..net.mailbox_probe import NOBODY, MailboxProbe, default_mailbox

        probe = MailboxProbe(mailbox or default_mailbox(), choice.code, link)
        probe.answered.connect(lambda result: failed(-1, "no_peer", "") if result == NOBODY
                               else link.join(choice.code, mailbox, relay, gen=choice.gen))
    dlg.opening_invite(link)


def client_path(client, window) -> None:
    """A table joined through an invite: its window shows how it is connected."""
    from ..net.link_process import WormholeLink

    link = client.findChild(WormholeLink)
    if link is None:
        return
    link.path.connect(lambda _seat, path: shiboken6.isValid(window) and window.show_path(-1, path))
    link.away.connect(lambda _seat: shiboken6.isValid(window) and window.show_path(-1, "away"))
    if link.last_path:  # connected before the window opened
        window.show_path(-1, link.last_path)
