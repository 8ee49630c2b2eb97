"""Game review: the Expert judges every decision one seat made (Qt-free).

    from ruin_qt import review
    r = review.review(record_json, seat=0, quality="default",
                      progress=lambda done, total: ..., cancelled=flag.is_set, workers=2, pool=pool)
    r.decisions, r.summary, r.key_moments, r.curve      # see result.py
    text = json.dumps(r.to_json()); review.Review.from_json(json.loads(text))

Each decision is valued from the seat's own observation at that moment
(R12.3, ``decisions``) by the Expert's search (``search``): the expected
final VP of the decision played and of the best one found, on the same
sampled futures, with their spread.  A review is a function of the record,
the seat and the quality only (its futures are seeded from what the seat
knew): keep it under ``r.cache_key`` and look it up with
``cache_key(record, seat, quality)``; ``Review.from_json`` refuses another
format version.

The hint is this search for the decision at hand (``review.hint.hint(obs)``),
in the futures the review gives that decision: a decision played as hinted
is the review's best.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .decisions import SeatGame, seat_decisions
from .quality import QUALITIES, Quality, resolve_quality
from .result import CATEGORIES, FORMAT, VERSION, DecisionReview, Estimate, Review, Summary
from .result import cache_key as result_cache_key
from .scheduler import Cancelled, run
from .search import decision_seed, judge

__all__ = ["CATEGORIES", "FORMAT", "QUALITIES", "VERSION", "Cancelled", "DecisionReview",
           "Estimate", "Quality", "Review", "SeatGame", "Summary", "cache_key", "resolve_quality", "review",
           "review_seat", "seat_decisions"]


def cache_key(record: Any, seat: int, quality: str | Quality = "default") -> str:
    """The key a review of ``seat`` at ``quality`` is kept under: equal to
    ``Review.cache_key`` of that review, and changed by anything the review
    depends on (this format's version, the quality, what the seat knew and
    did; a longer unfinished game is another key).  Raises as ``review`` does."""
    return result_cache_key(seat_decisions(record, seat).digest(), resolve_quality(quality))


def review(record: Any, seat: int, quality: str | Quality = "default", *,
           progress: Callable[[int, int], None] | None = None, cancelled: Callable[[], bool] | None = None,
           workers: int = 1, pool=None) -> Review:
    """Review ``seat`` (0-based) of a parsed ``ruin-qt-record/1`` record.

    ``progress(done, total)`` is called with (0, total) first and after each
    decision; ``cancelled()`` is polled between pieces of work and, once it
    returns True, ``Cancelled`` is raised within a second.  ``workers`` > 1
    searches in ``pool``: that many processes, the caller's (the app's
    runner's, or ``model.processes.new_pool``).  A record that breaks a
    rule raises ``RuleError``; a seat outside the table, ``ValueError``."""
    return review_seat(seat_decisions(record, seat), quality, progress=progress, cancelled=cancelled,
                       workers=workers, pool=pool)


def review_seat(game: SeatGame, quality: str | Quality = "default", *,
                progress: Callable[[int, int], None] | None = None, cancelled: Callable[[], bool] | None = None,
                workers: int = 1, pool=None) -> Review:
    """``review`` of a seat's decisions already walked (``seat_decisions``)."""
    q = resolve_quality(quality)
    total = len(game.decisions)
    count = 0

    def done(_: int) -> None:
        nonlocal count
        count += 1
        if progress is not None:
            progress(count, total)

    if progress is not None:
        progress(0, total)
    starts = [partial(judge, d, q, decision_seed(d, q.futures)) for d in game.decisions]
    reviews = run(starts, workers, cancelled or (lambda: False), done, pool)
    return Review(game.seat, game.name, game.n_seats, q, game.digest(), game.finished, game.final_total,
                  tuple(reviews))
