"""The Expert's review, for the review window: run in the runner's review
lane (its futures in the runner's worker processes), kept and read back
by its cache key, and the types of what it finds, which the window draws.
The window asks this module; it never reaches the review itself."""

from __future__ import annotations

from .. import review as _reviews
from ..review import QUALITIES, Cancelled, DecisionReview, Review, cache_key
from ..review.boards import Boards
from ..review.reasons import Reason
from ..review.result import NOISE_Z
from .runner import Operation, Runner

__all__ = ["NOISE_Z", "QUALITIES", "Boards", "Cancelled", "DecisionReview", "Reason", "Review", "cache_key",
           "review_operation"]


def review_operation(runner: Runner, record: dict, seat: int, quality: str, workers: int = 1) -> Operation:
    """``seat``'s review of ``record`` at ``quality``, as an operation of
    ``runner``'s review lane, not yet run; with ``workers`` > 1 its futures
    go to that many of the runner's worker processes."""

    def review(work):  # the pool is had here, on the lane's thread: a first start of processes is no UI's wait
        pool = runner.processes.pool(workers, "review") if workers > 1 else None
        return _reviews.review(record, seat, quality, progress=work.progress, cancelled=work.cancelled,
                               workers=workers, pool=pool)

    return runner.op(review, lane="review")
