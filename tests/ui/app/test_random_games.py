"""Whole games with every kind of turn (specials, escapes, C, none) while the
full window listens: no exception, no Qt warning, the engine's final score."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules.observation import observe
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.sheet.sheet_items import PawnItem


def play_human(m, rng):
    seat = m.screen.actor
    if m.step() == "setup":
        assert m.act(TakeDecision(random_setup(observe(m.session.game, seat), rng)))
    else:
        t = random_turn(observe(m.session.game, seat), rng)
        assert m.act(TakeDecision(t))
        v = m.view()
        assert v.turn.end_cell == (t.path[-1] if t.path else v.start_cell)
    assert m.act(Confirm())


@pytest.mark.parametrize("seats, seed", [
    ([("Aki", "human")], 8),
    ([("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random"), ("CPU 2", "ai:random")], 12),
])
def test_random_game_through_the_window(window, qtbot, monkeypatch, seats, seed):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    window.start_game(seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        qtbot.waitUntil(lambda: m.step() in ("setup", "draw", "handoff") or m.public().phase == "over", timeout=5000)
        if m.public().phase == "over":
            break
        if m.step() == "handoff":
            window.cover.button.click()
        play_human(m, rng)
    assert m.public().phase == "over"
    assert window.scoreboard.totals() == [s.total for s in m.session.game.final]
    assert window.log.count() > 0
