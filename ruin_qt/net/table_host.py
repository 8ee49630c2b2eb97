"""The host's authority over a table shared across screens, without Qt or sockets.

``TableHost`` wraps one ``TableSession``: the session (so the rules) judges
every intent; the host only decides who is who.  Connections are opaque ids
the transport hands in; what it must send comes back from ``drain()``.  Each
seat's frame is built from ``session.public()`` and ``session.view(seat)`` for
that seat's own connection only (``contents``): no other seat's private side
ever reaches a socket before the game ends.  The deal is secret too: the
shuffles follow from a key drawn with ``secrets`` (``rules.deal``), of which
only a commitment goes out before the end, and the host's own randomness
(computer seats, takeovers, fallbacks) comes from ``secrets`` as well, never
from anything a seat has.  A hostile peer gets errors, then a disconnect;
nothing it sends reaches the session unchecked.
"""

from __future__ import annotations

import hmac
import secrets
import sys
from dataclasses import dataclass, field

from ..ai.base import LEVELS, level_of
from ..rules import record
from ..rules.components import load_components
from ..rules.deal import Deal
from ..rules.errors import RuleError
from ..session.intents import PlacePiece
from ..session.table import NotDeciding, TableSession
from ..session.views import Changes
from .codec import Opaque
from .contents import Commitment, GameData, OwnView, PublicTable, Revealed
from .host_computers import ComputerSeats
from .messages import (
    Bye,
    Closing,
    Done,
    Error,
    Hello,
    HostMessage,
    IntentMessage,
    Lobby,
    LobbySeat,
    Over,
    Refused,
    State,
    Welcome,
    envelope,
    intent_id,
    parse_client,
)
from .protocol import PROTOCOL, ProtocolError, new_code, new_token, normal_code
from .strangers import CodeGuard

RATE = 40.0  # messages per second a connection may keep up
BURST = 80.0
STRIKES = 10  # bad messages in a row before the host hangs up
HELLO_S = 5.0  # a connection without a seat this long after its socket was accepted is closed (1008)


@dataclass
class Conn:
    seat: int | None = None
    strikes: int = 0
    tokens: float = BURST
    last: float = 0.0
    since: float = 0.0  # when its socket was accepted: the hello deadline runs from here
    address: str = ""
    closing: bool = False  # the host has hung up on it (the transport has not said it is gone yet)


@dataclass
class Takeover:
    """A computer level plays a dropped player's seat after ``seconds`` away."""

    seconds: float
    level: str


@dataclass
class HostSeat:
    kind: str  # "remote", "local" (a player at the host's own screen) or "ai:<level>"
    name: str
    token: str | None = None
    joined: bool = False  # a remote seat taken by a player (it keeps its token when they drop)
    open_name: str = ""  # its name before a player named it (given back if they leave the lobby)
    away_since: float | None = None
    taken_over: bool = False
    takeover_level: str = ""  # the level the host chose to play this seat now ("": the table's takeover level)
    back: str = ""  # the seat's way back through a wormhole invite (``wormhole_link``), kept with its token
    back_gen: int = 0  # the generation of that way back last waited on


@dataclass
class Outbox:
    messages: list[tuple[int, str]] = field(default_factory=list)
    closes: list[tuple[int, int, str]] = field(default_factory=list)  # (conn, WebSocket close code, reason)


