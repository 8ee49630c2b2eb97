"""The start-up warm-up imports what the first Statistics
click needs, and nothing that touches Qt off the UI thread: PySide6 makes its
types lazily and not thread-safely, and pyqtgraph imported in the io lane's
thread crashed the app beside a busy UI thread (the monkey's segfaults, 1 run
in 4: the import thread in pyqtgraph.Qt's _copy_attrs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
QT = ("PySide6", "shiboken6", "pyqtgraph")


def child() -> None:
    """A fresh app's runner warmed up as the app does; which thread first imported which module."""
    import threading

    seen: list[tuple[str, int]] = []

    class Recorder:  # first in sys.meta_path: asked once per module, by the thread importing it
        @staticmethod
        def find_spec(name, path=None, target=None):
            seen.append((name, threading.get_ident()))
            return None

    sys.meta_path.insert(0, Recorder)
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ruin_qt.app import warmup
    from ruin_qt.model.runner import Runner

    app = QApplication(["warm-up"])
    runner = Runner()
    ui = threading.get_ident()
    loaded_before = sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "pyqtgraph"))
    warm = warmup.warm_up(runner, on_done=app.quit)
    QTimer.singleShot(120_000, app.quit)  # a bound on a hang, never reached in a passing run
    app.exec()
    runner.wait_idle(10_000)
    print(json.dumps({"done": warm.done, "loaded_before": loaded_before,
                      "off_thread": sorted({n for n, t in seen if t != ui}),
                      "stats_window": "ruin_qt.ui.windows.stats_window" in sys.modules,
                      "longest_step_s": warm.longest_step_s}), flush=True)


def race_child() -> None:
    """The race widened: while the warm-up runs, the UI thread makes PySide6's
    types in the order pyqtgraph's import walks them, as soon as that walk has
    begun (before the fix: a segfault in 20 runs of 20, the io lane's thread in
    pyqtgraph.Qt's _copy_attrs; a busy window makes some of the same types)."""
    import faulthandler

    faulthandler.enable()
    import PySide6.QtCore as QtCore
    import PySide6.QtGui as QtGui
    import PySide6.QtNetwork as QtNetwork
    import PySide6.QtWidgets as QtWidgets
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ruin_qt.app import warmup
    from ruin_qt.model.runner import Runner

    app = QApplication(["warm-up race"])
    runner = Runner()
    names = [(m, n) for m in (QtCore, QtGui, QtWidgets, QtNetwork) for n in dir(m)][::-1]  # popped from the end
    warm = warmup.warm_up(runner)

    def tick() -> None:
        for _ in range(20 if "pyqtgraph.Qt" in sys.modules else 0):
            if names:
                module, name = names.pop()
                getattr(module, name, None)
        if warm.done:
            app.quit()
        else:
            QTimer.singleShot(0, tick)

    QTimer.singleShot(0, tick)
    QTimer.singleShot(120_000, app.quit)  # a bound on a hang, never reached in a passing run
    app.exec()
    runner.wait_idle(10_000)
    print(json.dumps({"done": warm.done}), flush=True)


def _run_child(fn: str) -> dict:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run([sys.executable, "-c", f"from tests.ui.app.test_warmup import {fn}; {fn}()"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"{fn} ended with {r.returncode}:\n{r.stderr[-4000:]}"
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_warm_up_survives_the_ui_thread_making_qt_types_beside_it():
    for _ in range(3):
        assert _run_child("race_child")["done"]


def test_warm_up_imports_pyqtgraph_on_the_ui_thread_and_only_pure_modules_off_it():
    out = _run_child("child")
    assert out["done"] and out["stats_window"]  # the first click finds it imported
    assert out["loaded_before"] == []  # so the warm-up's own imports are what is seen
    off = out["off_thread"]
    assert "numpy" in off  # the pure part still runs in the io lane
    touching_qt = [m for m in off if m.split(".")[0] in QT or m.startswith("ruin_qt.ui")]
    assert touching_qt == [], touching_qt


def _spec_excludes() -> set[str]:
    import ast

    tree = ast.parse((ROOT / "packaging" / "ruin_qt.spec").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "EXCLUDES" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError("no EXCLUDES in the spec")


def test_the_warm_up_asks_for_nothing_the_bundle_leaves_out_but_what_it_may_miss():
    """The packaged program printed 'warm-up: PySide6.QtTest could not be imported' on every start: the spec
    leaves QtTest out.  Whatever the spec excludes, the warm-up imports only as optional."""
    from ruin_qt.app import warmup

    excluded = _spec_excludes()
    named = set(warmup.OFF_THREAD) | set(warmup.ON_UI_THREAD)
    left_out = {m for m in named if m in excluded or any(m.startswith(e + ".") for e in excluded)}
    assert left_out == set(warmup.OPTIONAL) == {"PySide6.QtTest"}


def test_a_module_the_bundle_leaves_out_is_skipped_without_a_warning(monkeypatch, caplog):
    import importlib
    import importlib.util

    from ruin_qt.app import warmup

    imported: list[str] = []
    real_find = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "PySide6.QtTest" else real_find(name, *a))
    monkeypatch.setattr(importlib, "import_module", lambda name: imported.append(name))
    with caplog.at_level("WARNING"):
        for name in warmup.ON_UI_THREAD:
            warmup._import(name)
    assert "PySide6.QtTest" not in imported and "ruin_qt.ui.windows.stats_window" in imported
    assert not caplog.records, caplog.text
    monkeypatch.setattr(importlib, "import_module", lambda name: (_ for _ in ()).throw(ImportError(name)))
    with caplog.at_level("WARNING"):
        warmup._import("ruin_qt.ui.windows.stats_window")  # one the bundle must carry: still told
    assert "could not be imported" in caplog.text
