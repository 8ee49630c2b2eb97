"""Positions for the learned value (issue 42): seeded solo games of the
Expert's one-step ranking (``GreedyPolicy(EXPERT_WEIGHTS)``), one row per
round start of the seat, with the network's features and the realized final
total.

    python -m tools.value_data --games 5000 --seed 600000 --out /tmp/value.npz

Seeds: 600000+ for the first generation, 620000+ for the next
(``tools/README.md``); ``tools.value_train`` validates on seeds ending in 8
and tests on seeds ending in 9.  ``--explore P``: with probability P a round plays one
of the ranking's next three decisions instead of its best, so the data also
holds the positions a search reaches off the greedy line.  ``--search
FILE``: the next generation's games (policy iteration): the Expert's
one-future two-round search on the learned value in FILE chooses instead.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys

import numpy as np

from ruin_qt.ai.determinize import banked_vp
from ruin_qt.ai.expert import ExpertBrain, leaf_value
from ruin_qt.ai.greedy import GreedyPolicy, to_turn
from ruin_qt.ai.value import features
from ruin_qt.ai.weights import EXPERT_WEIGHTS
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe


def play(job: tuple) -> tuple[np.ndarray, np.ndarray, int]:
    """One game's rows (features, hand leaf) and its final total."""
    seed, explore, *search = job
    policy = GreedyPolicy(EXPERT_WEIGHTS)
    brain = ExpertBrain(rollouts=1, horizon=2, value=search[0]) if search and search[0] else None
    rng = random.Random(f"value-data:{seed}")
    game = Game([("Data", "ai:standard")], seed)
    game.submit_setup(0, policy.decide_setup(observe(game, 0), rng))
    rows, leaves = [], []
    while not game.over and not game.seats[0].escaped:
        obs = observe(game, 0)
        ranked = policy.ranked(obs)
        leaf = leaf_value(game, ranked[0].value, policy.w)
        rows.append(features(obs, leaf, ranked[0].value, banked_vp(game)))
        leaves.append(leaf)
        pick = ranked[0] if brain is None else brain.choose(obs, rng)
        if len(ranked) > 1 and rng.random() < explore:
            pick = rng.choice(ranked[1:4])
        game.play_round([to_turn(obs, pick)])
    return np.stack(rows), np.asarray(leaves, dtype=np.float32), game.scores()[0].total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.value_data", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=600000)
    ap.add_argument("--explore", type=float, default=0.15)
    ap.add_argument("--search", metavar="FILE", help="choose by the Expert's short search on this learned value")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    jobs = [(a.seed + i, a.explore, a.search) for i in range(a.games)]
    xs, leaves, totals, seeds = [], [], [], []
    with mp.get_context("spawn").Pool(a.workers) as pool:
        for i, (x, leaf, total) in enumerate(pool.imap(play, jobs, chunksize=1 if a.search else 8)):
            xs.append(x)
            leaves.append(leaf)
            totals.append(np.full(len(x), total, dtype=np.float32))
            seeds.append(np.full(len(x), a.seed + i, dtype=np.int64))
            if (i + 1) % (50 if a.search else 500) == 0:
                print(f"{i + 1} games, {sum(len(v) for v in xs)} positions", file=sys.stderr)
    np.savez_compressed(a.out, x=np.concatenate(xs), leaf=np.concatenate(leaves),
                        total=np.concatenate(totals), seed=np.concatenate(seeds))
    game_totals = [t[0] for t in totals]
    print(f"{sum(len(v) for v in xs)} positions of {a.games} games (seeds {a.seed}-{a.seed + a.games - 1}), "
          f"mean final total {np.mean(game_totals):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
