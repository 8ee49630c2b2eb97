"""``python -m ruin_qt sim``: play seeded games between computer seats.

    python -m ruin_qt sim --seats expert,standard --games 200 --seed 5000 --json

Games use seeds S, S+1, ...; they run in worker processes when that helps
(``--workers``, default: at most 2), with a progress bar on stderr when it
is a terminal.  ``--json`` prints every game's per-seat totals and
breakdowns and a summary per seat level; ``--records DIR`` saves every game
as a ``ruin-qt-record/1`` file.  ``--rollouts N`` makes the Expert's
search clockless (reproducible).

JSON layout::

    {"seats": ["expert", ...],
     "games": [{"seed": S, "rounds": n,
                "seats": [{"level", "total", "square1", "square2", "gems",
                           "penalties", "escape_vp", "routes", "winner"}, ...]}, ...],
     "summary": {LEVEL: {"games", "mean", "ci95": [lo, hi], "median",
                         "share_300", "win_rate", "median_decision_s",
                         "p95_decision_s", "decisions"}},
     "seat_summary": [{"seat", "level", ...the same fields...}]}

``gems`` is a count (10 VP each), ``penalties`` a count (-10 VP each); the
other breakdown fields are VP.  ``ci95`` is mean +- 1.96 standard errors; a
shared win counts as a win; decision times cover setup and every step 1.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from ..paths import program_name
from .base import LEVELS

TARGET_VP = 300
Pools = Callable[[int], AbstractContextManager[Any]]  # n -> a context giving n worker processes


def _brains(levels: list[str], budget_s: float | None, rollouts: int | None, inner_workers: int, pool=None):
    from .base import Brain, make_brain

    out: list[Brain] = []
    for level in levels:
        if level == "expert":
            from .expert import ExpertBrain

            out.append(ExpertBrain(budget_s=budget_s, rollouts=rollouts, workers=inner_workers if pool else 1,
                                   pool=pool))
        else:
            out.append(make_brain(level))
    return out


def _play_one(job: tuple, pool=None) -> dict:
    """One game; ``pool``: the Expert seats' processes (when games run one at a time)."""
    levels, seed, budget_s, rollouts, inner_workers, records = job
    from ..rules import record
    from .match import play_game

    game, results = play_game(levels, seed, _brains(levels, budget_s, rollouts, inner_workers, pool))
    if records:
        Path(records).mkdir(parents=True, exist_ok=True)
        (Path(records) / f"game_{seed}.json").write_text(record.dumps(game), encoding="utf-8")
    return {
        "seed": seed,
        "rounds": game.round,
        "seats": [r.to_json() for r in results],
        "decision_s": [r.decision_s for r in results],
    }


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summarise(totals: list[int], wins: list[bool], times: list[float]) -> dict:
    n = len(totals)
    mean = statistics.fmean(totals) if n else 0.0
    sd = statistics.stdev(totals) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    return {
        "games": n,
        "mean": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "median": statistics.median(totals) if n else 0,
        "share_300": round(sum(t >= TARGET_VP for t in totals) / n, 4) if n else 0.0,
        "win_rate": round(sum(wins) / n, 4) if n else 0.0,
        "median_decision_s": round(_percentile(times, 0.5), 5),
        "p95_decision_s": round(_percentile(times, 0.95), 5),
        "decisions": len(times),
    }


class _Progress:
    def __init__(self, total: int, enabled: bool):
        self.total, self.enabled, self.done, self.t0 = total, enabled, 0, time.time()

    def step(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        width = 30
        fill = int(width * self.done / max(1, self.total))
        rate = (time.time() - self.t0) / self.done
        eta = rate * (self.total - self.done)
        sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total}  eta {eta:5.0f}s")
        sys.stderr.flush()
        if self.done == self.total:
            sys.stderr.write("\n")


def run(levels: list[str], games: int, seed: int, workers: int, budget_s: float | None,
        rollouts: int | None, records: str | None, progress: bool, pools: Pools | None = None) -> dict:
    """``pools(n)``: a context giving ``n`` worker processes (``model.processes.pool_of``);
    without it every game and every search runs in this process."""
    # Expert seats use both cores themselves when games run one at a time;
    # with several game workers each Expert stays single-process.
    inner = 1 if workers > 1 else min(2, os.cpu_count() or 1)
    jobs = [(levels, seed + g, budget_s, rollouts, inner, records) for g in range(games)]
    bar = _Progress(games, progress)
    results = []
    if pools is not None and workers > 1 and games > 1:
        with pools(workers) as pool:
            for res in pool.imap(_play_one, jobs):
                results.append(res)
                bar.step()
    else:
        with pools(inner) if pools is not None and inner > 1 and "expert" in levels else nullcontext() as pool:
            for job in jobs:  # one pool for every game's Expert seats
                results.append(_play_one(job, pool))
                bar.step()
    per_level: dict[str, dict[str, list]] = {}
    per_seat = []
    for i, level in enumerate(levels):
        totals = [r["seats"][i]["total"] for r in results]
        wins = [r["seats"][i]["winner"] for r in results]
        times = [t for r in results for t in r["decision_s"][i]]
        per_seat.append({"seat": i, "level": level, **summarise(totals, wins, times)})
        acc = per_level.setdefault(level, {"totals": [], "wins": [], "times": []})
        acc["totals"] += totals
        acc["wins"] += wins
        acc["times"] += times
    return {
        "seats": levels,
        "games": [{"seed": r["seed"], "rounds": r["rounds"], "seats": r["seats"]} for r in results],
        "summary": {lv: summarise(a["totals"], a["wins"], a["times"]) for lv, a in per_level.items()},
        "seat_summary": per_seat,
    }


def main(argv: list[str], pools: Pools | None = None) -> int:
    p = argparse.ArgumentParser(prog=f"{program_name()} sim", description="play seeded games between computer seats")
    p.add_argument("--seats", required=True, help="comma-separated levels, 1 to 4: " + ", ".join(sorted(LEVELS)))
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0, help="first seed; games use S, S+1, ...")
    p.add_argument("--json", action="store_true", help="print per-game results and summaries as JSON")
    p.add_argument("--records", metavar="DIR", help="save every game as a record file in DIR")
    p.add_argument("--workers", type=int, default=None, help="game worker processes (default: up to 2)")
    p.add_argument("--budget", type=float, default=None, help="Expert time budget per decision, seconds")
    p.add_argument("--rollouts", type=int, default=None,
                   help="Expert: fixed rollout count instead of a time budget (reproducible)")
    args = p.parse_args(argv)
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    if not 1 <= len(levels) <= 4 or any(lv not in LEVELS for lv in levels):
        p.error(f"--seats needs 1 to 4 of {sorted(LEVELS)}")
    if args.games < 1:
        p.error("--games must be at least 1")
    workers = args.workers if args.workers is not None else min(2, os.cpu_count() or 1, args.games)
    out = run(levels, args.games, args.seed, max(1, workers), args.budget, args.rollouts, args.records,
              progress=sys.stderr.isatty(), pools=pools)
    if args.json:
        print(json.dumps(out))
    else:
        for lv, s in out["summary"].items():
            print(f"{lv:9s} games {s['games']:4d}  mean {s['mean']:7.2f}  ci95 {s['ci95'][0]:.1f}..{s['ci95'][1]:.1f}"
                  f"  median {s['median']}  >=300 {s['share_300']:.0%}  wins {s['win_rate']:.0%}"
                  f"  decision median {s['median_decision_s'] * 1000:.1f} ms  p95 {s['p95_decision_s'] * 1000:.1f} ms")
    return 0
