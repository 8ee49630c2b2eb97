"""Show a change game by game: two simulator runs on the same seeds.

    python -m ruin_qt sim --seats standard --games 200 --seed 5000 --json > new.json
    python -m tools.compare tools/baselines/standard_solo_5000.json new.json [--seat 0]

Prints one line per seed (both totals and the difference) and the paired
mean difference with its 95% confidence interval and better/equal/worse
counts.  tools/baselines/ holds main's run per level and the command that
made each (tools/baselines/README.md).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys


def paired(a: dict, b: dict, seat: int = 0) -> tuple[list[tuple[int, int, int]], dict]:
    left = {g["seed"]: g["seats"][seat]["total"] for g in a["games"]}
    right = {g["seed"]: g["seats"][seat]["total"] for g in b["games"]}
    seeds = sorted(set(left) & set(right))
    rows = [(s, left[s], right[s]) for s in seeds]
    diffs = [after - before for _, before, after in rows]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    summary = {
        "games": n,
        "mean_diff": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "better": sum(d > 0 for d in diffs),
        "equal": sum(d == 0 for d in diffs),
        "worse": sum(d < 0 for d in diffs),
    }
    return rows, summary


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.compare")
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("--seat", type=int, default=0)
    args = p.parse_args(argv)
    with open(args.before, encoding="utf-8") as f:
        a = json.load(f)
    with open(args.after, encoding="utf-8") as f:
        b = json.load(f)
    rows, s = paired(a, b, args.seat)
    print(f"{'seed':>8} {'before':>7} {'after':>7} {'diff':>6}")
    for seed, before, after in rows:
        print(f"{seed:>8} {before:>7} {after:>7} {after - before:>+6}")
    print(json.dumps(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
