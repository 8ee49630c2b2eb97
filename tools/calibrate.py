"""How well the evaluation tells the searched decisions apart, measured
against what they lead to:

    python -m tools.calibrate --games 200 --seed 420000 [--weights expert] [--futures K] [--json]

Whole games (``sim``, ``tune``) judge an evaluation only through hundreds of
paired games, whose noise hides effects under about 4 VP.  This report asks
a narrower question of the Expert's leaf (``expert.leaf_value``): in solo
games played by the greedy policy on the chosen weights, at positions
sampled with chance ``--share`` per round, the policy's choice and one
alternative drawn from the next best five (the decisions the Expert's search
would compare) are each played, then continued by the same policy to the end
of the game on the same deck and shuffles (a copy of the game, RNG included:
common random numbers).  The realized difference of the two final totals is
set beside the difference the leaf predicted at the next round's start (an
escaped branch's total is exact, not a leaf).

Per stage it prints the pairs, the slope of realized on predicted difference
(1 when the leaf's differences are calibrated; below 1 they are exaggerated,
or partly noise), their correlation, and how often the alternative did
better; then the mean error where one branch escaped and the other is a leaf
(the escape decision of stage 2 compares exactly those).  The realized
differences are single playouts by the greedy policy, so they carry the
deck's luck and that policy's later play, not the Expert's.

Per stage it also splits each predicted difference into the evaluation's
terms (``TERMS``: a term's part is the leaf's value less its value with that
weight at 0, for the same decision) and fits the realized difference on
those parts: a term's coefficient is the factor its weight would need for
its differences to be calibrated (1: as it is), with a 95% interval.

One playout's difference is mostly the future's luck.  ``--futures K``
plays each pair again in K-1 fresh futures (the unseen decks and later
shuffles reshuffled, the same for both branches) and splits the realized
difference into its expected part, the decisions' own, and the future's
noise: how much one playout can tell at best, and each value's correlation
with the expected difference itself.

Read the coefficients as questions, not prescriptions: a term's part moves
with the others between sibling decisions, so the fit credits a term for
what travels with it: the leads it gave have not gained in whole games
(docs/ai-journal.md).  The slope and correlation per stage are the report's
robust figures.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
from dataclasses import asdict, dataclass, field, replace

from ruin_qt.ai.distances import buildable
from ruin_qt.ai.evaluation import escape_value, evaluate
from ruin_qt.ai.expert import leaf_value, select_candidates
from ruin_qt.ai.greedy import Candidate, GreedyPolicy, to_turn
from ruin_qt.ai.weights import EXPERT_WEIGHTS, STANDARD_WEIGHTS
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import Observation, observe

WEIGHTS = {"expert": EXPERT_WEIGHTS, "standard": STANDARD_WEIGHTS}
ALTERNATIVES = 6  # the choice and the next best five, as ``select_candidates`` orders them
SHARE = 0.35
# Weights whose terms enter the value linearly enough to be split off.
TERMS = ("rect1", "rect2", "filled", "rect_soft", "route", "card", "dest", "gem_now", "fut", "plan", "plan2",
         "next_penalty", "letter_risk", "grow2")


@dataclass
class Pair:
    seed: int
    round: int
    stage: int
    predicted: float  # leaf value of the alternative's branch less the choice's
    realized: int  # final total of the alternative's branch less the choice's
    exact: str  # "": both leaves; "choice" / "alternative": that branch escaped (its value is exact)
    choice_total: int  # final total of the choice's branch: the game's own, as it replays the same deck
    terms: dict[str, float] = field(default_factory=dict)  # each term's part of ``predicted`` (both leaves)
    futures: list[int] = field(default_factory=list)  # ``realized`` again in fresh futures (``--futures``)


def decision_value(policy: GreedyPolicy, obs: Observation, c: Candidate) -> float:
    """The ranking's value of decision ``c`` under ``policy``'s weights,
    its pawn cell and escape fixed (``GreedyPolicy.ranked`` lets the
    weights choose them)."""
    ctx = policy.context(obs)
    roads, walls = c.drawn(obs.sheet.roads, obs.sheet.walls)
    if c.extra is not None:
        kind, i = c.extra
        if kind == "road":
            roads |= 1 << i
        else:
            walls |= 1 << i
    if c.discard is not None:
        ctx = ctx.with_hand(tuple(h for h in obs.hand if h != c.discard))
    if c.escape:
        return escape_value(ctx, roads, walls, ctx.route_values(roads, buildable(roads, walls))) - c.penalty
    return evaluate(ctx, roads, walls, 1 << c.pawn)[0] - c.penalty


def _branch_value(game: Game, policy: GreedyPolicy) -> tuple[float, bool, dict[str, float]]:
    """The leaf value at the start of the next round and each term's part
    of it, or the exact total once the seat has escaped or the game is over."""
    if game.over or game.seats[0].escaped:
        return float(game.scores()[0].total), True, {}
    obs = observe(game, 0)
    ranked = policy.ranked(obs)
    value = leaf_value(game, ranked[0].value, policy.w)
    terms = {}
    for name in TERMS:
        if not getattr(policy.w, name):
            continue
        without = GreedyPolicy(replace(policy.w, **{name: 0.0}))
        terms[name] = value - leaf_value(game, decision_value(without, obs, ranked[0]), without.w)
    return value, False, terms


def _finish(game: Game, policy: GreedyPolicy) -> int:
    while not game.over:  # solo: an escape ends the game (R10.3)
        obs = observe(game, 0)
        game.play_round([to_turn(obs, policy.ranked(obs)[0])])
    return game.scores()[0].total


def _played(game: Game, obs: Observation, c: Candidate) -> Game:
    """A copy of ``game`` after the seat's decision ``c`` (a branch)."""
    branch = copy.deepcopy(game)
    branch.play_round([to_turn(obs, c)])
    return branch


