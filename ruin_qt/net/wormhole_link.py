"""``python -m ruin_qt wormhole-link host|join``: a table carried through a
magic-wormhole, in a helper process of its own (Twisted, no Qt), so the game
never loads Twisted on its UI thread.  ``link_process.WormholeLink`` runs it.

The table's own connection (WebSocket, its channel keyed by the join code)
is carried unchanged in Dilation subchannels named ``ruin-table``: Dilation
reconnects by itself after a closed lid or a new Wi-Fi, directly or through
the transit relay.  JSON lines, one object a line: commands on stdin,
events on stdout.  stdin's end (the parent gone) ends the helper.

host ``--target PORT``: ``{"cmd": "invite", "seat": N, "table_code": C,
"back": B}`` (a new wormhole for the seat; ``{"event": "code", "seat": N,
"code": W}``), ``{"cmd": "await", "seat": N, "table_code": C, "back": B,
"gen": G}`` (only the seat's way back: a host restarted), ``{"cmd":
"cancel", "seat": N}`` (everything of the seat: its friend's way back too),
``{"cmd": "quit"}``.  The friend's subchannels go to 127.0.0.1:PORT.
``{"event": "gen", "seat": N, "gen": G}``: the generation of the way back
waited on now (the host's program keeps it).
join ``--code W`` (an invite) or ``--back B --gen G`` (a return):
``{"event": "table", "table_code": C, "seat": N, "back": B, "gen": G}``, then
``{"event": "listening", "port": P}``: each TCP connection there is one
subchannel to the host.  It ends (status 1) after an error.

The way back: a secret of the seat's own (``back``), made by the host's
program and told to the friend inside the invite's wormhole, and a
generation ``gen``.  Generation G is the wormhole code ``code_for(B, G)``:
a nameplate and a password drawn from the secret, so nobody else can find
either.  While the seat is taken the host waits on its generation, and again
after each use.  A mailbox keeps a dead program's claim on a nameplate for
minutes, so a generation that may be spoiled is never waited on again: a
restarted host waits on the next one, as does a host whose wait met a
stranger or a silent peer.  The friend, back after a crash, or away for
``--return-after`` seconds (the host's program may have restarted, and
Dilation cannot reach a new one), tries the generation it was last told and
the next few in turn, each for a few seconds, until one answers, beside the
old wormhole.  Only the seat's token, sent inside the table's channel, takes
the seat back: the code only finds the table.
Both: ``{"event": "peer", "seat": N, "path": "direct"|"relay"}`` (connected,
again), ``{"event": "away", "seat": N}`` (reconnecting), ``{"event":
"error", "seat": N, "kind": K, "message": M}`` with K one of wrong_code,
mailbox, bad_code, no_peer, closed, not_a_table, bad_command, missing,
internal (seat -1 where none is known).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from twisted.internet import defer, endpoints, stdio
from twisted.internet.interfaces import IHalfCloseableProtocol
from twisted.internet.protocol import Protocol
from twisted.python.failure import Failure
from wormhole import create, errors
from wormhole.cli.public_relay import MAILBOX_RELAY, TRANSIT_RELAY
from zope.interface import implementer

from .wormhole_pipe import SUBPROTOCOL, FromLocal, ToTable
from .wormhole_private import no_delay_for_dilation, peer_state

APP_ID = "ruin-qt.io/table/1"
CLOSE_S = 5.0  # seconds a closing wormhole may take to tell the mailbox before the helper ends anyway
FATAL = 1  # the join helper's exit status after an error
PING_S = 10.0  # Dilation's ping interval (its own default is 30 s: a closed lid would show only after a minute)
BYE = b'{"bye": true}'  # a deliberate close, told through the wormhole's message channel
RETURN_AFTER_S = 10.0  # a joiner away this long also tries its seat's way back (the host's program may be new)
BACKOFF_S = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)  # between a host's waits on a way back while no mailbox answers
SCAN = 8  # generations of a way back a friend tries, from the one it was last told
TRY_S = 6.0  # a friend's try of one generation: nobody there this long, the next one
KEYED_S = 8.0  # a wormhole keyed but silent this long is a dead program's claim (or a stranger): the next one


def code_for(back: str, gen: int) -> str:
    """Generation ``gen`` of a seat's way back as a wormhole code: nameplate and password from the secret."""
    digest = hmac.new(back.encode(), f"ruin-qt way back {gen}".encode(), hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:8], 'big') % (9 * 10**8) + 10**8}-{digest[8:24].hex()}"


