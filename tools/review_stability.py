"""Do the game review's verdicts hold?  The same games reviewed in other
futures, and its curve against the final totals.

    python -m tools.review_stability DIR [--seat N] [--workers 2] [--out FILE] [--json]
    python -m tools.review_stability --from FILE [--json]

Each finished record in DIR is reviewed twice (seat: ``--seat``, by
default the first Expert seat, else seat 1): at the review's quality in its
own futures and in other futures (``Quality.futures`` 1).  (There was a
quick quality too once; its agreement with default is in
docs/ai-journal.md.)
``--out`` keeps the reviews (after each game: a stopped run picks up
where it was); ``--from`` reads them back and recomputes every
verdict with the review's current rule (``result.categorize``), so a new
error table can be judged without reviewing anew.

It prints, for the two reviews: the
share of decisions given the same category, the share whose categories are
at most one step apart, and the flips (best in one review, mistake or worse
in the other; the target is none) and the milder flips (best in one,
inaccuracy or worse in the other), also with the futures' error alone (the
evaluation's own left out, as the review once judged); per stage, the mean and spread of the
default review's expected final VP less the final total on the Expert
seats' games (the curve's calibration), solo and at tables, with its 95%
interval over games; and the
seconds each review took (median, max, and for games of 20 rounds or more).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path

from ruin_qt.app.public import read_record
from ruin_qt.model.processes import pool_of
from ruin_qt.review import CATEGORIES, QUALITIES, Review, review
from ruin_qt.review.levels import eval_error
from ruin_qt.review.result import categorize
from ruin_qt.rules import record

RUNS = {"default": QUALITIES["default"], "default_other": dataclasses.replace(QUALITIES["default"], futures=1)}
BAD = ("mistake", "blunder")
WORSE = ("inaccuracy", *BAD)


def seat_of(rec: dict, seat: int | None) -> int:
    """``seat`` (from 1), else the first Expert seat, else seat 1 (0-based)."""
    if seat is not None:
        return seat - 1
    kinds = [s.get("kind", "") for s in rec.get("seats", [])]
    return next((i for i, k in enumerate(kinds) if k.endswith("expert")), 0)


def verdicts(r: Review, evaluation: bool = True) -> list[str]:
    """Each decision's category under the current rule; ``evaluation``
    False: the futures' error alone, as the review once judged."""
    return [categorize(d.loss, d.loss_se, eval_error(1 if d.round == 0 else d.stage, d.depth) if evaluation else 0.0)
            for d in r.decisions]


def compare(a: list[list[str]], b: list[list[str]]) -> dict:
    """Agreement of two sets of verdicts on the same decisions."""
    pairs = [(x, y) for xs, ys in zip(a, b) for x, y in zip(xs, ys)]
    same = sum(x == y for x, y in pairs)
    near = sum(abs(CATEGORIES.index(x) - CATEGORIES.index(y)) <= 1 for x, y in pairs)
    flips = sum((x == "best" and y in BAD) or (y == "best" and x in BAD) for x, y in pairs)
    # The milder flip: best in one, probably a loss or worse in the other.
    soft = sum((x == "best" and y in WORSE) or (y == "best" and x in WORSE) for x, y in pairs)
    n = max(len(pairs), 1)
    return {"decisions": len(pairs), "same": round(100 * same / n, 1), "within_one": round(100 * near / n, 1),
            "best_mistake_flips": flips, "best_inaccuracy_flips": soft}


def interval(xs: list[float]) -> dict:
    if not xs:
        return {"n": 0}
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    return {"n": len(xs), "mean": round(statistics.fmean(xs), 2), "ci95": round(1.96 * sd / math.sqrt(len(xs)), 2),
            "sd": round(sd, 2)}


def curve(rows: list[dict]) -> dict:
    """Expected final VP less the final total, per phase, solo and at tables,
    on Expert seats' finished games.  A game's decisions share its final
    total, so the interval is over games (each game's mean error), not
    decisions."""
    errs: dict[str, list[float]] = {}
    for row in rows:
        r = Review.from_json(row["reviews"]["default"])
        if not row["expert"] or not r.finished or r.final_total is None:
            continue
        per_game: dict[str, list[float]] = {}
        for d in r.decisions:
            phase = "setup" if d.round == 0 else f"stage {d.stage}"
            per_game.setdefault(phase, []).append(d.played_value.mean - r.final_total)
        table = "table" if row["n_seats"] > 1 else "solo"
        for phase, xs in per_game.items():
            errs.setdefault(f"{table} {phase}", []).append(statistics.fmean(xs))
    return {key: interval(xs) for key, xs in sorted(errs.items())}


def summarize(rows: list[dict]) -> dict:
    v = {name: [verdicts(Review.from_json(row["reviews"][name])) for row in rows] for name in RUNS}
    counts = {name: {c: sum(x.count(c) for x in v[name]) for c in CATEGORIES} for name in RUNS}
    times: dict = {}
    for name in RUNS:
        secs = [row["seconds"][name] for row in rows]
        long = [row["seconds"][name] for row in rows if row["rounds"] >= 20]
        times[name] = {"median": round(statistics.median(secs), 1), "max": round(max(secs), 1),
                       "median_20_rounds": round(statistics.median(long), 1) if long else None}
    old = {name: [verdicts(Review.from_json(row["reviews"][name]), False) for row in rows] for name in RUNS}
    return {"games": len(rows), "futures": compare(v["default"], v["default_other"]), "counts": counts,
            "futures_error_only": {"futures": compare(old["default"], old["default_other"])},
            "curve": curve(rows), "seconds": times}


def review_all(directory: Path, seat: int | None, workers: int, out: Path | None = None, pool=None) -> list[dict]:
    """Every finished record's three reviews; with ``out``, kept after each
    game and picked up again by a run that was stopped."""
    rows = json.loads(out.read_text(encoding="utf-8")) if out is not None and out.exists() else []
    done = {row["file"] for row in rows}
    for path in sorted(directory.glob("*.json")):
        if path.name in done:
            continue
        rec = read_record(str(path))
        game = record.replay_checked(rec)
        if not game.over:
            continue
        s = seat_of(rec, seat)
        row = {"file": path.name, "seat": s, "rounds": game.round, "n_seats": game.n,
               "expert": seat_of(rec, None) == s and rec["seats"][s].get("kind", "").endswith("expert"),
               "reviews": {}, "seconds": {}}
        for name, q in RUNS.items():
            t0 = time.perf_counter()
            r = review(rec, s, q, workers=workers if pool is not None else 1, pool=pool)
            row["seconds"][name] = round(time.perf_counter() - t0, 2)
            row["reviews"][name] = r.to_json()
        rows.append(row)
        if out is not None:
            out.write_text(json.dumps(rows), encoding="utf-8")
        print(f"{path.name}: {row['seconds']}", file=sys.stderr)
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.review_stability")
    p.add_argument("dir", nargs="?")
    p.add_argument("--from", dest="source", help="reviews kept by --out, instead of reviewing DIR")
    p.add_argument("--seat", type=int, default=None)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.source:
        rows = json.loads(Path(args.source).read_text(encoding="utf-8"))
    elif args.dir:
        with pool_of(args.workers) if args.workers > 1 else nullcontext() as pool:
            rows = review_all(Path(args.dir), args.seat, args.workers, Path(args.out) if args.out else None, pool)
    else:
        p.error("give a directory of records or --from FILE")
    print(json.dumps(summarize(rows), indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
