"""The game's fixed facts a view draws, and the small types it is handed.

A view never asks the rules a question about a table: the table's state
comes in a ``SeatView`` or a ``PublicView`` (route plans, payments, the
tie-break, scores).  What is left is what holds for every table and every
moment -- the printed components, the VP a gem and a route are worth, a
piece turned or mirrored, the seeds a record can hold, a seat kind's level --
and the types of the values a view is handed (an announcement, a sheet, a
turn of a hint or a replay, a deal's verdict).  They are named here, one
documented place, so that ``ui/`` imports nothing from ``rules/``
(tests/test_layers.py).
"""

from __future__ import annotations

from ..rules import pieces as _pieces
from ..rules.bitboard import Cell
from ..rules.components import Components, load_components
from ..rules.deal import Verdict
from ..rules.destinations import WALLED_RULE, traced_destinations
from ..rules.game import Event
from ..rules.names import MAX_SEATS, NAME_LIMIT, looks_default, same_name, valid_name
from ..rules.record import SEED_MAX, SEED_MIN, is_text, parse_seed
from ..rules.routes import Payment, RoutePlan
from ..rules.scoring import GEM_VP, ROUTE_VP, Score, TieBreak
from ..rules.seat_kind import computer_level
from ..rules.sheet import Sheet
from ..rules.turn import SetupChoice, Turn

__all__ = [
    "GEM_VP", "MAX_SEATS", "NAME_LIMIT", "ROUTE_VP", "SEED_MAX", "SEED_MIN", "Cell", "Components", "Event",
    "Payment", "RoutePlan", "Score",
    "SetupChoice", "Sheet", "TieBreak", "Turn", "Verdict", "WALLED_RULE", "components", "is_text", "level_of",
    "looks_default", "mirrored", "parse_seed", "piece", "same_name", "traced_destinations", "turned", "valid_name",
]


def components() -> Components:
    """The printed components (R1): the sheet's letters and exit, the
    explore cards' pieces and steps, the objective cards' letters."""
    return load_components()


def turned(shape, quarters: int = 1) -> tuple[Cell, ...]:
    """A piece turned a quarter ``quarters`` times (negative: the other way),
    as the rules turn it (R2.2)."""
    return _pieces.turned(shape, quarters)


def mirrored(shape) -> tuple[Cell, ...]:
    """A piece's mirror image, as the rules mirror it (R2.2)."""
    return _pieces.mirrored(shape)


def piece(letter: str) -> tuple[Cell, ...]:
    """An explore card's piece as printed, normalised (its top-left at 0, 0)."""
    return _pieces.normalise(load_components().explore[letter].cells)


def level_of(kind: str) -> str | None:
    """A seat kind's computer level (``"ai:standard"`` -> ``"standard"``), None for a person."""
    return computer_level(kind)