def _fresh_future(game: Game, seed: int, k: int) -> Game:
    """A copy of ``game`` whose hidden order is reshuffled: the explore and
    objective decks and every later shuffle (the seed) come from ``k``."""
    rng = random.Random(f"calibrate:{seed}:{game.round}:{k}")
    fresh = copy.deepcopy(game)
    rng.shuffle(fresh.deck)
    rng.shuffle(fresh.obj_deck)
    fresh.seed = rng.getrandbits(48)
    return fresh


def game_pairs(seed: int, weights: str = "expert", share: float = SHARE,
               futures: int = 1) -> tuple[list[Pair], int]:
    """The sampled pairs of one solo game and the game's own final total
    (with ``futures`` > 1 each pair is also played in that many less one
    fresh futures, both branches on the same one)."""
    policy = GreedyPolicy(WEIGHTS[weights])
    pick = random.Random(f"calibrate:{seed}")
    game = Game([("greedy", "ai:standard")], seed)
    game.submit_setup(0, policy.decide_setup(observe(game, 0), pick))
    pairs: list[Pair] = []
    while not game.over:
        obs = observe(game, 0)
        ranked = policy.ranked(obs)
        cands = select_candidates(ranked, ALTERNATIVES)
        if len(cands) > 1 and pick.random() < share:
            alt = pick.choice(cands[1:])
            out = []
            for c in (cands[0], alt):
                branch = _played(game, obs, c)
                value, exact, terms = _branch_value(branch, policy)
                out.append((value, exact, terms, _finish(branch, policy)))
            (va, ea, ta, fa), (vb, eb, tb, fb) = out
            exact = "" if ea == eb else ("choice" if ea else "alternative")
            terms = {k: tb.get(k, 0.0) - ta.get(k, 0.0) for k in ta.keys() | tb.keys()} if not (ea or eb) else {}
            again = []
            for k in range(1, futures):
                base = _fresh_future(game, seed, k)
                again.append(_finish(_played(base, obs, alt), policy) - _finish(_played(base, obs, cands[0]), policy))
            pairs.append(Pair(seed, obs.round, obs.stage, vb - va, fb - fa, exact, fa, terms, again))
        game.play_round([to_turn(obs, ranked[0])])
    return pairs, game.scores()[0].total


