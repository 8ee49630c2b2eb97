"""The review's scheduler: drives judgements (``search.judge`` generators) to
their reviews (not the app's operation runner, ``model.runner``, which runs it).

A job is one future of one decision (a fraction of a second), so a cancel
is seen between jobs.  With one worker the jobs run in the calling thread;
with more they go to the process pool the caller hands in (the app's
runner's, or the command line's), a few at a time, and the next decision starts while the last one's jobs
finish, so no core waits for a decision's slowest future.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from ..ai.expert_api import value_in_futures
from ..cancel import Cancelled
from .result import DecisionReview
from .search import Future, Job, Judgement

T = TypeVar("T")

POLL_S = 0.05  # how often a wait for the pool looks at the cancel flag
ACTIVE = 2  # decisions in progress at once in the pool


def run(judgements: Sequence[Callable[[], Judgement]], workers: int,
        cancelled: Callable[[], bool], done: Callable[[int], None], pool=None) -> list[DecisionReview]:
    """Each judgement's review, in order; ``done(i)`` after each one ends.
    ``pool``: the ``workers`` processes to run in (the caller's)."""
    if workers <= 1:
        return [_run_here(start, cancelled, done, i) for i, start in enumerate(judgements)]
    if pool is None:
        raise ValueError(f"a review over {workers} workers needs their pool (the runner's, or model.processes)")
    return _run_pool(judgements, workers, cancelled, done, pool)


def _run_here(start: Callable[[], Judgement], cancelled: Callable[[], bool], done: Callable[[int], None],
              i: int) -> DecisionReview:
    if cancelled():
        raise Cancelled
    review = drive(start(), cancelled)
    done(i)
    return review


def drive(gen: Generator[list[Job], list[list[Future]], T], cancelled: Callable[[], bool] = lambda: False) -> T:
    """Run a search generator's jobs here, one after another; its result."""
    results: list | None = None
    while True:
        try:
            batch = gen.send(results) if results is not None else next(gen)
        except StopIteration as stop:
            return stop.value
        results = []
        for job in batch:
            if cancelled():
                raise Cancelled
            results.append(value_in_futures(job))


class _Task:
    def __init__(self, i: int, gen: Judgement):
        self.i, self.gen = i, gen
        self.jobs: list[Job] = []
        self.results: list = []
        self.missing = 0

    def advance(self, results: list | None) -> DecisionReview | None:
        """Hand the last batch's results on; the review once it is ready."""
        try:
            batch = self.gen.send(results) if results is not None else next(self.gen)
        except StopIteration as stop:
            return stop.value
        self.jobs, self.results, self.missing = list(batch), [None] * len(batch), len(batch)
        return None


def _run_pool(judgements: Sequence[Callable[[], Judgement]], workers: int,
              cancelled: Callable[[], bool], done: Callable[[int], None], pool) -> list[DecisionReview]:
    arrived: queue.Queue = queue.Queue()
    out: list[DecisionReview | None] = [None] * len(judgements)
    active: list[_Task] = []
    ready: list[tuple[_Task, int]] = []  # jobs not yet submitted
    started = finished = in_flight = 0
    limit = workers + 1  # one job queued behind the running ones keeps every core busy

    def begin(task: _Task, results: list | None) -> None:
        nonlocal finished
        review = task.advance(results)
        if review is None:
            ready.extend((task, k) for k in range(len(task.jobs)))
            return
        out[task.i] = review
        active.remove(task)
        finished += 1
        done(task.i)

    while finished < len(judgements):
        if cancelled():
            raise Cancelled  # running jobs end in the pool on their own; their results are dropped
        while started < len(judgements) and len(active) < ACTIVE and len(ready) < limit:
            task = _Task(started, judgements[started]())
            started += 1
            active.append(task)
            begin(task, None)
        while ready and in_flight < limit:
            task, k = ready.pop(0)
            pool.apply_async(value_in_futures, (task.jobs[k],),
                             callback=lambda r, t=task, k=k: arrived.put((t, k, r, None)),
                             error_callback=lambda e: arrived.put((None, 0, None, e)))
            in_flight += 1
        if in_flight == 0:
            continue
        try:
            task, k, result, error = arrived.get(timeout=POLL_S)
        except queue.Empty:
            continue
        in_flight -= 1
        if error is not None:
            raise error
        task.results[k] = result
        task.missing -= 1
        if task.missing == 0:
            begin(task, task.results)
    return [r for r in out if r is not None]