def kind_of(f: Failure) -> tuple[str, str]:
    """A wormhole failure as (kind, plain English)."""
    e = f.value
    if isinstance(e, errors.WrongPasswordError):
        return "wrong_code", "the wormhole code is wrong: check it with the person who sent it"
    if isinstance(e, errors.ServerConnectionError):
        return "mailbox", f"cannot reach the wormhole mailbox server: {e}"
    if isinstance(e, (errors.WelcomeError, errors.ServerError)):
        return "mailbox", f"the wormhole mailbox server refused: {e}"
    if isinstance(e, errors.KeyFormatError):
        return "bad_code", "a wormhole code is a number and words, like 7-guitarist-revenge"
    if isinstance(e, (errors.LonelyError, errors.WormholeClosed)):
        return "closed", "the wormhole was closed"
    return "internal", f"{type(e).__name__}: {e}"


class Events:
    """Events out, one JSON object a line, through the stdio transport (Twisted owns fd 1)."""

    def __init__(self) -> None:
        self.transport: Any = None

    def __call__(self, event: str, **fields: Any) -> None:
        if self.transport is not None:
            self.transport.write(json.dumps({"event": event, **fields}).encode() + b"\n")


Failed = Callable[["Link", str, str], None]  # (the link, kind, plain English)


class Link:
    """One wormhole (an invite, a seat's way back, or the joining side) and its Dilation.
    ``failed``: told of its error instead of the error event (whoever holds it decides what follows)."""

    def __init__(self, reactor, args: argparse.Namespace, emit: Events, seat: int, failed: Failed | None = None):
        self.reactor, self.args, self.emit, self.seat = reactor, args, emit, seat
        self.failed_cb = failed
        self.w = create(APP_ID, args.mailbox, reactor, dilation=True)
        self.dilated: Any = None
        self.peer: tuple[Any, ...] | None = None  # (connected_at, hint_description) last told
        self.away = False
        self.over = False
        self.talking = False  # the peer is verified and listens for a goodbye
        self.on_peer: Callable[[Link, bool], None] | None = None  # (link, connected): its holder follows it
        self.silence: Any = None  # fires when no ping has been seen for two intervals

    def fail(self, f: Failure) -> None:
        if self.over:
            return
        kind, message = kind_of(f)
        self.error(kind, message)

    def error(self, kind: str, message: str) -> None:
        if self.over:
            return
        self.close()
        if self.failed_cb is not None:
            self.failed_cb(self, kind, message)
        else:
            self.emit("error", seat=self.seat, kind=kind, message=message)

    def watch(self) -> None:
        """The peer's goodbye, or any later end of the wormhole, as an error; from now on a close says goodbye."""
        self.talking = True

        def got(msg: bytes) -> None:
            if msg == BYE:
                self.error("closed", "the other side closed the wormhole")
            else:  # nothing else is expected from the peer: ignored
                self.watch()
        self.w.get_message().addCallbacks(got, self.fail)

    def dilate(self) -> Any:
        # --relay-only: neither side offers a direct address (the self-test's proof that the relay carries it).
        self.dilated = self.w.dilate(transit_relay_location=self.args.relay, on_status_update=self.status,
                                     ping_interval=self.args.ping, no_listen=self.args.relay_only)
        return self.dilated

    def status(self, st: Any) -> None:
        if self.over:
            return
        state, seen = peer_state(st.peer_connection)
        if state == "connected":
            # Every ping or pong renews the status: silence past two intervals is a peer gone, even where
            # Dilation says nothing (its follower waits quietly for the leader to come back).
            if self.silence is not None and self.silence.active():
                self.silence.cancel()
            self.silence = self.reactor.callLater(2 * self.args.ping + 1, self.gone)
            if seen != self.peer or self.away:
                self.peer, self.away = seen, False
                self.emit("peer", seat=self.seat, path="relay" if "relay:" in seen[1] else "direct")
                if self.on_peer is not None:
                    self.on_peer(self, True)
        elif state == "reconnecting":
            self.gone()

    def gone(self) -> None:
        """The peer is away (Dilation reconnects, or has not heard from it for two pings)."""
        if self.silence is not None and self.silence.active():
            self.silence.cancel()
        self.silence = None
        if self.over or self.peer is None or self.away:
            return
        self.away = True
        self.emit("away", seat=self.seat)
        if self.on_peer is not None:
            self.on_peer(self, False)

    def close(self) -> defer.Deferred:
        """Close the wormhole (its Dilation too); fires when the mailbox has been told, or soon after."""
        if self.over:
            return defer.succeed(None)
        self.over = True
        if self.silence is not None and self.silence.active():
            self.silence.cancel()
        if self.talking:  # Dilation alone would show the peer only as away, trying to reconnect for ever
            self.w.send_message(BYE)
        d = self.w.close()
        d.addErrback(lambda _f: None)  # an unhappy close (never connected, wrong code) was already told
        d.addTimeout(CLOSE_S, self.reactor)
        d.addErrback(lambda _f: None)
        return d


