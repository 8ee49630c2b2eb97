"""The card line and the browser of line, discard pile and deck."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.session.intents import Confirm, TakeDecision


def test_line_shows_active_card_and_deck_count(window, qtbot):
    m = window.model
    window.start_game([("Aki", "human")], seed=6)
    faces = window.card_line.faces
    assert [f.letter for f in faces] == m.session.game.line
    assert faces[0].active and not faces[1].active
    assert str(len(m.session.game.deck)) in window.card_line.deck_label.text()
    assert m.session.game.line[0] in window.card_line.active_label.text()


def test_browser_steps_through_line_discard_and_deck(window, qtbot):
    m = window.model
    window.start_game([("Aki", "human")], seed=6)
    qtbot.mouseClick(window.card_line.browse, Qt.MouseButton.LeftButton)
    b = window.browser
    assert b is not None and b.isVisible()
    # During the setup only the deck's size is public (see tests/ui/test_side_doors.py).
    assert [lw.count() for lw in b.lists] == [3, 0, 0] and "(17)" in b.tabs.tabText(2)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(6))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.public().phase == "play")
    counts = [lw.count() for lw in b.lists]
    assert counts == [len(m.session.game.line), len(m.session.game.discard), len(m.session.game.deck)]
    assert sum(counts) == 24  # the four setup cards lie face up in the discard pile (R5.5)
    deck = b.lists[2]
    b.tabs.setCurrentIndex(2)
    deck.setFocus()
    deck.setCurrentRow(0)
    QTest.keyClick(deck, Qt.Key.Key_Right)
    assert deck.currentRow() == 1
    # The deck is listed in alphabetical order, never in its hidden order.
    labels = [deck.item(i).text()[0] for i in range(deck.count())]
    assert labels == sorted(labels)
    b.close()
