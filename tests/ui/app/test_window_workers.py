"""Closing a window never waits on its workers on the UI thread: deleting a closed main window waited
(5 s) for the app runner's workers, still deciding for a table hosted from it.  The runner now outlives
the window and is deleted once nothing holds it and no worker runs."""

from __future__ import annotations

import threading

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject

from ruin_qt.model.runner import Runner

HANG_GUARD_S = 20  # a worker that nobody lets go of would block the suite: let go of it then


def deferred_deletes() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()


def blocking_op(runner: Runner) -> threading.Event:
    """An operation that runs until the test lets it go (a computer deciding for a hosted table)."""
    go, started = threading.Event(), threading.Event()
    threading.Timer(HANG_GUARD_S, go.set).start()
    runner.op(lambda _work: (started.set(), go.wait())).run()
    assert started.wait(10)
    return go


def test_a_released_runner_outlives_its_workers_and_its_holders_then_goes(qtbot):
    runner, user = Runner(), QObject()
    runner.hold(user)
    go = blocking_op(runner)
    runner.release()
    deferred_deletes()
    assert shiboken6.isValid(runner) and not go.is_set()  # released: nothing waited for the worker
    go.set()
    qtbot.waitUntil(lambda: not runner._running, timeout=10_000)
    deferred_deletes()
    assert shiboken6.isValid(runner)  # still held by its user
    user.deleteLater()
    deferred_deletes()
    assert not shiboken6.isValid(runner)


def test_deleting_a_closed_main_window_does_not_wait_for_the_workers_of_a_table_it_hosted(qtbot):
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window
    from ruin_qt.model.game_model import GameModel

    window = make_main_window(Settings())
    runner = window.model.runner
    table_model = GameModel(runner=runner)  # a hosted table's window: its model on the app's runner
    go = blocking_op(runner)  # its computer thinking as the player quits
    window.close()
    window.deleteLater()
    deferred_deletes()
    assert not shiboken6.isValid(window)
    assert not go.is_set()  # deleted while the worker still ran: the UI thread did not wait for it
    assert shiboken6.isValid(runner)  # the table's model still works through it
    go.set()
    qtbot.waitUntil(lambda: not runner._running, timeout=10_000)
    table_model.shutdown()
    table_model.deleteLater()
    deferred_deletes()
    assert not shiboken6.isValid(runner)  # nothing holds it and nothing runs: gone, not left in the app
