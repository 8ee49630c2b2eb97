"""``python -m ruin_qt wormhole-link host|join``: a table carried through a
magic-wormhole, in a helper process of its own (Twisted, no Qt), so the game
never loads Twisted on its UI thread.  ``link_process.WormholeLink`` runs it.

The table's own connection (WebSocket, its channel keyed by the join code)
is carried unchanged in Dilation subchannels named ``ruin-table``: Dilation
reconnects by itself after a closed lid or a new Wi-Fi, directly or through
the transit relay.  JSON lines, one object a line: commands on stdin,
events on stdout, each a class of ``link_lines``.  stdin's end (the parent
gone) ends the helper.

host ``--target PORT``: ``Invite`` (a new wormhole for the seat, told as a
``Code`` event), ``Await`` (only the seat's way back: a host restarted),
``Cancel`` (everything of the seat: its friend's way back too), ``Quit``.
The friend's subchannels go to 127.0.0.1:PORT.  ``GenNow``: the generation
of the way back waited on now (the host's program keeps it).
join ``--code W`` (an invite) or ``--back B --gen G`` (a return): ``Table``,
then ``Listening``: each TCP connection to its port is one subchannel to
the host.  It ends (status 1) after an error.

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
Both: ``Peer`` (connected, again), ``Away`` (reconnecting), ``Failed`` (an
``error`` event: its kind, seat -1 where none is known).
"""

from __future__ import annotations

import argparse
import sys

from twisted.internet import defer, stdio
from twisted.internet.interfaces import IHalfCloseableProtocol
from twisted.internet.protocol import Protocol
from twisted.python.failure import Failure
from zope.interface import implementer

from .codec import ProtocolError
from .invite_defaults import default_mailbox, default_relay
from .link_lines import Await, Cancel, Events, Invite, Quit, parse_command
from .wormhole_host import SeatLinks
from .wormhole_join import Joiner
from .wormhole_peer import CLOSE_S, FATAL, PING_S, RETURN_AFTER_S
from .wormhole_private import no_delay_for_dilation


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

    def connectionLost(self, reason: Failure | None = None) -> None:
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
            cmd = parse_command(line)
            if isinstance(cmd, Quit):
                return self.quit()
            if self.args.mode != "host" or not isinstance(cmd, (Invite, Await, Cancel)):
                raise ProtocolError("bad_field", "not a host's command")
        except ProtocolError:
            self.emit("error", seat=-1, kind="bad_command", message=f"not a command: {line[:200]!r}")
            return None
        old = self.seats.pop(cmd.seat, None)
        if old is not None:
            old.close()  # a new invite revokes the seat's former invite and its way back
        if not isinstance(cmd, Cancel) and not self.ending:
            gen = cmd.gen if isinstance(cmd, Await) else 0
            links = self.seats[cmd.seat] = SeatLinks(self, cmd.seat, cmd.table_code, cmd.back, gen)
            if isinstance(cmd, Invite):
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
    mailbox, relay = default_mailbox(), default_relay()
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
    # mypy reads no zope declaration: it cannot see that these objects provide the interfaces asked for.
    observer = logger.textFileLogObserver(sys.stderr)
    warnings = logger.LogLevelFilterPredicate(logger.LogLevel.warn)
    shown = logger.FilteringLogObserver(observer, [warnings])  # type: ignore[arg-type, list-item]  # zope, as above
    logger.globalLogBeginner.beginLoggingTo([shown], redirectStandardIO=False)  # type: ignore[list-item]  # zope
    no_delay_for_dilation()
    helper = Helper(reactor, args)
    reactor.callWhenRunning(helper.start)
    reactor.run()  # type: ignore[misc]  # the module is replaced by the installed reactor object at run time
    return helper.status
