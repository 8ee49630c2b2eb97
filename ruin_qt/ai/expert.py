"""The Expert level: search over determinized futures on top of Standard.

For the most promising step-1 decisions of the Standard ranking (always
including the best escape and the best stay in stage 2, and the best road and
wall draw), the Expert plays each decision in determinized futures
(``determinize.sample_game``: the unseen cards reshuffled consistently with
its observation; rivals as phantoms, see ``determinize``) and continues with
Standard-policy playouts a
few rounds deep: at each later round the policy's best few decisions are
tried and the best kept, and the playout ends on the Standard evaluation (or
on the exact final score if the game ends first, e.g. after an escape).  The
line's next two cards are public, so these few rounds mostly use known cards:
the search sees the card shapes and sizes coming, which the one-step greedy
player cannot.

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
* An alternative must beat the Standard choice by ``z`` VP, so search noise
  does not overturn a sound greedy decision.
* Two cores: with ``workers=2`` (``sim --workers 1``) the root candidates
  are valued in a process pool shared by every Expert brain of the process
  and kept for its lifetime (results do not depend on the split; the pool
  starts once, not per game or decision).  The app's Expert stays on one
  core: twice the search bought nothing measurable (see ``choose``).
* Weights: Standard's greedy player and evaluation, on weights of its own.
  Solo, ``weights.EXPERT_WEIGHTS``, tuned for this search (``tune
  --expert``): Standard's vector was tuned for a one-step player, and the
  leaves of a lookahead are a different job.
* At tables of 2-4 seats the search is shorter (``TABLE_DEPTH`` rounds,
  ``TABLE_SAMPLES`` futures with phantom rivals) on the table evaluation
  (Standard's plus the escape race, ``weights.TABLE_WEIGHTS``, tuned for
  this search with ``tune --table ... --expert``): see ``choose``.
"""

from __future__ import annotations

import atexit
import random
import threading
import time

from ..rules.game import Game
from ..rules.observation import Observation, observe
from ..rules.turn import SetupChoice, Turn
from .determinize import banked_vp, play_round, sample_game
from .evaluation import plan_growth, target_rectangles, weights_to_list
from .greedy import SPECIAL_TOP, Candidate, GreedyPolicy, to_turn
from .weights import EXPERT_WEIGHTS, TABLE_WEIGHTS

