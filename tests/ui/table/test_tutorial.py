"""The guided first game can be completed by a player driving
the real window with mouse and keys, in English and Japanese, and it ends with
a valid game record."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from ruin_qt.ai.standard import StandardBrain
from ruin_qt.rules import record
from ruin_qt.ui.sheet.sheet_items import PawnItem
from ruin_qt.ui.table.tutorial import STEPS

from .. import driver
from ..app.test_solo_game import setup_through_view
from ..sheet.test_illegal_gestures import refusals


def step(t) -> str:
    return t.current().key if not t.over else "over"


def standard_turn(m, brain, rng):
    return brain.decide_turn(m.view().obs, rng)


def play_lesson(window, qtbot, lesson, turn):
    """One round through the view; the lessons on action C and +1 cell ask for those."""
    m, view, scene, panel = window.model, window.view, window.scene, window.turn_panel
    cells = [(r, c) for r in range(11) for c in range(11)]
    if lesson == "action_c":
        qtbot.mouseClick(panel.c_button, Qt.MouseButton.LeftButton)
        driver.click(view, next(c for c in cells if m.view().turn.check_cell(c) is None))
        driver.key(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    elif lesson == "special" and turn.action in ("A", "B") and turn.discard is None and m.view().hand:
        driver.place_piece(view, scene, "road" if turn.action == "A" else "wall", turn.cells)
        qtbot.mouseClick(panel.extra_button, Qt.MouseButton.LeftButton)
        window.special_choice.dialog.accept()  # the cheapest card, chosen for the player
        driver.click(view, next(c for c in cells if m.view().turn.check_cell(c, scene.kind) is None))
        driver.key(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    else:
        driver.take_turn(window, qtbot, turn)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tutorial_can_be_completed_through_the_window(window, qtbot, monkeypatch, lang):
    from ruin_qt.app import i18n

    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene = window.model, window.view, window.scene
    hand = window.player_panel.hand
    host = window.tutorial_host
    t, tpanel = host.tutorial, host.panel
    brain, rng = StandardBrain(), random.Random(1)
    try:
        i18n.install_language(lang)
        qtbot.mouseClick(window.welcome.tutorial_button, Qt.MouseButton.LeftButton)
        assert t.active and step(t) == "welcome" and tpanel.isVisible() and tpanel.next_button.isVisible()
        qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
        assert step(t) == "keep" and host.highlight.isVisible()
        setup_through_view(window, qtbot, 0, rng)  # keeps two cards, draws four pieces, confirms
        qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
        while step(t) != "line":  # a setup lesson done before its turn came is shown, then read on
            qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
        assert step(t) == "illegal"
        rule, cells = next(iter(refusals(m, "road").items()))
        driver.set_kind(view, scene, "road")
        driver.hover(view, driver.anchor_cursor(cells))
        driver.shape_to(view, scene, cells)
        driver.hover(view, driver.anchor_cursor(cells))
        assert not scene.ghost.legal and step(t) == "illegal"  # a hover is not the lesson's action
        driver.click(view, driver.anchor_cursor(cells))
        assert t.complete  # refused, its reason on the status bar: Next moves on
        qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
        assert step(t) == "draw_roads"
        for _ in range(120):  # the Standard player's choices, made through the view
            if step(t) in ("end", "over") or m.public().phase == "over":
                break
            if tpanel.next_button.isVisible():  # a lesson done already, shown to be read
                qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
                continue
            if step(t) == "route":
                qtbot.waitUntil(lambda: hand.count() > 0)
                centre = hand.visualItemRect(hand.item(0)).center()
                QTest.mouseMove(hand.viewport(), centre + QPoint(2, 0))
                QTest.mouseMove(hand.viewport(), centre)
                qtbot.waitUntil(lambda: t.complete, timeout=2000)
                qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
                assert step(t) == "action_c"
                continue
            qtbot.waitUntil(lambda: m.step() == "draw" or m.public().phase == "over", timeout=5000)
            if m.public().phase == "over":
                break
            play_lesson(window, qtbot, step(t), standard_turn(m, brain, rng))
        qtbot.waitUntil(lambda: step(t) == "end" or tpanel.next_button.isVisible(), timeout=5000)
        while step(t) != "end":
            qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
        assert m.public().phase == "over"
        qtbot.mouseClick(tpanel.next_button, Qt.MouseButton.LeftButton)
        assert t.over and not tpanel.isVisible()
        game = m.session.game
        assert record.summary(record.replay(record.to_record(game))) == record.summary(game)
        assert len(STEPS) == 17
    finally:
        i18n.install_language("en")
