"""The tutorial's Next and "Skip this step": never on the same spot, a double
click moves on by one lesson, and a lesson is never passed over unseen (clicking
Next twice used to skip the next two lessons, and the walk's lesson then spoke
of shading that was not there)."""

from __future__ import annotations

import random

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest

from ruin_qt.ui.sheet.sheet_items import PawnItem
from ruin_qt.ui.table.tutorial import STEPS

from .. import driver
from ..app.test_solo_game import pick_draw, setup_through_view
from .test_tutorial_lessons import begin, each_lesson_state, index_of, key, suggested


def spot(button, window) -> QRect:
    return QRect(button.mapTo(window, QPoint(0, 0)), button.size())


def double_click(window, qtbot, button) -> None:
    """A player's double click on ``button``, through the window: each press lands on whatever lies there then."""
    qtbot.wait(1)  # laid out, as on screen
    centre = button.mapTo(window, button.rect().center())
    QTest.mouseDClick(window.windowHandle(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre)


def test_next_and_skip_are_never_on_the_same_spot(window, qtbot):
    host, t, panel = begin(window, qtbot)
    nexts, skips = [], []
    for _ in each_lesson_state(t, qtbot):
        assert panel.next_button.isVisible() != panel.skip_button.isVisible()
        (nexts if panel.next_button.isVisible() else skips).append(
            spot(panel.next_button if panel.next_button.isVisible() else panel.skip_button, window))
    assert nexts and skips
    assert not any(n.intersects(s) for n in nexts for s in skips)


def test_a_double_click_on_next_shows_the_next_lesson_and_skips_none(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    host, t, panel = begin(window, qtbot)
    shown = []
    t.step_changed.connect(lambda i: shown.append(key(t)))
    double_click(window, qtbot, panel.next_button)  # the welcome, read
    assert key(t) == "keep" and shown == ["keep"]
    setup_through_view(window, qtbot, 0, random.Random(1))
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    while key(t) != "line":  # setup lessons done before their turn: each read with Next
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    double_click(window, qtbot, panel.next_button)  # the line, read: the illegal placement's lesson comes up
    assert key(t) == "illegal" and not t.complete and panel.skip_button.isVisible()
    assert shown[-1] == "illegal" and t.skipped is None
    assert shown == [s.key for s in STEPS[1:index_of("illegal") + 1]]


def test_a_double_click_on_next_moves_on_one_lesson_when_the_next_one_is_read_too(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    host, t, panel = begin(window, qtbot)
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    suggested(window, qtbot)  # the whole setup at once: every setup lesson is done and waits for Next
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    before = t.index
    assert t.complete and STEPS[before + 1].key in ("other_pieces", "confirm_setup")  # the next one is done too
    double_click(window, qtbot, panel.next_button)
    assert t.index == before + 1 and t.complete and panel.next_button.isVisible()  # shown, not passed over


def test_a_skipped_lesson_is_named_and_the_walk_says_to_draw_first(window, qtbot, monkeypatch):
    from ruin_qt.app import i18n

    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    host, t, panel = begin(window, qtbot)
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    setup_through_view(window, qtbot, 0, random.Random(1))
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    t.go_to(index_of("draw_roads"))
    qtbot.mouseClick(panel.skip_button, Qt.MouseButton.LeftButton)
    assert key(t) == "move" and t.skipped == index_of("draw_roads")
    assert panel.done_label.text() == f"Step {index_of('draw_roads') + 1} skipped"
    # Nothing drawn yet: no shading on the sheet, and the lesson says what comes first.
    assert not any(cell.reach is not None for cell in window.scene.cells.values())
    assert panel.text.text().startswith("First draw the active card") and "shaded" in panel.text.text()
    assert panel.text.heightForWidth(panel.text.width()) <= panel.text.height()
    try:
        i18n.install_language("ja")
        qtbot.wait(1)  # Qt posts the change to the windows
        assert panel.done_label.text() == f"ステップ{index_of('draw_roads') + 1}を省略"
        assert panel.text.text().startswith("まず参照カードを記入")
    finally:
        i18n.install_language("en")
    kind, cells = pick_draw(m)
    driver.place_piece(window.view, window.scene, kind, cells)
    assert m.step() == "move" and panel.text.text() == panel.lesson("move")  # drawn: the shading is there now
    qtbot.mouseClick(panel.skip_button, Qt.MouseButton.LeftButton)
    assert t.skipped == index_of("move") and key(t) == "confirm"
