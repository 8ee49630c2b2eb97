"""The one way to run work off the UI thread.

Every piece of background work -- a computer seat's decision, the Expert's
hint, a review -- is an operation (as in Anki's ``QueryOp``)::

    runner.op(fn).success(on_result).failure(on_error).with_progress(on_step).run()

Operations run one at a time in their lane, on one worker thread each: the
game's lane (computer seats, hints, a host's takeovers), the review's
(``op(fn, lane="review")``) and the disk's (``"io"``: a host's autosave, never
cancelled; the warm-up's imports), so a long review never holds up a computer seat, and two brains never split
the GIL with the UI thread (each pure-Python worker that runs beside it
lengthens the UI thread's waits).

CPU work -- a computer brain, the Expert's hint, a review's futures -- runs in
the runner's worker processes (``Processes``), so the UI thread never shares
the GIL with a brain: the lane's thread only waits for the answer.
``runner.in_process(fn, *args)`` is such an operation; the review is handed
the same pool (``runner.processes.pool(n)``) as a parameter.

``fn(work)`` runs on a worker thread; ``work.progress(done, total)`` reports
progress and ``work.cancelled()`` tells it to stop early.  The callbacks run
on the main thread, at most one of ``success``/``failure`` per operation, and
none once the operation was cancelled.  ``cancel()`` never waits: the work is
abandoned and its answer dropped when it arrives.  This module (with
``processes``) is the only place the project starts threads, and worker
processes for its own work (``tests/test_layers.py``).  Other programs are
started in three places, each a program of its own with its own life: the
wormhole helper of an invite (``net.link_process``, a ``QProcess``), and the
self-test's headless host and relay (``app.selftest.net``,
``app.selftest.relay``).  The app makes its one ``Runner`` in
``app.runners``.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from itertools import count
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDeadlineTimer, QObject, QThreadPool, Signal

from ..cancel import Cancelled
from .processes import PROCESSES, Processes

if TYPE_CHECKING:
    from ..session.computer import Decide, Done, Plan

# A worker thread running pure Python holds the GIL for up to the switch
# interval (5 ms by default) before the UI thread may run again; each UI
# event needs the GIL many times, so a shorter interval keeps the window
# fluid while a computer seat thinks.
UI_SWITCH_INTERVAL = 0.001


def keep_ui_responsive() -> None:
    if sys.getswitchinterval() > UI_SWITCH_INTERVAL:
        sys.setswitchinterval(UI_SWITCH_INTERVAL)


class Work:
    """What the function of an operation sees of it, on the worker thread."""

    def __init__(self, runner: Runner, key: int) -> None:
        self._runner, self._key = runner, key
        self._stop = threading.Event()
        self.pid: int | None = None  # the worker process that answered (``Runner.in_process``)

    def ran_in(self, pid: int) -> None:
        self.pid = pid

    def cancelled(self) -> bool:
        return self._stop.is_set()

    def check(self) -> None:
        if self._stop.is_set():
            raise Cancelled()

    def progress(self, done: int, total: int) -> None:
        if not self._stop.is_set():
            self._runner._relay.progressed.emit(self._key, done, total)


class Operation:
    """One piece of background work, built up and then ``run()``."""

    def __init__(self, runner: Runner, fn: Callable[[Work], Any], lane: str = "game") -> None:
        self._runner, self._fn, self.lane = runner, fn, lane
        self._on_success: Callable[[Any], None] | None = None
        self._on_failure: Callable[[BaseException], None] | None = None
        self._on_progress: Callable[[int, int], None] | None = None
        self.key = next(runner._keys)
        self.work = Work(runner, self.key)
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False  # the function has returned (its answer may not be delivered yet)

    def success(self, cb: Callable[[Any], None]) -> Operation:
        self._on_success = cb
        return self

    def failure(self, cb: Callable[[BaseException], None]) -> Operation:
        """``cb(error)`` on the main thread if ``fn`` raised (not after ``cancel()``)."""
        self._on_failure = cb
        return self

    def with_progress(self, cb: Callable[[int, int], None]) -> Operation:
        self._on_progress = cb
        return self

    def tied_to(self, owner: QObject) -> Operation:
        """Cancelled when ``owner`` is deleted: its callbacks touch ``owner``'s widgets, which a
        parent's deletion takes away without a close event."""
        owner.destroyed.connect(self.cancel)
        return self

    def run(self) -> Operation:
        self._runner._start(self)
        return self

    def cancel(self) -> None:
        """Abandon the operation at once: no callback will run for it."""
        self.work._stop.set()
        self._runner._live.pop(self.key, None)

    @property
    def pid(self) -> int | None:
        """The worker process that answered (``Runner.in_process``), once it has."""
        return self.work.pid

    @property
    def cancelled(self) -> bool:
        return self.work.cancelled()

    def _execute(self) -> None:
        try:
            if self.work.cancelled():  # abandoned while it waited in its lane: nothing to run
                raise Cancelled()
            self.result = self._fn(self.work)
        except BaseException as e:  # noqa: BLE001 - every failure is delivered, none kills the worker
            self.error = e
        self.done = True


LANES = ("game", "review", "io")  # io: disk writes (a host's autosave), never behind a brain
# A write to the disk is never abandoned: ``cancel_all`` leaves its lane alone, ``wait_idle`` waits for it.
KEPT = ("io",)


class _Relay(QObject):
    # Only keys cross the thread boundary; results stay on the operation.
    finished = Signal(int)
    progressed = Signal(int, int, int)


