"""The one operation runner: the work runs on a worker thread, the answers
arrive on the main thread, a cancel drops the answer without waiting, and a
failure takes the failure path."""

from __future__ import annotations

import os
import threading
import time

import pytest

from ruin_qt.model.runner import Cancelled, Processes, Runner

MAIN = threading.main_thread()


def test_work_runs_off_the_main_thread_and_answers_on_it(qtbot):
    r = Runner()
    seen: dict[str, threading.Thread] = {}
    progress: list[tuple[int, int, threading.Thread]] = []
    results: list[tuple[object, threading.Thread]] = []

    def work(w):
        seen["work"] = threading.current_thread()
        for i in range(3):
            w.progress(i + 1, 3)
        return "done"

    op = r.op(work).success(lambda x: results.append((x, threading.current_thread()))) \
        .with_progress(lambda d, t: progress.append((d, t, threading.current_thread()))).run()
    qtbot.waitUntil(lambda: bool(results), timeout=10000)
    assert seen["work"] is not MAIN and op.done
    assert results == [("done", MAIN)]
    assert [(d, t) for d, t, _ in progress] == [(1, 3), (2, 3), (3, 3)] and all(th is MAIN for *_, th in progress)
    assert not r.busy()
    r.wait_idle(5000)


def test_a_failure_takes_the_failure_path_on_the_main_thread(qtbot):
    r = Runner()
    failed: list[tuple[BaseException, threading.Thread]] = []
    succeeded: list = []

    def broken(_w):
        raise ValueError("a broken brain")

    r.op(broken).success(succeeded.append).failure(lambda e: failed.append((e, threading.current_thread()))).run()
    qtbot.waitUntil(lambda: bool(failed), timeout=10000)
    assert isinstance(failed[0][0], ValueError) and failed[0][1] is MAIN and not succeeded
    r.wait_idle(5000)


def test_cancel_abandons_at_once_and_drops_the_answer(qtbot):
    r = Runner()
    started, release = threading.Event(), threading.Event()
    answers: list = []

    def long_work(w):
        started.set()
        release.wait(30)  # still running when cancelled: the cancel must not wait for it
        w.check()
        return "late"

    op = r.op(long_work).success(answers.append).failure(answers.append).run()
    assert started.wait(30)
    op.cancel()  # returns while the work is blocked: no wait on the worker
    assert op.cancelled and not r.busy() and not op.done
    release.set()
    assert r.wait_idle(30000)
    qtbot.wait(20)
    assert answers == [] and isinstance(op.error, Cancelled)


def test_an_operation_tied_to_an_object_is_cancelled_when_it_is_deleted(qtbot):
    from PySide6.QtCore import QObject
    r = Runner()
    owner = QObject()
    started, release = threading.Event(), threading.Event()
    answers: list = []

    def work(w):
        started.set()
        release.wait(30)
        w.progress(1, 1)
        return "late"

    op = r.op(work).success(answers.append).with_progress(lambda *a: answers.append(a)).tied_to(owner).run()
    assert started.wait(30)
    owner.deleteLater()
    qtbot.waitUntil(lambda: op.cancelled, timeout=10000)
    release.set()
    assert r.wait_idle(30000)
    qtbot.wait(20)
    assert answers == [] and not r.busy()


def test_a_failure_without_a_failure_path_reaches_the_excepthook(qtbot):
    r = Runner()

    def broken(_w):
        raise KeyError("nobody listens")

    with qtbot.captureExceptions() as caught:
        r.op(broken).run()
        qtbot.waitUntil(lambda: not r.busy(), timeout=10000)
    assert caught and caught[0][0] is KeyError
    r.wait_idle(5000)


@pytest.mark.parametrize("lanes", [("game",), ("game", "review")])
def test_operations_all_answer_whatever_their_lanes(qtbot, lanes):
    r = Runner()
    got: list[int] = []
    for i in range(6):
        r.op(lambda _w, i=i: i * i, lane=lanes[i % len(lanes)]).success(got.append).run()
    qtbot.waitUntil(lambda: len(got) == 6, timeout=10000)
    assert sorted(got) == [0, 1, 4, 9, 16, 25]
    r.wait_idle(5000)


def test_a_lane_runs_one_operation_at_a_time_beside_the_other_lane(qtbot):
    """Two brains never split the GIL with the UI thread; a review runs beside them."""
    import threading

    r = Runner()
    release = threading.Event()
    running: list[str] = []
    lock = threading.Lock()

    def job(name):
        def fn(_w):
            with lock:
                running.append(name)
            release.wait(10)
            return name
        return fn

    done: list[str] = []
    for name, lane in (("a", "game"), ("b", "game"), ("r", "review")):
        r.op(job(name), lane=lane).success(done.append).run()
    qtbot.waitUntil(lambda: len(running) == 2, timeout=10000)
    assert sorted(running) == ["a", "r"]  # "b" waits for "a", the review does not
    release.set()
    qtbot.waitUntil(lambda: len(done) == 3, timeout=10000)
    r.wait_idle(5000)


def test_an_operation_cancelled_while_it_waits_in_its_lane_never_runs(qtbot):
    import threading

    r = Runner()
    release = threading.Event()
    ran: list[str] = []

    def blocker(_w):
        release.wait(10)
        ran.append("first")

    r.op(blocker).run()
    queued = r.op(lambda _w: ran.append("queued")).run()
    queued.cancel()
    release.set()
    assert r.wait_idle(10000)
    assert ran == ["first"]


DELETED_WHILE_WORKING = """
import sys, time
from PySide6.QtCore import QCoreApplication, QObject
from ruin_qt.model.runner import Runner
app = QCoreApplication(sys.argv)
owner = QObject()
r = Runner(owner)
started = []
op = r.op(lambda w: (started.append(1), time.sleep(0.3)), lane="review").run()
while not started:
    time.sleep(0.01)
op.cancel()
owner.deleteLater()  # the runner goes with its owner while the worker still runs
app.processEvents()
from PySide6.QtCore import QEvent
QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
print("deleted")
"""


