"""The Expert's public face: what it searches from one observation and the
value of a decision in shared futures.  The game review is its client and
imports nothing else of ``ai``.

    shape = search_shape(obs, depth=3, stage2_depth=4)
    turns = candidate_turns(obs, shape.weights, 12)
    v = value_in_futures(Valuation(obs, turns[0], shape.depth, seed, shape.weights, shape.special_top))

Every decision valued with the same seed and future numbers meets the same
futures, so differences between decisions are paired.  ``shared_pool``: the
Expert's worker processes, where valuations can run.
"""

from __future__ import annotations

from ..rules.turn import SetupChoice
from .expert import SearchShape, Valuation, candidate_setups, candidate_turns, search_shape, shared_pool, turn_values
from .setup_futures import setup_values


def value_in_futures(job: Valuation) -> list[float] | None:
    """The decision's lookahead value in each future of ``job``: a setup
    layout from the deal, a turn from the round's start; None when the
    job's deadline passed."""
    if isinstance(job.decision, SetupChoice):
        return setup_values(job)
    return turn_values(job)


__all__ = ["SearchShape", "Valuation", "candidate_setups", "candidate_turns", "search_shape", "shared_pool",
           "value_in_futures"]
