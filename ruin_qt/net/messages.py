"""Every message of the table protocol, each way, as one typed class (docs/PROTOCOL.md).

A class is its message: defining it registers it in its room (``codec``),
its fields' types are its write and its parse.  ``parse_host(text)`` turns
one text frame from the host into one of the host's classes, or raises
``HostMessageError`` when it is not a message of this protocol; a message
of a type this client does not know is ``None`` (a newer host may say
more).  ``parse_client(text)`` is the host's check of what a client sends,
as strict as a record's: size, JSON, type, every field's presence, type and
range, else a ``ProtocolError`` with a stable ``code``; the rules judge an
intent's gesture afterwards, at the host.  No message is built anywhere
else (tests/test_layers.py looks for dict literals with a ``type``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from ..session.intents import Intent
from ..session.views import LobbySeat
from .codec import Opaque, ProtocolError, Text, Whole, record_of
from .contents import Commitment, GameData, OwnView, PublicTable, Revealed
from .intent_args import spec_of
from .message_base import Message, kind_of, loads
from .protocol import MAX_ID, MAX_MESSAGE, MAX_NAME

Seat = Annotated[int, Whole(0, 3)]
Id = Annotated[int, Whole(0, MAX_ID)]


class HostMessageError(ValueError):
    """The host sent something that is not a message of this protocol."""


# -- what the host sends ------------------------------------------------------------------
@dataclass(frozen=True)
class HostMessage(Message):
    room = "host"


@dataclass(frozen=True)
class Welcome(HostMessage):
    type = "welcome"
    protocol: int
    seat: int  # this connection's seat, counted from 0
    token: str  # the seat's secret: the way back into it
    seats: int
    game: GameData | None  # the game's data (grid, letters, exit, cards)
    deal: Commitment | None = None  # the deal the host committed to (``rules.deal``)


@dataclass(frozen=True)
class Lobby(HostMessage):
    """Who sits where; the host's own screen reads it too."""

    type = "lobby"
    started: bool
    seats: tuple[LobbySeat, ...]


@dataclass(frozen=True)
class State(HostMessage):
    type = "state"
    public: PublicTable  # the table everyone sees
    view: OwnView  # this seat's own side


@dataclass(frozen=True)
class Done(HostMessage):
    type = "done"
    id: int
    changed: bool


@dataclass(frozen=True)
class Refused(HostMessage):
    """The rules (or the turn) refused an intent: it changed nothing."""

    type = "refused"
    id: int
    rule: str  # "R3.4", "format", or "turn"
    code: str
    message: str


@dataclass(frozen=True)
class Error(HostMessage):
    """The host refused a message before the game saw it; ``id`` when it answers an intent.
    Also sent in clear by the transport when the channel fails (``not_text``, ``no_channel``...)."""

    type = "error"
    omitted = frozenset({"id"})
    code: str
    message: str
    id: int | None = None


@dataclass(frozen=True)
class Over(HostMessage):
    type = "over"
    omitted = frozenset({"ended"})
    winners: tuple[int, ...]
    record: Opaque  # the whole game (docs/RECORD.md), handed to the rules as it came
    deal: Revealed | None = None  # the deal revealed (``rules.deal``)
    ended: Literal["host"] | None = None  # the host ended the game where the record stops (scores so far)


@dataclass(frozen=True)
class Closing(HostMessage):
    type = "closing"
    reason: str
    message: str


