"""The invite helper's lines (``wormhole_link``, run by ``link_process``): one JSON
object a line, commands (``cmd``) on its stdin, events (``event``) on its stdout.
Each is a message of ``codec`` (a class, its fields' types its write and its
parse), so both ends read the same definitions; no Qt and no Twisted here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from .codec import ProtocolError, Whole
from .message_base import ROOMS, Message, parse

Gen = Annotated[int, Whole(0, 2**31)]


# -- commands: the game to its helper ---------------------------------------------------------
@dataclass(frozen=True)
class Command(Message):
    room = "command"
    tag = "cmd"

    def line(self) -> bytes:
        return self.write().encode() + b"\n"


@dataclass(frozen=True)
class Invite(Command):
    """A new wormhole for ``seat`` (its former invite and way back revoked); ``back``: its new way back."""

    type = "invite"
    seat: int
    table_code: str
    back: str = ""


@dataclass(frozen=True)
class Await(Command):
    """Wait on ``seat``'s way back only, from generation ``gen`` (a host restarted)."""

    type = "await"
    seat: int
    table_code: str
    back: str
    gen: Gen = 0

    def checked(self) -> None:
        if not self.back:
            raise ProtocolError("bad_field", "'back' is empty")


@dataclass(frozen=True)
class Cancel(Command):
    """Everything of ``seat``: its friend's way back too."""

    type = "cancel"
    seat: int


@dataclass(frozen=True)
class Quit(Command):
    type = "quit"


def parse_command(line: bytes | str) -> Command:
    """One command line (ProtocolError if it is none this helper knows)."""
    cmd = parse("command", line)
    if not isinstance(cmd, Command):
        raise ProtocolError("bad_field", "no such command")
    return cmd


# -- events: the helper to the game -------------------------------------------------------------
@dataclass(frozen=True)
class Event(Message):
    room = "event"
    tag = "event"


@dataclass(frozen=True)
class Code(Event):
    """The wormhole code to give the friend (host)."""

    type = "code"
    seat: int
    code: str


@dataclass(frozen=True)
class Table(Event):
    """The table reached (join): its join code, the seat offered, the seat's way back and its generation."""

    type = "table"
    omitted = frozenset({"back", "gen"})
    table_code: str
    seat: int
    back: str | None = None
    gen: Gen | None = None


@dataclass(frozen=True)
class GenNow(Event):
    """The generation of ``seat``'s way back waited on now (the host's program keeps it)."""

    type = "gen"
    seat: int
    gen: Gen


@dataclass(frozen=True)
class Listening(Event):
    """The local port to connect the table's client to (join)."""

    type = "listening"
    port: Annotated[int, Whole(1, 65535)]


@dataclass(frozen=True)
class Peer(Event):
    """Connected (again), directly or through the relay."""

    type = "peer"
    seat: int
    path: Literal["direct", "relay"]


@dataclass(frozen=True)
class Away(Event):
    """The peer connection dropped: Dilation is reconnecting."""

    type = "away"
    seat: int


@dataclass(frozen=True)
class Failed(Event):
    """``kind``: wrong_code, mailbox, bad_code, no_peer, closed, not_a_table, bad_command, missing,
    internal, or a newer helper's; ``seat`` -1 (or none) where none is known."""

    type = "error"
    seat: int | None
    kind: str
    message: str


def parse_event(line: bytes | str) -> Event | None:
    """One event line (ProtocolError if it is none; None for an event a newer helper says)."""
    event = parse("event", line)
    assert event is None or isinstance(event, Event)
    return event


class Events:
    """Events out, one a line, through the helper's stdio transport (Twisted owns fd 1):
    ``emit("peer", seat=0, path="relay")`` writes that event's message."""

    def __init__(self) -> None:
        self.transport: Any = None

    def __call__(self, event: str, **fields: Any) -> None:
        if self.transport is not None:
            self.transport.write(ROOMS[Event.room][event](**fields).write().encode() + b"\n")
