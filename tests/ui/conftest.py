"""UI tests run offscreen with user data in a temporary folder."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def no_motion():
    """The suite runs with animations off (RUIN_QT_MOTION=0, tests/conftest.py):
    every state is final at once.  Tests of motion turn it on (``motion_on``)."""
    from ruin_qt.ui.sheet import motion

    assert not motion.enabled()
    yield
    motion.finish_all()


@pytest.fixture
def motion_on(monkeypatch):
    """Animations on for one test, whatever the suite's switch says."""
    from ruin_qt.ui.sheet import motion

    monkeypatch.setattr(motion, "_forced_off", False)
    motion.set_enabled(True)
    yield
    motion.set_enabled(False)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "ruin-qt-data"
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(d))
    return d


@pytest.fixture
def window(qtbot):
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    w = make_main_window(Settings())
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.model.shutdown()
    if w.scoreboard is not None:
        w.scoreboard.close()
    from PySide6.QtWidgets import QApplication

    for other in QApplication.topLevelWidgets():  # a dialog left open (Explore cards…) would take the next test's mouse
        if other is not w and other.isVisible():
            other.close()


def pytest_collection_modifyitems(config, items):
    # The offscreen platform plugin warns on every top-level show; that is the
    # test platform talking, not the app, so only that exact message is allowed.
    for item in items:
        if "tests/ui" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)"))
