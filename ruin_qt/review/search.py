"""Judging one decision with the Expert's search (``ai.expert``).

The decision played and the Expert's candidates are valued by the Expert
itself (``ai.expert_api``: its search's shape, its candidates and
``value_in_futures``), in the same determinized futures (common random
numbers), so the loss is a paired difference:

1. screen: the Expert's ranking's best ``screen`` decisions and the played
   one, 2 rounds deep in one future;
2. search: the best ``keep`` of them and the played one, at full depth in
   ``samples`` futures; the best mean is the suggestion;
3. verify: the played decision and the suggestion in ``verify`` fresh
   futures.  The reported values and the loss come from these alone: the
   suggestion won a max over noisy means, so its search value leans high.
   Their score parts say what the suggestion gains (``reasons``).

The verdict weighs the loss against the futures' standard error and the
evaluation's own error measured by calibration (``levels.EVAL_SD``).

The hint is steps 1 and 2 (``suggest``) from the seat's observation, seeded
as the review seeds that decision (``futures_seed``): a decision played as
hinted is the suggestion of the review's own search, so the review finds it
best by construction.

Each judgement is a generator that yields batches of jobs (a ``Valuation``
of one decision in one future: cancellation waits for at most one) and
returns a ``DecisionReview``; ``scheduler`` drives it in this thread or the
Expert's process pool.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Generator

from ..ai.expert_api import Future, Valuation, candidate_setups, candidate_turns, search_shape
from ..rules.observation import Observation
from ..rules.turn import SetupChoice, Turn
from .decisions import Decision, decision_json, observation_digest
from .levels import eval_spread, level_offset, level_spread
from .quality import Quality
from .reasons import reasons
from .result import DecisionReview, Estimate, categorize

Job = Valuation  # one future of one decision
Judgement = Generator[list[Job], list[list[Future]], DecisionReview]


def turn_key(obs: Observation, t: Turn) -> tuple:
    """What a turn changes: two paths to the same cell are one decision."""
    end = t.path[-1] if t.path else obs.sheet.pawn_cell
    return (t.action, frozenset(t.cells), t.discard, t.extra, t.warp, tuple(end), t.escape)


def decision_key(obs: Observation, d: SetupChoice | Turn) -> tuple:
    return setup_key(d) if isinstance(d, SetupChoice) else turn_key(obs, d)


def setup_key(c: SetupChoice) -> tuple:
    """What a setup leaves: the hand kept and the cells drawn, in any order."""
    roads = frozenset(tuple(x) for _, cells in c.roads for x in cells)
    walls = frozenset(tuple(x) for _, cells in c.walls for x in cells)
    return (frozenset(c.keep), roads, walls)


def decision_index(obs: Observation) -> int:
    """A decision's index (``Decision.index``) from what the seat knows: 0
    at setup, else the round from 1 (``obs.round`` counts from 0; a seat
    decides once a round until it escapes)."""
    return 0 if obs.phase == "setup" else obs.round + 1


def futures_seed(obs: Observation, index: int, futures: int = 0) -> int:
    """The seed of a decision's futures: from what the seat knew, and when,
    never from the hidden deal, so a review is a function of the record and
    the hint of a decision meets the review's futures; ``futures``
    (``Quality.futures``) picks another set of them."""
    digest = observation_digest(obs)
    if futures:
        digest = hashlib.sha256(f"{digest}:{futures}".encode()).hexdigest()
    return int(digest[:12], 16) ^ index


def decision_seed(d: Decision, futures: int = 0) -> int:
    """``futures_seed`` of a recorded decision."""
    return futures_seed(d.observation, d.index, futures)


def _options(obs: Observation, shape, q: Quality, setup: bool) -> list[SetupChoice] | list[Turn]:
    """The decisions the search compares: the Expert ranking's best."""
    if setup:
        return candidate_setups(obs, shape.weights, q.layouts)
    return candidate_turns(obs, shape.weights, q.screen)


