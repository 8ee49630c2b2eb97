"""Shared set-up for the AI tests."""

import random

from ruin_qt.ai.standard import StandardBrain
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe


def standard_game(n: int, seed: int, until_stage: int = 1, rounds: int = 3):
    """A game of ``n`` Standard seats played until ``rounds`` rounds of
    stage ``until_stage`` are over (``rounds=0``: just as it begins)."""
    game = Game([(f"s{i}", "ai") for i in range(n)], seed)
    brains = [StandardBrain() for _ in range(n)]
    rng = random.Random(0)
    for i, b in enumerate(brains):
        game.submit_setup(i, b.decide_setup(observe(game, i), rng))
    played = 0
    while game.stage < until_stage or played < rounds:
        played = played + 1 if game.stage >= until_stage else 0
        game.play_round([b.decide_turn(observe(game, i), rng) for i, b in enumerate(brains)])
    return game, brains, rng
