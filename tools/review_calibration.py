"""Does the game review's predicted loss match what the decisions lead to?

    python -m tools.review_calibration --decisions 100 --seed 450000 [--depth D --depth2 D2]
        [--futures 16] [--levels beginner,standard] [--workers 2] [--rows FILE] [--json]
    python -m tools.review_calibration --from ROWS.json [ROWS.json ...] [--json]

Solo games are played by the given levels in turn (seeds S, S+1, ...); from
each, turn decisions are drawn at random (chance ``--share``) and reviewed
(``review.search.judge``, the same search and seeds as a whole review).
Decisions the review rates best (the move played is its suggestion, so the
predicted and realized loss are both 0) are counted and set aside; the
others, until ``--decisions`` of them, are *realized*: in ``--futures``
futures sampled from the seat's observation (fresh seeds, not the review's),
the played and the suggested decision are each played and the game
continued to its end by the Expert's ranking (``GreedyPolicy`` on
``EXPERT_WEIGHTS``, the policy inside the review's lookahead), both branches
on the same deck (common random numbers).  The realized loss is the mean
difference of the two final totals.

``--rows`` keeps every pair; ``--from`` reads kept pairs (several runs
together, same quality) and prints the figures without playing anything.
It prints the mean predicted and realized loss, the mean error (predicted
less realized) with its 95% interval, their correlation and the slope of
realized on predicted, per stage and in all; and the level check: the
review's expected final VP of the move played against its realized final
total (mean error and correlation).  The continuation is the one-step
policy, not the Expert, so realized totals lean low; the loss, a paired
difference, much less so.  ``weights_hash`` is the hash of the solo
Expert's weights the pairs were made with: paste it beside
``review.levels.EVAL_SD``, which fails loudly once those weights change.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys

from ruin_qt.ai.determinize import play_round, sample_game
from ruin_qt.ai.expert_api import search_weights_hash
from ruin_qt.ai.greedy import GreedyPolicy, to_turn
from ruin_qt.ai.match import play_game
from ruin_qt.ai.weights import EXPERT_WEIGHTS
from ruin_qt.model.processes import close_pool, new_pool
from ruin_qt.review import seat_decisions
from ruin_qt.review.decisions import Decision
from ruin_qt.review.fitted import refitting
from ruin_qt.review.quality import at_depths
from ruin_qt.review.scheduler import run
from ruin_qt.review.search import decision_seed, judge
from ruin_qt.rules import record
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe

POLICY = GreedyPolicy(EXPERT_WEIGHTS)


def play_out(game: Game, rng: random.Random) -> int:
    """Seat 0's final total once the policy has played the game to its end."""
    while not game.over and not game.seats[0].escaped:
        obs = observe(game, 0)
        play_round(game, to_turn(obs, POLICY.ranked(obs)[0]), rng)
    return game.scores()[0].total


def realize(job) -> dict:
    """The played and the suggested decision in paired futures, played out."""
    d, review, futures = job
    obs = d.observation
    played, suggested = d.played, record.parse_turn(review.suggested)
    finals = []
    for m in range(futures):
        pair = []
        for turn in (played, suggested):
            game = sample_game(obs, random.Random(f"realized:{decision_seed(d)}:{m}"))
            rng = random.Random(f"realized-play:{m}")
            play_round(game, turn, rng)
            pair.append(play_out(game, rng))
        finals.append(pair)
    losses = [b - a for a, b in finals]
    return {"round": d.round, "stage": obs.stage, "predicted": review.loss, "predicted_se": review.loss_se,
            "category": review.category, "realized": statistics.fmean(losses),
            "realized_se": statistics.stdev(losses) / math.sqrt(futures),
            "value": review.played_value.mean, "realized_value": statistics.fmean(a for a, _ in finals),
            "weights_hash": search_weights_hash("solo")}


