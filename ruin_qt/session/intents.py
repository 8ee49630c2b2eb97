"""Every gesture a seat makes on its decision, as a value, written once.

A gesture is a frozen dataclass; ``TableSession.act(seat, intent)`` is the
one entry, and a joining screen's ``RemoteTable.act`` makes the same
``edit`` on its mirror of the draft.  The wire (``net.intents``) encodes a
gesture from its fields' types, the undo stack (``GameModel.act``) names
its step with ``label``.  So a new gesture is one class here (its fields,
its edit through the rules' builders, its label), its row in
docs/PROTOCOL.md (a test compares), and the view that makes it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Annotated, ClassVar, Literal, get_type_hints

from ..rules.setup_builder import SetupBuilder, expect_setup
from ..rules.turn import SetupChoice, Turn
from ..rules.turn_builder import expect_turn
from .views import Draft

# The types of a gesture's fields: the wire's codecs are keyed by them (net/intents.py).
Kind = Literal["road", "wall"]
Special = Literal["extra", "warp"]
Cell = tuple[int, int]
Cells = tuple[Cell, ...]
Letter = Annotated[str, "an explore card's letter"]
CardId = Annotated[int, "an objective card's id"]
Decision = Turn | SetupChoice


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """An undo step's words, marked for translation; the model translates them (the session has no Qt)."""
    return text


INTENTS: dict[str, type[Intent]] = {}  # every gesture by its wire name, in the order they are defined


@dataclass(frozen=True)
class Intent:
    """One gesture of a deciding seat."""

    name: ClassVar[str]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            INTENTS[cls.name] = cls

    def __post_init__(self) -> None:
        # Cells arrive as lists (a view's, the wire's): kept as tuples, so that equal gestures are equal.
        for f, hint in field_types(type(self)).items():
            x = getattr(self, f)
            if hint == Cell:
                object.__setattr__(self, f, (int(x[0]), int(x[1])))
            elif hint == Cells:
                object.__setattr__(self, f, tuple((int(c[0]), int(c[1])) for c in x))

    def label(self, setup: bool) -> str | None:
        """The undo step's words (``setup``: the decision is a setup), or None: not a step of its own."""
        return None


_FIELD_TYPES: dict[type, dict[str, object]] = {}


def field_types(cls: type[Intent]) -> dict[str, object]:
    """A gesture's fields and their types, as declared (``Annotated`` kept)."""
    known = _FIELD_TYPES.get(cls)
    if known is None:
        hints = get_type_hints(cls, include_extras=True)
        known = _FIELD_TYPES[cls] = {f.name: hints[f.name] for f in fields(cls)}
    return known


@dataclass(frozen=True)
class Edit(Intent):
    """A gesture that changes the draft (one undo step)."""

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        """``draft`` with this gesture made (``origin``: the decision as it began); RuleError if refused."""
        raise NotImplementedError


@dataclass(frozen=True)
class ToggleKeep(Edit):
    """Keep (or give back) one of the four dealt objective cards (R5.3)."""

    name = "toggle_keep"
    card: CardId

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return expect_setup(draft).toggle_keep(self.card)

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "Keep objective card")


@dataclass(frozen=True)
class PlacePiece(Edit):
    """A setup piece drawn with setup card ``card`` (R5.4), or in a round the
    draw of action A (roads) or B (walls) with the active card (R3, R4.2)."""

    name = "place_piece"
    kind: Kind
    cells: Cells
    card: Letter | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "card", self.card or None)

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        if isinstance(draft, SetupBuilder):
            return draft.place(self.kind, self.card or "", self.cells)
        return expect_turn(draft).draw(self.kind, self.cells)

    def label(self, setup: bool) -> str:
        if setup:
            return QT_TRANSLATE_NOOP("GameModel", "Draw setup piece")
        if self.kind == "road":
            return QT_TRANSLATE_NOOP("GameModel", "Action A: roads")
        return QT_TRANSLATE_NOOP("GameModel", "Action B: walls")


@dataclass(frozen=True)
class PlaceC(Edit):
    """Action C: one wall cell and a penalty (R4.2)."""

    name = "place_c"
    cell: Cell

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return expect_turn(draft).draw_c(self.cell)

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "Action C: one wall")


@dataclass(frozen=True)
class TakeNone(Edit):
    """No draw: only when A, B and C are all impossible (R4.2)."""

    name = "take_none"

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return expect_turn(draft).draw_nothing()

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "No draw possible")


@dataclass(frozen=True)
class TakeSpecial(Edit):
    """R4.3: pay objective card ``discard`` for "extra" (+1 cell) or "warp"."""

    name = "take_special"
    special: Special
    discard: CardId

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return expect_turn(draft).take_special(self.special, self.discard)

    def label(self, setup: bool) -> str:
        if self.special == "extra":
            return QT_TRANSLATE_NOOP("GameModel", "Special action: +1 cell")
        return QT_TRANSLATE_NOOP("GameModel", "Special action: warp")


@dataclass(frozen=True)
class PlaceExtra(Edit):
    """The +1 cell of the "extra" special action (R4.3)."""

    name = "place_extra"
    kind: Kind
    cell: Cell

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return expect_turn(draft).place_extra(self.kind, self.cell)

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "Draw the +1 cell")


@dataclass(frozen=True)
class MoveTo(Edit):
    """Walk (or warp) the adventurer to ``cell`` (R4.4)."""

    name = "move_to"
    cell: Cell

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return expect_turn(draft).move_to(self.cell)

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "Move the adventurer")


@dataclass(frozen=True)
class SetEscape(Edit):
    """Escape from the exit, or stay (R4.5)."""

    name = "set_escape"
    escape: bool

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return expect_turn(draft).set_escape(self.escape)

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "Escape") if self.escape else QT_TRANSLATE_NOOP("GameModel", "Stay")


@dataclass(frozen=True)
class TakeDecision(Edit):
    """Start the decision over and take a whole one (a suggestion, a hint, a
    test's): one step in the undo history."""

    name = "take_decision"
    decision: Decision

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        if isinstance(self.decision, SetupChoice):
            return expect_setup(origin).replay(self.decision)
        return expect_turn(origin).replay(self.decision)

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "Take the suggestion")


@dataclass(frozen=True)
class Clear(Edit):
    """Clear every cell drawn in this decision: start it over (undoable)."""

    name = "clear"

    def edit(self, origin: Draft, draft: Draft) -> Draft:
        return origin

    def label(self, setup: bool) -> str:
        return QT_TRANSLATE_NOOP("GameModel", "Start over")


@dataclass(frozen=True)
class Undo(Intent):
    """The draft as it was before its last edit."""

    name = "undo"


@dataclass(frozen=True)
class Redo(Intent):
    """The edit undone last, made again."""

    name = "redo"


@dataclass(frozen=True)
class Confirm(Intent):
    """End the seat's decision (RuleError if it is not finished); confirmed cells never change again."""

    name = "confirm"