def parse_host(text: str | bytes) -> HostMessage | None:
    """One message from the host (HostMessageError if it is none; None for an unknown type)."""
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise HostMessageError("the host sent what is not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get(HostMessage.tag), str):
        raise HostMessageError("the host sent a message without a type")
    cls = kind_of("host", msg)
    if cls is None:
        return None
    try:
        out = cls.from_dict(msg)
    except ProtocolError as e:
        raise HostMessageError(f"the host's {cls.type!r} is not as the protocol says: {e.message}") from None
    assert isinstance(out, HostMessage)
    return out


# -- what a client sends ----------------------------------------------------------------
@dataclass(frozen=True)
class ClientMessage(Message):
    room = "client"
    strict = True


@dataclass(frozen=True)
class Hello(ClientMessage):
    """Take a seat: with the join code (a new player), or with a seat's token (back at the table)."""

    type = "hello"
    omitted = frozenset({"code", "token", "name", "seat"})
    protocol: Annotated[int, Whole(0, 2**31)]
    code: Annotated[str, Text(32)] | None = None
    token: Annotated[str, Text(64)] | None = None
    name: Annotated[str, Text(MAX_NAME)] | None = None
    seat: Seat | None = None  # the seat wanted, from 0

    def checked(self) -> None:
        if self.code is None and self.token is None:
            raise ProtocolError("bad_field", "'code' or 'token' is needed to join")


@dataclass(frozen=True)
class Bye(ClientMessage):
    type = "bye"


@dataclass(frozen=True)
class IntentMessage(ClientMessage):
    """One gesture of the connection's seat (``session.intents``), numbered by the client:
    on the wire its name (``intent``) and its ``args``, by the intent registry (``intent_args``)."""

    type = "intent"
    id: Id
    seat: Seat
    intent: Intent

    def as_dict(self) -> dict:
        args = spec_of(self.intent.name).encode(self.intent)  # checked: ProtocolError if it cannot go
        return {self.tag: self.type, **record_of(Envelope).write(Envelope(self.id, self.seat, self.intent.name,
                                                                         args or None))}

    @classmethod
    def wire_fields(cls) -> list[tuple[str, bool]]:
        return Envelope.wire_fields()

    @classmethod
    def from_dict(cls, msg: dict) -> IntentMessage:
        try:
            env = Envelope.from_dict(msg)
            assert isinstance(env, Envelope)
            return IntentMessage(env.id, env.seat, spec_of(env.intent).parse(env.args))
        except ProtocolError as e:
            e.id = intent_id(msg)  # the error answers this intent: its id settles it at the client
            raise


@dataclass(frozen=True)
class Envelope(Message):
    """An intent message's fields as they cross (its gesture still JSON): what the host reads of an
    intent whose decision the rules refuse as malformed (``envelope``)."""

    strict = True
    omitted = frozenset({"args"})
    id: Id
    seat: Seat
    intent: Annotated[str, Text(20)]
    args: Any | None = None


def envelope(raw: str) -> Envelope:
    """The envelope of an intent ``parse_client`` read already (only its gesture failed)."""
    env = Envelope.from_dict(loads(raw))
    assert isinstance(env, Envelope)
    return env


def parse_client(raw: str | bytes) -> ClientMessage:
    """One client message, checked (ProtocolError otherwise); an intent's gesture is the session's value."""
    if isinstance(raw, bytes):
        raise ProtocolError("not_text", "messages are JSON in text frames")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message may hold at most {MAX_MESSAGE} bytes")
    msg = loads(raw)
    cls = kind_of("client", msg)
    if cls is None:
        raise ProtocolError("unknown_type", f"there is no message type {msg.get(ClientMessage.tag)!r}"[:120])
    out = cls.from_dict(msg)
    assert isinstance(out, ClientMessage)
    return out


# -- the channel's opening ----------------------------------------------------------------
@dataclass(frozen=True)
class Pake(Message):
    """The channel's opening, in clear, each way (``channel``)."""

    room = "channel"
    strict = True
    type = "pake"
    channel: int
    pake: str  # the SPAKE2 message in lowercase hex


def intent_id(msg: Any) -> int | None:
    """The id of ``msg`` (raw text or its JSON) if it is an intent with a readable id (a reply it did
    not earn still names it).  Only the envelope is read: a message about to be dropped costs no checks."""
    if isinstance(msg, (str, bytes)):
        if isinstance(msg, bytes) or len(msg) > MAX_MESSAGE:
            return None
        try:
            msg = json.loads(msg)
        except (ValueError, RecursionError):
            return None
    if not isinstance(msg, dict) or kind_of("client", msg) is not IntentMessage:
        return None
    mid = msg.get("id")
    return mid if isinstance(mid, int) and not isinstance(mid, bool) and 0 <= mid <= MAX_ID else None
