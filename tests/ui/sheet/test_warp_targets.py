"""The warp special action on the sheet: its targets are the gates (R4.3)."""

from __future__ import annotations

from ruin_qt.rules.bitboard import bits
from ruin_qt.session.intents import PlaceC, TakeSpecial
from ruin_qt.ui.table.player_panel import PlayerPanel

from ...rules.helpers import game_with_two_gates


def test_warp_shows_gate_targets_and_extends_reach(sheet_table, qtbot):
    """With the warp paid for, the scene marks every gate as a warp target.
    The warp's price and targets are the session's (tests/session/test_views_content.py)."""
    m, scene = sheet_table.model, sheet_table.scene
    panel = PlayerPanel(m)  # the hand the card is paid from, as the side column shows it
    qtbot.addWidget(panel)
    game, g1, g2 = game_with_two_gates()
    sheet = game.seats[0].sheet
    m.resume(game)
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    i = next(bits(sheet.c_cells(sheet.filled)))
    assert m.act(PlaceC((i >> 4, i & 15)))
    assert not any(item.warp_target for item in scene.cells.values())
    card = m.view().hand[0]
    shown = panel.hand.count()
    assert shown == len(m.view().hand)  # the panel shows this seat's hand
    assert m.act(TakeSpecial("warp", card))
    assert {c for c, item in scene.cells.items() if item.warp_target} == {g1, g2}
    assert {c for c, item in scene.cells.items() if item.reach is not None} == set(m.view().turn.reach())
    m.undo_stack.undo()
    assert not any(item.warp_target for item in scene.cells.values())
    assert panel.hand.count() == shown  # the card is back in the hand shown
