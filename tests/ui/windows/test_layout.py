"""At the sizes players use, in English and Japanese, in
setup, mid-turn with a hint shown and at the end of a game, every visible
label, button and score cell has room for its whole text and nothing lies
outside the window (the side panel may scroll as a whole, never cut a row)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QScrollArea, QWidget

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.sheet.sheet_items import PawnItem
from ruin_qt.ui.table.card_line import CARD_SHARE
from ruin_qt.ui.table.side_panel import MAX_PANEL

from .test_table_feel import start_solo

SIZES = [(1180, 780), (1280, 720), (1920, 1080)]


def rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())


def problems(window) -> list[str]:
    out = []
    frame = window.rect()
    scroll_areas = window.findChildren(QScrollArea)
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.window() is not window:
            continue
        name = f"{type(w).__name__} {w.objectName() or ''} {getattr(w, 'text', lambda: '')()!r}"[:90]
        area = next((a for a in scroll_areas if a.widget() is not None and a.widget().isAncestorOf(w)), None)
        if area is not None:  # inside a scrolling panel: within its width (scrolled sideways: its content's)
            sideways = area.horizontalScrollBar().maximum() > 0
            inside = area.widget() if sideways else area.viewport()
            r = rect_in(w, inside)
            if r.left() < -1 or r.right() > inside.width() + 1:
                out.append(f"{name}: sticks out of its panel {r} (panel {inside.width()} wide)")
        elif not frame.adjusted(-1, -1, 1, 1).contains(rect_in(w, window)):
            out.append(f"{name}: outside the window {rect_in(w, window)}")
        if isinstance(w, QLabel) and w.text():
            if w.wordWrap():
                if w.heightForWidth(w.width()) > w.height() + 2:
                    out.append(f"{name}: needs {w.heightForWidth(w.width())} px of height, has {w.height()}")
            elif w.sizeHint().width() > w.width() + 2:
                out.append(f"{name}: needs {w.sizeHint().width()} px, has {w.width()}")
        elif isinstance(w, QAbstractButton) and w.text():
            hint = w.sizeHint()
            if hint.width() > w.width() + 2 or hint.height() > w.height() + 2:
                out.append(f"{name}: needs {hint.width()}x{hint.height()}, has {w.width()}x{w.height()}")
        elif isinstance(w, QGroupBox) and w.title():
            if w.fontMetrics().horizontalAdvance(w.title()) + 16 > w.width():
                out.append(f"{name}: its title {w.title()!r} is cut")
    return out


def pump(qtbot, window):
    qtbot.wait(1)
    window.model.runner.wait_idle(50)
    qtbot.wait(1)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_item2_nothing_is_cut_at_real_sizes(window, qtbot, monkeypatch, lang, size):
    import ruin_qt.ai.expert as expert
    from ruin_qt.app import i18n

    monkeypatch.setattr(expert, "DEFAULT_BUDGET_S", 0.1)
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    try:
        i18n.install_language(lang)
        window.resize(*size)
        window.start_game([("Aki", "human")], seed=11)
        pump(qtbot, window)
        assert not problems(window), ("setup", problems(window))
        m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
        m.act(Confirm())
        with qtbot.waitSignal(m.hint_changed, timeout=30000):
            m.request_hint()
        pump(qtbot, window)
        assert window.turn_panel.hint_label.isVisible()
        assert not problems(window), ("mid-turn with a hint", problems(window))
        rng = random.Random(2)
        while m.public().phase != "over":
            qtbot.waitUntil(lambda: m.step() == "draw" or m.public().phase == "over", timeout=5000)
            if m.public().phase != "over":
                m.act(TakeDecision(random_turn(m.view().obs, rng)))
                m.act(Confirm())
        pump(qtbot, window)
        assert not problems(window), ("game over", problems(window))
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize("size", [(1180, 780), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_layouts_at_three_sizes(window, qtbot, size):
    start_solo(window, qtbot)
    window.resize(*size)
    for _ in range(3):
        pump(qtbot, window)
    page, side, tabs = window.game_page, window.side_panel, window.public_tabs
    viewport = side.viewport()
    # The score sheet and the log: their tabs in view without scrolling.
    bar = tabs.tabBar()
    top = bar.mapTo(viewport, QPoint(0, 0)).y()
    assert side.verticalScrollBar().value() == 0 and 0 <= top and top + bar.height() <= viewport.height()
    assert {tabs.tabText(i) for i in range(tabs.count())} >= {"Announcements", "Score sheet"}
    assert tabs.indexOf(window.player_panel.score_box) >= 0
    # The map takes all the height it can; the cards grow with the window's height, not the panel's width.
    assert window.view.height() >= page.height() - 2 and window.view.width() >= window.view.height()
    assert max(f.height() for f in window.card_line.faces) <= int(size[1] * CARD_SHARE) + 1
    # The panel is capped: a wide screen gives its room to the map's view.
    assert side.width() <= max(MAX_PANEL, side.minimumSizeHint().width())