def test_a_runner_deleted_while_its_worker_runs_lets_the_worker_finish_quietly(tmp_path):
    # A window's own runner (a review window on its own) closed mid-review:
    # the worker's last emit must not find its relay deleted before it.
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", DELETED_WHILE_WORKING], capture_output=True, text=True, timeout=60,
                         env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert out.returncode == 0 and "deleted" in out.stdout, out.stderr
    assert "Signal source has been deleted" not in out.stderr and "Error calling" not in out.stderr, out.stderr


def test_an_unknown_lane_is_refused(qtbot):
    with pytest.raises(ValueError, match="unknown lane"):
        Runner().op(lambda w: None, lane="elsewhere")


def test_an_answered_operation_and_its_result_are_let_go(qtbot):
    """Nothing keeps an operation (and its result: a decision, a whole
    review) once it has answered: the pool held every job for the app's life."""
    import gc
    import weakref

    class Result:
        pass

    r = Runner()
    got: list[int] = []
    ops, results = [], []

    def work(_w):
        out = Result()
        results.append(weakref.ref(out))
        return out

    for _ in range(5):
        op = r.op(work).success(lambda _x: got.append(1)).run()
        ops.append(weakref.ref(op))
        del op
    qtbot.waitUntil(lambda: len(got) == 5, timeout=10000)
    r.wait_idle(5000)
    gc.collect()
    assert [o() for o in ops] == [None] * 5 and [x() for x in results] == [None] * 5


def test_a_cancelled_operation_is_let_go_on_the_main_thread(qtbot):
    """Its callbacks may hold Qt objects (a window's bound method): freed on
    the worker thread, they broke Qt ('QBasicTimer::stop: Failed. Possibly
    trying to stop from a different thread', then a segfault in the monkey)."""
    import time
    import weakref

    class Held:
        pass

    r = Runner()
    held, freed_on = Held(), []
    weakref.finalize(held, lambda: freed_on.append(threading.current_thread()))
    started = threading.Event()

    def slow(_w):
        started.set()
        time.sleep(0.3)

    op = r.op(slow).success(lambda _x, held=held: None).run()
    del held
    assert started.wait(5)
    op.cancel()
    del op  # the worker is still running it
    r.wait_idle(5000)
    qtbot.waitUntil(lambda: bool(freed_on), timeout=5000)
    assert freed_on == [MAIN]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_cpu_work_runs_in_another_process(qtbot):
    """A computer decision runs in a worker process (its PID differs)."""
    processes = Processes()
    runner = Runner(processes=processes)
    got = []
    runner.in_process(os.getpid).success(got.append).run()
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    assert got[0] != os.getpid() and got[0] in processes.pids()
    processes.shutdown()
    assert not _alive(got[0]) and processes.pids() == []


def test_a_cancelled_process_job_leaves_no_process_behind(qtbot):
    processes = Processes()
    runner = Runner(processes=processes)
    answered = []
    op = runner.in_process(time.sleep, 60).success(answered.append).failure(answered.append).run()
    qtbot.waitUntil(lambda: bool(processes.pids()), timeout=30000)
    pids = processes.pids()
    op.cancel()
    assert runner.wait_idle(10000)  # the lane's thread let go at once, not after the minute
    assert processes.pids() == [] and not any(_alive(p) for p in pids)
    qtbot.wait(50)
    assert answered == []  # a cancelled operation answers nothing
    got = []
    runner.in_process(os.getpid).success(got.append).run()  # the lane works on: a new process
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    assert got[0] not in pids
    processes.shutdown()


def test_a_cancel_in_one_runner_does_not_strand_anothers_job(qtbot):
    processes = Processes()
    slow, other = Runner(processes=processes), Runner(processes=processes)
    op = slow.in_process(time.sleep, 60).run()
    qtbot.waitUntil(lambda: bool(processes.pids()), timeout=30000)
    got = []
    other.in_process(os.getpid).success(got.append).run()  # queued behind the sleeper, in the same pool
    op.cancel()  # the sleeper's pool is stopped: the other's job goes to a new one
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    assert got[0] != os.getpid()
    processes.shutdown()


def test_a_hint_given_up_stops_the_hints_process_only(qtbot):
    """A cancelled hint kills its own pool's process; the computer seats' pool stays warm (no new start)."""
    processes = Processes()
    runner = Runner(processes=processes)
    got = []
    runner.in_process(os.getpid).success(got.append).run()  # a computer seat's pool
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    seats_pid = got[0]
    hint = runner.in_process(time.sleep, 60, purpose="hint").run()
    qtbot.waitUntil(lambda: len(processes.pids()) == 2, timeout=30000)
    hint_pid = next(p for p in processes.pids() if p != seats_pid)
    hint.cancel()
    assert runner.wait_idle(10000)
    assert processes.pids() == [seats_pid] and not _alive(hint_pid)
    again = []
    runner.in_process(os.getpid).success(again.append).run()
    qtbot.waitUntil(lambda: bool(again), timeout=30000)
    assert again == [seats_pid]  # the same warm process
    processes.shutdown()


def test_the_app_makes_its_one_runner_in_one_place():
    """Outside ``app.runners`` no module of the app makes a ``Runner``: the model, the tables' windows and a
    headless host are handed the app's."""
    import ast
    from pathlib import Path

    import ruin_qt

    package = Path(ruin_qt.__file__).resolve().parent
    makers = []
    for f in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Runner":
                makers.append(str(f.relative_to(package)))
    assert makers == ["app/runners.py"]