def _best(obs: Observation, options: list, p: int | None, q: Quality, seed: int,
          shape) -> Generator[list[Job], list[list[Future]], int]:
    """Steps 1 and 2: the index of the best of ``options`` by the search's
    means (``p``, the decision played, always searched, wins ties; None for
    the hint, whose ties go to the ranking's order)."""
    def job(k: int, depth: int, s: int) -> Job:
        return Valuation(obs, options[k], depth, seed, shape.weights, shape.special_top, first=s)
    mine = set() if p is None else {p}
    kept = list(range(len(options)))
    if len(kept) > q.keep + 1:
        screened = yield [job(k, 2, 0) for k in kept]
        order = sorted(kept, key=lambda k: (-screened[k][0].value, k))
        kept = sorted(set(order[:q.keep]) | mine)
    if len(kept) <= 1:
        return kept[0] if p is None else p
    runs = yield [job(k, shape.depth, s) for k in kept for s in range(q.samples)]
    means = {k: statistics.fmean(r[0].value for r in runs[i * q.samples:(i + 1) * q.samples])
             for i, k in enumerate(kept)}
    # Ties go to the decision played: it is not worse than the best found.
    return max(kept, key=lambda k: (means[k], k == p, -k))


def suggest(obs: Observation, q: Quality, seed: int) -> Generator[list[Job], list[list[Future]], SetupChoice | Turn]:
    """The hint: the decision the review at ``q`` would suggest from
    ``obs`` in the futures of ``seed`` (``futures_seed``)."""
    shape = search_shape(obs, depth=q.depth, stage2_depth=q.depth2)
    options = _options(obs, shape, q, obs.phase == "setup")
    best = yield from _best(obs, options, None, q, seed, shape)
    return options[best]


def judge(d: Decision, q: Quality, seed: int) -> Judgement:
    """The review of decision ``d``, futures seeded with ``seed``."""
    obs = d.observation
    shape = search_shape(obs, depth=q.depth, stage2_depth=q.depth2)  # the Expert's own search, at q's depth
    depth = shape.depth
    played = d.played
    setup = isinstance(played, SetupChoice)
    options = _options(obs, shape, q, setup)
    keys = [decision_key(obs, c) for c in options]
    mine = decision_key(obs, played)
    if mine in keys:
        p = keys.index(mine)
    else:
        options.append(played)  # type: ignore[arg-type]  # the same kind as its options
        p = len(options) - 1
    best = yield from _best(obs, options, p, q, seed, shape)

    def job(k: int, s: int) -> Job:
        return Valuation(obs, options[k], depth, seed, shape.weights, shape.special_top, first=s)
    judged = [p] if best == p else [p, best]
    fresh = range(q.samples, q.samples + q.verify)
    runs = yield [job(k, s) for k in judged for s in fresh]
    played_runs = [(r[0].value, r[0].parts) for r in runs[:q.verify]]
    better = [(r[0].value, r[0].parts) for r in runs[q.verify:]] or played_runs
    mine_v, best_v = [v for v, _ in played_runs], [v for v, _ in better]
    diffs = [b - a for a, b in zip(mine_v, best_v)]
    loss = statistics.fmean(diffs)
    if loss <= 0:  # in fresh futures the played decision is at least as good
        best, best_v, better, loss, diffs = p, mine_v, played_runs, 0.0, [0.0] * len(mine_v)
    loss_se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    shift = level_offset(obs, setup, depth)
    card = None if setup else obs.active_card
    eval_sd = eval_spread(obs, setup, depth)
    return DecisionReview(
        index=d.index, round=d.round, stage=obs.stage, card=card,
        played=decision_json(played), suggested=decision_json(options[best]),
        played_value=_estimate(mine_v, shift), suggested_value=_estimate(best_v, shift),
        loss=round(loss, 3), loss_se=round(loss_se, 3), category=categorize(loss, loss_se, eval_sd),
        compared=len(options), level_sd=level_spread(obs, setup), eval_sd=eval_sd, depth=depth,
        reasons=reasons(played_runs, better) if best != p else ())


def _estimate(values: list[float], shift: float) -> Estimate:
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    # Rounded once here, so a review read back from JSON is equal to itself.
    return Estimate(round(statistics.fmean(values) + shift, 3), round(sd, 3), len(values))
