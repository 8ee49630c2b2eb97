"""What the host's messages hold, as typed values: the public table and one seat's
own view (``state``), the game's data (``welcome``), the deal (``welcome``,
``state``, ``over``).  ``codec`` writes and reads them by their field types;
each class's fields are in the order docs/PROTOCOL.md shows them.

A seat's contents are built from ``TableSession.public()`` and
``TableSession.view(seat)`` only (``PublicTable.of``, ``OwnView.of``), so
they can carry no other seat's private side (R12.1): the table's privacy by
construction.  The other way, they give back the session's values
(``value()``): a joining screen's mirror and a bot hand a brain the very
``Observation`` the host's rules made; ``draft_steps`` turns a seat's draft
back into the intents that make it (the joining screen's mirror and the
host's autosave both rebuild drafts with it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, Literal

from ..rules import record
from ..rules.bitboard import SIZE, STRIDE, cell_of
from ..rules.components import Components
from ..rules.game import Event
from ..rules.observation import Observation
from ..rules.scoring import Score
from ..rules.setup_builder import SetupBuilder
from ..rules.sheet import EMPTY, GATE, ROAD, WALL, Sheet
from ..rules.turn_builder import TurnBuilder, TurnStart
from ..session.intents import Intent
from ..session.views import Draft, PublicView, SeatInfo, SeatView
from .codec import Opaque, codec_for, plain
from .intent_args import spec_of

GRID_MARK = {"empty": ".", "road": "r", "gate": "g", "wall": "w"}
Cell = tuple[int, int]


@dataclass(frozen=True)
class Commitment:
    """The deal as a seat may know it before the end (docs/PROTOCOL.md, *The deal*)."""

    commitment: str


@dataclass(frozen=True)
class Revealed:
    """The deal revealed at the end: its secret and the commitment it answers."""

    key: str
    salt: str
    commitment: str


_G, _R, _W, _E = (GRID_MARK[k] for k in (GATE, ROAD, WALL, EMPTY))


@lru_cache(maxsize=64)
def _grid(gates: int, roads: int, walls: int) -> tuple[str, ...]:
    """A sheet's rows as the grid's marks, ``Sheet.state``'s order (a gate before a road before a wall),
    from its bitboards; kept for the sheets last seen: every frame writes each seat's sheet twice, and
    a sheet changes once a turn."""
    rows = []
    for r in range(SIZE):
        shift = STRIDE * r
        g, ro, w = gates >> shift, roads >> shift, walls >> shift
        rows.append("".join(_G if g >> c & 1 else _R if ro >> c & 1 else _W if w >> c & 1 else _E
                            for c in range(SIZE)))
    return tuple(rows)


@dataclass(frozen=True)
class SheetData:
    """A sheet's bitboards (bit ``16 * r + c`` is cell (r, c); ``pawn`` is a bit index) and
    the same cells as 11 strings, one per row, for a reader's ease."""

    roads: int
    gates: int
    walls: int
    traced: int
    pawn: int
    pawn_cell: Cell
    grid: tuple[str, ...]

    @classmethod
    def of(cls, s: Sheet) -> SheetData:
        return cls(s.roads, s.gates, s.walls, s.traced, s.pawn, cell_of(s.pawn), _grid(s.gates, s.roads, s.walls))

    def value(self) -> Sheet:
        s = Sheet.__new__(Sheet)
        s.roads, s.gates, s.walls, s.traced, s.pawn = self.roads, self.gates, self.walls, self.traced, self.pawn
        return s


@dataclass(frozen=True)
class ScoreData:
    square1: int | None
    square2: int | None
    gems: int
    penalties: int
    escape_vp: int
    routes: int
    roads: int
    total: int

    @classmethod
    def of(cls, s: Score) -> ScoreData:
        return cls(s.square1, s.square2, s.gems, s.penalties, s.escape_vp, s.routes, s.roads, s.total)

    def value(self) -> Score:
        return Score(**{name: getattr(self, name) for name in _SCORE})


_SCORE = tuple(f.name for f in fields(Score))


@dataclass(frozen=True)
class EventData:
    kind: str
    seat: int | None
    letter: str | None
    detail: str | None


@dataclass(frozen=True)
class PublicSeat:
    name: str
    kind: str  # "human" or "ai:<level>"
    gems: int
    hand_size: int
    escaped: bool
    presence: str  # as in the lobby


