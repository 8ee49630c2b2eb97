"""The tutorial teaches every lesson.  Its box keeps one size
and its place above the scrolling side panel from step to step, and what a
lesson points at is scrolled into view; a lesson moves on only once its action is complete (not
at a red ghost under the pointer, not when a card is paid while the +1 cell is
still to draw); a lesson already done when it comes up (the suggested play
collected a gem in round 1) is shown and waits for Next, never skipped; its
words match what the sheet shows."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest

from ruin_qt.ui.sheet.sheet_items import PawnItem
from ruin_qt.ui.table.tutorial import STEPS

from .. import driver
from ..app.test_solo_game import pick_draw, setup_through_view
from ..sheet.test_illegal_gestures import refusals


def key(t) -> str:
    return t.current().key if not t.over else "over"


def index_of(name: str) -> int:
    return next(i for i, s in enumerate(STEPS) if s.key == name)


def each_lesson_state(t, qtbot):
    """Every lesson shown, first as it opens, then (where it has a task) with its task done: its index."""
    for i in range(len(STEPS)):
        for complete in (False, True):
            t.go_to(i)
            if complete and STEPS[i].done is not None:
                t.complete = True
                t.step_changed.emit(i)
            qtbot.wait(1)
            yield i


def begin(window, qtbot):
    host = window.tutorial_host
    qtbot.mouseClick(window.welcome.tutorial_button, Qt.MouseButton.LeftButton)
    return host, host.tutorial, host.panel


def suggested(window, qtbot) -> None:
    """Hint, then Use it, then Confirm: the Expert's whole decision, through the panel's buttons."""
    m, panel = window.model, window.turn_panel
    qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: m.hint is not None, timeout=60000)
    qtbot.mouseClick(panel.use_hint_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.confirm_button, Qt.MouseButton.LeftButton)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_box_keeps_its_size_at_every_step(window, qtbot, lang):
    from ruin_qt.app import i18n

    try:
        i18n.install_language(lang)
        host, t, panel = begin(window, qtbot)
        below = window.side_panel  # the column that scrolls under the lesson
        sizes, tops = set(), set()
        qtbot.wait(20)  # the table page has laid itself out once
        for i in each_lesson_state(t, qtbot):
            assert panel.isVisible()
            sizes.add(panel.height())
            tops.add(below.mapTo(window, below.rect().topLeft()).y())
            # The longest lesson fits its box: nothing is cut off.
            assert panel.text.heightForWidth(panel.text.width()) <= panel.text.height()
            assert in_view(window, host.target(STEPS[i].target)), STEPS[i].key
        assert len(sizes) == 1 and len(tops) == 1, (sizes, tops)
    finally:
        i18n.install_language("en")


def in_view(window, target) -> bool:
    """``target`` (None: nothing outlined) is wholly in view, or fills the view, if it is in the side panel."""
    area = window.side_panel
    if target is None or not target.isVisible() or not area.widget().isAncestorOf(target):
        return True
    viewport = area.viewport()
    rect = QRect(target.mapTo(viewport, QPoint(0, 0)), target.size())
    return viewport.rect().contains(rect) or (rect.height() >= viewport.height() and rect.intersects(viewport.rect()))


def test_the_lessons_speak_of_what_the_sheet_shows(window, qtbot):
    _host, _t, panel = begin(window, qtbot)
    words = " ".join(panel.lesson(s.key) for s in STEPS).lower()
    for wrong in ("dashed letter", "green", "turns red"):  # destinations are framed chips; reach is shaded
        assert wrong not in words
    assert "framed" in panel.lesson("gem") and "shaded" in panel.lesson("move")
    assert "crossed out" in panel.lesson("illegal")


def test_the_illegal_lesson_waits_for_a_click_then_for_next(window, qtbot, monkeypatch):

    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene = window.model, window.view, window.scene
    host, t, panel = begin(window, qtbot)
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    setup_through_view(window, qtbot, 0, random.Random(1))
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)  # the line: read
    assert key(t) == "illegal" and panel.skip_button.isVisible()
    _rule, cells = next(iter(refusals(m, "road").items()))
    driver.set_kind(view, scene, "road")
    driver.hover(view, driver.anchor_cursor(cells))
    driver.shape_to(view, scene, cells)
    driver.hover(view, driver.anchor_cursor(cells))
    assert not scene.ghost.legal
    assert key(t) == "illegal" and not t.complete  # a hover is no action: the lesson stays to be read
    driver.click(view, driver.anchor_cursor(cells))
    assert key(t) == "illegal" and t.complete  # refused with its reason: done, and it waits
    assert panel.next_button.isVisible() and not panel.skip_button.isVisible() and panel.done_label.text()
    assert window.statusBar().currentMessage()
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert key(t) == "draw_roads"


def test_the_special_lesson_moves_on_once_the_plus_one_cell_is_drawn(window, qtbot, monkeypatch):

    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene, turn_panel = window.model, window.view, window.scene, window.turn_panel
    host, t, panel = begin(window, qtbot)
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    setup_through_view(window, qtbot, 0, random.Random(1))
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    t.go_to(index_of("special"))
    kind, cells = pick_draw(m)
    driver.place_piece(view, scene, kind, cells)
    qtbot.mouseClick(turn_panel.extra_button, Qt.MouseButton.LeftButton)
    window.special_choice.dialog.accept()
    assert m.step() == "extra"
    assert key(t) == "special" and not t.complete  # paid, the cell still to draw: not done
    every = [(r, c) for r in range(11) for c in range(11)]
    driver.click(view, next(c for c in every if m.view().turn.check_cell(c, scene.kind) is None))
    assert key(t) == "stage2"


def test_a_gem_collected_in_round_1_by_the_suggested_play_still_shows_the_gem_lesson(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    host, t, panel = begin(window, qtbot)
    shown = []
    t.step_changed.connect(lambda i: shown.append(key(t)))
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    suggested(window, qtbot)  # the setup, as the Expert would: every setup lesson done at once
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    read_on(qtbot, t, panel, "illegal")  # each one shown with Next, none skipped
    qtbot.mouseClick(panel.skip_button, Qt.MouseButton.LeftButton)  # the illegal placement: skipped by hand
    assert key(t) == "draw_roads"
    suggested(window, qtbot)
    qtbot.waitUntil(lambda: m.public().round >= 1, timeout=5000)
    assert m.public().seats[0].gems >= 1  # this deal's suggested play collects a gem in round 1
    read_on(qtbot, t, panel, "gem")
    assert panel.isVisible() and t.complete and panel.next_button.isVisible()
    assert shown == [s.key for s in STEPS[1:index_of("gem") + 1]]  # one by one, none passed over


def read_on(qtbot, t, panel, until: str) -> None:
    """Next on every lesson up to ``until``: each is shown, done or to be read."""
    while key(t) != until:
        assert panel.isVisible() and panel.next_button.isVisible(), key(t)
        qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)


@pytest.mark.slow
def test_the_tutorial_completed_with_the_suggested_play_shows_every_lesson(window, qtbot, monkeypatch):
    """Hint ▸ Use it for every decision; the lessons on an illegal placement,
    action C and +1 cell are done by hand as they ask.  Every lesson comes up,
    in order, and each stays until the player acts on it."""
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene, turn_panel = window.model, window.view, window.scene, window.turn_panel
    hand = window.player_panel.hand
    host, t, panel = begin(window, qtbot)
    shown = [key(t)]
    t.step_changed.connect(lambda i: shown.append(key(t)) if key(t) != shown[-1] else None)
    every = [(r, c) for r in range(11) for c in range(11)]
    for _ in range(200):
        if t.over:
            break
        lesson = key(t)
        if panel.next_button.isVisible():
            qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
        elif lesson == "illegal":
            _rule, cells = next(iter(refusals(m, "road").items()))
            driver.set_kind(view, scene, "road")
            driver.hover(view, driver.anchor_cursor(cells))
            driver.shape_to(view, scene, cells)
            driver.click(view, driver.anchor_cursor(cells))
        elif lesson == "route":
            qtbot.waitUntil(lambda: hand.count() > 0)
            centre = hand.visualItemRect(hand.item(0)).center()
            QTest.mouseMove(hand.viewport(), centre + QPoint(2, 0))  # a move: the second event is seen
            QTest.mouseMove(hand.viewport(), centre)
            qtbot.waitUntil(lambda: t.complete, timeout=2000)
        elif lesson == "action_c" and m.step() == "draw":
            qtbot.mouseClick(turn_panel.c_button, Qt.MouseButton.LeftButton)
            driver.click(view, next(c for c in every if m.view().turn.check_cell(c) is None))
        elif lesson == "special" and m.step() == "draw" and m.view().hand:
            kind, cells = pick_draw(m)
            driver.place_piece(view, scene, kind, cells)
            qtbot.mouseClick(turn_panel.extra_button, Qt.MouseButton.LeftButton)
            window.special_choice.dialog.accept()
            driver.click(view, next(c for c in every if m.view().turn.check_cell(c, scene.kind) is None))
        elif m.public().phase == "over":
            qtbot.waitUntil(lambda: panel.next_button.isVisible(), timeout=3000)
        else:
            before = (m.public().round, m.step())
            if m.step() in ("move", "extra") and m.view().draft.can_confirm():
                qtbot.mouseClick(turn_panel.confirm_button, Qt.MouseButton.LeftButton)
            else:
                suggested(window, qtbot)
            qtbot.waitUntil(lambda before=before: (m.public().round, m.step()) != before or m.public().phase == "over",
                            timeout=60000)
    assert t.over and not panel.isVisible()
    assert shown[:-1] == [s.key for s in STEPS] and shown[-1] == "over"
