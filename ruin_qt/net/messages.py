"""What a host sends, as typed messages parsed once (docs/PROTOCOL.md).

``parse_host(text)`` turns one text frame from the host into one of the
classes below, or raises ``HostMessageError`` when it is not a message of
this protocol; a message of a type this client does not know is ``None``
(a newer host may say more).  Every client (the window's ``TableClient``,
the bot) reads the host through it; the fields of a ``state`` (the public
table and the seat's view) are read further by ``frames`` and ``RemoteTable``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


class HostMessageError(ValueError):
    """The host sent something that is not a message of this protocol."""


@dataclass(frozen=True)
class Welcome:
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
class Lobby:
    started: bool
    seats: tuple[LobbySeat, ...]

    def as_dict(self) -> dict:
        """As the host's own screen reads its lobby (``TableHost.lobby()``)."""
        return {"type": "lobby", "started": self.started,
                "seats": [{"name": s.name, "kind": s.kind, "presence": s.presence} for s in self.seats]}


@dataclass(frozen=True)
class State:
    public: dict  # the table everyone sees: ``frames.public_from_json``
    view: dict  # this seat's own side


@dataclass(frozen=True)
class Done:
    id: int
    changed: bool


@dataclass(frozen=True)
class Refused:
    """The rules (or the turn) refused an intent: it changed nothing."""

    id: int
    rule: str  # "R3.4", "format", or "turn"
    code: str
    message: str


@dataclass(frozen=True)
class Error:
    """The host refused a message before the game saw it; ``id`` when it answers an intent."""

    code: str
    message: str
    id: int | None = None


@dataclass(frozen=True)
class Over:
    winners: tuple[int, ...]
    record: dict  # the whole game (docs/RECORD.md)
    deal: dict | None = None  # the deal revealed: {"key", "salt", "commitment"} (``rules.deal``)


@dataclass(frozen=True)
class Closing:
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
        return Over(tuple(_field(msg, "winners", list)), _field(msg, "record", dict),
                    _field(msg, "deal", dict, optional=True))
    if kind == "closing":
        return Closing(_field(msg, "reason", str), _field(msg, "message", str))
    return None
