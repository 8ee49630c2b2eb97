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
from ..rules.scoring import Breakdown
from ..rules.seat_kind import SeatKind
from ..rules.turn import Turn
from .base import Brain, make_brain


@dataclass(frozen=True)
class SeatResult(Breakdown):
    level: str = ""
    winner: bool = False
    decision_s: list[float] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"level": self.level, **super().to_json(), "winner": self.winner}


def seat_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"ruin-qt-ai:{seed}:{seat}")


def play_game(levels: list[str], seed: int, brains: list[Brain] | None = None,
              make: Callable[[str], Brain] = make_brain) -> tuple[Game, list[SeatResult]]:
    """Play a whole game; returns the finished game and per-seat results."""
    if brains is None:
        brains = [make(level) for level in levels]
    seats = [(f"{level.capitalize()} {i + 1}", str(SeatKind.computer(level))) for i, level in enumerate(levels)]
    game = Game(seats, seed)
    rngs = [seat_rng(seed, i) for i in range(len(levels))]
    times: list[list[float]] = [[] for _ in levels]
    for i, brain in enumerate(brains):
        obs = observe(game, i)
        t = time.perf_counter()
        choice = brain.decide_setup(obs, rngs[i])
        times[i].append(time.perf_counter() - t)
        game.submit_setup(i, choice)
    while not game.over:
        turns: list[Turn | None] = []
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
        SeatResult(**Breakdown.parts(sc), level=levels[i], winner=i in win, decision_s=times[i])
        for i, sc in enumerate(scores)
    ]
    return game, results
