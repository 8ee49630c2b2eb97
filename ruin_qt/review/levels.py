"""From the Expert's lookahead values to expected final VP.

A lookahead leaf (``expert.leaf_value``) is the VP banked plus the ranking's
value of the position: good for telling sibling decisions apart, but it
leaves out much of what later rounds bring (in stage 1 about 9 VP for every
card still to come).  A review reports expected *final* VP, so it adds an
offset fitted on finished Expert games: per phase (setup, stage 1, stage 2),
table or solo and depth of search, piecewise linear in the cards left in the
stage (``deck_size + len(line)``).  Offsets shift every decision of a
position alike, so losses do not depend on them.  The fit, its residual
spread and its command are in docs/ai-journal.md (game review).
"""

from __future__ import annotations

from ..rules.observation import Observation

Knots = tuple[tuple[int, float], ...]  # (cards left, VP): linear between knots, flat beyond the ends

# (phase, table, depth) -> knots, from ``python -m tools.review_levels``: solo
# on 20 Expert games (seeds 440000+), the presets' depths quick 2 (stage 2: 3)
# and default 3 (4); tables on 10 Expert seats at 4-seat tables (441000+),
# where both presets search 2 rounds (2-3 seats share these: unmeasured).
OFFSETS: dict[tuple[str | int, bool, int], Knots] = {
    ("setup", False, 2): ((20, 195.9),),
    ("setup", False, 3): ((20, 181.2),),
    (1, False, 2): ((0, 26.0), (4, 25.7), (8, 68.9), (12, 107.2), (16, 142.4), (20, 179.5)),
    (1, False, 3): ((0, 23.6), (4, 19.9), (8, 50.9), (12, 93.9), (16, 127.7), (20, 164.8)),
    (2, False, 3): ((6, -1.2), (12, 4.8), (18, 1.5), (24, 11.6)),
    (2, False, 4): ((6, -0.9), (12, 3.0), (18, 3.3), (24, 6.9)),
    ("setup", True, 2): ((16, 94.3),),
    (1, True, 2): ((0, 27.9), (4, 27.6), (8, 49.4), (12, 68.4), (16, 79.6)),
    (2, True, 2): ((10, 11.4), (16, 0.6), (24, -4.2)),
}


# (phase, table) -> how far final totals fell from the expected ones in those
# fits (residual sd, VP): the honest width of a review's curve.
SPREADS: dict[tuple[str | int, bool], float] = {
    ("setup", False): 23.0, (1, False): 22.0, (2, False): 10.0,
    ("setup", True): 30.0, (1, True): 27.0, (2, True): 12.0,
}


# (stage, depth) -> the evaluation's own error in a loss (VP): the spread of
# predicted less realized loss, its bias included, once the futures' sampling
# noise of both is taken out, from ``python -m tools.review_calibration`` at
# each preset (quick: depth 2, stage 2: 3; default: 3 and 4; the commands and
# figures: docs/ai-journal.md, game review).  Measured on solo turns; setup
# decisions take stage 1's, tables their depth's (unmeasured apart), and a
# depth not measured the stage's largest error.
EVAL_SD: dict[tuple[int, int], float] = {(1, 2): 16.9, (2, 3): 6.0, (1, 3): 10.4, (2, 4): 4.4}


def level_spread(obs: Observation, setup: bool) -> float:
    return SPREADS[("setup" if setup else obs.stage, obs.n_seats > 1)]


def eval_spread(obs: Observation, setup: bool, depth: int) -> float:
    """The evaluation's own error in a loss of a decision at ``obs``
    searched ``depth`` rounds deep, VP."""
    return eval_error(1 if setup else obs.stage, depth)


def eval_error(stage: int, depth: int) -> float:
    """``EVAL_SD`` of a decision in ``stage`` (setup: 1) searched ``depth`` rounds deep."""
    measured = EVAL_SD.get((stage, depth))
    return measured if measured is not None else max(v for (s, _), v in EVAL_SD.items() if s == stage)


def level_offset(obs: Observation, setup: bool, depth: int) -> float:
    """VP to add to a search value of ``obs``'s decisions (0 where no fit exists)."""
    knots = OFFSETS.get(("setup" if setup else obs.stage, obs.n_seats > 1, depth))
    if not knots:
        return 0.0
    x = obs.deck_size + len(obs.line)
    if x <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return knots[-1][1]
