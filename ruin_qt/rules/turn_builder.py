"""One seat's step 1 (R4), built sub-action by sub-action.

A ``TurnBuilder`` is an immutable value.  Each sub-action (the draw A, B, C or
none, a special action and its +1 cell, the move, the escape) returns a new
builder or raises ``RuleError`` naming the rule it breaks; the builder it was
called on never changes, so an undo is simply the previous value.  A view asks
it what is legal now (placements, reach, warp targets, escape) and what the
seat would have if the game ended now.

Each rule of a turn is one check function below; the sub-actions call them
one at a time, and ``judge_turn`` calls them all in the rules' order for a
whole ``Turn`` -- for ``TurnBuilder.replay`` and for ``Game.check_turn``,
which every round of every game runs (the AI's searched futures included),
so it builds no builder.
"""

from __future__ import annotations

from typing import NamedTuple

from .bitboard import Cell, bits, cell_of, index
from .components import load_components
from .errors import RuleError
from .scoring import Score, route_status, sheet_score
from .sheet import KINDS, Placement, Sheet
from .turn import Turn, action_penalties

SPECIALS = ("extra", "warp")  # R4.3: +1 cell, warp


def _cells(cells) -> tuple[Cell, ...]:
    return tuple(map(tuple, cells))


# -- the rules of one step 1, each checked once --------------------------------
def placement_mask(sheet: Sheet, card: str, kind: str, cells) -> int:
    """R3: the active card's piece on ``cells`` as ``kind``, on the sheet as
    the round began."""
    if kind not in KINDS:
        raise RuleError("format", f"unknown kind {kind!r}")
    return sheet.check_placement(card, kind, cells, sheet.filled)


def c_wall_mask(sheet: Sheet, cells) -> int:
    """R4.2, action C: one wall next to a cell filled before this round."""
    if len(cells) != 1:
        raise RuleError("R4.2", "action C draws exactly one cell", code="c_one_cell")
    return sheet.check_c(cells[0], sheet.filled)


def check_nothing(sheet: Sheet) -> None:
    """R4.2: drawing nothing only when A, B and C are all impossible (C is,
    only when no empty cell touches a filled one)."""
    if sheet.c_cells(sheet.filled):
        raise RuleError("R4.2", "drawing nothing is allowed only when A, B and C are all impossible",
                        code="none_not_allowed")


def check_discard(hand, discard: int) -> None:
    """R4.3: a special action is paid with an objective card in hand."""
    if discard not in hand:
        raise RuleError("R4.3", f"objective card {discard} is not in hand", code="discard_not_in_hand")


def one_special() -> RuleError:
    """R4.3: at most one special action per round."""
    return RuleError("R4.3", "only one special action per round", code="two_specials")


def extra_mask(sheet: Sheet, kind: str, cell) -> int:
    """R4.3's +1 cell on ``sheet`` (the draw made): its bit."""
    if kind not in KINDS:
        raise RuleError("format", f"unknown kind {kind!r}")
    return sheet.check_extra(kind, cell)


def check_escape(stage: int, end: Cell) -> None:
    """R4.5: escape in stage 2, the pawn on the exit after movement."""
    if stage != 2:
        raise RuleError("R4.5", "no escape in stage 1", code="escape_stage_1")
    if end != load_components().exit:
        raise RuleError("R4.5", "the pawn must stand on the exit to escape", code="escape_off_exit")


def judge_turn(sheet: Sheet, card: str, stage: int, hand, turn: Turn) -> tuple[Sheet, int, int, int]:
    """``turn`` judged in the rules' order (R4.2) on ``sheet`` (the seat's as
    the round began, not changed): the sheet after its draw and +1 cell (the
    pawn where it began), the draw's mask, the +1 cell's, and the bit index
    the pawn ends on.  RuleError at the first rule it breaks."""
    a = turn.action
    if a in ("A", "B"):
        mask = placement_mask(sheet, card, "road" if a == "A" else "wall", turn.cells)
    elif a == "C":
        mask = c_wall_mask(sheet, turn.cells)
    elif a == "none":
        check_nothing(sheet)
        mask = 0
    else:
        raise RuleError("format", f"unknown action {a!r}")
    if turn.discard is not None:
        check_discard(hand, turn.discard)
    if (turn.extra is not None or turn.warp) != (turn.discard is not None):
        raise RuleError("R4.3", "a special action and its discarded objective card go together",
                        code="special_pairing")
    if turn.extra is not None and turn.warp:
        raise one_special()
    built = sheet.copy()
    if a == "A":
        built.roads |= mask
    else:
        built.walls |= mask
    bit = 0
    if turn.extra is not None:
        kind, cell = turn.extra
        bit = extra_mask(built, kind, cell)
        built.draw(kind, bit)
    end = built.check_path(turn.path, load_components().explore[card].number, turn.warp)
    if turn.escape:
        check_escape(stage, cell_of(end))
    return built, mask, bit, end


