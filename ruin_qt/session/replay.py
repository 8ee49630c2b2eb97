"""A game record stepped round by round, for the replay window (no Qt).

``Replay(record)`` holds every state of the record (``rules.record``'s
snapshots, setup first) and, per step, what a view draws: each seat's sheet
with the cells that round changed and the pawn's walk, the stage the round
was played in, the card it played, and the winners once the game is over
(R11.5, ``rules.scoring``).  A record that breaks a rule gives the steps
before the break and the error.  A pass-and-play game that is not over
shows only its public side (R12.2): ``public_only``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.bitboard import Cell, cells_of
from ..rules.errors import RuleError
from ..rules.record import Snapshot, replay_checked, replay_snapshots
from ..rules.scoring import winners
from ..rules.seat_kind import is_computer
from .table import TableSession


def hides_private_sides(rec: Any) -> bool:
    """A record with two or more human seats: its sheets, turns, hands and
    scores stay hidden until the game is over."""
    seats = rec.get("seats") if isinstance(rec, dict) else None
    kinds = [s.get("kind") for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []
    return sum(1 for k in kinds if isinstance(k, str) and not is_computer(k)) >= 2


def finished_table(rec: Any, ended: bool = False) -> TableSession:
    """A finished game's record as its table at the end, where every seat's
    final side may be viewed (R11.5 compares them all).  RuleError if the
    record does not replay, ValueError if its game is not over.  ``ended``:
    the table's host ended the game where its record stops (``Game.end_now``)."""
    game = replay_checked(rec)
    if ended:
        game.end_now()
    if not game.over:
        raise ValueError("the game in this record is not over")
    table = TableSession()
    table.resume(game)
    return table


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the state after a round (0: after the setup)."""

    snapshot: Snapshot
    stage_played: int  # the stage the round was played in (the snapshot may be in the next)
    card: str | None  # the round's active card; None for the setup
    fresh: tuple[frozenset[Cell], ...]  # per seat: the cells the round (or the setup) changed
    walks: tuple[tuple[Cell, ...], ...]  # per seat: the pawn's walk, its start first (empty: no move)
    winners: frozenset[int]  # R11.5, once the game is over


class Replay:
    def __init__(self, rec: Any):
        self.snapshots, error = replay_snapshots(rec)  # never raises: a broken record is an error
        if error is not None:
            # Its traceback reaches back into whoever made the replay: drop
            # it, or a window holding it lives on in a reference cycle.
            error = error.with_traceback(None)
            error.__context__ = error.__cause__ = None
        self.error: RuleError | None = error
        self.finished = bool(self.snapshots) and self.snapshots[-1].finished
        self.public_only = hides_private_sides(rec) and not self.finished
        self.steps = [self._step(i) for i in range(len(self.snapshots))]

    @property
    def names(self) -> tuple[str, ...]:
        return self.snapshots[0].names if self.snapshots else ()

    def __len__(self) -> int:
        return len(self.steps)

    def _step(self, i: int) -> ReplayStep:
        snap = self.snapshots[i]
        before = self.snapshots[i - 1] if i else None
        fresh, walks = [], []
        for seat, sheet in enumerate(snap.sheets):
            was = before.sheets[seat] if before is not None else None
            fresh.append(frozenset(cells_of(sheet.changed_since(was))))
            t = snap.turns[seat] if seat < len(snap.turns) else None
            walk: tuple[Cell, ...] = ()
            if was is not None and t is not None and t.path:
                walk = (was.pawn_cell, *((int(r), int(c)) for r, c in t.path))
            walks.append(walk)
        stage = snap.stage - 1 if any(ev.kind == "stage" for ev in snap.events) else snap.stage
        card = before.line[0] if before is not None and before.line else None
        win = frozenset(winners(list(snap.scores))) if snap.finished and snap.scores else frozenset()
        return ReplayStep(snap, stage, card, tuple(fresh), tuple(walks), win)
