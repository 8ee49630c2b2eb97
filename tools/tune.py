"""Tune the Standard evaluation weights by a cross-entropy search.

    python -m tools.tune --iterations 8 --population 16 --games 12 --workers 2 --out /tmp/tune.json

Each iteration samples ``population`` weight vectors from a Gaussian around
the current mean, plays every vector on the same ``games`` solo training
seeds (common random numbers: the vectors face the same decks), keeps the
best quarter and refits the mean and spread to them.  Training seeds start
at 100000 and never overlap the evaluation seeds used for measurements.
The result is printed and written as JSON; ``weights.py`` holds the vector
that was adopted.

With ``--table LEVEL,LEVEL,...`` the vectors play seat 1 of that table
(the other seats are the named levels) and the score is seat 1's margin over
the best rival, the quantity a win depends on: this tunes the Expert's
evaluation for tables of 2-4 seats (``weights.TABLE_WEIGHTS``).

With ``--expert`` the vectors play as the Expert's search (one future per
candidate, ``EXPERT_PROXY_HORIZON`` rounds, no clock) rather than as
Standard: this tuned the solo Expert's weights (``weights.EXPERT_WEIGHTS``).
``--params`` moves only the named weights; ``--start`` starts from another
vector (``expert``, ``table`` or a JSON file an earlier run wrote with
``--out``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from ruin_qt.ai.evaluation import Weights, weights_from_list, weights_to_list

TRAIN_SEED0 = 100_000
# ``--expert``: the search played with one future per candidate and this
# many rounds of lookahead, deterministic and about 2.7 s a solo game.
EXPERT_PROXY_HORIZON = 2
# Parameters that are decay rates live in (0, 1); everything else is >= 0.
_DECAYS = {"dest_decay", "route_decay", "fut_decay"}


def _clamp(names: list[str], vec: list[float]) -> list[float]:
    out = []
    for n, v in zip(names, vec):
        if n in _DECAYS:
            v = min(0.97, max(0.2, v))
        else:
            v = max(0.0, v)
        out.append(v)
    return out


def _score(job: tuple) -> float:
    vec, seeds, table, expert = job
    from ruin_qt.ai.base import make_brain
    from ruin_qt.ai.match import play_game
    from ruin_qt.ai.standard import StandardBrain

    def brain():
        if expert:
            from ruin_qt.ai.expert import ExpertBrain

            return ExpertBrain(rollouts=1, horizon=EXPERT_PROXY_HORIZON, weights=weights_from_list(vec))
        return StandardBrain(weights_from_list(vec))

    if not table:
        return statistics.fmean(play_game(["standard"], s, [brain()])[1][0].total for s in seeds)
    margins = []
    for s in seeds:
        brains = [brain()] + [make_brain(level) for level in table[1:]]
        _, res = play_game(list(table), s, brains)
        margins.append(res[0].total - max(r.total for r in res[1:]))
    return statistics.fmean(margins)


def cem(start: Weights, iterations: int, population: int, games: int, workers: int, seed: int, log,
        table: tuple[str, ...] = (), expert: bool = False, params: tuple[str, ...] = ()) -> list[float]:
    names = list(Weights.__dataclass_fields__)
    mean = weights_to_list(start)
    sd = [max(0.05, abs(v) * 0.3) if n not in _DECAYS else 0.08 for n, v in zip(names, mean)]
    # With ``params`` only those move; the rest keep the starting vector's values.
    unknown = set(params) - set(names)
    if unknown:
        raise ValueError(f"unknown weights: {sorted(unknown)}")
    frozen = [bool(params) and n not in params for n in names]
    sd = [0.0 if f else s for f, s in zip(frozen, sd)]
    rng = random.Random(seed)
    pool = None
    if workers > 1:
        import multiprocessing as mp

        pool = mp.get_context("spawn").Pool(workers)
    best = (float("-inf"), mean)
    try:
        for it in range(iterations):
            seeds = [TRAIN_SEED0 + it * 1000 + k for k in range(games)]
            pop = [mean] + [_clamp(names, [rng.gauss(m, s) for m, s in zip(mean, sd)]) for _ in range(population - 1)]
            jobs = [(v, seeds, table, expert) for v in pop]
            t = time.time()
            scores = list(pool.imap(_score, jobs)) if pool else [_score(j) for j in jobs]
            ranked = sorted(zip(scores, pop), key=lambda x: -x[0])
            elite = [v for _, v in ranked[: max(2, population // 4)]]
            mean = [statistics.fmean(col) for col in zip(*elite)]
            sd = [0.0 if f else max(0.02 if n in _DECAYS else 0.05, statistics.pstdev(col))
                  for n, f, col in zip(names, frozen, zip(*elite))]
            if ranked[0][0] > best[0]:
                best = ranked[0]
            log(json.dumps({"iteration": it, "seconds": round(time.time() - t, 1), "incumbent": round(scores[0], 2),
                            "best": round(ranked[0][0], 2), "pop_mean": round(statistics.fmean(scores), 2),
                            "mean": dict(zip(names, [round(x, 4) for x in mean]))}))
    finally:
        if pool:
            pool.close()
            pool.join()
    return mean


def start_weights(name: str) -> Weights:
    """The named vector of ``weights.py``, or one a tuning run wrote as JSON
    (``--out``), so that a run can continue from another's result."""
    from ruin_qt.ai import weights

    named = {"standard": weights.STANDARD_WEIGHTS, "expert": weights.EXPERT_WEIGHTS, "table": weights.TABLE_WEIGHTS}
    if name in named:
        return named[name]
    with open(name, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise ValueError(f"{name}: not a JSON object of weights")
    unknown = set(data) - set(Weights.__dataclass_fields__)
    if unknown:
        raise ValueError(f"{name}: unknown weights {sorted(unknown)}")
    return Weights(**{k: float(v) for k, v in data.items()})


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.tune")
    p.add_argument("--iterations", type=int, default=8)
    p.add_argument("--population", type=int, default=16)
    p.add_argument("--games", type=int, default=12, help="training games per weight vector per iteration")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=None, help="write the final mean vector as JSON here")
    p.add_argument("--table", default="", help="LEVEL,LEVEL,...: tune seat 1's margin at this table instead of solo VP")
    p.add_argument("--expert", action="store_true",
                   help="the vectors play as the Expert's search (one future, a short horizon) instead of Standard")
    p.add_argument("--params", default="", help="NAME,NAME,...: tune only these weights (default: all)")
    p.add_argument("--start", default="",
                   help="standard, expert, table or a JSON file of weights: the starting vector "
                        "(default: table with --table, else standard)")
    args = p.parse_args(argv)
    table = tuple(x.strip() for x in args.table.split(",") if x.strip())
    try:
        start = start_weights(args.start or ("table" if table else "standard"))
    except (OSError, ValueError, TypeError) as e:
        p.error(f"--start: {e}")

    def log(line: str) -> None:
        print(line, flush=True)

    params = tuple(x.strip() for x in args.params.split(",") if x.strip())
    mean = cem(start, args.iterations, args.population, args.games, args.workers, args.seed, log, table,
               args.expert, params)
    result = dict(zip(Weights.__dataclass_fields__, mean))
    print(json.dumps({"final": result}))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