TOP_K = 8  # root decisions searched
SCREEN_K = 24  # solo: root decisions screened at 2 rounds, of which the best TOP_K go deeper
WIDTHS = (4, 2)  # decisions tried at each deeper level (then the last width repeats)
# (3, 2) (d4ffb8f), all 200 held-out seeds on a fast machine, paired:
# +0.5 VP (CI -3.2..+4.3), decisions median 0.93 s against 1.11 s.
MAX_DEPTH = 3  # rounds of lookahead, this one included (anytime: deepest finished wins)
# 4 where the clock allows it (9bbf2a2: a fast machine then spends the whole
# budget), all 200 held-out seeds, paired: +1.2 VP (CI -3.4..+5.9), 44.5%
# of games >= 300 against 45.5%; see also ff5e6a9 in ``choose``.
DEFAULT_BUDGET_S = 1.75
MAX_SAMPLES = 4  # futures per candidate at full depth while time remains (anytime)
# On a machine fast enough to reach these caps well inside the budget, 8
# (with 16 in solo stage 2; 53944f5) on the first 100 held-out seeds,
# paired: -0.5 VP (CI -4.7..+3.7), so the caps stay and the time is saved.
Z_MARGIN = 0.5  # VP an alternative must gain over the Standard choice
# Solo, 2 VP (545d236: it decided 12% of decisions on 8 development games)
# on the first 100 held-out seeds, paired: 294.2 -> 292.3 VP, -2.0 (CI
# -7.4..+3.5), gems -0.33, so the search's own margin stays small.
TABLE_DEPTH = 2  # at tables of 2-4 seats: rounds of lookahead
TABLE_SAMPLES = 4  # at tables: futures per candidate while time remains
# 8 on a machine fast enough to reach them (e9ae491), 200 held-out tables
# (7000-7199), paired: wins 54% -> 49.5%, margin -1.7 VP (CI +-4.5).
STAGE2_SAMPLES = 8  # solo stage 2: futures per candidate while time remains (fewer candidates, quicker rounds)
STAGE2_DEPTH = 4  # solo stage 2: rounds of lookahead (stage-2 rounds are quicker to play)
# (5 rounds when a 4-round pass ends early, c24065e, first 100 held-out
# seeds, paired: -2.1 VP, CI -7.8..+3.6, penalties +0.25: fewer futures.)
# Inside the lookahead only the best draw is also tried with a special
# action (the root still tries ``greedy.SPECIAL_TOP``, 3).  At a
# fixed depth the search ran 1.4x faster in stage 1 and 1.9x in stage 2 (6
# development positions); the best value of a lookahead node changed in about
# 5% of nodes, by 2.7 VP on average.  The clock limits the search on slower
# machines: the code before this change scored 278.0 VP on the held-out games
# on one and 289.6 on a faster one (``measurements/``).  On the slower one,
# with specials on escape rounds (``GreedyPolicy.special_candidates``) in the
# same change, 200 held-out games (seeds 5000+), paired: 278.0 -> 283.2 VP,
# +5.2 (CI +0.2..+10.2), square2 +1.9, gems +0.19, routes +1.4.  Solo only:
# the table search (2 rounds, up to 4 futures) mostly ends on its cap, not the
# clock, so it has nothing to buy with the time; at the 4-seat table (100
# held-out games, 7000+) it won 40% against 51% (margin -5.3 VP, CI +-5.4).
LOOKAHEAD_SPECIAL_TOP = 1
# How much longer a pass one round deeper takes than the pass before it
# (widths 4 then 2).  Medians over 27 development positions (seeds
# 330001-330004): 2 -> 3 rounds about 4x, 3 -> 4 rounds about 2.2x; 2.5
# rarely skips the third round, which matters most.  On a slow machine a
# fourth solo stage-2 round often did not fit: that pass ran out of time
# after 0.2-0.8 s of a 1.5 s budget, and its time was lost.
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


def lookahead(game: Game, depth: int, widths: tuple[int, ...], policy: GreedyPolicy,
              rng: random.Random, deadline: float | None, special_top: int = SPECIAL_TOP) -> float:
    """Value of the position at the start of a round, looking ``depth``
    rounds ahead: at each level the Standard ranking's best ``widths[0]``
    decisions are played in this determinized future and the best is kept.
    The line's next cards are public, so a few rounds of lookahead mostly use
    known cards; only refills come from the sampled deck."""
    if game.over or game.seats[0].escaped:
        return float(game.scores()[0].total)
    obs = observe(game, 0)
    ranked = policy.ranked(obs, special_top)
    if depth <= 1:
        return leaf_value(game, ranked[0].value, policy.w)
    if deadline is not None and time.perf_counter() > deadline:
        raise TimeoutError
    # Siblings are compared in one future (common random numbers, as at the
    # root): with a resample each, the max below would favour whichever
    # sibling drew the luckiest cards rather than the better decision.
    # Kept for that reason and its nil cost, not for a shown gain: 200
    # held-out games (seeds 5000+), paired against a resample per sibling,
    # 287.9 -> 288.5 VP, +0.6 (CI -3.5..+4.7), square1 +1.3 (CI +-1.4).
    # The table search (2 rounds) has no inner nodes, so it is unchanged.
    node_seed = rng.getrandbits(48)
    best = float("-inf")
    for c in select_candidates(ranked, widths[0]):
        child = sample_game(obs, random.Random(node_seed), game.stage2_start)
        # A stream of its own for the round and the levels below (any fixed
        # offset: it must only differ from the sample's and match the siblings').
        sub = random.Random(node_seed ^ 0x5DEECE66D)
        play_round(child, to_turn(obs, c), sub)
        best = max(best, lookahead(child, depth - 1, widths[1:] or widths, policy, sub, deadline, special_top))
    return best


