"""The worker processes behind the CPU work (no Qt): computer brains, the
Expert's hint, a review's futures.  The runner hands them its jobs
(``Runner.in_process``) and hands a pool to the review as a parameter;
a command-line tool that searches on several cores gets its pool here.

This module and the runner are the only places the project starts threads,
and worker processes for its own work (``tests/test_layers.py``; the
programs started elsewhere are named in ``runner``)."""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..cancel import Cancelled

POLL_S = 0.05  # how often a thread waiting on a worker process looks at its cancel flag


def new_pool(workers: int):
    """A pool of ``workers`` processes, started and warmed (each imports the
    search once, outside any decision's clock); the caller stops it with
    ``close_pool``.  Spawned, not forked: a caller's threads (Qt's, in the
    app) must not be copied into the workers."""
    import multiprocessing as mp  # here: a start-up that starts no pool does not load it

    pool = mp.get_context("spawn").Pool(workers, initializer=_end_with_parent)
    pool.map(_warm, range(workers))
    return pool


def close_pool(pool) -> None:
    pool.terminate()
    pool.join()


@contextmanager
def pool_of(workers: int) -> Iterator:
    """``new_pool(workers)`` for a ``with`` block (a command's whole run)."""
    pool = new_pool(workers)
    try:
        yield pool
    finally:
        close_pool(pool)


def _in_worker(fn: Callable[..., Any], args: tuple) -> tuple[int, Any]:
    import os

    return os.getpid(), fn(*args)


def _end_with_parent() -> None:
    """In each worker: end with the process that started it, however it ends.
    A pool's worker holds both ends of its job queue, so it never sees an EOF
    there, and a killed app's workers went on thinking, then printed a
    ``BrokenPipeError`` answering it.  The spawn start keeps a pipe from the
    parent open in the child (``parent_process().sentinel``) that turns
    readable when the parent dies: a watching thread exits at once.  And a
    write to a dead parent's pipe ends the worker quietly (SIGPIPE) on POSIX.
    (Not ``PR_SET_PDEATHSIG``: it fires when the starting *thread* ends, and
    pools are started from the runner's lane threads, which come and go.)"""
    import multiprocessing as mp
    import os
    import signal
    from multiprocessing.connection import wait

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parent = mp.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _warm(_: int) -> None:
    import ruin_qt.ai.expert  # noqa: F401 - the search, imported once per worker


class Processes:
    """The app's worker processes: a pool per purpose ("game": computer
    seats; "hint": the Expert's hint; "review") and size, started and warmed
    on first use, shared by every runner of the app (a process start costs a
    few hundred ms), and stopped at exit.  A pool whose job was abandoned
    mid-way is stopped at once (its process killed), so a cancelled decision
    leaves no process behind; a job of another runner waiting in it goes to a
    new one.  A hint given up when the player moves on stops the hint's pool
    only: the computer seats' stays warm."""

    def __init__(self) -> None:
        self._pools: dict[tuple[str, int], object] = {}
        self._lock = threading.Lock()

    def pool(self, size: int = 1, purpose: str = "game"):
        """The pool of ``size`` processes for ``purpose`` (call it off the UI thread: a first one starts)."""
        with self._lock:
            pool = self._pools.get((purpose, size))
            if pool is None:
                pool = self._pools[(purpose, size)] = new_pool(size)
            return pool

    def call(self, cancelled: Callable[[], bool], fn: Callable[..., Any], *args, purpose: str = "game",
             ran_in: Callable[[int], None] | None = None) -> Any:
        """``fn(*args)`` in a worker process of ``purpose``'s pool; the calling thread waits
        (releasing the GIL) and raises ``Cancelled`` soon after ``cancelled()`` turns true.
        ``ran_in(pid)``: told which process answered."""
        while True:
            pool = self.pool(1, purpose)
            answer = pool.apply_async(_in_worker, (fn, args))
            while not answer.ready():
                if cancelled():
                    self.retire(pool)
                    raise Cancelled()
                if not self._live(pool):
                    break  # another runner's cancel stopped this pool: ask the next one
                answer.wait(POLL_S)
            else:
                pid, result = answer.get()
                if ran_in is not None:
                    ran_in(pid)
                return result

    def _live(self, pool) -> bool:
        with self._lock:
            return any(p is pool for p in self._pools.values())

    def retire(self, pool) -> None:
        """Stop ``pool`` now (its running job is killed); the next call starts a new one."""
        with self._lock:
            for key, p in list(self._pools.items()):
                if p is pool:
                    del self._pools[key]
        close_pool(pool)

    def pids(self) -> list[int]:
        with self._lock:
            return [proc.pid for p in self._pools.values() for proc in getattr(p, "_pool", [])]

    def shutdown(self) -> None:
        with self._lock:
            pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            close_pool(pool)


PROCESSES = Processes()  # the app's: every runner hands its CPU work to these
atexit.register(PROCESSES.shutdown)  # before interpreter teardown, which Pool.__del__ trips over