class TableHost(ComputerSeats):
    def __init__(self, kinds: list[str], seed: int, code: str | None = None, takeover: Takeover | None = None,
                 names: list[str] | None = None, deal: Deal | None = None):
        """``deal``: the secret deal (a new one from ``secrets`` if None); ``seed``
        deals nothing: it is the number the game's record keeps, sent to no seat
        before the end.  Its computer seats and takeovers are decided by the
        table's one driver, its service's (``HostService``)."""
        if not 1 <= len(kinds) <= 4:
            raise ValueError("a table has 1 to 4 seats")
        for k in kinds:
            if k not in ("remote", "local") and level_of(k) is None:
                raise ValueError(f"unknown seat {k!r}: remote, local or ai:<level>")
        self.session = TableSession()
        self.session.watch(self._session_changed)  # its frames follow every change, whoever made it
        self.seed, self.takeover = seed, takeover
        self.code = normal_code(code) if code else new_code()
        names = names or [f"{(level_of(k) or 'Player').capitalize()} {i + 1}" for i, k in enumerate(kinds)]
        self.seats = [HostSeat(k, n) for k, n in zip(kinds, names)]
        self.conns: dict[int, Conn] = {}
        self.guard = CodeGuard()  # wrong join codes, per address and per table
        self.out = Outbox()
        self.deal: Deal | None = deal or Deal.new()  # None only for an old autosave's game, dealt from its seed
        self.secret = secrets.token_hex(16)  # seeds the host's computer seats, takeovers and fallbacks
        self._sent: dict[int, State] = {}  # the last state each connection was sent
        self._told_over: set[int] = set()  # connections sent the game's end (its record)
        self.port = 0  # where it listens (kept in the autosave: the players come back to it)
        self.changed = False  # something worth an autosave happened since the flag was cleared
        self.token_issued = False  # a welcome with a new token waits in the outbox: save before sending it
        self.accepted = 0  # intents the session took
        self.refused = 0  # messages refused: errors, and intents the rules or the turn refused

    # -- who is who ------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.session.game is not None

    def seat_conn(self, seat: int) -> int | None:
        return next((c for c, st in self.conns.items() if st.seat == seat), None)

    def presence(self, seat: int) -> str:
        s = self.seats[seat]
        if s.kind.startswith("ai:"):
            return "computer"
        if s.kind == "local":
            return "local"
        if self.seat_conn(seat) is not None:
            return "here"
        if s.taken_over:
            return "computer_playing"
        return "away" if s.joined else "open"

    def ready(self) -> bool:
        """Every human seat has its player: the game may start."""
        return all(s.joined for s in self.seats if s.kind == "remote")

    def lobby(self) -> Lobby:
        return Lobby(self.started, tuple(LobbySeat(s.name, s.kind, self.presence(i)) for i, s in enumerate(self.seats)))

    # -- the transport's calls -----------------------------------------------------------
    def connect(self, conn: int, now: float, address: str = "") -> None:
        """A new connection from ``address`` (the transport's address_key), whose socket was accepted at ``now``."""
        self.conns[conn] = Conn(last=now, since=now, address=address)

    def sweep(self, now: float) -> None:
        """Hang up on connections that have said no valid ``hello`` within HELLO_S."""
        for conn, st in self.conns.items():
            if st.seat is None and not st.closing and now - st.since > HELLO_S:
                st.closing = True
                self.out.closes.append((conn, 1008, f"no valid hello within {HELLO_S:.0f} s"))

    def all_away(self, now: float) -> None:
        """After a restart nobody is connected yet: the takeover clock starts now."""
        for s in self.seats:
            if s.kind == "remote" and s.joined:
                s.away_since = now

    def disconnect(self, conn: int, now: float) -> None:
        st = self.conns.pop(conn, None)
        self._sent.pop(conn, None)
        self._told_over.discard(conn)
        if st is None or st.seat is None:
            return
        s = self.seats[st.seat]
        if not self.started and s.kind == "remote":  # left the lobby: the seat is open again, its token dead
            s.joined, s.token, s.away_since = False, None, None
            s.name = s.open_name or s.name
            self.changed = True
        else:
            s.away_since = now
        self._broadcast_lobby()
        self.publish()

    def receive(self, conn: int, raw: str | bytes, now: float) -> None:
        st = self.conns.get(conn)
        if st is None:
            return
        st.tokens = min(BURST, st.tokens + (now - st.last) * RATE)
        st.last = now
        if st.tokens < 1:
            return self._strike(conn, st, Error("rate_limited", f"at most {RATE:.0f} messages a second",
                                                intent_id(raw)))
        st.tokens -= 1
        try:
            msg = parse_client(raw)
        except ProtocolError as e:
            return self._strike(conn, st, Error(e.code, e.message, e.id))
        except RuleError as e:  # an intent whose decision's record does not parse: the rules' "format" refuses it
            env = envelope(raw) if isinstance(raw, str) else None  # checked already: only the decision failed
            if env is not None and self._heard(conn, st, env.id, env.seat):
                self._refuse(conn, Refused(env.id, e.rule, e.code, e.message))
            return None
        if isinstance(msg, Hello):
            return self._hello(conn, st, msg, now)
        if isinstance(msg, Bye):
            st.closing = True
            self.out.closes.append((conn, 1000, "goodbye"))
            return None
        assert isinstance(msg, IntentMessage)
        if isinstance(msg.intent, PlacePiece) and msg.intent.card is not None and st.seat is not None \
                and self.started and self.session.live.phase != "setup":
            # The parser cannot know the phase: in a round the piece is drawn with the active card, named by nobody.
            return self._strike(conn, st, Error("bad_field", "'card' is not a field of place_piece in a round",
                                                msg.id))
        return self._intent(conn, st, msg)

    def drain(self) -> Outbox:
        out, self.out = self.out, Outbox()
        return out

    # -- joining -------------------------------------------------------------------------
    def _hello(self, conn: int, st: Conn, msg: Hello, now: float) -> None:
        if msg.protocol != PROTOCOL:
            self.refused += 1
            self._send(conn, Error("protocol_version",
                                   f"this table speaks protocol version {PROTOCOL}, your program {msg.protocol}: "
                                   "both players need the same version of the game"))
            self.out.closes.append((conn, 1002, "protocol version"))
            return
        if st.seat is not None:
            return self._strike(conn, st, Error("already_joined", "this connection has a seat already"))
        if msg.token is not None:
            seat = next((i for i, s in enumerate(self.seats)
                         if s.token and hmac.compare_digest(s.token.encode(), msg.token.encode())), None)
            if seat is None:
                return self._strike(conn, st, Error("bad_token", "no seat at this table has that token"))
            old = self.seat_conn(seat)
            if old is not None:  # the same player again (a half-open old connection): the newest wins
                self.conns[old].seat, self.conns[old].closing = None, True
                self.out.closes.append((old, 4000, "the seat was taken up again by another connection"))
            self.seats[seat].token = new_token()  # every rejoin: a new token, the old one dies
            self.token_issued = True
        else:
            # Wrong codes are counted where they can be guessed: at the channel (transport), keyed by the code.
            # Its connections know the code already; a hello naming another is only refused.
            if not hmac.compare_digest(normal_code(msg.code or "").encode(), self.code.encode()):
                return self._strike(conn, st, Error("bad_code", "that is not this table's join code"))
            free = [i for i, s in enumerate(self.seats) if s.kind == "remote" and not s.joined]
            if self.started and not free:  # (a seat the host gave away again mid-game is free: ``reopen``)
                return self._strike(conn, st, Error("started", "the game has started: only its players may rejoin"))
            if not free:
                return self._strike(conn, st, Error("table_full", "every seat at this table is taken"))
            seat = msg.seat if msg.seat in free else free[0]
            s = self.seats[seat]
            s.joined, s.token = True, new_token()
            self.token_issued = True
            s.open_name = s.open_name or s.name
            if msg.name:
                s.name = msg.name
        s = self.seats[seat]
        st.seat, st.strikes = seat, 0
        s.away_since, s.taken_over, s.takeover_level = None, False, ""
        self.changed = True
        self._send(conn, Welcome(PROTOCOL, seat, s.token or "", len(self.seats), GameData.of(load_components()),
                                 self.committed()))
        if not self.started and self.ready():
            self.start()
        else:
            self._broadcast_lobby()
            self.publish()  # a game already over: its end again, for this connection

    def start(self) -> None:
        """Deal: every remote seat has its player (the host's window may also start it so)."""
        if self.started:
            return
        seats = [(s.name, s.kind if s.kind.startswith("ai:") else "human") for s in self.seats]
        self.session.new_game(seats, self.seed, self.deal.key if self.deal is not None else None)
        self._broadcast_lobby()

    # -- intents -----------------------------------------------------------------------------
    def _heard(self, conn: int, st: Conn, mid: int, seat: int) -> bool:
        """Whether intent ``mid`` for ``seat`` reaches the session: else the connection is struck."""
        if st.seat is None:
            self._strike(conn, st, Error("not_joined", "say hello with the join code or your token first", mid))
        elif seat != st.seat:
            self._strike(conn, st, Error("not_your_seat", "a connection acts for its own seat only", mid))
        elif not self.started:
            self._strike(conn, st, Error("not_started", "the game has not started", mid))
        else:
            self.seats[st.seat].taken_over = False  # the player is back at the controls
            return True
        return False

    def _intent(self, conn: int, st: Conn, msg: IntentMessage) -> None:
        mid = msg.id
        if not self._heard(conn, st, mid, msg.seat) or st.seat is None:
            return None
        try:
            ch = self.session.act(st.seat, msg.intent)
        except RuleError as e:
            return self._refuse(conn, Refused(mid, e.rule, e.code, e.message))
        except NotDeciding as e:
            return self._refuse(conn, Refused(mid, "turn", "not_deciding", str(e)))
        except Exception as e:  # noqa: BLE001 - a message that finds a fault must still be answered
            print(f"ruin_qt host: {msg.intent.name} failed: {type(e).__name__}: {e}", file=sys.stderr)
            return self._strike(conn, st, Error("internal", "the host could not take this intent", mid))
        st.strikes = 0
        self.accepted += 1
        self._send(conn, Done(mid, bool(ch)))
        return None

    def _refuse(self, conn: int, msg: Refused) -> None:
        self.refused += 1
        self._send(conn, msg)

    def _strike(self, conn: int, st: Conn, msg: Error) -> None:
        st.strikes += 1
        self.refused += 1
        self._send(conn, msg)
        if st.strikes >= STRIKES:
            self.out.closes.append((conn, 1008, "too many refused messages"))

    def tick(self, now: float) -> None:
        """Hand the seats away longer than the host allows to the takeover level."""
        if self.takeover is None or not self.started:
            return
        for s in self.seats:
            if s.kind == "remote" and not s.taken_over and s.away_since is not None \
                    and now - s.away_since >= self.takeover.seconds:
                s.taken_over = True
                self._broadcast_lobby()
                self.publish()

    # -- the host's own choices for a seat -----------------------------------------------------------
    def play_for(self, seat: int, level: str) -> None:
        """A computer at ``level`` plays the remote ``seat`` now, until its player is back."""
        s = self.seats[seat]
        if s.kind != "remote" or level not in LEVELS:
            raise ValueError(f"seat {seat} is not a player's seat, or {level!r} is no level")
        s.taken_over, s.takeover_level = True, level
        self.changed = True
        self._broadcast_lobby()
        self.publish()

    def end_now(self) -> None:
        """The host ends the game here, with the scores so far: every seat is sent its end."""
        if not self.started:
            raise ValueError("the game has not started")
        self.session.end_now()  # its frames and the end follow (``_session_changed``)
        self.changed = True

    def reopen(self, seat: int, now: float) -> None:
        """Invite again: the seat's token dies (its player, if connected, is cut with 4001 and cannot
        return); the next player with the join code takes the seat, mid-game too, where it stands."""
        s = self.seats[seat]
        if s.kind != "remote":
            raise ValueError(f"seat {seat} is not a player's seat")
        conn = self.seat_conn(seat)
        if conn is not None:
            self.conns[conn].seat, self.conns[conn].closing = None, True
            self.out.closes.append((conn, 4001, "the host gave this seat to another player"))
        s.token, s.joined, s.back, s.back_gen = None, False, "", 0
        if self.started and s.away_since is None:
            s.away_since = now
        self.changed = True
        self._broadcast_lobby()
        self.publish()

    # -- what goes out ----------------------------------------------------------------------------
    def _send(self, conn: int, msg: HostMessage) -> None:
        self.out.messages.append((conn, msg.write()))

    def _broadcast_lobby(self) -> None:
        lobby = self.lobby()
        for conn, st in self.conns.items():
            if st.seat is not None:
                self._send(conn, lobby)

    def _session_changed(self, ch: Changes) -> None:
        """The session changed, whoever changed it (a remote intent, a computer, the host's own screen)."""
        self.changed = True
        self.publish()

    def confirmed(self) -> tuple[int, ...]:
        p = self.session.public()
        if p.phase not in ("setup", "play"):
            return ()
        return tuple(i for i, s in enumerate(p.seats)
                     if not s.escaped and i not in p.acting and i not in p.thinking)

    def frame(self, seat: int) -> State:
        """``seat``'s state frame: the public table and its own view, nothing else."""
        s = self.session
        pub = PublicTable.of(s.public(), self.confirmed(), [self.presence(i) for i in range(len(self.seats))],
                             self.committed())
        return State(pub, OwnView.of(s.view(seat), s.can_undo(seat), s.can_redo(seat)))

    def publish(self) -> None:
        """Send each joined connection its own frame, when it changed, and
        once the game is over its end -- whoever's decision ended it (a
        remote intent, a computer seat, or the host's own screen)."""
        if not self.started:
            return
        g = self.session.live
        over = None
        for conn, st in self.conns.items():
            if st.seat is None:
                continue
            f = self.frame(st.seat)
            if self._sent.get(conn) != f:
                self._sent[conn] = f
                self._send(conn, f)
            if g.over and conn not in self._told_over:
                # R11.5: once the game is over every sheet is compared in the open.
                over = over or Over(tuple(g.winners()), Opaque(self.final_record() or {}),
                                    Revealed(**self.deal.reveal()) if self.deal is not None else None,
                                    "host" if self.session.ended_early else None)
                self._told_over.add(conn)
                self._send(conn, over)

    def committed(self) -> Commitment | None:
        """The deal's commitment, what a seat may know of it before the end (None: no secret deal)."""
        return Commitment(self.deal.commitment) if self.deal is not None else None

    def final_record(self) -> dict | None:
        """The game's record once it is over (for the host's own window too), else None."""
        g = self.session.game
        return record.to_record(g) if g is not None and g.over else None

    def quit(self, reason: str = "the host closed the table") -> None:
        """The host is leaving: tell everyone in plain words, then hang up."""
        for conn in self.conns:
            self._send(conn, Closing("host_quit", reason))
            self.out.closes.append((conn, 1001, "host quit"))
