"""What the rules answer a view asks about a decision in progress: the score
preview with a chosen escape (R11.3) and why a route can never be completed
(R11.4).  Moved from tests/ui/windows/test_table_feel.py, where the rule, not the
window, was the subject; the sentence a view makes of a blocked route stays
there."""

from __future__ import annotations

from ruin_qt.rules.bitboard import bit
from ruin_qt.rules.components import load_components
from ruin_qt.rules.routes import route_plan
from ruin_qt.rules.sheet import Sheet
from ruin_qt.rules.turn_builder import TurnBuilder, TurnStart


def test_R11_3_a_chosen_escape_counts_in_the_preview():
    """Solo, escaping scores 30 instead of -20."""
    start = TurnStart(Sheet(), "A", 2, (), escape_vp=-20, escape_now=30)  # stage 2, the pawn on the exit
    stay = TurnBuilder(start).draw_nothing()
    assert stay.score().escape_vp == -20
    assert stay.set_escape(True).score().escape_vp == 30


def test_R11_4_a_route_whose_letter_is_walled_can_never_be_completed():
    """The plan says which letter is walled in."""
    comps = load_components()
    card = 1
    _a, b = comps.objectives[card].letters
    sheet = Sheet()
    sheet.walls |= bit(*comps.letters[b])
    plan = route_plan(sheet, card)
    assert plan.blocked == "walled" and plan.blocked_letter == b and plan.gap is None
