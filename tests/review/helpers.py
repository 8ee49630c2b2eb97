"""Shared set-up for the review tests: seeded records and a tiny search."""

from __future__ import annotations

from ruin_qt.ai.base import make_brain
from ruin_qt.ai.expert import ExpertBrain
from ruin_qt.ai.match import seat_rng
from ruin_qt.review import Quality
from ruin_qt.rules import record
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe

# Small enough for a test, large enough to compare a few decisions.
TINY = Quality("test", screen=6, keep=2, depth=2, depth2=2, samples=1, verify=2, layouts=2)


def brain(level: str):
    # The Expert on a fixed, small search: deterministic and quick.
    return ExpertBrain(rollouts=1, horizon=2) if level == "expert" else make_brain(level)


def played_game(levels: list[str], seed: int, rounds: int | None = None) -> Game:
    """A seeded game between computer levels, as ``ai.match.play_game``
    plays it, stopped after ``rounds`` rounds if given."""
    game = Game([(f"{lv.capitalize()} {i + 1}", f"ai:{lv}") for i, lv in enumerate(levels)], seed)
    brains = [brain(lv) for lv in levels]
    rngs = [seat_rng(seed, i) for i in range(len(levels))]
    for i, b in enumerate(brains):
        game.submit_setup(i, b.decide_setup(observe(game, i), rngs[i]))
    while not game.over and (rounds is None or game.round < rounds):
        game.play_round([None if game.seats[i].escaped else b.decide_turn(observe(game, i), rngs[i])
                         for i, b in enumerate(brains)])
    return game


def game_record(levels: list[str], seed: int, rounds: int | None = None) -> dict:
    return record.to_record(played_game(levels, seed, rounds))