class HostSeat(Link):
    """The host's side of one wormhole to a seat: an invite (``code`` None: the mailbox allocates one,
    told as the ``code`` event) or the seat's way back (``code`` given)."""

    def __init__(self, reactor, args: argparse.Namespace, emit: Events, seat: int, links: SeatLinks,
                 code: str | None = None):
        super().__init__(reactor, args, emit, seat, links.link_failed)
        self.links = links
        self.silent: Any = None
        if code is None:
            self.w.allocate_code(2)
            self.w.get_code().addCallbacks(lambda c: self.emit("code", seat=seat, code=c), self.fail)
        else:
            self.w.set_code(code)
            self.w.get_unverified_key().addCallbacks(self.keyed, self.fail)
        self.w.get_verifier().addCallbacks(self.verified, self.fail)

    def keyed(self, _key: bytes) -> None:
        self.silent = self.reactor.callLater(KEYED_S, self.error, "no_peer", "a silent peer on the way back")

    def close(self) -> defer.Deferred:
        if self.silent is not None and self.silent.active():
            self.silent.cancel()
        return super().close()

    def verified(self, _verifier: bytes) -> None:
        # The friend typed the right code (their first message opened): tell them the table and the seat's
        # way back (inside this wormhole's encryption), then dilate.
        if self.silent is not None and self.silent.active():
            self.silent.cancel()
        links = self.links
        told = {"table_code": links.table_code, "seat": self.seat,
                **({"back": links.back, "gen": links.gen} if links.back else {})}
        self.w.send_message(json.dumps(told).encode())
        self.watch()
        host, port = self.args.target
        self.dilate().listener_for(SUBPROTOCOL).listen(ToTable(self.reactor, host, port)).addErrback(self.fail)
        links.seated(self)


class SeatLinks:
    """Everything of one invited seat on the host's side: the invite until it is used, the wormhole the
    friend is on now, and a wormhole waiting on the seat's way back (again after every use)."""

    def __init__(self, helper: Helper, seat: int, table_code: str, back: str, gen: int = 0):
        self.helper, self.seat, self.table_code, self.back, self.gen = helper, seat, table_code, back, gen
        self.invite: HostSeat | None = None
        self.current: HostSeat | None = None
        self.waiter: HostSeat | None = None
        self.tries = 0
        self.timer: Any = None
        self.closed = False

    def _make(self, code: str | None) -> HostSeat:
        h = self.helper
        return HostSeat(h.reactor, h.args, h.emit, self.seat, self, code)

    def invite_new(self) -> None:
        self.invite = self._make(None)

    def wait_back(self) -> None:
        self.timer = None
        if self.closed or not self.back or self.waiter is not None:
            return
        self.helper.emit("gen", seat=self.seat, gen=self.gen)
        self.waiter = self._make(code_for(self.back, self.gen))

    def seated(self, link: HostSeat) -> None:
        """A friend is on ``link`` (the invite's first friend, or back by the seat's way back)."""
        if link is self.invite:
            self.invite = None
        if link is self.waiter:
            self.waiter, self.tries = None, 0
        old, self.current = self.current, link
        if old is not None:
            old.close()  # the friend's former wormhole: the new one carries the seat from now on
        self.wait_back()

    def link_failed(self, link: Link, kind: str, message: str) -> None:
        if self.closed:
            return
        if link is not self.waiter:  # the invite, or the friend's wormhole: told as before
            if link is self.current:
                self.current = None
            if link is self.invite:
                self.invite = None
            self.helper.emit("error", seat=self.seat, kind=kind, message=message)
            return
        self.waiter = None
        if kind == "mailbox":  # no mailbox for now: the same generation, more slowly each time
            delay = BACKOFF_S[min(self.tries, len(BACKOFF_S) - 1)]
            self.tries += 1
        else:  # a stranger, a silent peer, a crowd: that nameplate may be spoiled, the next generation
            delay, self.gen = 0.0, self.gen + 1
        self.timer = self.helper.reactor.callLater(delay, self.wait_back)

    def close(self) -> list[defer.Deferred]:
        self.closed = True
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        return [link.close() for link in (self.invite, self.current, self.waiter) if link is not None]


