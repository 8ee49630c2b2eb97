"""The Expert level: search over determinized futures on top of Standard.

For the most promising step-1 decisions of the Standard ranking (always
including the best escape and the best stay in stage 2, and the best road and
wall draw), the Expert plays each decision in determinized futures
(``determinize.sample_game``: the unseen cards reshuffled consistently with
its observation; rivals as phantoms, see ``determinize``) and continues with
Standard-policy playouts a few rounds deep: at each later round the policy's
best few decisions are tried and the best kept, and the playout ends on the
Standard evaluation (or on the exact final score if the game ends first, e.g.
after an escape).  The line's next two cards are public, so these few rounds
mostly use known cards: the search sees the card shapes and sizes coming,
which the one-step greedy player cannot.

* Common random numbers: every candidate is played in the same sampled
  futures, and so is every sibling decision inside the lookahead, so each
  comparison (and each max over siblings) is paired.
* Anytime: iterative deepening (2, then 3 rounds; a 4th in solo stage 2,
  whose decisions are quicker) until the time budget is spent; the deepest
  finished depth decides.  Solo, the 2-round pass screens ``SCREEN_K``
  decisions and only the best ``TOP_K`` (the Standard choice among them)
  go deeper.  Time left at full depth buys more sampled futures
  (up to ``MAX_SAMPLES``; ``STAGE2_SAMPLES`` in solo stage 2), averaged per
  candidate.
  With ``rollouts=N`` there is no clock: exactly N samples at every depth up
  to ``horizon`` (deterministic, for tests and reproducible runs).
* The search's public face (``expert_api``): ``search_shape`` and
  ``candidate_turns`` say what the Expert searches, ``value_in_futures``
  values one decision (a ``Valuation``) in shared futures; the game review
  is its client.
* An alternative must beat the Standard choice by ``Z_MARGIN`` VP, so search
  noise does not overturn a sound greedy decision.
* Two cores: with ``workers=2`` (``sim --workers 1``) the root candidates
  are valued in a process pool the caller hands in (the app's runner's, or
  a command's ``model.processes.new_pool``), kept across brains and games (results do not depend on
  the split; the pool starts once, not per game or decision).  The app's Expert stays on one
  core (docs/ai-journal.md: a second core bought no measurable gain).
* Weights: Standard's greedy player and evaluation, on weights of its own.
  Solo, ``weights.EXPERT_WEIGHTS``, tuned for this search (``tools/tune.py
  --expert``): Standard's vector was tuned for a one-step player, and the
  leaves of a lookahead are a different job.
* At tables of 2-4 seats the search is shorter (``TABLE_DEPTH`` rounds,
  ``TABLE_SAMPLES`` futures with phantom rivals) on the table evaluation
  (Standard's plus the escape race, ``weights.TABLE_WEIGHTS``, tuned for
  this search with ``tools/tune.py --table ... --expert``): see ``choose``.

What was tried on this search, and what it gave: docs/ai-journal.md.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..rules.game import Game
from ..rules.observation import Observation, observe
from ..rules.turn import SetupChoice, Turn
from .determinize import Sample, banked_vp, play_round, sample_game
from .evaluation import Weights, weights_to_list
from .greedy import SPECIAL_TOP, Candidate, GreedyPolicy, setup_layouts, to_turn
from .rectangles import plan_growth, target_rectangles
from .weights import EXPERT_WEIGHTS, TABLE_WEIGHTS

# The figures behind each constant are in docs/ai-journal.md.
TOP_K = 8  # root decisions searched to full depth
SCREEN_K = 24  # solo: root decisions screened at 2 rounds (a wider screen gained nothing)
WIDTHS = (4, 2)  # decisions tried at each deeper level (then the last width repeats)
MAX_DEPTH = 3  # rounds of lookahead, this one included (anytime: deepest finished wins); a 4th gained nothing
DEFAULT_BUDGET_S = 1.75
MAX_SAMPLES = 4  # futures per candidate at full depth while time remains; higher caps gained nothing
Z_MARGIN = 0.5  # VP an alternative must gain over the Standard choice, so search noise does not overturn it
TABLE_DEPTH = 2  # at tables of 2-4 seats: a third round of phantom futures costs the escape race
TABLE_SAMPLES = 4  # at tables: futures per candidate while time remains
STAGE2_SAMPLES = 8  # solo stage 2: futures per candidate while time remains (fewer candidates, quicker rounds)
STAGE2_DEPTH = 4  # solo stage 2: rounds of lookahead (stage-2 rounds are quicker to play)
# Inside the solo lookahead only the best draw is also tried with a special
# action (the root still tries ``greedy.SPECIAL_TOP``): a faster search is a
# deeper one on the clock.  The table search ends on its caps, not the clock.
LOOKAHEAD_SPECIAL_TOP = 1
# How much longer a pass one round deeper takes than the pass before it
# (docs/ai-journal.md); a pass the clock cuts is lost, so a deeper one
# starts only if it should end in time.
DEEPEN_GROWTH = 2.5


def select_candidates(ranked: list[Candidate], k: int = TOP_K) -> list[Candidate]:
    """The Standard choice first, then distinct alternatives: the best escape
    and best stay, the best of each draw action, then the next best."""
    chosen: list[Candidate] = [ranked[0]]
    seen = {(ranked[0].action, ranked[0].mask, ranked[0].pawn, ranked[0].escape, ranked[0].extra, ranked[0].warp)}

    def add(c: Candidate | None) -> None:
        if c is None or len(chosen) >= k:
            return
        key = (c.action, c.mask, c.pawn, c.escape, c.extra, c.warp)
        if key not in seen:
            seen.add(key)
            chosen.append(c)

    add(next((c for c in ranked if c.escape), None))
    add(next((c for c in ranked if not c.escape), None))
    add(next((c for c in ranked if c.action == "A"), None))
    add(next((c for c in ranked if c.action == "B"), None))
    for c in ranked:
        add(c)
    return chosen


def lookahead(game: Sample, depth: int, widths: tuple[int, ...], policy: GreedyPolicy,
              rng: random.Random, deadline: float | None, special_top: int = SPECIAL_TOP) -> float:
    """Value of the position at the start of a round, looking ``depth``
    rounds ahead: at each level the Standard ranking's best ``widths[0]``
    decisions are played in this determinized future and the best is kept.
    The line's next cards are public, so a few rounds of lookahead mostly use
    known cards; only refills come from the sampled deck."""
    return lookahead_leaf(game, depth, widths, policy, rng, deadline, special_top)[0]


def lookahead_leaf(game: Sample, depth: int, widths: tuple[int, ...], policy: GreedyPolicy,
                   rng: random.Random, deadline: float | None, special_top: int = SPECIAL_TOP) -> tuple[float, Game]:
    """``lookahead``'s value and the game at the leaf it came from (the line
    of best siblings), whose score parts say where the value lies."""
    if game.over or game.seats[0].escaped:
        return float(game.scores()[0].total), game
    obs = observe(game, 0)
    ranked = policy.ranked(obs, special_top)
    if depth <= 1:
        return leaf_value(game, ranked[0].value, policy.w), game
    if deadline is not None and time.perf_counter() > deadline:
        raise TimeoutError
    # Siblings are compared in one future (common random numbers, as at the
    # root): with a resample each, the max below would favour whichever
    # sibling drew the luckiest cards rather than the better decision.
    node_seed = rng.getrandbits(48)
    best = float("-inf")
    leaf: Game = game
    for c in select_candidates(ranked, widths[0]):
        child = sample_game(obs, random.Random(node_seed), game.stage2_start)
        # A stream of its own for the round and the levels below (any fixed
        # offset: it must only differ from the sample's and match the siblings').
        sub = random.Random(node_seed ^ 0x5DEECE66D)
        play_round(child, to_turn(obs, c), sub)
        value, end = lookahead_leaf(child, depth - 1, widths[1:] or widths, policy, sub, deadline, special_top)
        if value > best:
            best, leaf = value, end
    return best, leaf


def leaf_value(game: Game, best: float, w) -> float:
    """A lookahead leaf: the VP banked so far plus ``best``, the ranking's
    value of seat 0's best decision at this round's start (on weights
    ``w``), stage-1 leaves put on the stage-2 scale.  Uncalibrated: no
    calibration or learned correction of it gained (docs/ai-journal.md)."""
    v = banked_vp(game) + best
    if game.stage == 1:
        v += stage1_leaf_adjust(game, w)
    return v


def stage1_leaf_adjust(game: Game, w) -> float:
    """Put a stage-1 leaf on the stage-2 scale.  A gem ends stage 1 a round
    early, so sibling playouts can end on either side of the stage change;
    the stage-2 evaluation banks square1 and adds the escape outlook and the
    rounds still to play, which stage-1 values leave out.  Without this the
    search would favour whatever ends stage 1 first."""
    sheet = game.seats[0].sheet
    rect = sheet.square_bonus()
    filled = sheet.filled.bit_count()
    escape = 30.0 if game.solo else 10.0
    late = 0.1  # the sheet still has room at the start of stage 2
    outlook = escape + 6 * ((1 - late) * w.grow2 - 10.0 * late * w.late_penalty)
    adjust = outlook + (1.0 + w.rect2 - w.rect1) * rect - w.filled * filled
    if w.plan != w.plan2:
        # Stage 1 weighs the target rectangle's promise more than stage 2.
        # A leaf banks its rectangle as square1, as if the stage ended
        # there, so its promise counts at ``plan2`` (a weight of its own
        # for it here did not gain).
        targets = target_rectangles(sheet, w.plan_cost, rect=rect)
        if targets:
            adjust += (w.plan2 - w.plan) * plan_growth(targets, sheet.rectangle_cells(), rect, w.plan_cost)
    return adjust


@dataclass(frozen=True)
class SearchShape:
    """How the Expert searches from one observation: ``depth`` rounds of
    lookahead (this one included), up to ``samples`` futures per decision on
    a clock, ``special_top`` draws tried with a special action inside the
    lookahead, on ``weights``."""

    depth: int
    samples: int
    special_top: int
    weights: Weights


def search_shape(obs: Observation, weights: Weights | None = None, depth: int = MAX_DEPTH,
                 stage2_depth: int = STAGE2_DEPTH) -> SearchShape:
    """The search the Expert makes from ``obs``; ``weights`` None: its own
    (solo and table apart); ``depth``/``stage2_depth``: the solo caps.
    At tables rivals are phantoms (``determinize``) whose play is guessed,
    so the search there is short and wide, on the table evaluation (deeper
    or narrower searches lost).  Solo stage 2 has fewer candidates and
    quicker rounds, so it goes deeper and wider."""
    if obs.n_seats > 1:
        return SearchShape(min(TABLE_DEPTH, depth), TABLE_SAMPLES, SPECIAL_TOP, weights or TABLE_WEIGHTS)
    solo = weights or EXPERT_WEIGHTS
    if obs.stage == 2:
        return SearchShape(stage2_depth, STAGE2_SAMPLES, LOOKAHEAD_SPECIAL_TOP, solo)
    return SearchShape(depth, MAX_SAMPLES, LOOKAHEAD_SPECIAL_TOP, solo)


def candidate_turns(obs: Observation, weights: Weights, limit: int = TOP_K) -> list[Turn]:
    """The decisions the Expert would search, best first (``select_candidates``
    of the ranking on ``weights``)."""
    return [to_turn(obs, c) for c in select_candidates(policy_for(weights).ranked(obs), limit)]


def candidate_setups(obs: Observation, weights: Weights, limit: int) -> list[SetupChoice]:
    """The best ``limit`` setup layouts of the ranking on ``weights``."""
    return [c for _, c in setup_layouts(obs, weights)[:limit]]


@dataclass(frozen=True)
class Valuation:
    """One decision to value from ``observation`` in the futures numbered
    ``first`` to ``first + count - 1`` of ``seed``: every decision valued with
    the same seed and numbers meets the same futures (common random
    numbers).  ``depth``: rounds of lookahead, this one included;
    ``deadline``: a ``time.perf_counter()`` past which the search gives up."""

    observation: Observation
    decision: Turn | SetupChoice
    depth: int
    seed: int
    weights: Weights
    special_top: int = SPECIAL_TOP
    first: int = 0
    count: int = 1
    deadline: float | None = None


class ExpertBrain:
    level = "expert"

    def __init__(self, budget_s: float | None = None, rollouts: int | None = None, workers: int = 1,
                 top_k: int = TOP_K, weights=None, horizon: int | None = None, screen_k: int = SCREEN_K,
                 pool=None):
        """``budget_s``: seconds per decision (anytime: deeper lookahead while
        time remains); ``rollouts``: an exact number of determinized samples
        per candidate and no clock (deterministic, for tests and reproducible
        runs); ``workers``: processes, of ``pool`` (the caller's: the app's
        runner's, or ``model.processes.new_pool``); ``top_k``: the decisions searched to
        full depth; ``weights``: one vector for solo and tables alike
        (``tools/tune.py``); ``horizon``: the deepest lookahead (a quicker
        search for tests and tuning); ``screen_k``: solo, the decisions the
        first pass screens (its best ``top_k`` go deeper)."""
        self.budget_s = DEFAULT_BUDGET_S if budget_s is None and rollouts is None else budget_s
        self.samples = rollouts if rollouts is not None else 1
        self.workers = max(1, workers)
        self.top_k = top_k
        self.screen_k = screen_k
        self.weights = weights  # None: the Expert's own, solo and table apart (``search_shape``)
        self.max_depth = horizon if horizon is not None else MAX_DEPTH
        self.stage2_depth = horizon if horizon is not None else STAGE2_DEPTH
        self.last_stats: dict = {}
        if self.workers > 1 and pool is None:
            raise ValueError(f"a search over {self.workers} workers needs their pool (model.processes.new_pool)")
        self.pool = pool

    def shape(self, obs: Observation) -> SearchShape:
        return search_shape(obs, self.weights, self.max_depth, self.stage2_depth)

    def decide_setup(self, obs: Observation, rng: random.Random) -> SetupChoice:
        # Standard's setup already ranks every layout of the dealt cards
        # (``greedy.setup_layouts``); a lookahead over the best few chose no better.
        return policy_for(self.shape(obs).weights).decide_setup(obs, rng)

    def decide_turn(self, obs: Observation, rng: random.Random) -> Turn:
        return to_turn(obs, self.choose(obs, rng))

    # -- search ------------------------------------------------------------------
    def choose(self, obs: Observation, rng: random.Random) -> Candidate:
        t0 = time.perf_counter()
        base_seed = rng.getrandbits(40)
        shape = self.shape(obs)
        table = obs.n_seats > 1
        ranked = policy_for(shape.weights).ranked(obs)
        # Solo, the first pass (2 rounds, one future) screens a wider list
        # and only its best go deeper: better decisions often lay below the
        # Standard ranking's top 8.  Not at tables, where it gained nothing.
        screen = not table and self.screen_k > self.top_k
        cands = select_candidates(ranked, self.screen_k if screen else self.top_k)
        if len(cands) == 1:
            return cands[0]
        turns = [to_turn(obs, c) for c in cands]
        deadline = None if self.budget_s is None else t0 + self.budget_s  # None: ``rollouts_fixed``
        # One schedule of searches: deepen to full depth, then (on a clock)
        # spend the time left on more determinized futures at that depth.
        # A gem discards the line's next card (R8.4), so a candidate that
        # takes one meets sampled cards within the lookahead; one sample
        # would judge it on a single draw of the deck.
        max_depth, max_samples = shape.depth, shape.samples
        # A pass cut by the clock is lost, so a deeper pass starts only if
        # it is likely to end in time (see ``DEEPEN_GROWTH``); otherwise
        # the time left buys more futures at the depth reached.
        sums: list[float] | None = None  # each candidate's summed values at ``depth_done``
        n_samples, depth_done = 0, 1
        depth, offset = 2, 0
        while True:
            started = time.perf_counter()
            try:
                vals = self._values(obs, turns, depth, base_seed, deadline, offset, shape)
            except TimeoutError:
                break
            now = time.perf_counter()
            if sums is None or depth > depth_done:  # the first pass is always deeper than 1
                sums, n_samples, depth_done = vals, 1, depth
                if screen and len(cands) > self.top_k:
                    # The Standard choice stays (the z margin is measured from it).
                    rest = sorted(range(1, len(cands)), key=lambda k: -vals[k])[:self.top_k - 1]
                    keep = [0] + sorted(rest)
                    cands, turns, sums = [cands[k] for k in keep], [turns[k] for k in keep], [sums[k] for k in keep]
            else:
                sums = [a + b for a, b in zip(sums, vals)]
                n_samples += 1
            if depth < max_depth and (deadline is None or now + DEEPEN_GROWTH * (now - started) <= deadline):
                depth, offset = depth + 1, 0
            elif deadline is not None and n_samples < max_samples:
                offset += 1
            else:
                break
        best_vals = None if sums is None else [v / n_samples for v in sums]
        self.last_stats = {"depth": depth_done, "candidates": len(cands), "samples": n_samples,
                           "seconds": time.perf_counter() - t0}
        if best_vals is None:
            return cands[0]
        # Ties keep the Standard order (cands[0] first).
        j = max(range(len(cands)), key=lambda k: (best_vals[k] - (0 if k == 0 else Z_MARGIN), -k))
        return cands[j]

    @property
    def rollouts_fixed(self) -> bool:
        return self.budget_s is None

    def _values(self, obs, turns, depth, base_seed, deadline, offset: int, shape: SearchShape) -> list[float]:
        """Each candidate's mean lookahead value over samples ``offset`` to
        ``offset + self.samples - 1`` (the same futures for every candidate)."""
        jobs = [Valuation(obs, turn, depth, base_seed, shape.weights, shape.special_top, offset, self.samples,
                          deadline) for turn in turns]
        if self.workers > 1:
            out = self.pool.map(_candidate_value, jobs)
        else:
            out = [_candidate_value(j) for j in jobs]
        if any(v is None for v in out):
            raise TimeoutError
        return out

    def __getstate__(self) -> dict:
        # A brain is pickled to the runner's worker process: its pool stays here.
        return {**self.__dict__, "pool": None, "workers": 1}


def _candidate_value(job: Valuation) -> float | None:
    """Mean lookahead value of one root decision over its futures."""
    values = turn_values(job)
    return None if values is None else sum(values, 0.0) / len(values)


def turn_values(job: Valuation) -> list[float] | None:
    """A turn's lookahead value in each of its determinized futures; None
    when the clock ran out."""
    leaves = turn_leaves(job)
    return None if leaves is None else [v for v, _ in leaves]


def turn_of(job: Valuation) -> Turn:
    decision = job.decision
    if not isinstance(decision, Turn):
        raise TypeError("a turn's futures are valued for a Turn")
    return decision


def turn_leaves(job: Valuation) -> list[tuple[float, Game]] | None:
    """``turn_values`` with each future's leaf game (``lookahead_leaf``)."""
    policy = policy_for(job.weights)
    out = []
    try:
        for s in range(job.first, job.first + job.count):
            if job.deadline is not None and time.perf_counter() > job.deadline:
                # A 2-round lookahead ends on leaves, which never look at
                # the clock: the table search is bounded here.
                raise TimeoutError
            rng = random.Random(f"{job.seed}:{s}")
            game = sample_game(job.observation, random.Random(f"future:{job.seed}:{s}"))
            play_round(game, turn_of(job), rng)
            out.append(lookahead_leaf(game, job.depth - 1, WIDTHS, policy, rng, job.deadline, job.special_top))
    except TimeoutError:
        return None
    return out


_POLICIES: dict = {}


def policy_for(weights: Weights) -> GreedyPolicy:
    """One ranking per weight vector, shared by every search of the process."""
    key = tuple(weights_to_list(weights))
    if key not in _POLICIES:
        _POLICIES[key] = GreedyPolicy(weights)
    return _POLICIES[key]