def leaf_value(game: Game, best: float, w) -> float:
    """A lookahead leaf: the VP banked so far plus ``best``, the ranking's
    value of seat 0's best decision at this round's start (on weights
    ``w``), stage-1 leaves put on the stage-2 scale."""
    # A calibration of stage-1 leaves by the cards still to come (that
    # is, a bonus per gem taken within the lookahead, R8.4) gained 3.4 VP
    # on a 2-round, 1-sample proxy but -1.3 VP (CI -5.7..3.2) on 200
    # held-out Expert games, so the leaf stays uncalibrated.
    # A learned correction did no better: a linear model of the leaf's
    # error (final total less this value) on 19 features of the position
    # (stage, cards left, hand and done routes, rectangle, filled and
    # road cells, active and unrevealed letters, gems, penalties, this
    # value), fitted on 89,967 positions of 4,000 solo games of the
    # greedy policy on ``EXPERT_WEIGHTS`` (seeds 400000+; cross-validated
    # R^2 0.80, nearly all of it the cards still to come, which siblings
    # share), then added
    # at every leaf: Expert proxy (1 future, 2 rounds, no clock), 300
    # development games (seeds 300000+), paired: +0.9 VP (CI +-3.8),
    # square2 +2.7 but routes -2.9, as the model docks a done route 4.5
    # VP, a correlation of road-heavy sheets, not a cost of the route.
    # The same fit at the 4-seat table (12,085 positions of 1,000 games
    # of the table policy against Standard, Standard, Beginner; seeds
    # 410000+) shrinks this value by a third to a half (the rivals take
    # destinations it counts on); the table search (4 futures, 2
    # rounds, no clock) with it, 100 development tables (310000+),
    # paired: wins 52 -> 51, margin over the best rival +2.2 VP (CI
    # +-5.9), total -3.1 (CI +-4.6).
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
        # there, yet its promise counts at ``plan2``.  A weight of its own
        # for the promise at stage-1 leaves, 0.5 instead of 0.15 (c3579d2:
        # +2.6 VP, CI +-3.3, on 300 proxy games), on 200 held-out games,
        # paired: -2.8 VP (CI +-3.9), square1 -1.2; not merged (a clockless
        # replica of this search, rollouts=2 and horizon=3, gave +2.4 VP,
        # CI +-4.8, on 120 development games: the effect is near zero).
        targets = target_rectangles(sheet, w.plan_cost, rect=rect)
        if targets:
            adjust += (w.plan2 - w.plan) * plan_growth(targets, sheet.rectangle_cells(), rect, w.plan_cost)
    return adjust