class Joiner:
    """The joining side: the wormhole in use (first the invite's, or the seat's way back after a restart),
    the local port the table's client connects to, and tries of the way back while that wormhole is away."""

    def __init__(self, reactor, args: argparse.Namespace, emit: Events, failed: Callable[[], None]):
        self.reactor, self.args, self.emit, self.failed_cb = reactor, args, emit, failed
        self.back: str | None = args.back or None
        self.gen: int = args.gen
        self.port: Any = None
        self.local: FromLocal | None = None
        self.connector: Any = None
        self.link: JoinLink | None = None
        self.trying: JoinLink | None = None
        self.timer: Any = None
        self.scan = 0
        if args.code:
            self.link = JoinLink(self, args.code.strip(), args.wait, self.link_failed)
        else:
            reactor.callWhenRunning(self.try_back)

    # -- the wormhole in use ------------------------------------------------------------
    def link_failed(self, link: Link, kind: str, message: str) -> None:
        if link is not self.link:
            return  # a wormhole already replaced (its host closed it when the way back took over)
        if self.back:  # closed or lost: the way back finds the table (a host quitting says so in the table)
            link.away = True
            self.try_back()
            return
        self.emit("error", seat=link.seat, kind=kind, message=message)
        self.close()
        self.failed_cb()

    def seated(self, link: JoinLink, table_code: str, seat: int, back: str | None, gen: int) -> None:
        """``link`` found the table: it carries the seat from now on."""
        if back:
            self.back, self.gen = back, gen
        told = {"back": self.back, "gen": self.gen} if self.back else {}
        self.emit("table", table_code=table_code, seat=seat, **told)
        connector = link.dilate().connector_for(SUBPROTOCOL)
        link.on_peer = self.peer_changed
        if link is self.trying:
            old, self.link, self.trying, self.scan = self.link, link, None, 0
            if old is not None:
                old.close()
        self.connector = connector
        if self.local is None:
            self.local = FromLocal(lambda: self.connector)
            ep = endpoints.TCP4ServerEndpoint(self.reactor, 0, interface="127.0.0.1")
            ep.listen(self.local).addCallbacks(self.listening, link.fail)
        else:
            self.local.drop_all()  # the table's client reconnects at once, through the new wormhole

    def listening(self, port: Any) -> None:
        self.port = port
        self.emit("listening", port=port.getHost().port)

    # -- away: the way back --------------------------------------------------------------
    def lost(self) -> bool:
        return self.link is None or self.link.away or self.link.over

    def peer_changed(self, link: Link, connected: bool) -> None:
        if link is not self.link or connected or not self.back or self.args.return_after <= 0:
            return
        if self.timer is None and self.trying is None:
            self.timer = self.reactor.callLater(self.args.return_after, self.try_back)

    def try_back(self) -> None:
        self.timer = None
        if self.trying is not None or not self.back or not self.lost():
            return
        gen = self.gen + self.scan % SCAN
        self.scan += 1
        self.trying = JoinLink(self, code_for(self.back, gen), TRY_S, self.back_failed)

    def back_failed(self, link: Link, kind: str, message: str) -> None:
        if link is not self.trying:
            return
        self.trying = None
        self.timer = self.reactor.callLater(0.5 if kind != "mailbox" else 2.0, self.try_back)

    def close(self) -> defer.Deferred:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        self.timer = None
        if self.port is not None:
            self.port.stopListening()
            self.port = None
        links = [link for link in (self.link, self.trying) if link is not None]
        return defer.DeferredList([link.close() for link in links])