def _stats(rows: list[dict]) -> dict:
    p = [r["predicted"] for r in rows]
    q = [r["realized"] for r in rows]
    err = [a - b for a, b in zip(p, q)]
    half = 1.96 * statistics.stdev(err) / math.sqrt(len(err)) if len(err) > 1 else 0.0
    out = {"n": len(rows), "predicted": round(statistics.fmean(p), 2), "realized": round(statistics.fmean(q), 2),
           "mean_error": round(statistics.fmean(err), 2), "ci95": round(half, 2),
           "mean_abs_error": round(statistics.fmean(abs(e) for e in err), 2)}
    if len(rows) > 1:
        # The evaluation's own error: the spread of predicted less realized
        # once both sides' sampling noise is taken out of it.
        noise = statistics.fmean(r["realized_se"] ** 2 + r["predicted_se"] ** 2 for r in rows)
        out["eval_sd"] = round(math.sqrt(max(0.0, statistics.variance(err) - noise)), 2)
        # The same with its bias: what a verdict must allow for (``review.levels.EVAL_SD``).
        out["eval_rms"] = round(math.sqrt(max(0.0, statistics.fmean(e * e for e in err) - noise)), 2)
    if len(rows) > 2 and len(set(p)) > 1 and len(set(q)) > 1:
        out["correlation"] = round(statistics.correlation(p, q), 3)
        out["slope"] = round(statistics.linear_regression(p, q)[0], 3)
    v = [r["value"] for r in rows]
    w = [r["realized_value"] for r in rows]
    out["value_mean_error"] = round(statistics.fmean(a - b for a, b in zip(v, w)), 2)
    if len(rows) > 2 and len(set(v)) > 1 and len(set(w)) > 1:
        out["value_correlation"] = round(statistics.correlation(v, w), 3)
    return out


def summary(rows: list[dict], head: dict) -> dict:
    hashes = sorted({str(r.get("weights_hash")) for r in rows})
    head = {**head, "weights_hash": hashes[0] if len(hashes) == 1 and hashes[0] != "None" else hashes}
    return {**head, "all": _stats(rows), **{f"stage {s}": _stats(sel) for s in (1, 2)
                                            if len(sel := [r for r in rows if r["stage"] == s]) > 1}}


def _collect(args, q, levels: list[str], pick: random.Random, rows: list[dict], pool) -> tuple[int, int]:
    """Play games and pair decisions until ``rows`` holds enough; (games played, decisions rated best)."""
    best = g = 0
    while len(rows) < args.decisions:
        seed = args.seed + g
        level = levels[g % len(levels)]
        g += 1
        game, _ = play_game([level], seed)
        chosen: list[Decision] = [d for d in seat_decisions(record.to_record(game), 0).decisions
                                  if not d.is_setup and pick.random() < args.share]
        reviews = run([lambda d=d: judge(d, q, decision_seed(d)) for d in chosen], args.workers, lambda: False,
                      lambda _: None, pool)
        jobs = []
        for d, r in zip(chosen, reviews):
            if r.is_best:
                best += 1
            elif len(rows) + len(jobs) < args.decisions:
                jobs.append((d, r, args.futures))
        rows += pool.map(realize, jobs) if pool is not None else [realize(j) for j in jobs]
        print(f"game {seed} ({level}): {len(rows)}/{args.decisions} pairs, {best} rated best", file=sys.stderr)
    return g, best


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.review_calibration")
    p.add_argument("--decisions", type=int, default=100)
    p.add_argument("--seed", type=int, default=450000)
    p.add_argument("--depth", type=int, help="rounds searched (default: the review's)")
    p.add_argument("--depth2", type=int, help="rounds searched in solo stage 2 (default: the review's)")
    p.add_argument("--futures", type=int, default=16)
    p.add_argument("--levels", default="beginner,standard")
    p.add_argument("--share", type=float, default=0.3)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--rows", help="also write every pair as JSON to this file")
    p.add_argument("--from", dest="source", nargs="+", help="pairs kept by --rows, instead of playing")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.source:
        rows = [r for f in args.source for r in json.loads(open(f, encoding="utf-8").read())]
        print(json.dumps(summary(rows, {"from": args.source}), indent=None if args.json else 2))
        return 0
    try:
        q = at_depths(args.depth, args.depth2)
    except ValueError as e:
        p.error(str(e))
    levels = args.levels.split(",")
    pick = random.Random(args.seed)
    rows: list[dict] = []
    pool = new_pool(args.workers) if args.workers > 1 else None
    try:
        with refitting():
            g, best = _collect(args, q, levels, pick, rows, pool)
    finally:
        if pool is not None:
            close_pool(pool)
    out = summary(rows, {"quality": q.name, "futures": args.futures, "games": g, "rated_best_skipped": best})
    if args.rows:
        with open(args.rows, "w", encoding="utf-8") as f:
            json.dump(rows, f)
    print(json.dumps(out, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