class Runner(QObject):
    """Runs operations on a small thread pool and answers on the main thread."""

    def __init__(self, parent: QObject | None = None, processes: Processes | None = None) -> None:
        super().__init__(parent)
        self.processes = processes if processes is not None else PROCESSES
        # The pools before the relay: Qt deletes children in the order they
        # came, and a pool's deletion waits for its worker, whose last act is
        # to emit through the relay.
        self._pools: dict[str, QThreadPool] = {lane: self._new_pool() for lane in LANES}
        self._relay = _Relay(self)
        self._relay.finished.connect(self._on_finished)
        self._relay.progressed.connect(self._on_progressed)
        self._keys = count(1)
        self._live: dict[int, Operation] = {}  # operations whose answer is awaited
        self._running: dict[int, Operation] = {}  # started, until the main thread hears they ended
        self._holders = 0  # objects working through it (``hold``): it outlives them
        self._released = False  # its owner is gone (``release``)
        keep_ui_responsive()

    def hold(self, user: QObject) -> None:
        """``user`` works through this runner: once released, it is deleted only after ``user`` is."""
        self._holders += 1
        user.destroyed.connect(self._let_go)

    def _let_go(self, *_) -> None:
        self._holders -= 1
        self._maybe_delete()

    def release(self, *_) -> None:
        """Its owner (a closed main window) is gone: deleted once nothing holds it and no worker runs, so
        its deletion never waits on a worker on the UI thread (a pool's deletion waits for its workers)."""
        self._released = True  # its holders' work goes on (a table's window outlives the main window)
        self._maybe_delete()

    def _maybe_delete(self) -> None:
        if self._released and self._holders <= 0 and not self._running:
            self.deleteLater()

    def op(self, fn: Callable[[Work], Any], lane: str = "game") -> Operation:
        if lane not in LANES:
            raise ValueError(f"unknown lane {lane!r}; known: {LANES}")
        return Operation(self, fn, lane)

    def in_process(self, fn: Callable[..., Any], *args, lane: str = "game", purpose: str = "game") -> Operation:
        """An operation running ``fn(*args)`` in a worker process of ``purpose``'s pool
        (``fn`` and its arguments are pickled: a module-level function and plain data)."""
        return self.op(lambda work: self.processes.call(work.cancelled, fn, *args, purpose=purpose,
                                                        ran_in=work.ran_in), lane)

    def _new_pool(self) -> QThreadPool:
        pool = QThreadPool(self)
        pool.setMaxThreadCount(1)
        return pool

    def _pool(self, lane: str) -> QThreadPool:
        return self._pools[lane]

    def _start(self, op: Operation) -> None:
        self._live[op.key] = op
        self._running[op.key] = op
        # The worker lets go of the operation before it says it finished, so
        # the main thread always drops the last reference: its callbacks may
        # hold Qt objects, which must never be freed on a worker thread.  A
        # plain callable, let go once run (a QRunnable kept from deletion stayed
        # referenced by the pool, with its operation, for the app's whole life).
        box, key, relay = [op], op.key, self._relay

        def job() -> None:
            box.pop()._execute()
            relay.finished.emit(key)

        self._pool(op.lane).start(job)

    def busy(self) -> bool:
        """Some operation's answer is still awaited."""
        return bool(self._live)

    def cancel_all(self) -> None:
        for op in list(self._live.values()):
            if op.lane not in KEPT:
                op.cancel()

    def shutdown(self, ms: int = 5000) -> None:
        """The app is ending: abandon what is awaited and let the workers end."""
        self.cancel_all()
        self.wait_idle(ms)

    def wait_idle(self, ms: int) -> bool:
        """Wait for the workers to end (closing the app, tests): an abandoned
        operation still running must not outlive the interpreter's Qt."""
        deadline = QDeadlineTimer(ms)
        return all(pool.waitForDone(deadline) for pool in list(self._pools.values()))

    def _on_finished(self, key: int) -> None:
        self._running.pop(key, None)
        op = self._live.pop(key, None)
        if self._released and not self._running:
            self._maybe_delete()
        if op is None:
            return  # cancelled: its answer is dropped
        if op.error is None:
            if op._on_success is not None:
                op._on_success(op.result)
        elif isinstance(op.error, Cancelled):
            return
        elif op._on_failure is not None:
            op._on_failure(op.error)
        else:
            raise op.error

    def _on_progressed(self, key: int, done: int, total: int) -> None:
        op = self._live.get(key)
        if op is not None and op._on_progress is not None:
            op._on_progress(done, total)


def offloader(runner: Runner) -> Callable[[Callable[[], Any], Callable[[Any], None], str], None]:
    """``offload(job, done, lane)`` for code below the model (a host's service):
    ``job()`` runs in the runner's ``lane``, ``done(result)`` on the main thread."""

    def offload(job: Callable[[], Any], done: Callable[[Any], None], lane: str) -> None:
        runner.op(lambda _work: job(), lane).success(done).run()

    return offload


def decider(runner: Runner) -> Decide:
    """``decide(plan, done)`` for a table's one driver (``session.computer.Driver``: a local
    table's model's, a host's service's, with a window or headless): ``session.computer.decide(plan)``
    in one of ``runner``'s worker processes, ``done(decision)`` on the main thread (the
    exception, if the brain failed).  Its operation, to cancel."""
    from ..session.computer import decide

    def run(plan: Plan, done: Done) -> Operation:
        return runner.in_process(decide, plan).success(done).failure(done).run()

    return run