def _slope(xs: list[float], ys: list[float]) -> float | None:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return None if sxx == 0 else sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def _term_fit(ps: list[Pair]) -> dict[str, dict]:
    """Least squares of the realized difference on each term's part of the
    predicted one (``rest``: the banked VP and the parts not split off)."""
    import numpy as np

    names = sorted({k for p in ps for k, v in p.terms.items() if abs(v) > 1e-9})
    if not names or len(ps) <= len(names) + 1:
        return {}
    x = np.array([[p.terms.get(k, 0.0) for k in names] + [p.predicted - sum(p.terms.values())] for p in ps])
    y = np.array([float(p.realized) for p in ps])
    a = x.T @ x + 1e-6 * np.eye(x.shape[1])  # a term that never differs stays solvable
    beta = np.linalg.solve(a, x.T @ y)
    resid = y - x @ beta
    se = np.sqrt(np.diag(resid.var() * np.linalg.inv(a)))
    return {k: {"coef": round(float(b), 2), "ci95_half": round(float(1.96 * e), 2), "sd": round(float(sd), 2)}
            for k, b, e, sd in zip(names + ["rest"], beta, se, x.std(0))}


def reliability(ps: list[Pair], rng_seed: int = 0) -> dict | None:
    """``split_futures`` of pairs played in several futures (None when
    there are too few, or they differ in their number of futures)."""
    import numpy as np

    ps = [p for p in ps if p.futures]
    if len(ps) < 10 or len({len(p.futures) for p in ps}) != 1:
        return None
    preds = {"leaf": np.array([p.predicted for p in ps])}
    return split_futures(np.array([[p.realized, *p.futures] for p in ps], dtype=float), preds, rng_seed)


def split_futures(d, preds: dict, rng_seed: int = 0) -> dict:
    """How much of a realized difference is the decisions' and how much the
    future's, from ``d``: pairs (rows) each played in several futures
    (columns): the share of one playout's variance that is the expected
    difference (``one_playout``), so the best correlation any prediction
    can reach with one playout is its square root; and each of ``preds``'
    correlation with the expected difference itself (with the mean over
    futures, disattenuated), with 95% bootstrap intervals over pairs."""
    import numpy as np

    d = np.asarray(d, dtype=float)
    k = d.shape[1]

    def stats(idx: np.ndarray) -> dict[str, float]:
        x = d[idx]
        noise = x.var(axis=1, ddof=1).mean()
        means = x.mean(axis=1)
        true = max(means.var(ddof=1) - noise / k, 1e-9)
        out = {"one_playout": true / (true + noise), "sd_expected": true ** 0.5, "sd_noise": noise ** 0.5}
        for name, pred in preds.items():
            r = float(np.corrcoef(np.asarray(pred)[idx], means)[0, 1]) / min(1.0, (true / means.var(ddof=1)) ** 0.5)
            out[name] = max(-1.0, min(1.0, r))  # a resample with almost no expected spread overshoots
        return out

    point = stats(np.arange(len(d)))
    rng = np.random.default_rng(rng_seed)
    boot = [stats(rng.integers(0, len(d), len(d))) for _ in range(1000)]
    out: dict = {"pairs": len(d), "futures": k}
    for key, v in point.items():
        lo, hi = np.percentile([b[key] for b in boot], [2.5, 97.5])
        out[key] = {"value": round(float(v), 3), "ci95": [round(float(lo), 3), round(float(hi), 3)]}
    return out