class ExpertBrain:
    level = "expert"

    def __init__(self, budget_s: float | None = None, rollouts: int | None = None, workers: int = 1,
                 top_k: int = TOP_K, weights=None, horizon: int | None = None, screen_k: int = SCREEN_K):
        """``budget_s``: seconds per decision (anytime: deeper lookahead while
        time remains); ``rollouts``: an exact number of determinized samples
        per candidate and no clock (deterministic, for tests and reproducible
        runs); ``workers``: processes; ``top_k``: the decisions searched to
        full depth; ``weights``: one vector for solo and tables alike
        (``tools/tune.py``); ``horizon``: the deepest lookahead;
        ``screen_k``: solo, the decisions the first pass screens (its best
        ``top_k`` go deeper)."""
        self.budget_s = DEFAULT_BUDGET_S if budget_s is None and rollouts is None else budget_s
        self.samples = rollouts if rollouts is not None else 1
        self.workers = max(1, workers)
        self.top_k = top_k
        self.screen_k = screen_k
        self.weights = weights if weights is not None else EXPERT_WEIGHTS
        self.standard = GreedyPolicy(self.weights)
        # Tables of 2-4 seats: a shorter search (see ``choose``) on weights tuned there.
        self.table = GreedyPolicy(TABLE_WEIGHTS if weights is None else weights)
        self.max_depth = horizon if horizon is not None else MAX_DEPTH
        self.stage2_depth = horizon if horizon is not None else STAGE2_DEPTH
        self.last_stats: dict = {}
        if self.workers > 1:
            shared_pool(self.workers)  # started here, not on the first decision's clock

    def decide_setup(self, obs: Observation, rng: random.Random) -> SetupChoice:
        # Standard's setup already ranks every layout of the dealt cards
        # (``greedy.setup_layouts``); a lookahead search over the best six
        # chose no better than that ranking: +4.2 against +5.7 VP over the
        # narrower ranking Standard had then (400 development games, CI +-3).
        policy = self.table if obs.n_seats > 1 else self.standard
        return policy.decide_setup(obs, rng)

    def decide_turn(self, obs: Observation, rng: random.Random) -> Turn:
        return to_turn(obs, self.choose(obs, rng))

    # -- search ------------------------------------------------------------------
    def choose(self, obs: Observation, rng: random.Random) -> Candidate:
        t0 = time.perf_counter()
        base_seed = rng.getrandbits(40)
        # At tables rivals are phantoms (``determinize``) whose play is
        # guessed, so the search there is short and wide: 2 rounds, up to 4
        # futures, on the table evaluation.  At the 4-seat table (Expert,
        # Standard, Standard, Beginner), paired, margin over the best rival:
        # - 2 futures against no search: 100 development tables (seeds
        #   310000+) wins 43% -> 46%, +4.8 VP (CI +-7.3); 100 held-out tables
        #   (7000+) 45% -> 55%, +1.1 (CI +-8.2).
        # - 4 futures against 2: development 46% -> 55%, +5.3 (CI +-5.8);
        #   held-out 55% -> 56%, +2.7 (CI +-6.8).  8 futures: development
        #   49%, +3.3 (CI +-6.2).  3 rounds with 2 futures: development 40%,
        #   -4.8 (CI +-8.2).  3 rounds again once siblings shared futures
        #   (daa80a0), 200 held-out tables (7000-7199), paired: wins 50% ->
        #   38.5%, margin -9.9 VP (CI +-5.6), routes -3.5, escape VP -2.5;
        #   p95 decision 1.94 s.  3 rounds whose middle round plays only
        #   the table policy's choice (no maximum over siblings, which
        #   favours staying over escaping; 8ff6b82), same tables: wins 54%
        #   -> 47.5%, margin -3.9 VP (CI +-4.8), escape VP -4.7: with or
        #   without the maximum, a third round costs the escape race.  In
        #   stage 1 only, where there is no race, 100 development tables
        #   (310000+), paired: wins 48 -> 37, margin -4.3 VP (CI +-8.1),
        #   total -3.1, p95 decision 1.83 s.
        # The solo search (3 rounds on Standard's weights) lost there: 161
        # vs 173 VP mean over 60 development games.  Also left out there
        # (development, against 4 futures): an extra candidate with the
        # first choice's draw and the best pawn cell of the other kind
        # (skipping its gem, or taking one it passes by), -8.3 VP (CI +-4.6);
        # 12 candidates instead of 8 (fewer futures each in the time),
        # -8.8 VP (CI +-5.9).  Fewer, on more futures (6 candidates, up to 6
        # futures, e83ab72), 200 held-out tables (7000-7199), paired: wins 50% ->
        # 48.5%, margin -4.4 VP (CI +-4.1), escape VP -3.1 (CI +-1.8).
        table = obs.n_seats > 1
        policy = self.table if table else self.standard
        ranked = policy.ranked(obs)
        # Solo, the first pass (2 rounds, one future) screens a wider list
        # and only its best go deeper.  Why: with 8 candidates the search
        # kept the Standard ranking's 5th-8th decision in a quarter of
        # stage-1 decisions, and the same one in three differently sampled
        # searches of one position, so better decisions lay below the cut.
        # 200 held-out games (seeds 5000+), 16 screened against 8, paired:
        # 288.5 -> 290.8 VP, +2.3 (CI -2.0..+6.6), routes +0.8, penalties
        # -0.12; the same decision time (median 1.76 s, p95 1.82 s).
        # 24 against 16 (e47e110/fa376d6), all 200 of those seeds, paired:
        # 290.8 -> 294.5 VP, +3.7 (CI -0.5..+8.0), 42.5% of games >= 300;
        # the same decision time (p95 1.81 s).  A wider screen costs no
        # time because the first pass is cheap beside the deeper ones.
        # 32 against 24 (f896c77), all 200 seeds, paired: +0.7 VP (CI
        # -3.8..+5.1), every component within 1 VP, so the screen has
        # saturated at 24.  Passing 10 screened decisions on instead of 8
        # (ba5c47f; fewer futures each at depth), the first 100 of those
        # seeds, paired: -2.0 VP (CI -8.9..+4.9).  Passing 6 (0bd7800), the
        # same seeds: +1.7 VP (CI -4.0..+7.5); all 200 (bec88be): +1.1 VP
        # (CI -2.8..+5.0), within noise, so 8 stay.
        # Every decision listed ends on its draw's best pawn cell.  Also
        # screening the best 3 plain draws ending on the best cell of the
        # other kind (skipping a gem, or taking one passed by; e0bc22b), all
        # 200 seeds, paired: -1.1 VP (CI -5.1..+2.9), the squares +2.8 but
        # gems -0.30 and routes -1.3.
        # Not at tables (ddebf3d): 200 held-out tables (7000-7199), paired,
        # wins 50% -> 50.5%, margin over the best rival -2.8 VP (CI +-4.0),
        # total -2.7 (CI +-3.0), escape VP -1.5.
        screen = not table and self.screen_k > self.top_k
        cands = select_candidates(ranked, self.screen_k if screen else self.top_k)
        if len(cands) == 1:
            return cands[0]
        turns = [to_turn(obs, c) for c in cands]
        deadline = None if self.rollouts_fixed else t0 + self.budget_s
        # One schedule of searches: deepen to full depth, then (on a clock)
        # spend the time left on more determinized futures at that depth.
        # A gem discards the line's next card (R8.4), so a candidate that
        # takes one meets sampled cards within the lookahead; one sample
        # would judge it on a single draw of the deck.
        # (Keeping only the better half of the candidates after each sample,
        # to give the contenders more futures, changed nothing: -0.1 VP,
        # CI +-3.0, on 200 development games of a 2-round proxy.)
        # Solo stage 2 has fewer candidates and its rounds are quicker to
        # play (pieces fit in fewer places), so the budget usually buys more
        # futures than stage 1 gets.  On 200 development stage 2s (seeds
        # 320000+, each played from the same stage-1 end, 3 s on one core),
        # paired: up to 8 futures against 4, +1.4 VP (CI +-1.5); a fourth
        # round with up to 4 futures, +2.0 VP (CI +-2.3).  200 held-out
        # games (seeds 5000+), 8 futures against 4: 283.0 -> 286.6 VP,
        # +3.6 (CI -1.0..+8.1).
        # A fourth round on top of the 8 futures, same bench (after a change
        # that made the search 8% quicker): +2.4 VP (CI +-2.6), 275.1 ->
        # 277.5, with 10.5 gems against 10.2 and 2.1 penalties against 2.0.
        # 200 held-out games (seeds 5000+), 4 rounds against 3: 286.6 ->
        # 289.6 VP, +3.0 (CI -1.1..+7.1).
        # Twice the search (both cores, ``workers=2``: stage 1 reached 2-4
        # futures at 3 rounds instead of 1-2) on the same 200 held-out games:
        # 289.6 -> 288.6 VP, -1.0 (CI -5.4..+3.4), so the app's Expert stays
        # on one core: more futures of the same search no longer pay.
        # Nor did a fourth stage-1 round on the second core (ff5e6a9: with
        # two processes solo stage 1 reached 4 rounds in 11 of 18 probe
        # positions): 200 held-out games, paired, 287.9 -> 288.7 VP, +0.8
        # (CI -4.2..+5.7), square2 -1.7, routes +0.9, penalties -0.19.
        if table:
            max_depth, max_samples = min(TABLE_DEPTH, self.max_depth), TABLE_SAMPLES
        elif obs.stage == 2:
            max_depth, max_samples = self.stage2_depth, STAGE2_SAMPLES
        else:
            max_depth, max_samples = self.max_depth, MAX_SAMPLES
        # A pass cut by the clock is lost, so a deeper pass starts only if
        # it is likely to end in time (see ``DEEPEN_GROWTH``); otherwise
        # the time left buys more futures at the depth reached.
        sums, n_samples, depth_done = None, 0, 1
        depth, offset = 2, 0
        while True:
            started = time.perf_counter()
            try:
                vals = self._values(obs, turns, depth, base_seed, deadline, offset, policy.w,
                                    SPECIAL_TOP if table else LOOKAHEAD_SPECIAL_TOP)
            except TimeoutError:
                break
            now = time.perf_counter()
            if depth > depth_done:
                sums, n_samples, depth_done = vals, 1, depth
                if screen and len(cands) > self.top_k:
                    # The Standard choice stays (the z margin is measured from it).
                    rest = sorted(range(1, len(cands)), key=lambda k: -vals[k])[:self.top_k - 1]
                    keep = [0] + sorted(rest)
                    cands, turns, sums = ([xs[k] for k in keep] for xs in (cands, turns, sums))
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
        # Ties keep the Standard order (cands[0] first).  At tables a larger
        # margin for the phantom futures' noise (2 VP, f56bf76) changed nothing
        # on the 200 held-out tables (7000-7199), paired: wins 50% -> 51%,
        # margin over the best rival -0.1 VP (CI +-3.6).
        j = max(range(len(cands)), key=lambda k: (best_vals[k] - (0 if k == 0 else Z_MARGIN), -k))
        return cands[j]

    @property
    def rollouts_fixed(self) -> bool:
        return self.budget_s is None

    def _values(self, obs, turns, depth, base_seed, deadline, offset: int, weights,
                special_top: int = SPECIAL_TOP) -> list[float]:
        """Each candidate's mean lookahead value over samples ``offset`` to
        ``offset + self.samples - 1`` (the same futures for every candidate)."""
        jobs = [(obs, turn, depth, base_seed, offset, self.samples, deadline, weights, special_top) for turn in turns]
        if self.workers > 1:
            out = self._get_pool().map(_candidate_value, jobs)
        else:
            out = [_candidate_value(j) for j in jobs]
        if any(v is None for v in out):
            raise TimeoutError
        return out

    def _get_pool(self):
        return shared_pool(self.workers)


