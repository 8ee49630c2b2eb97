"""Drive one seeded game between computer seats (the simulator's game loop,
also used by tools/tune.py).  Each seat's brain sees only ``observe(game, seat)``
and its own RNG, seeded from the game seed and the seat index so that the
same seed always gives the same decisions."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules.game import Game
from ..rules.observation import observe
from .base import Brain, make_brain


@dataclass
class SeatResult:
    level: str
    total: int
    square1: int
    square2: int
    gems: int
    penalties: int
    escape_vp: int
    routes: int
    winner: bool
    decision_s: list[float] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "level": self.level,
            "total": self.total,
            "square1": self.square1,
            "square2": self.square2,
            "gems": self.gems,
            "penalties": self.penalties,
            "escape_vp": self.escape_vp,
            "routes": self.routes,
            "winner": self.winner,
        }


def seat_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"ruin-qt-ai:{seed}:{seat}")


def play_game(levels: list[str], seed: int, brains: list[Brain] | None = None,
              make: Callable[[str], Brain] = make_brain) -> tuple[Game, list[SeatResult]]:
    """Play a whole game; returns the finished game and per-seat results."""
    if brains is None:
        brains = [make(level) for level in levels]
    game = Game([(f"{level.capitalize()} {i + 1}", f"ai:{level}") for i, level in enumerate(levels)], seed)
    rngs = [seat_rng(seed, i) for i in range(len(levels))]
    times: list[list[float]] = [[] for _ in levels]
    for i, brain in enumerate(brains):
        obs = observe(game, i)
        t = time.perf_counter()
        choice = brain.decide_setup(obs, rngs[i])
        times[i].append(time.perf_counter() - t)
        game.submit_setup(i, choice)
    while not game.over:
        turns = []
        for i, brain in enumerate(brains):
            if game.seats[i].escaped:
                turns.append(None)
                continue
            obs = observe(game, i)
            t = time.perf_counter()
            turns.append(brain.decide_turn(obs, rngs[i]))
            times[i].append(time.perf_counter() - t)
        game.play_round(turns)
    scores = game.scores()
    win = set(game.winners())
    results = [
        SeatResult(levels[i], sc.total, sc.square1 or 0, sc.square2 or 0, sc.gems, sc.penalties,
                   sc.escape_vp, sc.routes, i in win, times[i])
        for i, sc in enumerate(scores)
    ]
    return game, results
