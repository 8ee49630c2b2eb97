"""2 humans + 1 computer: the hand-off cover between human seats, and no
private item of another seat in the scene or in any visible widget."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QListWidget, QTableWidget, QWidget

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules.components import load_components
from ruin_qt.rules.observation import observe
from ruin_qt.session.intents import TakeDecision
from ruin_qt.ui.common import texts
from ruin_qt.ui.sheet.sheet_items import PawnItem

from ..play import play_to_the_end


def visible_text() -> str:
    """Every visible widget's text, in every window on screen.  Walked from
    the visible windows down, never through ``QApplication.allWidgets()``,
    whose raw list can name a widget the cycle collector frees (with its
    children) while the list is still being walked: a segfault seen once."""
    out = []
    windows = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    for w in [*windows, *(c for top in windows for c in top.findChildren(QWidget))]:
        if not w.isVisible():
            continue
        out.append(w.toolTip())
        if isinstance(w, QLabel):
            out.append(w.text())
        elif isinstance(w, QAbstractButton):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QListWidget):
            out += [w.item(i).text() for i in range(w.count())]
        elif isinstance(w, QTableWidget):
            out += [w.item(r, c).text() for r in range(w.rowCount()) for c in range(w.columnCount()) if w.item(r, c)]
    return "\n".join(out)


def objective_texts(m, cards) -> set[str]:
    return {texts.objective_label(*load_components().objectives[c].letters) for c in cards}


def private_cards(m, seat) -> set[int]:
    s = m.session.game.seats[seat]
    return set(s.hand) | (set(s.dealt_objectives) if m.session.game.phase == "setup" else set())


def assert_private_hidden(window, hidden_seats):
    """Nothing of ``hidden_seats`` in the scene or any visible widget."""
    m, scene = window.model, window.scene
    for item in scene.items():
        assert getattr(item, "seat", None) == m.screen.viewer and m.screen.viewer not in hidden_seats, item
    shown = visible_text()
    mine = objective_texts(m, private_cards(m, m.screen.viewer)) if m.screen.viewer >= 0 else set()
    for seat in hidden_seats:
        for label in objective_texts(m, private_cards(m, seat)) - mine:
            assert label not in shown, (seat, label)
    if m.screen.viewer < 0:
        assert not scene.items()
        assert not window.player_panel.isEnabled()
        assert window.player_panel.hand.count() == 0


def test_cover_between_humans_hides_private_sides(window, qtbot, monkeypatch):
    """The window's part of the hand-off: the cover names the seat, and no
    private item of a seat not viewing is in the scene or any visible widget.
    Who views when (seat order, nobody between decisions, never a computer
    seat) is the session's: tests/session/test_handoff.py."""
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    window.start_game([("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")], seed=4)
    rng = random.Random(9)
    names = ["Aki", "Bo"]
    covers = 0
    for _decision in range(8):  # 2 setups, then 3 rounds of two human turns
        qtbot.waitUntil(lambda: m.step() == "handoff", timeout=5000)
        seat = m.screen.actor
        assert window.cover.isVisible()
        covers += 1
        assert names[seat] in window.cover.title.text()
        assert_private_hidden(window, {0, 1, 2})
        qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
        assert not window.cover.isVisible()
        other = 1 - seat
        assert_private_hidden(window, {other, 2})
        assert window.player_panel.title() == names[seat]
        if m.step() == "setup":
            choice = random_setup(observe(m.session.game, seat), rng)
            m.act(TakeDecision(choice))
        else:
            assert m.step() == "draw"
            t = random_turn(observe(m.session.game, seat), rng)
            m.act(TakeDecision(t))
        qtbot.wait(1)
        assert_private_hidden(window, {other, 2})
        qtbot.mouseClick(window.turn_panel.confirm_button, Qt.MouseButton.LeftButton)
        if m.public().phase == "over":
            break
        # Straight after confirming, the sheet is gone from the window before anyone else looks.
        assert not window.scene.items()
        assert_private_hidden(window, {0, 1, 2})
    assert covers >= 6


def test_a_finished_pass_and_play_game_shows_a_winners_sheet_and_the_seats(window, qtbot, monkeypatch):
    """R12's secrecy ends with the game (R11.5 compares the sheets): the
    screen behind the scoreboard draws the sheet the session shows (a winning
    human's, tests/session/test_handoff.py), not a blank one, and the Seats
    tab whose rows open the others through the model."""
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=4)
    play_to_the_end(window, qtbot, random.Random(3))
    qtbot.waitUntil(lambda: window.scoreboard is not None, timeout=5000)
    shown = m.screen.viewer
    assert shown == m.session.game.winners()[0]
    assert window.scene.items(), "the final sheet is drawn"
    assert all(getattr(item, "seat", shown) == shown for item in window.scene.items())
    assert window.public_tabs.currentIndex() == 1
    assert "Seats tab" in window.turn_panel.instructions.text()
    other = 1 - shown
    window.seats_table.cellClicked.emit(other, 0)
    assert m.screen.viewer == other and m.view().seat == other
    assert all(getattr(item, "seat", other) == other for item in window.scene.items())
    assert m.view_final_sheet(shown) and m.view().seat == shown  # the model says it showed it
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=5)
    assert window.public_tabs.currentIndex() == 0
    assert not m.view_final_sheet(1)  # not during play
