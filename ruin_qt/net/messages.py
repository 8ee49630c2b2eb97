"""Every message of the table protocol, each way, as one typed class (docs/PROTOCOL.md).

Each class has one write (``write()``: the message's text, ``as_dict()``
its JSON object) and one parse.  ``parse_host(text)`` turns one text frame
from the host into one of the host's classes, or raises
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
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, ClassVar

from ..session.intents import Intent
from . import intents as wire
from .intents import ProtocolError, need, spec_of
from .protocol import MAX_ID, MAX_MESSAGE, MAX_NAME, dumps


def _plain(x: Any) -> Any:
    if is_dataclass(x) and not isinstance(x, type):
        return {f.name: _plain(getattr(x, f.name)) for f in fields(x)}
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    return x


@dataclass(frozen=True)
class Message:
    """One message: its ``type`` and its fields, in the order the class gives them."""

    type: ClassVar[str]
    omitted: ClassVar[frozenset[str]] = frozenset()  # fields left out of the message when None

    def as_dict(self) -> dict:
        out: dict = {"type": self.type}
        for f in fields(self):
            x = getattr(self, f.name)
            if x is not None or f.name not in self.omitted:
                out[f.name] = _plain(x)
        return out

    def write(self) -> str:
        return dumps(self.as_dict())


class HostMessageError(ValueError):
    """The host sent something that is not a message of this protocol."""


# -- what the host sends ------------------------------------------------------------------
@dataclass(frozen=True)
class Welcome(Message):
    type = "welcome"
    protocol: int
    seat: int  # this connection's seat, counted from 0
    token: str  # the seat's secret: the way back into it
    seats: int
    game: dict | None  # the game's data (grid, letters, exit, cards): ``frames.game_json``
    deal: dict | None = None  # {"commitment": hex}: the deal the host committed to (``rules.deal``)


@dataclass(frozen=True)
class LobbySeat:
    name: str
    kind: str  # "remote", "local" or "ai:<level>"
    presence: str  # "open", "here", "away", "computer_playing", "computer", "local"


@dataclass(frozen=True)
class Lobby(Message):
    """Who sits where; the host's own screen reads it as its ``as_dict()`` too."""

    type = "lobby"
    started: bool
    seats: tuple[LobbySeat, ...]


@dataclass(frozen=True)
class State(Message):
    type = "state"
    public: dict  # the table everyone sees: ``frames.public_from_json``
    view: dict  # this seat's own side


@dataclass(frozen=True)
class Done(Message):
    type = "done"
    id: int
    changed: bool


@dataclass(frozen=True)
class Refused(Message):
    """The rules (or the turn) refused an intent: it changed nothing."""

    type = "refused"
    id: int
    rule: str  # "R3.4", "format", or "turn"
    code: str
    message: str


@dataclass(frozen=True)
class Error(Message):
    """The host refused a message before the game saw it; ``id`` when it answers an intent.
    Also sent in clear by the transport when the channel fails (``not_text``, ``no_channel``...)."""

    type = "error"
    omitted = frozenset({"id"})
    code: str
    message: str
    id: int | None = None


@dataclass(frozen=True)
class Over(Message):
    type = "over"
    omitted = frozenset({"ended"})
    winners: tuple[int, ...]
    record: dict  # the whole game (docs/RECORD.md)
    deal: dict | None = None  # the deal revealed: {"key", "salt", "commitment"} (``rules.deal``)
    ended: str | None = None  # "host": the host ended the game where the record stops (scores so far)


@dataclass(frozen=True)
class Closing(Message):
    type = "closing"
    reason: str
    message: str


HostMessage = Welcome | Lobby | State | Done | Refused | Error | Over | Closing
# The replies that answer one intent of this connection, by its id.
Answer = Done | Refused | Error