class JoinLink(Link):
    """One wormhole of the joining side, opened with an invite or with a generation of the seat's way back."""

    def __init__(self, joiner: Joiner, code: str, wait: float, failed: Failed):
        super().__init__(joiner.reactor, joiner.args, joiner.emit, -1, failed)
        self.joiner = joiner
        self.keyed = False
        self.timer: Any = None
        try:
            self.w.set_code(code)
        except errors.KeyFormatError as e:
            self.reactor.callWhenRunning(self.fail, Failure(e))
            return
        self.w.get_unverified_key().addCallbacks(self.key, self.fail)
        self.w.get_message().addCallbacks(self.table, self.fail)
        self.timer = self.reactor.callLater(wait, self.lonely) if wait > 0 else None

    def key(self, _key: bytes) -> None:
        self.keyed = True
        if self.timer is not None and self.timer.active():  # a peer: the table's word comes soon, or never
            self.timer.cancel()
            self.timer = self.reactor.callLater(KEYED_S, self.error, "no_peer", "the other side is silent")

    def lonely(self) -> None:
        if not self.keyed:  # the host's side posts its half as soon as it has the code: nobody has this code
            self.error("no_peer", "nobody is waiting with this wormhole code: check its number")

    def table(self, plaintext: bytes) -> None:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        try:
            msg = json.loads(plaintext)
            table_code, seat, back, gen = msg["table_code"], msg["seat"], msg.get("back"), msg.get("gen", 0)
            if not isinstance(table_code, str) or not isinstance(seat, int) or isinstance(seat, bool) \
                    or not isinstance(back, (str, type(None))) or not isinstance(gen, int) or isinstance(gen, bool):
                raise ValueError
        except (ValueError, KeyError, TypeError, AttributeError):
            self.error("not_a_table", "the other side of this wormhole is not a ruin_qt table")
            return
        self.seat = seat
        self.watch()
        self.joiner.seated(self, table_code, seat, back, gen)

    def close(self) -> defer.Deferred:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        return super().close()


@implementer(IHalfCloseableProtocol)  # stdio then tells of stdin's end (readConnectionLost) and keeps stdout
class Commands(Protocol):
    """stdin: one JSON command a line.  Its end (the parent gone) ends the helper."""

    def __init__(self, helper: Helper):
        self.helper, self.buffer = helper, b""

    def dataReceived(self, data: bytes) -> None:
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            if line.strip():
                self.helper.command(line)

    def readConnectionLost(self) -> None:
        self.helper.quit()

    def writeConnectionLost(self) -> None:
        self.helper.quit()  # nobody reads the events any more

    def connectionLost(self, reason: Failure = None) -> None:
        self.helper.stopped()


class Helper:
    def __init__(self, reactor, args: argparse.Namespace):
        self.reactor, self.args = reactor, args
        self.emit = Events()
        self.seats: dict[int, SeatLinks] = {}
        self.joiner: Joiner | None = None
        self.status = 0
        self.ending = False

    def start(self) -> None:
        self.stdio = stdio.StandardIO(Commands(self))
        self.emit.transport = self.stdio
        try:
            import noise.connection  # noqa: F401 -- Dilation's encryption (magic-wormhole's "dilate" extra)
        except ImportError:
            self.emit("error", seat=-1, kind="missing", message="magic-wormhole's Dilation needs the noiseprotocol "
                      "package (pip install magic-wormhole[dilate])")
            self.status = FATAL
            self.quit()
            return
        if self.args.mode == "join":
            self.joiner = Joiner(self.reactor, self.args, self.emit, self.join_failed)

    def join_failed(self) -> None:
        self.status = FATAL
        self.quit()

    def command(self, line: bytes) -> None:
        try:
            msg = json.loads(line)
            cmd = msg["cmd"]
            seat = msg.get("seat")
            if cmd == "quit":
                return self.quit()
            if self.args.mode != "host" or cmd not in ("invite", "await", "cancel") or not isinstance(seat, int):
                raise ValueError
            back, gen = msg.get("back", ""), msg.get("gen", 0)
            if cmd != "cancel" and not (isinstance(msg.get("table_code"), str) and isinstance(back, str)):
                raise ValueError
            if cmd == "await" and (not back or not isinstance(gen, int) or isinstance(gen, bool) or gen < 0):
                raise ValueError
        except (ValueError, KeyError, TypeError, AttributeError):
            self.emit("error", seat=-1, kind="bad_command", message=f"not a command: {line[:200]!r}")
            return None
        old = self.seats.pop(seat, None)
        if old is not None:
            old.close()  # a new invite revokes the seat's former invite and its way back
        if cmd != "cancel" and not self.ending:
            links = self.seats[seat] = SeatLinks(self, seat, msg["table_code"], back, gen if cmd == "await" else 0)
            if cmd == "invite":
                links.invite_new()
            else:
                links.wait_back()
        return None

    def quit(self) -> None:
        if self.ending:
            return
        self.ending = True
        closing = [d for links in self.seats.values() for d in links.close()]
        if self.joiner is not None:
            closing.append(self.joiner.close())
        d = defer.DeferredList(closing)
        d.addBoth(lambda _: self.stdio.loseConnection())  # flushes the last events, then stopped()
        self.reactor.callLater(CLOSE_S + 3, self.stopped)  # in case stdout never drains

    def stopped(self) -> None:
        if self.reactor.running:
            self.reactor.stop()


