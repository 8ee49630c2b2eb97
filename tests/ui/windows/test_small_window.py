"""A 960×700 window, in English, in Japanese and after switching back and
forth: the seats table shows every column whole with no sideways scrolling and
each seat's name on one line, and every tutorial lesson stays in view with
what it points at (the objective list was below the fold)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, QRect

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.table.tutorial import STEPS

from ..table.test_tutorial_lessons import begin, in_view
from .test_layout import problems

SMALL = (960, 700)
SEATS = [("Aki", "human"), ("Player 2", "ai:random"), ("Player 3", "ai:random"), ("Player 4", "ai:random")]


def switch(qtbot, lang: str) -> None:
    from ruin_qt.app import i18n

    i18n.install_language(lang)
    qtbot.wait(5)  # Qt posts the change to the windows; they lay out again


def settled(window, qtbot) -> None:
    """Laid out again (new words, a new game): the splitter has given the side panel the width it asks."""
    side = window.side_panel
    qtbot.waitUntil(lambda: side.width() >= side.minimumSizeHint().width(), timeout=3000)
    qtbot.wait(5)


@pytest.mark.parametrize("langs", [("en",), ("ja",), ("en", "ja", "en"), ("ja", "en", "ja")],
                         ids=lambda langs: "-".join(langs))
def test_the_seats_table_fits_a_small_window_in_every_language(window, qtbot, langs):
    m = window.model
    window.resize(*SMALL)
    try:
        switch(qtbot, langs[0])
        window.start_game(SEATS, seed=11)
        m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
        m.act(Confirm())
        qtbot.waitUntil(lambda: m.step() == "draw", timeout=10000)
        for lang in langs[1:]:
            switch(qtbot, lang)
        window.public_tabs.setCurrentIndex(1)
        settled(window, qtbot)
        table, header = window.seats_table, window.seats_table.horizontalHeader()
        assert table.rowCount() == 4
        assert table.horizontalScrollBar().maximum() == 0 and not table.horizontalScrollBar().isVisible()
        assert header.length() <= table.viewport().width()
        metrics = table.fontMetrics()
        for col in range(4):
            words = [table.item(row, col).text() for row in range(4)]
            needed = max(metrics.horizontalAdvance(w) for w in words) + 6
            assert header.sectionSize(col) >= needed, (col, words, header.sectionSize(col))  # whole, not elided
        for row in range(4):
            assert table.rowHeight(row) < 2 * metrics.height()  # one line: no name wraps
        assert window.side_panel.widget().width() <= window.side_panel.viewport().width()
        assert not problems(window), problems(window)
    finally:
        switch(qtbot, "en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_lesson_and_what_it_points_at_are_in_view_in_a_small_window(window, qtbot, lang):
    m = window.model
    window.resize(*SMALL)
    try:
        switch(qtbot, lang)
        host, t, panel = begin(window, qtbot)
        m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
        m.act(Confirm())
        qtbot.waitUntil(lambda: m.step() == "draw", timeout=10000)
        for i, step in enumerate(STEPS):
            t.go_to(i)
            settled(window, qtbot)
            lesson = QRect(panel.mapTo(window, QPoint(0, 0)), panel.size())
            assert window.rect().contains(lesson), step.key
            target = host.target(step.target)
            assert in_view(window, target), step.key
            if target is not None and target.isVisible():
                outline = host.highlight.geometry()
                assert host.highlight.isVisible() and outline.intersects(
                    QRect(target.mapTo(window, QPoint(0, 0)), target.size())), step.key
        assert window.side_panel.widget().width() <= window.side_panel.viewport().width()
    finally:
        switch(qtbot, "en")
