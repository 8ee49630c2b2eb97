"""``python -m ruin_qt wormhole-link host|join``: a table carried through a
magic-wormhole, in a helper process of its own (Twisted, no Qt), so the game
never loads Twisted on its UI thread.  ``link_process.WormholeLink`` runs it.

The table's own connection (WebSocket, its channel keyed by the join code)
is carried unchanged in Dilation subchannels named ``ruin-table``: Dilation
reconnects by itself after a closed lid or a new Wi-Fi, directly or through
the transit relay.  JSON lines, one object a line: commands on stdin,
events on stdout.  stdin's end (the parent gone) ends the helper.

host ``--target PORT``: ``{"cmd": "invite", "seat": N, "table_code": C}``
(a new wormhole for the seat; ``{"event": "code", "seat": N, "code": W}``),
``{"cmd": "cancel", "seat": N}``, ``{"cmd": "quit"}``.  The friend's
subchannels go to 127.0.0.1:PORT.
join ``--code W``: ``{"event": "table", "table_code": C, "seat": N}``, then
``{"event": "listening", "port": P}``: each TCP connection there is one
subchannel to the host.  It ends (status 1) after an error.
Both: ``{"event": "peer", "seat": N, "path": "direct"|"relay"}`` (connected,
again), ``{"event": "away", "seat": N}`` (reconnecting), ``{"event":
"error", "seat": N, "kind": K, "message": M}`` with K one of wrong_code,
mailbox, bad_code, no_peer, closed, not_a_table, bad_command, missing,
internal (seat -1 where none is known).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from twisted.internet import defer, endpoints, stdio
from twisted.internet.interfaces import IHalfCloseableProtocol
from twisted.internet.protocol import Protocol
from twisted.python.failure import Failure
from wormhole import create, errors
from wormhole._status import ConnectedPeer, ReconnectingPeer  # not re-exported by wormhole/__init__ (0.24)
from wormhole.cli.public_relay import MAILBOX_RELAY, TRANSIT_RELAY
from zope.interface import implementer

from .wormhole_pipe import SUBPROTOCOL, FromLocal, ToTable, no_delay_for_dilation

APP_ID = "ruin-qt.io/table/1"
CLOSE_S = 5.0  # seconds a closing wormhole may take to tell the mailbox before the helper ends anyway
FATAL = 1  # the join helper's exit status after an error
PING_S = 10.0  # Dilation's ping interval (its own default is 30 s: a closed lid would show only after a minute)
BYE = b'{"bye": true}'  # a deliberate close, told through the wormhole's message channel


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


class Link:
    """One wormhole (one invited seat, or the joining side) and its Dilation."""

    def __init__(self, reactor, args: argparse.Namespace, emit: Events, seat: int,
                 failed: Callable[[], None] | None = None):
        self.reactor, self.args, self.emit, self.seat = reactor, args, emit, seat
        self.failed_cb = failed  # called after an error event (the join helper ends)
        self.w = create(APP_ID, args.mailbox, reactor, dilation=True)
        self.dilated: Any = None
        self.peer: tuple[float, str] | None = None  # (connected_at, hint_description) last told
        self.away = False
        self.over = False
        self.talking = False  # the peer is verified and listens for a goodbye

    def fail(self, f: Failure) -> None:
        if self.over:
            return
        kind, message = kind_of(f)
        self.error(kind, message)

    def error(self, kind: str, message: str) -> None:
        if self.over:
            return
        self.emit("error", seat=self.seat, kind=kind, message=message)
        self.close()
        if self.failed_cb is not None:
            self.failed_cb()

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
        pc = st.peer_connection
        if isinstance(pc, ConnectedPeer):
            seen = (pc.connected_at, pc.hint_description)
            if seen != self.peer:  # pings renew the status with the same connection
                self.peer, self.away = seen, False
                self.emit("peer", seat=self.seat, path="relay" if "relay:" in pc.hint_description else "direct")
        elif isinstance(pc, ReconnectingPeer) and self.peer is not None and not self.away:
            self.away = True
            self.emit("away", seat=self.seat)

    def close(self) -> defer.Deferred:
        """Close the wormhole (its Dilation too); fires when the mailbox has been told, or soon after."""
        if self.over:
            return defer.succeed(None)
        self.over = True
        if self.talking:  # Dilation alone would show the peer only as away, trying to reconnect for ever
            self.w.send_message(BYE)
        d = self.w.close()
        d.addErrback(lambda _f: None)  # an unhappy close (never connected, wrong code) was already told
        d.addTimeout(CLOSE_S, self.reactor)
        d.addErrback(lambda _f: None)
        return d


class HostSeat(Link):
    def __init__(self, reactor, args: argparse.Namespace, emit: Events, seat: int, table_code: str):
        super().__init__(reactor, args, emit, seat)
        self.table_code = table_code
        self.w.allocate_code(2)
        self.w.get_code().addCallbacks(lambda code: self.emit("code", seat=seat, code=code), self.fail)
        self.w.get_verifier().addCallbacks(self.verified, self.fail)

    def verified(self, _verifier: bytes) -> None:
        # The friend typed the right code (their first message opened): tell them the table, then dilate.
        self.w.send_message(json.dumps({"table_code": self.table_code, "seat": self.seat}).encode())
        self.watch()
        host, port = self.args.target
        self.dilate().listener_for(SUBPROTOCOL).listen(ToTable(self.reactor, host, port)).addErrback(self.fail)


class Joiner(Link):
    def __init__(self, reactor, args: argparse.Namespace, emit: Events, failed: Callable[[], None]):
        super().__init__(reactor, args, emit, -1, failed)
        self.keyed = False
        self.timer: Any = None
        self.port: Any = None
        try:
            self.w.set_code(args.code.strip())
        except errors.KeyFormatError as e:
            reactor.callWhenRunning(self.fail, Failure(e))
            return
        self.w.get_unverified_key().addCallbacks(self.key, self.fail)
        self.w.get_message().addCallbacks(self.table, self.fail)
        self.timer = reactor.callLater(args.wait, self.lonely) if args.wait > 0 else None

    def key(self, _key: bytes) -> None:
        self.keyed = True

    def lonely(self) -> None:
        if not self.keyed:  # the host's side posts its half as soon as it has the code: nobody has this code
            self.error("no_peer", "nobody is waiting with this wormhole code: check its number")

    def table(self, plaintext: bytes) -> None:
        try:
            msg = json.loads(plaintext)
            table_code, seat = msg["table_code"], msg["seat"]
            if not isinstance(table_code, str) or not isinstance(seat, int) or isinstance(seat, bool):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            self.error("not_a_table", "the other side of this wormhole is not a ruin_qt table")
            return
        self.seat = seat
        self.emit("table", table_code=table_code, seat=seat)
        self.watch()
        connector = self.dilate().connector_for(SUBPROTOCOL)
        ep = endpoints.TCP4ServerEndpoint(self.reactor, 0, interface="127.0.0.1")
        ep.listen(FromLocal(connector)).addCallbacks(self.listening, self.fail)

    def listening(self, port: Any) -> None:
        self.port = port
        self.emit("listening", port=port.getHost().port)

    def close(self) -> defer.Deferred:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        if self.port is not None:
            self.port.stopListening()
            self.port = None
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
        self.seats: dict[int, HostSeat] = {}
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
            if self.args.mode != "host" or cmd not in ("invite", "cancel") or not isinstance(seat, int):
                raise ValueError
            if cmd == "invite" and not isinstance(msg.get("table_code"), str):
                raise ValueError
        except (ValueError, KeyError, TypeError, AttributeError):
            self.emit("error", seat=-1, kind="bad_command", message=f"not a command: {line[:200]!r}")
            return None
        old = self.seats.pop(seat, None)
        if old is not None:
            old.close()
        if cmd == "invite" and not self.ending:
            self.seats[seat] = HostSeat(self.reactor, self.args, self.emit, seat, msg["table_code"])
        return None

    def quit(self) -> None:
        if self.ending:
            return
        self.ending = True
        links = [*self.seats.values(), *([self.joiner] if self.joiner else [])]
        d = defer.DeferredList([link.close() for link in links])
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
    p = argparse.ArgumentParser(prog="python -m ruin_qt wormhole-link",
                                description="carry a table through magic-wormhole (JSON lines on stdin and stdout)")
    p.add_argument("--mailbox", default=MAILBOX_RELAY, help=f"mailbox server URL (default {MAILBOX_RELAY})")
    p.add_argument("--relay", default=TRANSIT_RELAY, help=f"transit relay hint (default {TRANSIT_RELAY})")
    sub = p.add_subparsers(dest="mode", required=True)
    h = sub.add_parser("host", help="invite friends to a table (stdin: invite and cancel commands)")
    h.add_argument("--target", type=_target, required=True, help="the table's TCP port (or HOST:PORT)")
    j = sub.add_parser("join", help="reach a table with a wormhole code")
    j.add_argument("--code", required=True, help="the wormhole code, like 7-guitarist-revenge")
    j.add_argument("--wait", type=float, default=60.0,
                   help="seconds to wait for the inviting side before giving up (0: forever)")
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
