"""The wire encoding of the session's gestures (``session.intents``).

A gesture's ``args`` are its fields, each encoded by the codec of its
declared type (``CODECS``): a new gesture whose fields are of these types
needs nothing here.  ``INTENTS`` (name -> ``IntentSpec``) follows the
session's registry; ``messages.IntentMessage`` writes and parses an
``intent`` message's ``args`` through it (the host's checks, every client's
messages), and docs/PROTOCOL.md's intent table is its ``described()`` (a
test compares the two).  An argument crosses the wire as JSON (``check``
judges it) and reaches the session as its own value (``decode``: a cell is a
tuple, a decision a Turn).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import record
from ..rules.bitboard import SIZE
from ..rules.turn import SetupChoice
from ..session import intents as gestures
from ..session.intents import CardId, Cell, Cells, Decision, Intent, Kind, Letter, Special, field_types
from .codec import Codec, ProtocolError, need, whole

MAX_CELLS = 12  # cells in one piece (the largest is 5: room to spare, a bound all the same)
MAX_CARD = 999  # an objective card's id


def _cell(x: Any, field: str) -> list[int]:
    need(isinstance(x, list) and len(x) == 2, field, "is not a cell [row, column]")
    return [whole(x[0], field, 0, SIZE - 1), whole(x[1], field, 0, SIZE - 1)]


def _cells(x: Any, field: str) -> list[list[int]]:
    need(isinstance(x, list) and 0 < len(x) <= MAX_CELLS, field, f"is not a list of 1..{MAX_CELLS} cells")
    return [_cell(c, field) for c in x]


def _one_of(*values: str) -> Callable[[Any, str], str]:
    def check(x: Any, field: str) -> str:
        need(x in values, field, "is not " + " or ".join(f'"{v}"' for v in values))
        return x
    return check


def _letter(x: Any, field: str) -> str:
    need(isinstance(x, str) and len(x) == 1 and "A" <= x <= "X", field, "is not an explore card's letter A..X")
    return x


def _bool(x: Any, field: str) -> bool:
    need(isinstance(x, bool), field, "is not true or false")
    return x


def _card(x: Any, field: str) -> int:
    return whole(x, field, 0, MAX_CARD)


def _decision(x: Any, field: str) -> dict:
    # The record's JSON of a setup or a turn (docs/RECORD.md); its inside is parsed by rules.record.
    need(isinstance(x, dict) and len(x) == 1 and next(iter(x)) in ("setup", "turn"), field,
         'is not {"setup": ...} or {"turn": ...}')
    return x


def _decision_in(x: dict):
    """A setup or a turn (RuleError ``format`` when malformed, as a record's would be)."""
    d = record.parse_setup(x["setup"]) if "setup" in x else record.parse_turn(x["turn"])
    if d is None:
        raise ProtocolError("bad_field", "'decision' holds no turn")
    return d


def _decision_out(d) -> dict:
    return {"setup": record.setup_to_json(d)} if isinstance(d, SetupChoice) else {"turn": record.turn_to_json(d)}


def _cell_in(x: list) -> tuple[int, int]:
    return (x[0], x[1])


def _cell_out(c) -> list[int]:
    return [int(c[0]), int(c[1])]


CELL = "cell `[row, column]`, each 0..10"
KIND = '`"road"` or `"wall"`'

# A gesture's field types (``session.intents``) -> their wire form.
CODECS: dict[object, Codec] = {
    CardId: Codec(_card, f"objective card id 0..{MAX_CARD}"),
    Kind: Codec(_one_of("road", "wall"), KIND),
    Cells: Codec(_cells, f"1..{MAX_CELLS} cells, each `[row, column]` 0..10",
                 decode=lambda x: [_cell_in(c) for c in x], encode=lambda cs: [_cell_out(c) for c in cs]),
    Letter: Codec(_letter, "explore card letter `A`..`X` (setup only)"),
    Cell: Codec(_cell, CELL, decode=_cell_in, encode=_cell_out),
    Special: Codec(_one_of("extra", "warp"), '`"extra"` or `"warp"`'),
    bool: Codec(_bool, "`true` or `false`"),
    Decision: Codec(_decision, '`{"setup": <record setup>}` or `{"turn": <record turn>}`',
                    decode=_decision_in, encode=_decision_out),
}


@dataclass(frozen=True)
class Arg:
    """One argument: a gesture's field, its codec, whether it may be left out."""

    name: str
    codec: Codec
    optional: bool = False

    def described(self) -> str:
        return f"`{self.name}`{'?' if self.optional else ''}: {self.codec.doc}"


def _arg(name: str, hint: object) -> Arg:
    parts = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else ()
    if type(None) in parts:  # ``X | None``: the field may be left out
        rest = [p for p in parts if p is not type(None)]
        return Arg(name, CODECS[rest[0]], optional=True)
    return Arg(name, CODECS[hint])


@dataclass(frozen=True)
class IntentSpec:
    name: str
    gesture: type[Intent]  # the session's value it encodes
    args: tuple[Arg, ...] = ()

    def parse(self, args: Any) -> Intent:
        """The message's ``args`` checked (ProtocolError otherwise), as the session's value."""
        args = {} if args is None else args
        need(isinstance(args, dict), "args", "is not an object")
        known = {a.name for a in self.args}
        extra = sorted(set(args) - known)
        need(not extra, extra[0] if extra else "", "is not an argument of this intent")
        out = {}
        for a in self.args:
            if args.get(a.name) is None:
                need(a.optional and (a.name not in args or args[a.name] is None), a.name, "is missing")
                continue
            out[a.name] = a.codec.decode(a.codec.check(args[a.name], a.name))
        return self.gesture(**out)

    def encode(self, intent: Intent) -> dict:
        """The gesture's JSON ``args`` (an optional None is left out), checked."""
        out = {}
        for a in self.args:
            x = getattr(intent, a.name)
            if x is not None:
                out[a.name] = a.codec.encode(x)
        self.parse(out)
        return out

    def described(self) -> str:
        """The doc table's "args" cell."""
        return "; ".join(a.described() for a in self.args)


INTENTS: dict[str, IntentSpec] = {
    name: IntentSpec(name, cls, tuple(_arg(f, hint) for f, hint in field_types(cls).items()))
    for name, cls in gestures.INTENTS.items()}


def spec_of(intent: str) -> IntentSpec:
    spec = INTENTS.get(intent)
    if spec is None:
        raise ProtocolError("unknown_intent", f"there is no intent {intent!r}"[:120])
    return spec
