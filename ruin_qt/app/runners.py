"""The app's one operation ``Runner``, made here and nowhere else: a window app's (``wiring``),
shared by its table, its tables across laptops and its reviews, and a headless
host's (``python -m ruin_qt host``), whose computers decide in its workers."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject

from ..model.runner import Runner, decider


def app_runner(parent: QObject | None = None) -> Runner:
    """The runner, its work abandoned and its threads ended as the app quits.  Without a ``parent`` it
    belongs to the application: no window's deletion waits for its workers (``Runner.release``)."""
    app = QCoreApplication.instance()
    runner = Runner(parent if parent is not None else app)
    if app is not None:
        app.aboutToQuit.connect(runner.shutdown)
    return runner


def host_decider(app: QObject):
    """A headless host's ``decide`` (``HostService``): its computers' decisions in the runner's workers."""
    return decider(app_runner(app))
