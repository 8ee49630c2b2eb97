"""Illegal gestures through the view: the window shows the session's refusal
(the ghost drawn red, the reason in the status bar, the rule in its tooltip)
and its click changes nothing.  Which placements are refused, for which rule
and code, and that a refusal leaves the draft as it was: the session's,
tests/session/test_gestures.py; each refusal's status-bar sentence:
tests/ui/common/test_refusal_texts.py."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.observation import observe
from ruin_qt.session.intents import Confirm, TakeDecision

from ...session.test_gestures import refusals as session_refusals
from .. import driver


def start_solo(window, qtbot, seed):
    m = window.model
    window.start_game([("Aki", "human")], seed=seed)
    choice = random_setup(observe(m.session.game, 0), random.Random(seed))
    m.act(TakeDecision(choice))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)


def refusals(m, kind):
    """rule -> cells of one placement the seat's view refuses for that reason."""
    return {rule: cells for rule, (cells, _why) in session_refusals(m.session, kind).items()}


def snapshot(m):
    v = m.view()
    return (v.sheet.state_key(), v.drawn_cells, m.undo_stack.index(), m.step(), v.penalties)


# One refusal shows the window's part; every rule's refusal is the session's
# (tests/session/test_gestures.py) and every code's sentence the texts'
# (tests/ui/common/test_refusal_texts.py), which the status bar shows through the
# same two calls (texts.not_allowed, texts.rule_tip).
@pytest.mark.parametrize("rule, kind, words", [
    ("R3.1", "road", "already filled"),  # overlap
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
