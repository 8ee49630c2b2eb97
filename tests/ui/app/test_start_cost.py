"""Two costs of a start that PySide adds and the game avoids: its look at the
source of every module imported after it (``app/pyside_feature.py``), and
every QtWidgets class made at once the first time Python meets a widget Qt
made in C++, such as a scroll area's own viewport (``ui/common/viewport.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from ruin_qt.app import pyside_feature

ROOT = Path(__file__).resolve().parents[3]


def test_the_quick_look_gives_pysides_own_verdict_on_every_module(monkeypatch) -> None:
    import json

    import PySide6.QtCore  # noqa: F401  # PySide's hook exists once PySide is imported

    from ruin_qt.ui.common import viewport

    feature = sys.modules.get("shibokensupport.feature")
    if getattr(feature, "_mod_uses_pyside", None) is None:
        pytest.skip("this PySide does not look at imported modules")
    monkeypatch.setattr(feature, "_mod_uses_pyside", feature._mod_uses_pyside)  # put back after the test
    if getattr(feature._mod_uses_pyside, "pyside_check", None) is None:
        assert pyside_feature.quicken()
    assert not pyside_feature.quicken()  # once only: never a wrapper around a wrapper
    quick = feature._mod_uses_pyside
    own = quick.pyside_check
    modules = [m for name, m in sorted(sys.modules.items()) if name.startswith(("ruin_qt", "PySide6", "json"))]
    modules += [pyside_feature, viewport, json]
    verdicts = {m.__name__: (quick(m), own(m)) for m in modules}
    assert all(q == o for q, o in verdicts.values()), {n: v for n, v in verdicts.items() if v[0] != v[1]}
    assert verdicts["ruin_qt.ui.common.viewport"] == (True, True) and verdicts["json"] == (False, False)
    assert quick(sys) is False  # a built-in module: PySide's own answer


def test_a_pyside_without_the_look_is_left_alone(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "shibokensupport.feature", types.ModuleType("shibokensupport.feature"))
    assert pyside_feature.quicken() is False
    monkeypatch.delitem(sys.modules, "shibokensupport.feature")
    assert pyside_feature.quicken() is False


CHILD = """
import json, sys
import PySide6.QtGui as gui
import PySide6.QtWidgets as widgets
lazy = "QWizard" not in vars(widgets)
from PySide6.QtWidgets import QApplication
from ruin_qt.app.storage.settings import Settings
from ruin_qt.app.wiring import make_main_window
app = QApplication(["start"])
window = make_main_window(Settings())
window.restore_state()
window.show()
app.processEvents()
window.table()
window.table().view.viewport().setMouseTracking(True)
app.processEvents()
made = [n for n in ("QWizard", "QFileDialog", "QDialogButtonBox", "QStyleOptionViewItem") if n in vars(widgets)]
made += [n for n in ("QTextDocument",) if n in vars(gui)]
print(json.dumps({"lazy": lazy, "made": made}), flush=True)
"""


def test_a_start_to_its_table_leaves_pysides_widget_classes_unmade(tmp_path) -> None:
    """Making every QtWidgets class (and their enum types) took a tenth of a start, for a viewport; the
    classes of a dialog, of a game's painting and of a search through a widget's children are made when
    they are first needed (about 0.4 ms an enum type, 250 of them at a start)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    got = json.loads(r.stdout.strip().splitlines()[-1])
    if not got["lazy"]:
        pytest.skip("this PySide makes all its classes at import")
    assert got["made"] == []


RUN = """
import gc, json, sys
from ruin_qt.app.main import run
code = run([])
print(json.dumps({"code": code, "enabled": gc.isenabled(), "frozen": gc.get_freeze_count()}), flush=True)
"""


def test_the_collector_is_off_while_the_game_starts_and_on_once_its_table_is_made(tmp_path) -> None:
    """What a start makes lives as long as the program: frozen, not walked by some 90 collections;
    the collector is on again from the table's making, for what the game makes after."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(tmp_path), RUIN_QT_EXIT_WHEN_SHOWN="1")
    r = subprocess.run([sys.executable, "-c", RUN], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.strip().splitlines()
    assert any(line.startswith("table ready") for line in lines), lines
    got = json.loads(lines[-1])
    assert got["code"] == 0 and got["enabled"] is True
    assert got["frozen"] > 10_000  # the modules, classes and window of the start


def test_collecting_from_now_freezes_once_and_turns_the_collector_on() -> None:
    import gc

    from ruin_qt.app.main import collect_from_now

    was = gc.isenabled()
    try:
        gc.disable()
        collect_from_now()
        assert gc.isenabled()
        frozen = gc.get_freeze_count()
        collect_from_now()  # the table's making and the warm-up's time both call it: the second does nothing
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
        if not was:
            gc.disable()
