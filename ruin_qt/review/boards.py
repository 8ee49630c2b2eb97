"""What the review window draws for one decision (no Qt): the seat's sheet
after the decision played and after the Expert's, the cells each drew and
the pawn's walk, on the table's letters of that moment.

``Boards(record, seat).step(decision_review)``: the record is replayed once
(``rules.record``) and each decision is applied to the seat's sheet of the
round it was made in by the rules' own ``TurnBuilder`` (a setup: its pieces
on a blank sheet).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.bitboard import Cell, mask_of
from ..rules.record import Snapshot, replay_snapshots
from ..rules.sheet import Sheet
from ..rules.turn import SetupChoice, Turn
from ..rules.turn_builder import TurnBuilder, TurnStart
from .result import DecisionReview


@dataclass(frozen=True)
class Board:
    """One decision drawn: ``sheet`` None when the record cannot place it."""

    sheet: Sheet | None
    drawn: frozenset[Cell] = frozenset()
    walk: tuple[Cell, ...] = ()  # its start first; empty when the pawn stayed


@dataclass(frozen=True)
class ReviewStep:
    played: Board
    suggested: Board
    revealed: tuple[str, ...]  # the table's letters when the decision was made
    resolved: frozenset[str]


def board_after(snap: Snapshot | None, seat: int, decision: SetupChoice | Turn) -> Board:
    """The seat's sheet after ``decision`` from the table state ``snap``
    (None: before setup), the cells it drew, and the walk."""
    if snap is None:  # setup: the pieces on a blank sheet
        if not isinstance(decision, SetupChoice):
            return Board(None)
        sheet = Sheet()
        drawn: set[Cell] = set()
        for kind, pieces in (("road", decision.roads), ("wall", decision.walls)):
            for _card, cells in pieces:
                sheet.draw(kind, mask_of(cells))
                drawn |= {(int(r), int(c)) for r, c in cells}
        return Board(sheet, frozenset(drawn))
    if not isinstance(decision, Turn):
        return Board(None)
    start = TurnStart(snap.sheets[seat], snap.line[0], snap.stage, snap.hands[seat])
    built = TurnBuilder(start).replay(decision)
    walk = (start.sheet.pawn_cell, *((int(r), int(c)) for r, c in decision.path)) if decision.path else ()
    return Board(built.preview_sheet(), frozenset(built.drawn_cells()), walk)


class Boards:
    def __init__(self, record: Any, seat: int):
        self.seat = seat
        self.snapshots, _error = replay_snapshots(record)  # the rounds before any break still draw

    def step(self, d: DecisionReview) -> ReviewStep:
        snaps = self.snapshots
        snap = snaps[d.round - 1] if 0 < d.round <= len(snaps) else None
        public = snaps[max(d.round - 1, 0)] if snaps else None
        boards = []
        for decision in (d.played_decision(), d.suggested_decision()):
            try:
                boards.append(board_after(snap, self.seat, decision))
            except Exception:  # noqa: BLE001 - a decision that cannot be drawn is left blank
                boards.append(Board(None))
        revealed = public.revealed if public is not None else ()
        resolved = public.resolved if public is not None else frozenset()
        return ReviewStep(boards[0], boards[1], revealed, resolved)
