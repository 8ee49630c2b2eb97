"""``python -m ruin_qt bench``: medians of the engine's hot paths, and the
round trip of a table across laptops on loopback (median and p95)."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from ..ai.random_policy import play_random_game, random_setup, random_turn
from ..rules import record
from ..rules.game import Game
from ..rules.observation import observe


def _median(fn: Callable[[], object], samples: int, inner: int = 1) -> float:
    """Median seconds per call over ``samples`` timings of ``inner`` calls."""
    times = []
    for _ in range(samples):
        t = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t) / inner)
    return statistics.median(times)


def mid_game(seed: int = 7, rounds: int = 10, seats: int = 1) -> Game:
    """A game after ``rounds`` random rounds: a typical mid-game position."""
    import random

    rng = random.Random(seed)
    game = Game([(f"Bench {i + 1}", "ai:random") for i in range(seats)], seed)
    for i in range(seats):
        game.submit_setup(i, random_setup(observe(game, i), rng))
    while game.round < rounds and not game.over:
        game.play_round([None if s.escaped else random_turn(observe(game, i), rng) for i, s in enumerate(game.seats)])
    return game


def cases(repeat: int) -> dict[str, Callable[[], float]]:
    game = mid_game()
    sheet = game.seats[0].sheet
    before = sheet.filled
    card = max(game.line, key=lambda c: game.comps.explore[c].number)

    def enumerate_both() -> None:
        sheet.legal_placements(card, "road", before)
        sheet.legal_placements(card, "wall", before)

    seeds = iter(range(10**9))
    finished4 = record.to_record(play_random_game(4, 11))

    trips: list[float] = []

    def round_trip(q: float) -> float:
        """An intent -> view update on loopback (ruin_qt/net): median or p95 of one run."""
        if not trips:
            from .roundtrip import round_trips

            trips.extend(sorted(round_trips(repeat or 200)))
        return trips[min(len(trips) - 1, int(q * len(trips)))]

    return {
        "legal placements, one card, both kinds, mid-game": lambda: _median(enumerate_both, repeat or 50, 100),
        "random-policy solo game": lambda: _median(lambda: play_random_game(1, next(seeds)), repeat or 200),
        "random-policy 4-seat game": lambda: _median(lambda: play_random_game(4, next(seeds)), repeat or 50),
        "replay a finished 4-seat record": lambda: _median(lambda: record.replay(finished4), repeat or 100),
        # Last: the loopback table starts Qt and sockets, which would disturb the engine's figures.
        "table over loopback: intent -> view, median": lambda: round_trip(0.5),
        "table over loopback: intent -> view, p95": lambda: round_trip(0.95),
    }


def run_bench(args: argparse.Namespace) -> int:
    results = {}
    for name, fn in cases(args.repeat).items():
        results[name] = fn()
        if not args.json:
            what = "" if name.endswith(("median", "p95")) else " (median)"
            print(f"{name:<50} {results[name] * 1000:9.3f} ms{what}", flush=True)
    if args.json:
        print(json.dumps({k: v * 1000 for k, v in results.items()}))
    return 0