class TurnStart(NamedTuple):
    """Where one seat's step 1 begins (private to that seat, R12.1): its sheet
    at the start of the round, never changed, and the facts of the round."""

    sheet: Sheet
    card: str  # the active card (R4.1)
    stage: int
    hand: tuple[int, ...]
    penalties: int = 0
    gems: int = 0
    square1: int | None = None
    escape_vp: int = 0  # what escape scores if the game ended now (R11.3)
    escape_now: int = 0  # what escaping this round scores, if no other seat does too

    @property
    def steps(self) -> int:
        """R4.4: the card's number."""
        return load_components().explore[self.card].number


class TurnBuilder:
    """One seat's step 1 so far; every sub-action returns a new builder."""

    start: TurnStart
    action: str | None  # "A" | "B" | "C" | "none"; None until the draw
    cells: tuple[Cell, ...]  # A/B: the piece; C: the one wall
    special: str | None  # "extra" | "warp" once its objective card is paid
    discard: int | None
    extra: tuple[str, Cell] | None  # the +1 cell, once drawn
    path: tuple[Cell, ...]  # every cell stepped onto, in order
    escape: bool
    draw_mask: int  # the draw's cells (checked once, when drawn)
    extra_mask: int
    _memo: dict  # answers to queries, which never change either

    def __init__(self, start: TurnStart) -> None:
        # One dict assignment, not ten attribute writes: Game.check_turn, and
        # so every round the AI's search plays, builds one of these.
        object.__setattr__(self, "__dict__", {
            "start": start, "action": None, "cells": (), "special": None, "discard": None, "extra": None,
            "path": (), "escape": False, "draw_mask": 0, "extra_mask": 0, "_memo": {}})

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError("a TurnBuilder never changes: its sub-actions return new builders")

    def _but(self, **changes) -> TurnBuilder:
        new = object.__new__(TurnBuilder)
        object.__setattr__(new, "__dict__", {**self.__dict__, **changes, "_memo": {}})
        return new

    def __repr__(self) -> str:
        return f"TurnBuilder{self.key()!r}"

    # -- identity ----------------------------------------------------------
    def key(self) -> tuple:
        return (self.action, self.cells, self.special, self.discard, self.extra, self.path, self.escape)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TurnBuilder) and other.start is self.start and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    # -- where the turn stands -------------------------------------------------
    @property
    def step(self) -> str:
        """ "draw", then "extra" while a paid +1 cell is not drawn, then "move"
        (move, take a special action, escape or confirm)."""
        if self.action is None:
            return "draw"
        if self.special == "extra" and self.extra is None:
            return "extra"
        return "move"

    @property
    def before(self) -> int:
        """Cells filled before this round (R3.2)."""
        return self.start.sheet.filled

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand with this turn's paid card gone (R4.3)."""
        return tuple(c for c in self.start.hand if c != self.discard)

    @property
    def penalties(self) -> int:
        return self.start.penalties + action_penalties(self.action)

    @property
    def start_cell(self) -> Cell:
        return self.start.sheet.pawn_cell

    @property
    def end_cell(self) -> Cell:
        return self.path[-1] if self.path else self.start_cell

    def drawn_cells(self) -> list[Cell]:
        """The cells drawn this turn (still undoable)."""
        out = list(self.cells)
        if self.extra is not None:
            out.append(self.extra[1])
        return out

    def _drawn_on(self, sheet: Sheet) -> Sheet:
        if self.action == "A":
            sheet.roads |= self.draw_mask
        else:
            sheet.walls |= self.draw_mask
        if self.extra is not None:
            sheet.draw(self.extra[0], self.extra_mask)
        return sheet

    def built_sheet(self) -> Sheet:
        """The sheet after the draw and the +1 cell, the pawn where it began."""
        hit = self._memo.get("built")
        if hit is None:
            hit = self._memo["built"] = self._drawn_on(self.start.sheet.copy())
        return hit

    def preview_sheet(self) -> Sheet:
        """The sheet as it would be after this turn, the pawn moved."""
        built = self._memo.get("built")
        sheet = built.copy() if built is not None else self._drawn_on(self.start.sheet.copy())
        if self.path:
            sheet.pawn = index(*self.path[-1])
        return sheet

    # -- the draw (R3, R4.2) ---------------------------------------------------
    def _need_draw(self) -> None:
        if self.action is not None:
            raise RuleError("R4.2", "this turn's draw is already made", code="draw_done")

    def _placement(self, kind: str, cells) -> int:
        self._need_draw()
        return placement_mask(self.start.sheet, self.start.card, kind, cells)

    def check_piece(self, kind: str, cells) -> RuleError | None:
        """Why drawing ``cells`` as ``kind`` is refused now, or None if legal."""
        key = ("piece", kind, _cells(cells))
        if key not in self._memo:
            try:
                self._placement(kind, cells)
                self._memo[key] = None
            except RuleError as e:
                self._memo[key] = e
        return self._memo[key]

    def legal_placements(self, kind: str) -> list[Placement]:
        if self.action is not None:
            return []
        return self.start.sheet.legal_placements(self.start.card, kind, self.before)

    def draw(self, kind: str, cells) -> TurnBuilder:
        """Action A (``kind`` "road") or B ("wall"): the active card's piece."""
        mask = self._placement(kind, cells)
        return self._but(action="A" if kind == "road" else "B", cells=_cells(cells), draw_mask=mask)

    def draw_c(self, cell) -> TurnBuilder:
        """Action C: one wall next to a cell filled before this round; a penalty."""
        self._need_draw()
        mask = c_wall_mask(self.start.sheet, [cell])
        return self._but(action="C", cells=_cells([cell]), draw_mask=mask)

    def can_draw_nothing(self) -> bool:
        try:
            self._need_draw()
            check_nothing(self.start.sheet)
        except RuleError:
            return False
        return True

    def draw_nothing(self) -> TurnBuilder:
        self._need_draw()
        check_nothing(self.start.sheet)
        return self._but(action="none", cells=())

    def check_cell(self, cell, kind: str = "wall") -> RuleError | None:
        """Why action C's wall (before the draw) or the +1 cell (once paid
        for) may not go on ``cell``, or None."""
        try:
            if self.step == "draw":
                self.start.sheet.check_c(cell, self.before)
            elif self.step == "extra":
                self.built_sheet().check_extra(kind, cell)
            else:
                raise RuleError("R4.2", "no single cell to draw now", code="no_cell_now")
        except RuleError as e:
            return e
        return None

    # -- special actions (R4.3) ------------------------------------------------
    def can_take_special(self) -> bool:
        return self.step == "move" and self.special is None and bool(self.start.hand)

    def take_special(self, special: str, discard: int) -> TurnBuilder:
        """Pay objective card ``discard`` for the +1 cell or the warp."""
        if special not in SPECIALS:
            raise RuleError("format", f"unknown special action {special!r}")
        if self.special is not None:
            raise one_special()
        if self.step != "move":
            raise RuleError("R4.3", "a special action comes after the draw", code="special_needs")
        check_discard(self.start.hand, discard)
        return self._but(special=special, discard=discard)

    def place_extra(self, kind: str, cell) -> TurnBuilder:
        """The +1 cell: a road or wall next to any filled cell."""
        if self.step != "extra":
            raise RuleError("R4.3", "take the +1 cell special action first", code="extra_needs_special")
        b = extra_mask(self.built_sheet(), kind, cell)
        r, c = cell
        return self._but(extra=(kind, (int(r), int(c))), extra_mask=b)

    # -- movement (R4.4) and escape (R4.5) -------------------------------------
    def _need_move(self) -> None:
        if self.step == "draw":
            raise RuleError("R4.2", "draw first: movement comes after the draw", code="draw_first")
        if self.step == "extra":
            raise RuleError("R4.3", "draw the +1 cell (or undo the special action) first", code="extra_pending")

    def reach(self) -> dict[Cell, int]:
        """Cells the pawn can end on this turn, with least step counts."""
        if self.step != "move":
            return {}
        if "reach" not in self._memo:
            self._memo["reach"] = self.built_sheet().reachable(self.start.steps, self.special == "warp")
        return self._memo["reach"]

    def warp_targets(self) -> list[Cell]:
        """The gates the paid warp can jump between."""
        if self.step != "move" or self.special != "warp":
            return []
        return [cell_of(i) for i in bits(self.built_sheet().gates)]

    def move_to(self, cell) -> TurnBuilder:
        """Walk to ``cell`` by a shortest path (R4.4)."""
        self._need_move()
        cell = (int(cell[0]), int(cell[1]))
        if cell not in self.reach():
            raise RuleError("R4.4", f"({cell[0]}, {cell[1]}) is not reachable in {self.start.steps} steps",
                            code="not_reachable")
        path = self.built_sheet().shortest_path(cell, self.start.steps, self.special == "warp") or []
        return self._with_path(tuple(path))

    def follow(self, path) -> TurnBuilder:
        """Walk exactly ``path``: every cell stepped onto, in order."""
        self._need_move()
        if not path and not self.path:
            return self  # staying put is always allowed (R4.4)
        self.built_sheet().check_path(path, self.start.steps, self.special == "warp")
        return self._with_path(_cells(path))

    def _with_path(self, path: tuple[Cell, ...]) -> TurnBuilder:
        if path == self.path:
            return self
        end = path[-1] if path else self.start_cell
        return self._but(path=path, escape=self.escape and end == load_components().exit)

    def can_escape(self) -> bool:
        if self.step != "move":
            return False
        try:
            check_escape(self.start.stage, self.end_cell)
        except RuleError:
            return False
        return True

    def set_escape(self, escape: bool) -> TurnBuilder:
        self._need_move()
        if escape:
            check_escape(self.start.stage, self.end_cell)
        return self if escape == self.escape else self._but(escape=escape)

    # -- the whole turn --------------------------------------------------------
    def can_confirm(self) -> bool:
        return self.step == "move"

    def turn(self) -> Turn:
        """The finished step 1, or RuleError saying what is missing."""
        self._need_move()
        return Turn(self.action or "none", self.cells, self.discard,
                    self.extra if self.special == "extra" else None, self.special == "warp", self.path, self.escape)

    def replay(self, turn: Turn) -> TurnBuilder:
        """The builder after ``turn``, judged whole (``judge_turn``)."""
        st = self.start
        built, mask, bit, _ = judge_turn(st.sheet, st.card, st.stage, st.hand, turn)
        special = None if turn.discard is None else "warp" if turn.warp else "extra"
        b = self._but(action=turn.action, cells=_cells(turn.cells), special=special, discard=turn.discard,
                      extra=None if turn.extra is None else (turn.extra[0], tuple(turn.extra[1])),
                      path=_cells(turn.path), escape=turn.escape, draw_mask=mask, extra_mask=bit)
        b._memo["built"] = built  # the pawn where it began
        return b

    # -- "if the game ended now" (R11) -----------------------------------------
    def score(self) -> Score:
        s = self.start
        escape = s.escape_now if self.escape else s.escape_vp  # an escape chosen counts (R11.3)
        return sheet_score(self.preview_sheet(), self.hand, gems=s.gems, penalties=self.penalties,
                           escape_vp=escape, square1=s.square1, square2=None, stage=s.stage, preview=True)

    def route_status(self) -> list[tuple[int, str, str, bool]]:
        """Each objective card in hand: its letters and whether its route is
        complete right now (R11.4), this turn's draw included."""
        return route_status(self.preview_sheet(), self.hand)


def expect_turn(draft) -> TurnBuilder:
    """``draft`` as a step 1; RuleError while the seat is still in its setup."""
    if not isinstance(draft, TurnBuilder):
        raise RuleError("R5", "step 1 begins once every seat's setup is done", code="setup_first")
    return draft
