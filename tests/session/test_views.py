""""Views draw, the session knows": a seat's view carries the
route plans (R11.4) and the special actions' payments (R4.3) as the rules
compute them, the public view carries the tie-break (R11.5), and a piece is
turned and mirrored one way, the rules' (R2.2)."""

from __future__ import annotations

import random

from ruin_qt.rules.components import load_components
from ruin_qt.rules.pieces import normalise, orientations_of
from ruin_qt.rules.routes import route_plan
from ruin_qt.rules.scoring import ROUTE_VP, tie_break
from ruin_qt.session import facts
from ruin_qt.session.intents import Confirm
from ruin_qt.session.table import TableSession
from ruin_qt.session.views import Changes

from .test_table import answer_computers, build

TABLE = [("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")]


def check_seat_view(v) -> int:
    """The view's plans and payments against the rules; the number of cards checked."""
    assert v.plans == tuple(route_plan(v.sheet, card) for card in v.hand)
    for card in v.hand:
        assert v.plan(card) == route_plan(v.sheet, card)
    assert v.plan(-1) is None
    pays = v.payments
    assert sorted(p.card for p in pays) == sorted(v.hand)  # every card in hand may pay, once
    for p in pays:
        assert p.plan == route_plan(v.sheet, p.card)
        assert p.vp_lost == (ROUTE_VP if p.plan.complete else 0)  # only a completed route costs VP
    # Cheapest first (R4.3): never completable, then the farthest from complete, a completed route last.
    rank = [(2, 0) if p.plan.complete else (0, 0) if p.plan.blocked else (1, -p.plan.gap) for p in pays]
    assert rank == sorted(rank)
    assert v.road_cells == {(r, c) for r in range(16) for c in range(16) if v.sheet.roads >> (r * 16 + c) & 1}
    return len(v.hand)


def test_R11_4_R4_3_R11_5_the_views_carry_what_the_rules_compute_through_a_whole_game():
    s = TableSession()
    rng = random.Random(11)
    ch = s.new_game(TABLE, seed=11)
    checked = blocked = complete = 0
    for _ in range(500):
        if s.game.over:
            break
        assert s.public().decision is None  # no tie-break before the end
        acting = sorted(s.may_act())
        for seat in acting:
            build(s, seat, rng)  # drafts drawn: the plans are the sheet's with the draft on it
            v = s.view(seat)
            checked += check_seat_view(v)
            blocked += sum(1 for p in v.plans if p.blocked)
            complete += sum(1 for p in v.plans if p.complete)
        for seat in acting:
            ch |= s.act(seat, Confirm())
        ch = answer_computers(s, s.thinking(), rng) if s.thinking() else Changes()
    assert s.game.over and checked > 20 and complete + blocked > 0
    for seat in range(3):
        check_seat_view(s.view(seat))
    pub = s.public()
    assert pub.decision == tie_break(pub.final)
    assert list(pub.decision.winners) == s.game.winners()


def test_R2_2_a_piece_turns_and_mirrors_one_way_the_rules():
    for letter, card in load_components().explore.items():
        shape = facts.piece(letter)
        assert shape == normalise(card.cells)
        assert facts.turned(shape, 4) == shape and facts.turned(shape, -1) == facts.turned(shape, 3)
        assert facts.turned(facts.turned(shape), -1) == shape
        assert facts.mirrored(facts.mirrored(shape)) == shape
        reachable = {facts.turned(s, q) for s in (shape, facts.mirrored(shape)) for q in range(4)}
        assert reachable == set(orientations_of(card.cells))  # what R and F reach is what the rules allow
    assert facts.turned([(0, 0), (0, 1), (0, 2)]) == ((0, 0), (1, 0), (2, 0))
    assert facts.mirrored([(0, 0), (1, 0), (1, 1)]) == ((0, 1), (1, 0), (1, 1))
