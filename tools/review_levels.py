"""Fit the game review's level: its search values against final totals.

    python -m tools.review_levels DIR [--depth D --depth2 D2] [--seat N] [--workers 2] [--rows FILE] [--json]
    python -m tools.review_levels --from ROWS.json [ROWS.json ...] [--json]

The Expert's lookahead ends on leaf values, an estimate of the VP to come
that leaves out much of what later rounds bring (``expert.leaf_value`` is
uncalibrated: only differences between siblings matter to the search).  A
review reports expected *final* VP, so ``review.levels`` adds an offset per
stage, piecewise linear in the cards left in that stage (``deck_size +
len(line)``), for each number of seats and depth of search.
This tool reviews the given seat (default: the first Expert seat) of every
record in DIR (``sim --records``, finished games), sets each decision's
search value of the move played beside that seat's final total, and fits
``final - value`` per stage as a piecewise-linear function of the cards
left (``KNOTS``) by least squares, per number of seats.  The values are
taken before any offset, so the fit does not depend on the one in use;
``--rows`` keeps them and ``--from`` fits kept rows again (several runs
together) without reviewing anything.  It prints the knots to paste
into ``review/levels.py``, the residual spread and the mean error by five
cards left, the median time of a review, and the hash of the Expert's weights
the rows were made with (``weights_hash``: paste it beside ``OFFSETS`` and
``SPREADS``; they fail loudly once the weights change).  It reviews with
whatever table is in place (``review.fitted.refitting``) and takes its
offset out again.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path

from ruin_qt.ai.expert_api import search_shape, search_weights_hash
from ruin_qt.model.processes import pool_of
from ruin_qt.review import review_seat, seat_decisions
from ruin_qt.review.fitted import refitting
from ruin_qt.review.levels import level_offset
from ruin_qt.review.quality import Quality, at_depths


def rows_of(path: Path, seat: int | None, q: Quality, workers: int, times: list[float], pool=None) -> list[dict]:
    rec = json.loads(path.read_text(encoding="utf-8"))
    if seat is None:
        kinds = [s["kind"] for s in rec["seats"]]
        seat = kinds.index("ai:expert") if "ai:expert" in kinds else 0
    game = seat_decisions(rec, seat)
    if not game.finished or game.final_total is None:
        return []
    t0 = time.perf_counter()
    r = review_seat(game, q, workers=workers if pool is not None else 1, pool=pool)
    times.append(time.perf_counter() - t0)
    out = []
    for d, dr in zip(game.decisions, r.decisions):
        obs = d.observation
        depth = search_shape(obs, depth=q.depth, stage2_depth=q.depth2).depth
        raw = dr.played_value.mean - level_offset(obs, d.is_setup, depth)
        out.append({"record": path.name, "index": d.index, "phase": "setup" if d.is_setup else obs.stage,
                    "table": obs.n_seats > 1, "seats": obs.n_seats, "depth": depth,
                    "cards_left": obs.deck_size + len(obs.line), "raw": raw,
                    "final": game.final_total, "weights_hash": search_weights_hash("solo", "tables")})
    return out


# Cards left in the stage, per (phase, seats): setup is one constant (R5.2:
# 24 less 2 a seat, solo 20); stage 2 below the first knot is flat (solo: the
# lookahead reaches the end there and its values are final totals; the more
# seats, the sooner stage 2 ends).  Tables have fewer knots: fitted on 10-20
# games, where a game's own luck dominates, more knots fit noise (left out
# one game at a time, they did no better; docs/ai-journal.md).
KNOTS = {("setup", 1): (20,), (1, 1): (0, 4, 8, 12, 16, 20), (2, 1): (6, 12, 18, 24),
         ("setup", 2): (20,), (1, 2): (0, 10, 20), (2, 2): (6, 24),
         ("setup", 3): (18,), (1, 3): (0, 9, 18), (2, 3): (8, 24),
         ("setup", 4): (16,), (1, 4): (0, 8, 16), (2, 4): (10, 24)}


def hat(x: float, knots: tuple[int, ...]) -> list[float]:
    """Weights of ``x`` on each knot: linear between knots, flat beyond the last."""
    x = min(max(x, knots[0]), knots[-1])
    out = [0.0] * len(knots)
    for i in range(len(knots) - 1):
        lo, hi = knots[i], knots[i + 1]
        if lo <= x <= hi:
            t = (x - lo) / (hi - lo)
            out[i], out[i + 1] = 1 - t, t
            break
    return out


def fit(rows: list[dict], knots: tuple[int, ...]) -> dict:
    """``final - value`` as a piecewise-linear function of the cards left (least squares)."""
    import numpy as np

    xs = [r["cards_left"] for r in rows]
    ys = np.array([r["final"] - r["raw"] for r in rows])
    basis = np.array([hat(x, knots) if len(knots) > 1 else [1.0] for x in xs])
    coef = np.linalg.lstsq(basis, ys, rcond=None)[0]
    res = ys - basis @ coef
    by_fives: dict[int, list[float]] = {}
    for x, e in zip(xs, res):
        by_fives.setdefault(x // 5 * 5, []).append(float(e))
    return {"n": len(rows), "knots": [[k, round(float(c), 1)] for k, c in zip(knots, coef)],
            "residual_sd": round(float(res.std()), 2),
            "mean_error_by_cards_left": {k: round(statistics.fmean(v), 2) for k, v in sorted(by_fives.items())}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.review_levels")
    p.add_argument("dir", nargs="?")
    p.add_argument("--from", dest="source", nargs="+", help="rows kept by --rows, fitted instead of reviewing")
    p.add_argument("--depth", type=int, help="rounds searched (default: the review's); shallower rows for the tests")
    p.add_argument("--depth2", type=int, help="rounds searched in solo stage 2 (default: the review's)")
    p.add_argument("--seat", type=int, default=None, help="seat to review, from 1 (default: the first Expert)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--rows", help="also write every row as JSON to this file")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    try:
        quality = at_depths(args.depth, args.depth2)
    except ValueError as e:
        p.error(str(e))
    rows: list[dict] = []
    times: list[float] = []
    files: list[Path] = []
    if args.source:
        for f in args.source:
            rows += json.loads(Path(f).read_text(encoding="utf-8"))
    elif args.dir:
        files = sorted(Path(args.dir).glob("*.json"))
        with refitting(), pool_of(args.workers) if args.workers > 1 else nullcontext() as pool:
            for k, f in enumerate(files):
                rows += rows_of(f, None if args.seat is None else args.seat - 1, quality, args.workers, times,
                                pool)
                print(f"{k + 1}/{len(files)} {f.name}", file=sys.stderr)
    else:
        p.error("give a directory of records or --from ROWS")
    if args.rows:
        Path(args.rows).write_text(json.dumps(rows), encoding="utf-8")
    hashes = sorted({str(r.get("weights_hash")) for r in rows})
    if len(hashes) > 1:
        p.error(f"rows made with different weights ({', '.join(hashes)}): fit each apart or review anew")
    out = {"quality": quality.name, "records": len(files) or len({r["record"] for r in rows}),
           "weights_hash": hashes[0] if hashes and hashes[0] != "None" else None,
           "seconds": {"median": round(statistics.median(times), 1), "max": round(max(times), 1)} if times else {},
           "fits": {f"{n} seat{'s' if n > 1 else ''} {s if s == 'setup' else f'stage {s}'}": fit(sel, KNOTS[s, n])
                    for n in (1, 2, 3, 4) for s in ("setup", 1, 2)
                    if (sel := [r for r in rows if r["seats"] == n and r["phase"] == s])}}
    print(json.dumps(out, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
