"""R1.4, R3.5, R8.2: a wall may cover an active destination's letter; on that
sheet it is then no destination any more (no step ends on a wall, R4.4), while
it stays active for the table."""

from __future__ import annotations

from ruin_qt.rules.bitboard import bit
from ruin_qt.rules.components import load_components
from ruin_qt.rules.destinations import WALLED_RULE, traced_destinations
from ruin_qt.rules.sheet import Sheet


def _sheet(traced, roads=(), walls=()):
    comps = load_components()
    s = Sheet()
    for L in traced:
        s.traced |= comps.letter_bit(L)
    for L in roads:
        s.roads |= bit(*comps.letters[L])
    for L in walls:
        s.walls |= bit(*comps.letters[L])
    return s


def test_r3_5_r8_2_a_walled_active_destination_is_walled_not_active():
    s = _sheet(traced="JKTF", roads="K", walls="JF")
    active, resolved, walled = traced_destinations(s, revealed=("T", "J", "K", "F", "A"), resolved={"F"})
    assert active == ("T", "K")  # T empty, K a road: still to walk to
    assert walled == ("J",)  # under a wall here: never collectable on this sheet
    assert resolved == ("F",)  # collected already (R8.3 walls it): resolved, not walled
    assert "A" not in active + resolved + walled  # revealed but never traced on this sheet (R8.1)
    assert WALLED_RULE == "R8.2"


def test_the_order_is_the_order_revealed():
    s = _sheet(traced="ABC", walls="CA")
    assert traced_destinations(s, ("C", "B", "A"), set()) == (("B",), (), ("C", "A"))
