"""2 humans + 1 computer: the hand-off cover between human seats, and no
private item of another seat in the scene or in any visible widget."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QListWidget, QTableWidget, QWidget

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules.components import load_components
from ruin_qt.rules.observation import observe
from ruin_qt.ui.common import texts
from ruin_qt.ui.sheet.sheet_items import PawnItem

from .play import play_to_the_end


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
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    viewers = []
    m.viewer_changed.connect(viewers.append)
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
        assert m.screen.viewer == seat
        other = 1 - seat
        assert_private_hidden(window, {other, 2})
        assert window.player_panel.title() == names[seat]
        if m.step() == "setup":
            choice = random_setup(observe(m.session.game, seat), rng)
            m.take_decision(choice)
        else:
            assert m.step() == "draw"
            t = random_turn(observe(m.session.game, seat), rng)
            m.take_decision(t)
        qtbot.wait(1)
        assert_private_hidden(window, {other, 2})
        qtbot.mouseClick(window.turn_panel.confirm_button, Qt.MouseButton.LeftButton)
        if m.public().phase == "over":
            break
        # Straight after confirming, the sheet is gone before anyone else looks.
        assert m.screen.viewer == -1
        assert_private_hidden(window, {0, 1, 2})
    assert covers >= 6
    assert 2 not in viewers, "a computer seat's sheet was shown"


def test_after_the_game_every_sheet_can_be_looked_at(qtbot):
    """R12 hides sheets during play; once the game is over they are compared."""
    from ruin_qt.model.game_model import GameModel

    model = GameModel()
    with qtbot.waitSignal(model.game_over, timeout=60000):
        model.new_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=4)
    for seat in (0, 1):
        assert model.view_final_sheet(seat)
        assert model.screen.viewer == seat
        assert model.view().seat == seat
    model.shutdown()
    fresh = GameModel()
    fresh.new_game([("A", "human"), ("B", "human")], seed=1)
    assert not fresh.view_final_sheet(1)  # not during play
    fresh.shutdown()


def test_a_finished_pass_and_play_game_shows_a_winners_sheet_and_the_seats(window, qtbot, monkeypatch):
    """R12's secrecy ends with the game (R11.5 compares the sheets): the
    screen behind the scoreboard shows a winning human's sheet, not a blank
    one, and the Seats tab whose rows open the others."""
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=4)
    play_to_the_end(window, qtbot, random.Random(3))
    qtbot.waitUntil(lambda: window.scoreboard is not None, timeout=5000)
    assert m.screen.viewer == m.session.game.winners()[0]
    assert window.scene.items(), "the final sheet is drawn"
    assert window.public_tabs.currentIndex() == 1
    assert "Seats tab" in window.turn_panel.instructions.text()
    other = 1 - m.screen.viewer
    window.seats_table.cellClicked.emit(other, 0)
    assert m.screen.viewer == other
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=5)
    assert window.public_tabs.currentIndex() == 0
