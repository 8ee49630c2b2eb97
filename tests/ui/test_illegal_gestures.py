"""Illegal gestures through the view leave the state unchanged and say why."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.bitboard import SIZE
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.observation import observe
from ruin_qt.rules.pieces import card_orientations

from . import driver


def start_solo(window, qtbot, seed):
    m = window.model
    window.start_game([("Aki", "human")], seed=seed)
    choice = random_setup(observe(m.session.game, 0), random.Random(seed))
    m.take_decision(choice)
    m.confirm()
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)


def refusals(m, kind):
    """rule -> cells of one placement the rules refuse for that reason."""
    sheet = m.session.game.seats[0].sheet
    card = m.public().active_card
    out = {}
    for o in card_orientations(card):
        h = max(r for r, _ in o.cells) + 1
        w = max(c for _, c in o.cells) + 1
        for r0 in range(SIZE - h + 1):
            for c0 in range(SIZE - w + 1):
                cells = [(r0 + r, c0 + c) for r, c in o.cells]
                try:
                    sheet.check_placement(card, kind, cells, sheet.filled)
                except RuleError as e:
                    out.setdefault(e.rule, cells)
    return out


def snapshot(m):
    v = m.view()
    return (v.sheet.state_key(), v.drawn_cells, m.undo_stack.index(), m.step(), v.penalties)


@pytest.mark.parametrize("rule, kind, words", [
    ("R3.1", "road", "already filled"),  # overlap
    ("R3.4", "road", "2x2"),  # 2x2 roads
    ("R3.2", "wall", "touches no cell"),  # not touching
])
def test_illegal_placement_is_refused_with_reason(window, qtbot, rule, kind, words):
    m, view, scene = window.model, window.view, window.scene
    for seed in range(1, 80):
        start_solo(window, qtbot, seed)
        cells = refusals(m, kind).get(rule)
        if cells:
            break
    else:
        pytest.fail(f"no seed shows a {rule} refusal")
    before = snapshot(m)
    driver.set_kind(view, scene, kind)
    driver.hover(view, driver.anchor_cursor(cells))
    driver.shape_to(view, scene, cells)
    driver.hover(view, driver.anchor_cursor(cells))
    assert sorted(scene.ghost.cells) == sorted(cells)
    assert not scene.ghost.legal  # drawn red
    status = window.statusBar().currentMessage()
    assert status.startswith("Not allowed:") and words in status, status
    assert rule in window.statusBar().toolTip()  # the rule for the rules-curious, not in the sentence
    driver.click(view, driver.anchor_cursor(cells))
    assert snapshot(m) == before
    assert window.statusBar().currentMessage().startswith("Not allowed:")


def test_moving_before_drawing_and_unreachable_cells_are_refused(window, qtbot):
    m, view = window.model, window.view
    start_solo(window, qtbot, 5)
    before = snapshot(m)
    window.scene.set_c_mode(False)
    # Confirming without a draw is refused with R4.2.
    driver.key(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert snapshot(m) == before
    assert window.statusBar().currentMessage().startswith("Not allowed:")
    assert "R4.2" in window.statusBar().toolTip()
