"""A whole solo game with the keyboard alone -- the setup's
objective cards and pieces, every round's piece, the adventurer's walk, the
confirmation and the final sheet -- every key sent to what has the focus.
The keys of each round are counted (the closing note gives the median), with
the arrows alone and with J's jump to a cell by its coordinates."""

from __future__ import annotations

import random
import statistics

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ruin_qt.ai.random_policy import random_setup
from tests.ui.access.keyboard import CTRL, Keys

TURN_KEYS: list[int] = []  # per round, for the closing note's figure (printed with -s)


def setup_by_keys(keys: Keys, window, rng) -> None:
    m, panel = window.model, window.turn_panel
    v = m.view()
    choice = random_setup(v.obs, rng)
    for box in panel.keep_boxes:
        if box.property("card") in choice.keep:
            keys.tab_to(box)
            keys.press(Qt.Key.Key_Space)
    assert set(m.view().setup.keep) == set(choice.keep)
    for kind, pieces in (("road", choice.roads), ("wall", choice.walls)):
        for card, cells in pieces:
            if window.scene.setup_card != card:
                button = next(b for b in panel.card_buttons if b.property("card") == card)
                keys.tab_to(button)
                keys.press(Qt.Key.Key_Space)
                assert window.scene.setup_card == card
            keys.to_sheet()
            assert m.view().setup.next_kind() == kind
            keys.piece_to(cells)
    keys.press(Qt.Key.Key_Return, CTRL)  # confirm


def turn_by_keys(keys: Keys, window) -> None:
    m, scene = window.model, window.scene
    turn = m.view().turn
    roads, walls = turn.legal_placements("road"), turn.legal_placements("wall")
    if roads or walls:
        kind, placement = ("road", roads[len(roads) // 2]) if roads else ("wall", walls[len(walls) // 2])
        if scene.kind != kind:
            keys.press(Qt.Key.Key_Space)
        keys.piece_to(placement.cells)
    elif turn.can_draw_nothing():
        keys.press(Qt.Key.Key_N)
    else:
        keys.press(Qt.Key.Key_C)  # action C: one wall
        cell = next(c for c in ((r, k) for r in range(11) for k in range(11)) if turn.check_cell(c, "wall") is None)
        keys.cursor_to(cell)
        keys.press(Qt.Key.Key_Return)
    assert m.step() == "move", m.step()
    reach = m.view().turn.reach()
    far = max((c for c, steps in reach.items() if steps), key=lambda c: reach[c], default=None)
    if far is not None:  # the adventurer walks as far as the card lets it
        keys.cursor_to(far)
        keys.press(Qt.Key.Key_Return)
        assert m.view().sheet.pawn_cell == far
    keys.press(Qt.Key.Key_Return, CTRL)  # confirm


@pytest.mark.parametrize("jumps", [False, True], ids=["arrows", "jumps"])
def test_a_whole_solo_game_by_keyboard_alone(window, qtbot, jumps):
    """``jumps``: J takes the cursor across the sheet where that is fewer keys than the arrows."""
    TURN_KEYS.clear()
    m = window.model
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    keys = Keys(window, qtbot, jumps)
    window.start_game([("Aki", "human")], seed=8)
    keys.to_sheet()
    setup_by_keys(keys, window, random.Random(8))
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    rounds = 0
    while m.public().phase != "over":
        before = keys.count
        if not window.view.hasFocus():
            keys.to_sheet()
        turn_by_keys(keys, window)
        TURN_KEYS.append(keys.count - before)
        rounds += 1
        qtbot.waitUntil(lambda: m.step() == "draw" or m.public().phase == "over", timeout=5000)
    assert rounds >= 10
    qtbot.waitUntil(lambda: window.scoreboard is not None and window.scoreboard.isVisible(), timeout=5000)
    board = window.scoreboard
    board.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is board, timeout=3000)
    keys.tab_to(board.review_button)  # the final sheet, then the review, by keys
    keys.press(Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: any(type(t).__name__ == "ReviewWindow" and t.isVisible()
                                for t in QApplication.topLevelWidgets()), timeout=5000)
    review = next(t for t in QApplication.topLevelWidgets() if type(t).__name__ == "ReviewWindow")
    review.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is review, timeout=3000)
    keys.press(Qt.Key.Key_Escape)
    assert not review.isVisible()
    how = "with J" if jumps else "arrows only"
    print(f"\nkeys per round ({how}): median {statistics.median(TURN_KEYS)}, {min(TURN_KEYS)}-{max(TURN_KEYS)}, "
          f"{rounds} rounds")
