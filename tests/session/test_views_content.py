"""What a seat's view and the public view hold, decided at the session: the
warp's gates and price (R4.3), the cards in no one's sight (R5.5, R12).
The window's part (the gates marked on the sheet, the card browser's deck
list) is tests/ui/sheet/test_warp_targets.py and tests/ui/app/test_privacy_side_doors.py."""

from __future__ import annotations

import random

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.bitboard import bits
from ruin_qt.rules.components import load_components
from ruin_qt.rules.routes import route_plan
from ruin_qt.rules.scoring import ROUTE_VP
from ruin_qt.session.intents import Confirm, PlaceC, TakeDecision, TakeSpecial, Undo
from ruin_qt.session.table import TableSession

from ..rules.helpers import game_with_two_gates


def test_R4_3_the_paid_warp_costs_a_card_and_its_targets_are_the_gates():
    """Was checked through the window (test_warp_shows_gate_targets_and_extends_reach)."""
    game, g1, g2 = game_with_two_gates()
    sheet = game.seats[0].sheet
    s = TableSession()
    s.resume(game)
    s.begin()
    assert s.view(0).step == "draw"
    i = next(bits(sheet.c_cells(sheet.filled)))
    s.act(0, PlaceC((i >> 4, i & 15)))
    assert s.view(0).turn.warp_targets() == []  # no warp paid for
    card = s.view(0).hand[0]
    s.act(0, TakeSpecial("warp", card))
    v = s.view(0)
    assert card not in v.hand  # paid with the card (R4.3)
    assert set(v.turn.warp_targets()) == {g1, g2}
    assert v.turn.reach()  # the warp is part of the reach
    s.act(0, Undo())
    v = s.view(0)
    assert v.turn.warp_targets() == [] and card in v.hand


def test_R5_5_R12_the_unseen_cards_are_the_explore_cards_neither_in_the_line_nor_discarded():
    """What every seat may know of the deck.  Was checked through the card
    browser (test_r12_deck_list_during_setup_shows_only_the_deck_size)."""
    s = TableSession()
    s.new_game([("Aki", "human"), ("Bo", "human")], seed=987654321)
    rng = random.Random(1)
    for seat in (0, 1):
        s.act(seat, TakeDecision(random_setup(s.view(seat).obs, rng)))
        s.act(seat, Confirm())
    p = s.public()
    assert p.phase == "play"
    seen = set(p.line) | set(p.discard)
    assert p.unseen_cards() == sorted(set(load_components().explore) - seen)
    assert len(p.unseen_cards()) == p.deck_size


def test_R4_3_R11_4_a_seats_payments_for_a_special_action_come_cheapest_first():
    """The view offers the cards in hand as payments, the cheapest first: a
    completed route (its VP lost) only when every route is complete.  Was
    checked through the special action's dialog (test_table_feel item 4)."""
    s = TableSession()
    s.new_game([("Aki", "human")], seed=11)
    s.act(0, TakeDecision(random_setup(s.view(0).obs, random.Random(11))))
    s.act(0, Confirm())
    v = s.view(0)
    assert v.step == "draw" and v.payments
    plans = {card: route_plan(v.sheet, card) for card in v.hand}
    assert sorted(p.card for p in v.payments) == sorted(v.hand)
    chosen = plans[v.payments[0].card]
    assert not chosen.complete or all(p.complete for p in plans.values())
    assert all(p.vp_lost == (ROUTE_VP if plans[p.card].complete else 0) for p in v.payments)