def _field(msg: dict, key: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    x = msg.get(key)
    if x is None and optional:
        return None
    if not isinstance(x, kind) or (isinstance(x, bool) and kind is int):
        raise HostMessageError(f"the host's {msg.get('type')!r} has no {key!r} of the right type")
    return x


def _lobby_seat(x: Any) -> LobbySeat:
    if not isinstance(x, dict):
        raise HostMessageError("a lobby seat is not an object")
    return LobbySeat(_field(x, "name", str), _field(x, "kind", str), _field(x, "presence", str))


def parse_host(text: str | bytes) -> HostMessage | None:
    """One message from the host (HostMessageError if it is none; None for an unknown type)."""
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise HostMessageError("the host sent what is not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise HostMessageError("the host sent a message without a type")
    kind = msg["type"]
    if kind == "welcome":
        return Welcome(_field(msg, "protocol", int), _field(msg, "seat", int), _field(msg, "token", str),
                       _field(msg, "seats", int), _field(msg, "game", dict, optional=True),
                       _field(msg, "deal", dict, optional=True))
    if kind == "lobby":
        return Lobby(_field(msg, "started", bool), tuple(_lobby_seat(s) for s in _field(msg, "seats", list)))
    if kind == "state":
        return State(_field(msg, "public", dict), _field(msg, "view", dict))
    if kind == "done":
        return Done(_field(msg, "id", int), _field(msg, "changed", bool))
    if kind == "refused":
        return Refused(_field(msg, "id", int), _field(msg, "rule", str), _field(msg, "code", str),
                       _field(msg, "message", str))
    if kind == "error":
        return Error(_field(msg, "code", str), _field(msg, "message", str), _field(msg, "id", int, optional=True))
    if kind == "over":
        ended = _field(msg, "ended", str, optional=True)
        if ended not in (None, "host"):
            raise HostMessageError(f"the host's 'over' has an 'ended' of no known kind: {ended!r}")
        return Over(tuple(_field(msg, "winners", list)), _field(msg, "record", dict),
                    _field(msg, "deal", dict, optional=True), ended)
    if kind == "closing":
        return Closing(_field(msg, "reason", str), _field(msg, "message", str))
    return None


# -- what a client sends ----------------------------------------------------------------
@dataclass(frozen=True)
class Hello(Message):
    """Take a seat: with the join code (a new player), or with a seat's token (back at the table)."""

    type = "hello"
    omitted = frozenset({"code", "token", "name", "seat"})
    protocol: int
    code: str | None = None
    token: str | None = None
    name: str | None = None
    seat: int | None = None  # the seat wanted, from 0


@dataclass(frozen=True)
class Bye(Message):
    type = "bye"


@dataclass(frozen=True)
class IntentMessage(Message):
    """One gesture of the connection's seat (``session.intents``), numbered by the client."""

    type = "intent"
    id: int
    seat: int
    intent: Intent

    def as_dict(self) -> dict:
        out: dict = {"type": self.type, "id": self.id, "seat": self.seat, "intent": self.intent.name}
        args = spec_of(self.intent.name).encode(self.intent)  # checked: ProtocolError if it cannot go
        if args:
            out["args"] = args
        return out


ClientMessage = Hello | Bye | IntentMessage


@dataclass(frozen=True)
class Pake(Message):
    """The channel's opening, in clear, each way (``channel``, which parses it)."""

    type = "pake"
    channel: int
    pake: str  # the SPAKE2 message in hex


def _int(lo: int, hi: int):
    return lambda x, f: wire.whole(x, f, lo, hi)


def _text(longest: int):
    return lambda x, f: wire.text(x, f, longest)


def _same(x: Any, field: str) -> Any:
    return x


def _fields(msg: dict, spec: dict[str, Any]) -> dict:
    """``msg``'s fields checked by ``spec`` (a key ending in ``?`` may be left out: None)."""
    out: dict[str, Any] = {}
    allowed = {k.rstrip("?") for k in spec} | {"type"}
    extra = set(msg) - allowed
    need(not extra, sorted(extra)[0] if extra else "", "is not a field of this message")
    for key, check in spec.items():
        name = key.rstrip("?")
        if name not in msg or (key.endswith("?") and msg[name] is None):
            need(key.endswith("?"), name, "is missing")
            out[name] = None
            continue
        out[name] = check(msg[name], name)
    return out


def parse_client(raw: str | bytes) -> ClientMessage:
    """One client message, checked (ProtocolError otherwise); an intent's gesture is the session's value."""
    if isinstance(raw, bytes):
        raise ProtocolError("not_text", "messages are JSON in text frames")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "the message is not a JSON object")
    kind = msg.get("type")
    if kind == "hello":
        out = _fields(msg, {"protocol": _int(0, 2**31), "code?": _text(32), "token?": _text(64),
                            "name?": _text(MAX_NAME), "seat?": _int(0, 3)})
        need(out["code"] is not None or out["token"] is not None, "code", "or 'token' is needed to join")
        return Hello(**out)
    if kind == "intent":
        try:
            out = _fields(msg, {"id": _int(0, MAX_ID), "seat": _int(0, 3), "intent": _text(20), "args?": _same})
            return IntentMessage(out["id"], out["seat"], spec_of(out["intent"]).parse(out["args"]))
        except ProtocolError as e:
            e.id = intent_id(msg)  # the error answers this intent: its id settles it at the client
            raise
    if kind == "bye":
        _fields(msg, {})
        return Bye()
    raise ProtocolError("unknown_type", f"there is no message type {kind!r}"[:120])


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
    if not isinstance(msg, dict) or msg.get("type") != "intent":
        return None
    mid = msg.get("id")
    return mid if isinstance(mid, int) and not isinstance(mid, bool) and 0 <= mid <= MAX_ID else None
