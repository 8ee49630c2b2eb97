"""From the Expert's lookahead values to expected final VP.

A lookahead leaf (``expert.leaf_value``) is the VP banked plus the ranking's
value of the position: good for telling sibling decisions apart, but it
leaves out much of what later rounds bring (in stage 1 about 9 VP for every
card still to come).  A review reports expected *final* VP, so it adds an
offset fitted on finished Expert games: per phase (setup, stage 1, stage 2),
number of seats and depth of search, piecewise linear in the cards left in the
stage (``deck_size + len(line)``).  Offsets shift every decision of a
position alike, so losses do not depend on them.  The fit, its residual
spread and its command are in docs/ai-journal.md (game review).

Every table here carries the hash of the Expert's weights it was fitted
with (``fitted``): changed weights, or a phase, seat count or depth with no
fit, raise ``StaleFit`` naming the table and the command that refits it.
"""

from __future__ import annotations

from ..rules.observation import Observation
from .fitted import FittedTable, StaleFit, is_refitting

Knots = tuple[tuple[int, float], ...]  # (cards left, VP): linear between knots, flat beyond the ends

# (phase, seats, depth) -> knots, from ``python -m tools.review_levels``: solo
# on 20 Expert games (seeds 440000+) at depths 2 (stage 2: 3), the former
# quick preset's, which the tests' small searches use, and 3 (4), the
# review's; tables on the Expert's seat, where both searched
# 2 rounds: 10 games of 2 seats (441200+), 10 of 3 (441300+) and 23 of 4
# (441100+ and 473000-473002).  Seat counts differ by more than the fit's
# error (R5.2: 24 cards less 2 a seat at setup, and more rivals for a gem).
LEVELS_REFIT = ("`python -m ruin_qt sim --seats expert --games 20 --seed 440000 --records DIR` (tables: "
                "--seats expert,standard[,standard[,beginner]] --seed 441200/441300/441100), then "
                "`python -m tools.review_levels DIR --rows R` and, for the shallower rows, "
                "`... --depth 2 --depth2 3 --rows R2`, then "
                "`python -m tools.review_levels --from R...` (docs/ai-journal.md, game review)")
OFFSETS: FittedTable[tuple[str | int, int, int], Knots] = FittedTable("review.levels.OFFSETS", ("solo", "tables"),
                                                                       "4c4ad92770afd11b", LEVELS_REFIT, {
    ("setup", 1, 2): ((20, 195.9),),
    ("setup", 1, 3): ((20, 181.2),),
    (1, 1, 2): ((0, 26.0), (4, 25.7), (8, 68.9), (12, 107.2), (16, 142.4), (20, 179.5)),
    (1, 1, 3): ((0, 23.6), (4, 19.9), (8, 50.9), (12, 93.9), (16, 127.7), (20, 164.8)),
    (2, 1, 3): ((6, -1.2), (12, 4.8), (18, 1.5), (24, 11.6)),
    (2, 1, 4): ((6, -0.9), (12, 3.0), (18, 3.3), (24, 6.9)),
    ("setup", 2, 2): ((20, 165.1),),
    (1, 2, 2): ((0, 18.2), (10, 82.7), (20, 143.7)),
    (2, 2, 2): ((6, -18.5), (24, 1.5)),
    ("setup", 3, 2): ((18, 142.5),),
    (1, 3, 2): ((0, 26.3), (9, 63.8), (18, 121.9)),
    (2, 3, 2): ((8, -6.1), (24, -0.5)),
    ("setup", 4, 2): ((16, 111.3),),
    (1, 4, 2): ((0, 25.9), (8, 58.5), (16, 95.9)),
    (2, 4, 2): ((10, -7.2), (24, -8.3)),
})


# (phase, seats) -> how far final totals fell from the expected ones in those
# fits (residual sd, VP): the honest width of a review's curve.
SPREADS: FittedTable[tuple[str | int, int], float] = FittedTable("review.levels.SPREADS", ("solo", "tables"),
                                                                  "4c4ad92770afd11b", LEVELS_REFIT, {
    ("setup", 1): 23.0, (1, 1): 22.0, (2, 1): 10.0,
    ("setup", 2): 31.0, (1, 2): 23.0, (2, 2): 15.0,
    ("setup", 3): 39.0, (1, 3): 28.0, (2, 3): 18.0,
    ("setup", 4): 19.0, (1, 4): 21.0, (2, 4): 15.0,
})


# (stage, depth) -> the evaluation's own error in a loss (VP): the spread of
# predicted less realized loss, its bias included, once the futures' sampling
# noise of both is taken out, from ``python -m tools.review_calibration`` at
# the former quick preset (depth 2, stage 2: 3) and default (3 and 4), 150 decisions
# each (stage 1: 87-91; the commands and figures: docs/ai-journal.md, game
# review).  Measured on solo turns; setup
# decisions take stage 1's, tables their depth's (unmeasured apart), and a
# depth not measured the stage's largest error (a stage not measured raises).
EVAL_SD: FittedTable[tuple[int, int], float] = FittedTable(
    "review.levels.EVAL_SD", ("solo",), "e36e95d4246b4908",
    "`python -m tools.review_calibration --decisions 150 --seed 450000 --futures 12`, and with "
    "`--depth 2 --depth2 3` for the shallower rows (docs/ai-journal.md, game review)",
    {(1, 2): 13.0, (2, 3): 5.9, (1, 3): 9.7, (2, 4): 4.0})


def level_spread(obs: Observation, setup: bool) -> float:
    return SPREADS[("setup" if setup else obs.stage, obs.n_seats)]


def eval_spread(obs: Observation, setup: bool, depth: int) -> float:
    """The evaluation's own error in a loss of a decision at ``obs``
    searched ``depth`` rounds deep, VP."""
    return eval_error(1 if setup else obs.stage, depth)


def eval_error(stage: int, depth: int) -> float:
    """``EVAL_SD`` of a decision in ``stage`` (setup: 1) searched ``depth`` rounds deep."""
    if (stage, depth) in EVAL_SD:
        return EVAL_SD[(stage, depth)]
    measured = [v for (s, _), v in EVAL_SD.items() if s == stage]
    if not measured:
        raise StaleFit(f"{EVAL_SD.name} has no fit for stage {stage}: fit it with {EVAL_SD.refit}")
    return max(measured)


def level_offset(obs: Observation, setup: bool, depth: int) -> float:
    """VP to add to a search value of ``obs``'s decisions; ``StaleFit`` where
    no fit exists (0 while refitting: the refit takes it out again)."""
    key = ("setup" if setup else obs.stage, obs.n_seats, depth)
    if is_refitting() and key not in OFFSETS:
        return 0.0
    knots = OFFSETS[key]
    x = obs.deck_size + len(obs.line)
    if x <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return knots[-1][1]
