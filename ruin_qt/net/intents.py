"""The table's intents, once: name -> typed arguments (with their limits) -> the session's method.

Everything else derives from ``INTENTS``: the host's checks of an ``intent``
message (``protocol.parse_client``), its dispatch by keyword
(``TableHost.act``: ``getattr(session, spec.method)(seat, **spec.decode(args))``),
a client's messages (``RemoteTable`` and the bot build them with
``message``), and docs/PROTOCOL.md's intent table (a test compares the two).
An argument crosses the wire as JSON (``check`` judges it) and reaches the
session as its own value (``decode``: a cell is a tuple, a decision a Turn).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import record
from ..rules.bitboard import SIZE
from ..rules.turn import SetupChoice

MAX_CELLS = 12  # cells in one piece (the largest is 5: room to spare, a bound all the same)
MAX_CARD = 999  # an objective card's id


class ProtocolError(Exception):
    """A message the host refuses before the game sees it; ``code`` is stable,
    ``id`` the intent's when the message had a valid one."""

    def __init__(self, code: str, message: str, id: int | None = None):
        super().__init__(message)
        self.code, self.message, self.id = code, message, id


def need(cond: bool, field: str, what: str) -> None:
    if not cond:
        raise ProtocolError("bad_field", f"'{field}' {what}")


def whole(x: Any, field: str, lo: int, hi: int) -> int:
    need(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi, field, f"is not a whole number {lo}..{hi}")
    return x


def text(x: Any, field: str, longest: int) -> str:
    need(isinstance(x, str) and 0 < len(x) <= longest and x.isprintable(), field,
         f"is not printable text of 1..{longest} characters")
    return x


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
    if isinstance(d, dict):
        return d
    return {"setup": record.setup_to_json(d)} if isinstance(d, SetupChoice) else {"turn": record.turn_to_json(d)}


def _cell_in(x: list) -> tuple[int, int]:
    return (x[0], x[1])


def _cell_out(c) -> list[int]:
    return [int(c[0]), int(c[1])]


@dataclass(frozen=True)
class Arg:
    """One argument: its JSON check, its session value both ways, and the
    doc's words for its type and limits (docs/PROTOCOL.md's intent table)."""

    name: str
    check: Callable[[Any, str], Any]
    doc: str
    optional: bool = False
    decode: Callable[[Any], Any] = lambda x: x  # JSON (checked) -> the session's value
    encode: Callable[[Any], Any] = lambda x: x  # the session's value -> JSON

    def described(self) -> str:
        return f"`{self.name}`{'?' if self.optional else ''}: {self.doc}"


CELL = "cell `[row, column]`, each 0..10"
KIND = '`"road"` or `"wall"`'


def _cell_arg(name: str = "cell") -> Arg:
    return Arg(name, _cell, CELL, decode=_cell_in, encode=_cell_out)


@dataclass(frozen=True)
class IntentSpec:
    name: str
    method: str  # the TableSession method that takes it: method(seat, **decoded args)
    args: tuple[Arg, ...] = ()

    def parse(self, args: Any) -> dict:
        """The message's ``args`` checked (ProtocolError otherwise): JSON values, every optional one present."""
        args = {} if args is None else args
        need(isinstance(args, dict), "args", "is not an object")
        known = {a.name for a in self.args}
        extra = sorted(set(args) - known)
        need(not extra, extra[0] if extra else "", "is not an argument of this intent")
        out = {}
        for a in self.args:
            if args.get(a.name) is None:
                need(a.optional and (a.name not in args or args[a.name] is None), a.name, "is missing")
                out[a.name] = None
                continue
            out[a.name] = a.check(args[a.name], a.name)
        return out

    def decode(self, args: dict) -> dict:
        """Checked JSON arguments as the session's keyword arguments."""
        return {a.name: None if args[a.name] is None else a.decode(args[a.name]) for a in self.args}

    def encode(self, **values) -> dict:
        """The session's values as this intent's JSON ``args`` (an optional None is left out), checked."""
        unknown = set(values) - {a.name for a in self.args}
        if unknown:
            raise TypeError(f"{self.name} takes no {sorted(unknown)}")
        out = {a.name: a.encode(values[a.name]) for a in self.args if values.get(a.name) is not None}
        self.parse(out)
        return out

    def described(self) -> str:
        """The doc table's "args" cell."""
        return "; ".join(a.described() for a in self.args)


def _specs(*specs: IntentSpec) -> dict[str, IntentSpec]:
    return {s.name: s for s in specs}


INTENTS: dict[str, IntentSpec] = _specs(
    IntentSpec("toggle_keep", "toggle_keep", (Arg("card", _card, f"objective card id 0..{MAX_CARD}"),)),
    IntentSpec("place_piece", "place_piece", (
        Arg("kind", _one_of("road", "wall"), KIND),
        Arg("cells", _cells, f"1..{MAX_CELLS} cells, each `[row, column]` 0..10",
            decode=lambda x: [_cell_in(c) for c in x], encode=lambda cs: [_cell_out(c) for c in cs]),
        Arg("card", _letter, "explore card letter `A`..`X` (setup only)", optional=True))),
    IntentSpec("place_c", "place_c", (_cell_arg(),)),
    IntentSpec("take_none", "take_none"),
    IntentSpec("take_special", "take_special", (
        Arg("special", _one_of("extra", "warp"), '`"extra"` or `"warp"`'),
        Arg("discard", _card, f"objective card id 0..{MAX_CARD}"))),
    IntentSpec("place_extra", "place_extra", (Arg("kind", _one_of("road", "wall"), KIND), _cell_arg())),
    IntentSpec("move_to", "move_to", (_cell_arg(),)),
    IntentSpec("set_escape", "set_escape", (Arg("escape", _bool, "`true` or `false`"),)),
    IntentSpec("take_decision", "take_decision", (
        Arg("decision", _decision, '`{"setup": <record setup>}` or `{"turn": <record turn>}`',
            decode=_decision_in, encode=_decision_out),)),
    IntentSpec("clear", "clear"),
    IntentSpec("undo", "undo"),
    IntentSpec("redo", "redo"),
    IntentSpec("confirm", "confirm"),
)


def spec_of(intent: str) -> IntentSpec:
    spec = INTENTS.get(intent)
    if spec is None:
        raise ProtocolError("unknown_intent", f"there is no intent {intent!r}"[:120])
    return spec


def intent_message(id: int, seat: int, intent: str, **values) -> dict:
    """A client's ``intent`` message from the session's values (TypeError/ProtocolError if they are not its)."""
    msg: dict = {"type": "intent", "id": id, "seat": seat, "intent": intent}
    args = spec_of(intent).encode(**values)
    if args:
        msg["args"] = args
    return msg
