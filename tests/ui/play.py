"""Play a game on the window through the model: each human decision a random
legal one taken from that seat's own view, the cover accepted between seats."""

from __future__ import annotations

import random

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.session.intents import Confirm, TakeDecision


def step(model, qtbot, rng: random.Random) -> None:
    """One confirmed random decision of the seat deciding now (a player's
    step), the cover accepted first if it is up."""
    qtbot.waitUntil(lambda: model.screen.awaiting_handoff or model.view() is not None, timeout=5000)
    if model.screen.awaiting_handoff:
        model.accept_handoff()
    obs = model.view().obs
    decision = random_setup(obs, rng) if model.public().phase == "setup" else random_turn(obs, rng)
    assert model.act(TakeDecision(decision)) and model.act(Confirm())
    qtbot.wait(1)


def play_to_the_end(window, qtbot, rng: random.Random, limit: int = 400) -> None:
    m = window.model
    for _ in range(limit):
        qtbot.waitUntil(lambda: m.step() in ("handoff", "setup", "draw") or m.public().phase == "over", timeout=5000)
        if m.public().phase == "over":
            return
        if m.step() == "handoff":
            m.accept_handoff()
            continue
        obs = m.view().obs
        m.act(TakeDecision(random_setup(obs, rng) if m.step() == "setup" else random_turn(obs, rng)))
        m.act(Confirm())
    raise AssertionError("the game did not end")