@dataclass(frozen=True)
class PublicTable:
    """The public table (R12.2), who is still deciding, and the deal's commitment.
    Never the seed: nothing that computes a shuffle."""

    phase: str
    stage: int
    round: int
    deal: Commitment | None
    seats: tuple[PublicSeat, ...]
    line: tuple[str, ...]
    deck_size: int
    discard: tuple[str, ...]
    revealed: tuple[str, ...]
    resolved: frozenset[str]
    deciding: frozenset[int]
    thinking: tuple[int, ...]
    confirmed: tuple[int, ...]
    final: tuple[ScoreData, ...] | None
    winners: tuple[int, ...]

    @classmethod
    def of(cls, p: PublicView, confirmed: tuple[int, ...], presence: list[str],
           deal: Commitment | None = None) -> PublicTable:
        seats = tuple(PublicSeat(s.name, s.kind, s.gems, s.hand_size, s.escaped, presence[i])
                      for i, s in enumerate(p.seats))
        return cls(p.phase, p.stage, p.round, deal, seats, p.line, p.deck_size, p.discard, p.revealed, p.resolved,
                   p.acting, p.thinking, confirmed, tuple(ScoreData.of(s) for s in p.final) if p.final else None,
                   p.winners)

    def value(self) -> PublicView:
        final = tuple(s.value() for s in self.final) if self.final else None
        return PublicView(
            phase=self.phase, stage=self.stage, round=self.round,
            seats=tuple(SeatInfo(s.name, s.kind, s.gems, s.hand_size, s.escaped) for s in self.seats),
            line=self.line, deck_size=self.deck_size, discard=self.discard, revealed=self.revealed,
            resolved=self.resolved, acting=self.deciding, thinking=self.thinking, final=final, winners=self.winners)


@dataclass(frozen=True)
class Seen:
    """Everything a seat may know, in one object: what a computer brain is given."""

    seat: int
    n_seats: int
    phase: str
    stage: int
    round: int
    sheet: SheetData
    hand: tuple[int, ...]
    penalties: int
    dealt_explore: tuple[str, ...]
    dealt_objectives: tuple[int, ...]
    line: tuple[str, ...]
    deck_size: int
    discard: tuple[str, ...]
    revealed: tuple[str, ...]
    resolved: frozenset[str]
    gems: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    escaped_rounds: tuple[int | None, ...]
    objective_deck_size: int
    objective_discard_size: int
    announcements: tuple[tuple[EventData, ...], ...]
    square1: int | None

    @classmethod
    def of(cls, o: Observation) -> Seen:
        values = {name: getattr(o, name) for name in _SEEN}
        values["sheet"] = SheetData.of(o.sheet)
        values["announcements"] = tuple(map(_events, o.announcements))
        return cls(**values)

    def value(self) -> Observation:
        values: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        values["sheet"] = self.sheet.value()
        values["announcements"] = tuple(tuple(Event(e.kind, e.seat, e.letter, e.detail) for e in rnd)
                                        for rnd in self.announcements)
        return Observation(**values)


_SEEN = tuple(f.name for f in fields(Seen))


@lru_cache(maxsize=64)
def _events(round_: tuple[Event, ...]) -> tuple[EventData, ...]:
    """A round's announcements as the wire's values; kept, since every frame carries every round's."""
    return tuple(EventData(e.kind, e.seat, e.letter, e.detail) for e in round_)


@dataclass(frozen=True)
class Route:
    card: int
    from_: str
    to: str
    complete: bool


@dataclass(frozen=True)
class Piece:
    kind: str
    card: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class SetupDraft:
    """The seat's setup being built (its own, R12.1)."""

    kind: Literal["setup"]
    keep: tuple[int, ...]
    pieces: tuple[Piece, ...]
    complete: bool


@dataclass(frozen=True)
class Start:
    """Where the seat's step 1 began: with the observation's sheet it rebuilds the draft."""

    card: str
    stage: int
    hand: tuple[int, ...]
    penalties: int
    gems: int
    square1: int | None
    escape_vp: int
    escape_now: int


@dataclass(frozen=True)
class Extra:
    kind: str
    cell: Cell


@dataclass(frozen=True)
class TurnDraft:
    """The seat's step 1 so far; ``turn`` the record's turn JSON once complete."""

    kind: Literal["turn"]
    start: Start
    step: str
    action: str | None
    cells: tuple[Cell, ...]
    special: str | None
    discard: int | None
    extra: Extra | None
    path: tuple[Cell, ...]
    escape: bool
    complete: bool
    turn: Opaque | None


DraftData = SetupDraft | TurnDraft


