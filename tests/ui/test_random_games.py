"""Whole games with every kind of turn (specials, escapes, C, none) while the
full window listens: no exception, no Qt warning, the engine's final score."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules.observation import observe
from ruin_qt.ui.sheet_items import PawnItem


def play_human(m, rng):
    seat = m.actor
    if m.step() == "setup":
        choice = random_setup(observe(m.game, seat), rng)
        for card in choice.keep:
            assert m.toggle_keep(card)
        for card, cells in choice.roads:
            assert m.place_piece("road", cells, card)
        for card, cells in choice.walls:
            assert m.place_piece("wall", cells, card)
    else:
        t = random_turn(observe(m.game, seat), rng)
        if t.action in "AB":
            assert m.place_piece("road" if t.action == "A" else "wall", t.cells)
        elif t.action == "C":
            assert m.place_c(t.cells[0])
        else:
            assert m.take_none()
        if t.discard is not None:
            assert m.take_special("extra" if t.extra else "warp", t.discard)
            if t.extra:
                assert m.place_extra(*t.extra)
        if t.path:
            m.move_to(t.path[-1])  # may be the start cell again: no move
        if t.escape:
            assert m.set_escape(True)
        end = m.current_turn().path[-1] if m.current_turn().path else m.turn_start_cell()
        assert end == (t.path[-1] if t.path else m.turn_start_cell())
    assert m.confirm()


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
        qtbot.waitUntil(lambda: m.step() in ("setup", "draw", "handoff") or m.phase() == "over", timeout=5000)
        if m.phase() == "over":
            break
        if m.step() == "handoff":
            window.cover.button.click()
        play_human(m, rng)
    assert m.phase() == "over"
    assert window.scoreboard.totals() == [s.total for s in m.game.final]
    assert window.log.count() > 0
