"""Decisions a seat hands to the engine: its setup and each round's step 1."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bitboard import Cell


def action_penalties(action: str | None) -> int:
    """R4.2: action C, or drawing nothing, takes one penalty."""
    return 1 if action in ("C", "none") else 0


@dataclass(frozen=True)
class Turn:
    """One seat's step 1 (R4), in the order the rules run it."""

    action: str  # "A" roads, "B" walls, "C" one wall + penalty, "none"
    cells: tuple[Cell, ...] = ()  # A/B: the piece's cells; C: the one cell
    discard: int | None = None  # objective card paid for a special action
    extra: tuple[str, Cell] | None = None  # +1 cell: ("road"|"wall", cell)
    warp: bool = False
    path: tuple[Cell, ...] = ()  # every cell stepped onto, in order
    escape: bool = False

    @property
    def penalties(self) -> int:
        return action_penalties(self.action)

    @property
    def draw_kind(self) -> str | None:
        return {"A": "road", "B": "wall", "C": "wall"}.get(self.action)


@dataclass(frozen=True)
class SetupChoice:
    """R5.3-R5.4: the objective cards kept and the setup pieces, in order."""

    keep: tuple[int, ...]
    roads: tuple[tuple[str, tuple[Cell, ...]], ...]
    walls: tuple[tuple[str, tuple[Cell, ...]], ...] = field(default=())