def draft_of(draft: Draft | None) -> DraftData | None:
    """The seat's decision so far (its own, R12.1): a setup being built, or a step 1."""
    if isinstance(draft, SetupBuilder):
        return SetupDraft("setup", draft.keep, tuple(Piece(k, c, tuple(cells)) for k, c, cells in draft.pieces),
                          draft.can_confirm())
    if isinstance(draft, TurnBuilder):
        st, done = draft.start, draft.can_confirm()
        start = Start(st.card, st.stage, st.hand, st.penalties, st.gems, st.square1, st.escape_vp, st.escape_now)
        turn = record.turn_to_json(draft.turn()) if done else None
        return TurnDraft("turn", start, draft.step, draft.action, tuple(draft.cells), draft.special, draft.discard,
                         None if draft.extra is None else Extra(draft.extra[0], draft.extra[1]), tuple(draft.path),
                         draft.escape, done, Opaque(turn) if turn is not None else None)
    return None


def turn_start(obs: Observation, st: Start) -> TurnStart:
    return TurnStart(obs.sheet.copy(), st.card, st.stage, st.hand, st.penalties, st.gems, st.square1,
                     st.escape_vp, st.escape_now)


def draft_steps(draft: DraftData | dict) -> list[Intent]:
    """The gestures that make ``draft`` (or its JSON, as an autosave keeps it) on a fresh
    decision, each checked by the intent registry as a client's would be.  ProtocolError
    if it is not a draft, RuleError if a turn in it is malformed."""
    d = codec_for(DraftData).read(draft, "draft") if isinstance(draft, dict) else draft
    steps: list[tuple[str, dict]] = []
    if isinstance(d, SetupDraft):
        steps += [("toggle_keep", {"card": card}) for card in d.keep]
        steps += [("place_piece", {"kind": p.kind, "cells": plain_cells(p.cells), "card": p.card}) for p in d.pieces]
    elif d.turn is not None:
        steps.append(("take_decision", {"decision": {"turn": d.turn.json}}))
    elif d.action is not None:
        if d.action in ("A", "B"):
            kind = "road" if d.action == "A" else "wall"
            steps.append(("place_piece", {"kind": kind, "cells": plain_cells(d.cells)}))
        elif d.action == "C":
            steps.append(("place_c", {"cell": list(d.cells[0])}))
        else:
            steps.append(("take_none", {}))
        if d.special is not None:
            steps.append(("take_special", {"special": d.special, "discard": d.discard}))
    return [spec_of(name).parse(args) for name, args in steps]


def plain_cells(cells: tuple[Cell, ...]) -> list[list[int]]:
    return [list(c) for c in cells]


@dataclass(frozen=True)
class OwnView:
    """One seat's own side, for that seat's connection alone."""

    seat: int
    name: str
    step: str
    acting: bool
    sheet: SheetData
    hand: tuple[int, ...]
    penalties: int
    score: ScoreData | None
    routes: tuple[Route, ...]
    active: tuple[str, ...]
    resolved: tuple[str, ...]
    walled: tuple[str, ...]
    draft: DraftData | None
    drawn_cells: tuple[Cell, ...]
    can_undo: bool
    can_redo: bool
    observation: Seen

    @classmethod
    def of(cls, v: SeatView, can_undo: bool, can_redo: bool) -> OwnView:
        score = ScoreData.of(v.score) if v.score is not None else None
        return cls(v.seat, v.name, v.step, v.acting, SheetData.of(v.sheet), v.hand, v.penalties, score,
                   tuple(Route(c, a, b, done) for c, a, b, done in v.routes), v.active,
                   v.resolved, v.walled, draft_of(v.draft), tuple(sorted(v.drawn_cells)),
                   can_undo, can_redo, Seen.of(v.obs))


@dataclass(frozen=True)
class ExploreCard:
    letter: str
    shape: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class ObjectiveCard:
    id: int
    letters: tuple[str, ...]


@dataclass(frozen=True)
class GameData:
    """The game's data a client needs to draw and play (the welcome's ``game``): the
    grid, its exit and letters, every explore card's piece and every objective card."""

    size: int
    exit: Cell
    letters: dict[str, Cell]
    explore_cards: tuple[ExploreCard, ...]
    objective_cards: tuple[ObjectiveCard, ...]

    @classmethod
    def of(cls, c: Components) -> GameData:
        return cls(c.size, c.exit, dict(c.letters),
                   tuple(ExploreCard(e.letter, e.shape, tuple(e.cells)) for e in c.explore.values()),
                   tuple(ObjectiveCard(o.id, tuple(o.letters)) for o in c.objectives.values()))


def deal_json(deal: Commitment | Revealed | None) -> dict | None:
    """The deal as the rules' checks take it (``rules.deal``)."""
    return None if deal is None else plain(deal)
