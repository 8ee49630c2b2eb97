"""Pass-and-play as any program on the accessibility bus meets it: while the
hand-off cover is up, nothing of any seat's sheet is in the accessible tree
(the piece button, the map, the hand, the tracks; names, descriptions and
values; showing or hidden), and after the next seat takes the sheet nothing of
the previous seat's is left there.  The tree is walked in process through
Qt's own accessible interfaces, which are what the AT-SPI bridge serves."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QLabel

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules.components import load_components
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.common import texts
from ruin_qt.ui.common.atspi_listeners import Listeners
from tests.ui import driver

CELL_WORDS = re.compile(r"row \d+, column \d+|rows? \d+ to|columns? \d+ to|Row \d+\.|Column \d+\.")
TRACKS = re.compile(r"track: \d")  # a seat's gem and penalty counts, as the tracks are named
KINDS = (QAccessible.Text.Name, QAccessible.Text.Description, QAccessible.Text.Value)


def tree_texts(widget) -> list[str]:
    """Every name, description and value below ``widget``'s accessible object, hidden ones too."""
    out: list[str] = []
    stack = [QAccessible.queryAccessibleInterface(widget)]
    while stack:
        iface = stack.pop()
        if iface is None or not iface.isValid():
            continue
        out += [t for kind in KINDS if (t := iface.text(kind))]
        value = iface.valueInterface()
        if value is not None and value.currentValue() is not None:
            out.append(str(value.currentValue()))
        stack += [iface.child(i) for i in range(iface.childCount())]
    return out


def widget_texts(window) -> list[str]:
    """What every label and button keeps as its text, hidden ones too (the next reader of .text())."""
    return [w.text() for cls in (QLabel, QAbstractButton) for w in window.findChildren(cls) if w.text()]


def private_labels(m, seat: int) -> set[str]:
    """The objective cards a seat holds or was dealt: its hand, as the table names them."""
    s = m.session.game.seats[seat]
    cards = set(s.hand) | set(s.dealt_objectives)
    return {texts.objective_label(*load_components().objectives[c].letters) for c in cards}


def leaks(window, seats) -> list[str]:
    m = window.model
    secret = set().union(*(private_labels(m, s) for s in seats))
    found = []
    for text in tree_texts(window) + widget_texts(window):
        if CELL_WORDS.search(text) or TRACKS.search(text) or any(label in text for label in secret):
            found.append(text)
    return found


@pytest.fixture
def older_reader(window):
    """A screen reader that does not listen for announcement events (Orca 43): the table's words
    also go to status-bar notifications, which are on the bus too."""
    QAccessible.setActive(True)
    window.speaker.listeners = lambda: Listeners(any=True, announcements=False)
    yield
    QAccessible.setActive(False)


def test_every_hand_off_leaves_nothing_of_any_sheet_on_the_bus(window, qtbot, older_reader):
    m = window.model
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=12)
    rng = random.Random(12)
    handoffs = 0
    hinted = False
    for _ in range(8):  # both setups and three rounds
        qtbot.waitUntil(lambda: m.step() == "handoff", timeout=5000)
        assert window.cover.isVisible()
        handoffs += 1
        found = leaks(window, (0, 1))
        assert not found, f"hand-off {handoffs}: {found[:6]}"
        previous = 1 - m.screen.actor if handoffs > 1 else None
        m.accept_handoff()
        v = m.view()
        if previous is not None:
            mine = private_labels(m, v.seat)
            left = [t for t in tree_texts(window) + widget_texts(window)
                    if any(label in t for label in private_labels(m, previous) - mine)]
            assert not left, f"the previous seat's cards after hand-off {handoffs}: {left[:6]}"
        if not hinted:  # a hint holds the seat's own cards: it must not outlive the decision
            with qtbot.waitSignal(m.hint_changed, timeout=60000):
                window.turn_panel.hint_button.click()
            assert window.turn_panel.hint_label.text().startswith("Hint:")
            hinted = True
        window.view.setFocus()
        for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_L):  # the piece in hand moved by keys
            driver.key(window.view, key)
        qtbot.waitUntil(lambda: any(CELL_WORDS.search(t) for t in window.speaker.notes()), timeout=2000)
        if v.step == "setup":
            m.act(TakeDecision(random_setup(v.obs, rng)))
        else:
            m.act(TakeDecision(random_turn(v.obs, rng)))
        assert m.act(Confirm())
        qtbot.wait(1)
        if m.public().phase == "over":
            break
    assert handoffs >= 6
