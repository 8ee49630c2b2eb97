"""The game's fixed facts a view draws, and the small types it is handed.

A view never asks the rules a question about a table: the table's state
comes in a ``SeatView`` or a ``PublicView`` (route plans, payments, the
tie-break, scores).  What is left is what holds for every table and every
moment -- the printed components, the VP a gem is worth, a
piece turned or mirrored, the seeds a record can hold, a seat kind's level --
and the types of the values a view is handed (an announcement, a sheet, a
turn of a hint or a replay, a deal's verdict).  They are named here, one
documented place, so that ``ui/`` imports nothing from ``rules/``
(tests/test_layers.py).
"""

from __future__ import annotations

from ..rules.bitboard import Cell
from ..rules.components import Components, load_components
from ..rules.deal import Verdict
from ..rules.destinations import WALLED_RULE, traced_destinations
from ..rules.game import Event
from ..rules.names import MAX_SEATS, NAME_LIMIT, looks_default, same_name, valid_name
from ..rules.pieces import mirrored as _mirrored
from ..rules.pieces import normalise as _normalise
from ..rules.pieces import turned as _turned
from ..rules.record import SEED_MAX, SEED_MIN, parse_seed
from ..rules.routes import Payment, RoutePlan
from ..rules.scoring import GEM_VP, Score, TieBreak
from ..rules.seat_kind import computer_level
from ..rules.sheet import Sheet
from ..rules.turn import SetupChoice, Turn

# What a view may read here, by name (``tests/session/test_facts.py`` holds ui/ to it): no rules
# module goes out whole, so a view reaches no rule machinery through this one.
__all__ = [
    # the printed components and a piece as the rules turn and mirror it
    "components", "piece", "turned", "mirrored", "Components", "Cell",
    # what a gem is worth; a destination struck out under a wall (its rule)
    "GEM_VP", "WALLED_RULE", "traced_destinations",
    # the names and seeds a New Game dialog checks; a seat kind's level
    "MAX_SEATS", "NAME_LIMIT", "looks_default", "same_name", "valid_name",
    "SEED_MAX", "SEED_MIN", "parse_seed", "level_of",
    # the types of the values a view is handed: an announcement, a sheet, a route plan and a payment,
    # a score and its tie-break, a hint's or a replay's decision, a deal's verdict
    "Event", "Sheet", "RoutePlan", "Payment", "Score", "TieBreak", "SetupChoice", "Turn", "Verdict",
]


def components() -> Components:
    """The printed components (R1): the sheet's letters and exit, the
    explore cards' pieces and steps, the objective cards' letters."""
    return load_components()


def turned(shape, quarters: int = 1) -> tuple[Cell, ...]:
    """A piece turned a quarter ``quarters`` times (negative: the other way),
    as the rules turn it (R2.2)."""
    return _turned(shape, quarters)


def mirrored(shape) -> tuple[Cell, ...]:
    """A piece's mirror image, as the rules mirror it (R2.2)."""
    return _mirrored(shape)


def piece(letter: str) -> tuple[Cell, ...]:
    """An explore card's piece as printed, normalised (its top-left at 0, 0)."""
    return _normalise(load_components().explore[letter].cells)


def level_of(kind: str) -> str | None:
    """A seat kind's computer level (``"ai:standard"`` -> ``"standard"``), None for a person."""
    return computer_level(kind)
