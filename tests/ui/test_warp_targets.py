"""The warp special action on the sheet: its targets are the gates (R4.3)."""

from __future__ import annotations

import random

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.bitboard import bits
from ruin_qt.rules.observation import observe


def test_warp_shows_gate_targets_and_extends_reach(window, qtbot):
    """With the warp paid for, the scene marks every gate as a warp target.
    The warp's price and targets are the session's (tests/session/test_views_content.py)."""
    from ruin_qt.rules.bitboard import bit
    from ruin_qt.rules.game import Game

    m, scene = window.model, window.scene
    game = Game([("Aki", "human")], seed=1)
    game.submit_setup(0, random_setup(observe(game, 0), random.Random(1)))
    sheet = game.seats[0].sheet
    # Test fixture: two gates on this sheet's roads (as gems would make them, R8.3).
    road_cells = [(i >> 4, i & 15) for i in bits(sheet.roads)]
    g1, g2 = road_cells[0], road_cells[-1]
    sheet.gates |= bit(*g1) | bit(*g2)
    m.resume(game)
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    i = next(bits(sheet.c_cells(sheet.filled)))
    assert m.place_c((i >> 4, i & 15))
    assert not any(item.warp_target for item in scene.cells.values())
    card = m.view().hand[0]
    shown = window.player_panel.hand.count()
    assert m.take_special("warp", card)
    assert {c for c, item in scene.cells.items() if item.warp_target} == {g1, g2}
    assert {c for c, item in scene.cells.items() if item.reach is not None} == set(m.view().turn.reach())
    m.undo_stack.undo()
    assert not any(item.warp_target for item in scene.cells.values())
    assert window.player_panel.hand.count() == shown  # the card is back in the hand shown