_POOLS: dict = {}  # workers -> the shared process pool
_POOL_LOCK = threading.Lock()


def shared_pool(workers: int):
    """The process pool of every Expert brain in this process, started on
    first use and warmed (its workers import the search once, outside any
    decision's clock).  Spawned, not forked: a caller's threads (Qt's, in
    the app) must not be copied into the workers."""
    with _POOL_LOCK:
        pool = _POOLS.get(workers)
        if pool is None:
            import multiprocessing as mp

            pool = _POOLS[workers] = mp.get_context("spawn").Pool(workers)
            pool.map(_warm, range(workers))
        return pool


def shutdown_pool() -> None:
    """Stop the shared pools (app exit, tests); the next search starts anew."""
    with _POOL_LOCK:
        for pool in _POOLS.values():
            pool.terminate()
            pool.join()
        _POOLS.clear()


# Pools must stop before interpreter teardown, which Pool.__del__ trips over.
atexit.register(shutdown_pool)


def _warm(_: int) -> None:
    """Nothing: unpickling this function imports the search into a worker."""


def _candidate_value(job) -> float | None:
    """Mean lookahead value of one root decision over determinized samples
    (seeded per sample: every candidate sees the same futures)."""
    obs, turn, depth, seed, offset, samples, deadline, weights, special_top = job
    policy = _policy(weights)
    total = 0.0
    try:
        for s in range(offset, offset + samples):
            if deadline is not None and time.perf_counter() > deadline:
                # A 2-round lookahead ends on leaves, which never look at
                # the clock: the table search is bounded here.
                raise TimeoutError
            rng = random.Random(f"{seed}:{s}")
            game = sample_game(obs, random.Random(f"future:{seed}:{s}"))
            play_round(game, turn, rng)
            total += lookahead(game, depth - 1, WIDTHS, policy, rng, deadline, special_top)
    except TimeoutError:
        return None
    return total / samples


_POLICIES: dict = {}


def _policy(weights) -> GreedyPolicy:
    key = tuple(weights_to_list(weights)) if weights is not None else None
    if key not in _POLICIES:
        _POLICIES[key] = GreedyPolicy(weights)
    return _POLICIES[key]
