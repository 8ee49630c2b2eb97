"""The start-up warm-up (issue 47, item 4) imports what the first Statistics
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

ROOT = Path(__file__).resolve().parents[2]
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


def test_issue47_warm_up_imports_pyqtgraph_on_the_ui_thread_and_only_pure_modules_off_it():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run([sys.executable, "-c", "from tests.ui.test_warmup import child; child()"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-4000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["done"] and out["stats_window"]  # the first click finds it imported
    assert out["loaded_before"] == []  # so the warm-up's own imports are what is seen
    off = out["off_thread"]
    assert "numpy" in off  # the pure part still runs in the io lane
    touching_qt = [m for m in off if m.split(".")[0] in QT or m.startswith("ruin_qt.ui")]
    assert touching_qt == [], touching_qt
