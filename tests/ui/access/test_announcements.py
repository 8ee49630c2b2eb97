"""What the table says to a screen reader as it happens --
a computer seat's decision, a round's news, a refused gesture with its
reason (assertive), the hand-off, the end -- and, in pass-and-play, never a
word of another seat's private sheet.  (The same announcements reach a real
AT-SPI client in test_atspi_game.py.)"""

from __future__ import annotations

import random
import re

from PySide6.QtCore import Qt

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.sheet import sheet_words
from tests.ui import driver

CELL_WORDS = re.compile(r"row \d+, column \d+|rows? \d+ to|columns? \d+ to")


def listen(window) -> list[tuple[str, bool]]:
    heard: list[tuple[str, bool]] = []
    window.speaker.said.connect(lambda text, assertive: heard.append((text, assertive)))
    return heard


def test_a_computer_seats_decision_and_the_rounds_news_are_told(window, qtbot):
    m = window.model
    heard = listen(window)
    window.start_game([("Aki", "human"), ("Bo", "ai:random")], seed=5)
    assert heard[0] == ("A new game: Aki, Bo.", False)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(5))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=10000)
    said = [t for t, _ in heard]
    assert "Bo has decided." in said
    assert any(t.startswith("Setup is over.") and "Now: Stage 1, round 1." in t for t in said), said
    assert any(t.startswith("Aki, your turn.") and "Draw this round's piece." in t for t in said), said
    m.act(TakeDecision(random_turn(m.view().obs, random.Random(1))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.public().round >= 1 and m.step() == "draw", timeout=10000)
    assert any(t.startswith("Round 1 is over.") for t, _ in heard), heard
    assert not any(a for t, a in heard if "decided" in t or "is over" in t)  # news is polite


def test_a_refused_gesture_is_told_at_once_with_its_reason(window, qtbot):
    from tests.ui.dialogs.test_every_answer import start_solo

    m = start_solo(window, qtbot)
    heard = listen(window)
    assert not m.act(Confirm())  # nothing drawn yet
    text, assertive = heard[-1]
    assert assertive and text.startswith("Not allowed:")
    # The piece over the exit, which setup filled: the rules refuse it, and say why.
    window.view.setFocus()
    scene = window.scene
    exit_cell = scene.exit_cell
    driver.hover(window.view, exit_cell)
    driver.click(window.view, exit_cell)
    text, assertive = heard[-1]
    assert assertive and text.startswith("Not allowed:") and "filled" in text


def test_the_read_keys_say_the_sheet(window, qtbot):
    from tests.ui.dialogs.test_every_answer import start_solo

    m = start_solo(window, qtbot)
    heard = listen(window)
    window.view.setFocus()
    for key in (Qt.Key.Key_L, Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4):
        driver.key(window.view, key)
    where, row, column, line, piece = [t for t, a in heard if a]
    r, c = window.scene.cursor
    assert where.startswith(f"row {r + 1}, column {c + 1}: ") and "Adventurer at row" in where
    assert "round 1, stage 1" in where and "Draw this round's piece." in where
    assert row.startswith(f"Row {r + 1}.") and column.startswith(f"Column {c + 1}.")
    assert line.startswith(f"Active: card {m.public().active_card},") and "left in the deck" in line
    assert piece.startswith("Road piece at row") and ("fits" in piece or "Not allowed" in piece)
    # The row as a screen reader hears it matches the sheet, cell by cell.
    items = [window.scene.cells[(r, x)] for x in range(11)]
    assert row == sheet_words.line_of(items, "row", r, window.scene.pawn_cell())


def test_pass_and_play_never_tells_another_seats_sheet(window, qtbot):
    """Two players at one screen: nothing said between their turns (the news, the hand-off)
    holds a cell of anyone's sheet; the read keys say the viewing seat's own sheet only."""
    m = window.model
    heard = listen(window)
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=12)
    rng = random.Random(12)
    own: dict[int, set[str]] = {0: set(), 1: set()}
    for _ in range(8):  # both setups and three rounds, each seat reading its sheet
        if m.step() == "handoff":
            window.model.accept_handoff()
        v = m.view()
        window.view.setFocus()
        driver.key(window.view, Qt.Key.Key_1)
        read = heard[-1][0]
        assert read == sheet_words.read(window.scene, "row")
        own[v.seat].add(read)
        if v.step == "setup":
            m.act(TakeDecision(random_setup(v.obs, rng)))
        else:
            m.act(TakeDecision(random_turn(v.obs, rng)))
        m.act(Confirm())
        qtbot.wait(1)
    for text, assertive in heard:
        if CELL_WORDS.search(text):
            assert assertive and (text in own[0] or text in own[1]), text  # only a read key, by its own seat
    assert any("Pass the computer to Bo" in t for t, _ in heard)