def summarize(pairs: list[Pair]) -> dict:
    out: dict = {"pairs": len(pairs), "stages": {}}
    for stage in (1, 2):
        ps = [p for p in pairs if p.stage == stage and not p.exact]
        if len(ps) < 2:
            continue
        xs, ys = [p.predicted for p in ps], [float(p.realized) for p in ps]
        corr = statistics.correlation(xs, ys) if statistics.pstdev(xs) and statistics.pstdev(ys) else None
        slope = _slope(xs, ys)
        out["stages"][f"stage{stage}"] = {
            "pairs": len(ps),
            "slope": None if slope is None else round(slope, 3),
            "correlation": None if corr is None else round(corr, 3),
            "alternative_better": round(sum(y > 0 for y in ys) / len(ys), 3),
            "mean_predicted": round(statistics.fmean(xs), 2),
            "mean_realized": round(statistics.fmean(ys), 2),
            "terms": _term_fit(ps),
        }
        rel = reliability(ps)
        if rel is not None:
            out["stages"][f"stage{stage}"]["futures"] = rel
    # Error of the leaf against an exact (escaped) branch, signed so that a
    # positive value means the leaf undervalued staying in.
    errs = []
    for p in pairs:
        if p.exact:
            err = p.realized - p.predicted
            errs.append(err if p.exact == "choice" else -err)
    if errs:
        half = 1.96 * statistics.stdev(errs) / math.sqrt(len(errs)) if len(errs) > 1 else None
        out["escape_vs_leaf"] = {"pairs": len(errs), "stay_undervalued_by": round(statistics.fmean(errs), 2),
                                 "ci95_half": None if half is None else round(half, 2)}
    return out


def _job(args: tuple) -> list[dict]:
    seed, weights, share, futures = args
    return [asdict(p) for p in game_pairs(seed, weights, share, futures)[0]]


def fmt(v: dict) -> str:
    return f"{v['value']} ({v['ci95'][0]}..{v['ci95'][1]})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.calibrate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=420000)
    ap.add_argument("--weights", choices=sorted(WEIGHTS), default="expert")
    ap.add_argument("--share", type=float, default=SHARE, help="chance a round is sampled")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--futures", type=int, default=1,
                    help="play each pair in this many futures (the game's own and fresh ones) to split the realized "
                         "difference into the decisions' part and the future's")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.games < 1 or not 0 < a.share <= 1 or a.futures < 1:
        ap.error("--games and --futures must be at least 1 and --share in (0, 1]")
    jobs = [(s, a.weights, a.share, a.futures) for s in range(a.seed, a.seed + a.games)]
    if a.workers > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(a.workers) as pool:
            rows = [r for part in pool.map(_job, jobs) for r in part]
    else:
        rows = [r for j in jobs for r in _job(j)]
    pairs = [Pair(**r) for r in rows]
    summary = summarize(pairs)
    summary.update({"games": a.games, "seed": a.seed, "weights": a.weights})
    if a.json:
        json.dump(summary, sys.stdout, indent=1)
        print()
    else:
        print(f"{a.games} games from seed {a.seed}, {a.weights} weights: {summary['pairs']} pairs")
        for name, s in summary["stages"].items():
            print(f"  {name}: {s['pairs']} pairs, slope {s['slope']}, correlation {s['correlation']}, "
                  f"alternative better in {s['alternative_better']:.1%}")
            if "futures" in s:
                f = s["futures"]
                print(f"    in {f['futures']} futures ({f['pairs']} pairs): one playout's share of the expected "
                      f"difference {fmt(f['one_playout'])}, sd expected {fmt(f['sd_expected'])} against the "
                      f"future's {fmt(f['sd_noise'])}; correlation with the expected difference: leaf "
                      f"{fmt(f['leaf'])}")
            for k, t in s["terms"].items():
                print(f"    {k:13s} coefficient {t['coef']:+.2f} (CI +-{t['ci95_half']}), "
                      f"sd of its differences {t['sd']}")
        if "escape_vs_leaf" in summary:
            e = summary["escape_vs_leaf"]
            print(f"  escape against a leaf: {e['pairs']} pairs, staying undervalued by {e['stay_undervalued_by']} VP"
                  f" (CI +-{e['ci95_half']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
