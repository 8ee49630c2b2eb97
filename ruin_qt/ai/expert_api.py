"""The Expert's public face: what it searches from one observation and the
value of a decision in shared futures.  The game review is its client and
imports nothing else of ``ai``.

    shape = search_shape(obs, depth=3, stage2_depth=4)
    turns = candidate_turns(obs, shape.weights, 12)
    futures = value_in_futures(Valuation(obs, turns[0], shape.depth, seed, shape.weights, shape.special_top))
    futures[0].value, futures[0].parts.gems

Every decision valued with the same seed and future numbers meets the same
futures, so differences between decisions are paired.  Valuations are plain
data and a module-level function: they can run in any process pool the
caller owns (the app's runner's, or ``model.processes.new_pool``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.game import Game, seat_score
from ..rules.scoring import route_status
from ..rules.turn import SetupChoice
from .expert import SearchShape, Valuation, candidate_setups, candidate_turns, search_shape, turn_leaves
from .setup_futures import setup_leaves
from .weights import EXPERT_WEIGHTS, TABLE_WEIGHTS, weights_hash

# The weights the Expert's search ranks and values with, by where it plays
# (``search_shape``): what the review's fitted tables were fitted on.
SEARCH_WEIGHTS = {"solo": EXPERT_WEIGHTS, "tables": TABLE_WEIGHTS}


@dataclass(frozen=True)
class ScoreParts:
    """The seat's score parts at the end of one future's lookahead (R11, as
    if the game ended there): where a value comes from.  The value is these
    parts' total plus the evaluation's outlook for the rounds still to come."""

    total: int
    gems: int  # count
    penalties: int  # count
    routes: tuple[str, ...]  # completed objective routes, as "B-U"
    square1: int  # VP, the stage-1 rectangle (scored, or the sheet's as it is)
    square2: int  # VP, 0 before stage 2
    escape_vp: int
    escaped_round: int | None  # the round the seat escaped in, None if it has not
    round: int  # the round the future stopped at
    stage: int
    collected: tuple[str, ...] = ()  # the destinations whose gems the seat holds (R8.2), in order


@dataclass(frozen=True)
class Future:
    """One future of a valuation: the lookahead value and its score parts."""

    value: float
    parts: ScoreParts


def score_parts(game: Game, seat: int = 0) -> ScoreParts:
    s = game.seats[seat]
    score = seat_score(game, seat, preview=True)
    routes = tuple(sorted(f"{a}-{b}" for _, a, b, done in route_status(s.sheet, s.hand) if done))
    return ScoreParts(score.total, score.gems, score.penalties, routes, score.square1 or 0, score.square2 or 0,
                      score.escape_vp, s.escaped_round, game.round, game.stage, tuple(s.collected))


def value_in_futures(job: Valuation) -> list[Future] | None:
    """The decision's lookahead value and score parts in each future of
    ``job``: a setup layout from the deal, a turn from the round's start;
    None when the job's deadline passed."""
    leaves = setup_leaves(job) if isinstance(job.decision, SetupChoice) else turn_leaves(job)
    if leaves is None:
        return None
    return [Future(value, score_parts(leaf)) for value, leaf in leaves]


def search_weights_hash(*where: str) -> str:
    """``weights.weights_hash`` of the search's weights ``where`` it plays
    ("solo", "tables"; in that order whatever the order given)."""
    unknown = set(where) - set(SEARCH_WEIGHTS)
    if unknown or not where:
        raise ValueError(f"search weights are {sorted(SEARCH_WEIGHTS)}, not {sorted(unknown) or 'none'}")
    return weights_hash(*(w for k, w in SEARCH_WEIGHTS.items() if k in where))


__all__ = ["SEARCH_WEIGHTS", "Future", "ScoreParts", "SearchShape", "Valuation", "candidate_setups",
           "candidate_turns", "score_parts", "search_shape", "search_weights_hash", "value_in_futures"]