def _target(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError("PORT or HOST:PORT")
    return host or "127.0.0.1", int(port)


def parse(argv: list[str]) -> argparse.Namespace:
    # RUIN_QT_MAILBOX and RUIN_QT_RELAY replace magic-wormhole's public servers as the defaults (the test
    # suite points them at a closed port on loopback, so nothing it starts reaches beyond the machine).
    mailbox = os.environ.get("RUIN_QT_MAILBOX") or MAILBOX_RELAY
    relay = os.environ.get("RUIN_QT_RELAY") or TRANSIT_RELAY
    p = argparse.ArgumentParser(prog="python -m ruin_qt wormhole-link",
                                description="carry a table through magic-wormhole (JSON lines on stdin and stdout)")
    p.add_argument("--mailbox", default=mailbox, help=f"mailbox server URL (default {mailbox})")
    p.add_argument("--relay", default=relay, help=f"transit relay hint (default {relay})")
    sub = p.add_subparsers(dest="mode", required=True)
    h = sub.add_parser("host", help="invite friends to a table (stdin: invite and cancel commands)")
    h.add_argument("--target", type=_target, required=True, help="the table's TCP port (or HOST:PORT)")
    j = sub.add_parser("join", help="reach a table with a wormhole code, or a seat's way back")
    way = j.add_mutually_exclusive_group(required=True)
    way.add_argument("--code", help="the wormhole code, like 7-guitarist-revenge")
    way.add_argument("--back", help="a seat's way back, as a table's first word told it (with --gen)")
    j.add_argument("--gen", type=int, default=0, help="the way back's generation last told (default 0)")
    j.add_argument("--wait", type=float, default=60.0,
                   help="seconds to wait for the inviting side before giving up (0: forever)")
    j.add_argument("--return-after", type=float, default=RETURN_AFTER_S,
                   help="seconds away before the seat's way back is tried too (0: never; "
                        f"default {RETURN_AFTER_S:g})")
    for sp in (h, j):  # accepted after the mode too
        sp.add_argument("--mailbox", default=argparse.SUPPRESS)
        sp.add_argument("--relay", default=argparse.SUPPRESS)
        sp.add_argument("--relay-only", action="store_true",
                        help="offer no direct address: the peer is reached through the relay (both sides ask it)")
        sp.add_argument("--ping", type=float, default=PING_S,
                        help=f"seconds between Dilation's pings: a peer silent for two is away (default {PING_S:g})")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    # Twisted owns fd 1 (the events): a stray print() from a library goes to stderr instead.
    sys.stdout = sys.stderr
    from twisted import logger
    from twisted.internet import reactor

    # The library's warnings and errors (never its chatter) on stderr, where the parent keeps a tail of them.
    shown = logger.FilteringLogObserver(logger.textFileLogObserver(sys.stderr),
                                        [logger.LogLevelFilterPredicate(logger.LogLevel.warn)])
    logger.globalLogBeginner.beginLoggingTo([shown], redirectStandardIO=False)
    no_delay_for_dilation()
    helper = Helper(reactor, args)
    reactor.callWhenRunning(helper.start)
    reactor.run()
    return helper.status
