"""The monkey in the suite: the real window driven by
seeded random events in a child process, so a segfault is seen as one.
It fails on any exception, Qt warning, crash, stuck game or game not
offered back after a restart (tests/ui/monkey.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "chaos"), [(11, False), (12, False), (13, True), (14, True)])
def test_the_monkey_finds_nothing(tmp_path, seed, chaos):
    args = [sys.executable, "-m", "tests.ui.monkey", "--events", "1000", "--seed", str(seed),
            "--home", str(tmp_path)] + (["--chaos"] if chaos else [])
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    trail = tmp_path / "monkey-trail.txt"
    last = "".join(trail.read_text(encoding="utf-8").splitlines(keepends=True)[-16:]) if trail.exists() else ""
    assert r.returncode in (0, 1), f"crashed ({r.returncode}):\n{r.stderr[-4000:]}\nits last events:\n{last}"
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["problems"] == [], "\n".join(summary["problems"])
    assert r.returncode == 0 and summary["events"] == 1000
    assert summary["restarts"] + summary["games_over"] > 0  # it did get somewhere


def test_a_link_the_monkey_clicks_is_noted_not_opened(qapp, tmp_path, qtbot):
    """Seed 14 reached About Qt's licence link, and the offscreen
    platform's "does not support openUrl" warning failed the run now and then."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QDesktopServices
    from PySide6.QtWidgets import QLabel, QWidget

    from ruin_qt.ui.dialogs.boxes import about_qt
    from tests.ui import monkey as mk

    m = mk.Monkey(1, 1, False, tmp_path)
    try:
        parent = QWidget()
        qtbot.addWidget(parent)
        box = about_qt(parent)
        box.show()
        qtbot.waitExposed(box)
        (label,) = [lb for lb in box.findChildren(QLabel) if "qt.io/licensing" in lb.text()]
        assert label.openExternalLinks()  # what a click on it does: QDesktopServices.openUrl
        # The link's place in the label is the text layout's: found by walking the label's width.
        for y in range(0, label.height(), 3):
            for x in range(0, label.width(), 3):
                qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
                if m.links_opened:
                    break
            if m.links_opened:
                break
        assert m.links_opened and m.links_opened[0].startswith("https://qt.io"), m.links_opened
        box.close()
    finally:
        for scheme in mk.LINK_SCHEMES:
            QDesktopServices.unsetUrlHandler(scheme)


def test_the_stall_watcher_keeps_no_frame_of_the_ui_thread(qapp, tmp_path, monkeypatch):
    """The watcher once held the stalled UI thread's frame object: the frame's
    locals (a paint event's QPainter, say) then outlived their function and were
    freed later on the watcher's thread -- the monkey's own segfaults (seed 14,
    "QBackingStore::endPaint() called with active painter")."""
    import threading
    import time
    import weakref

    from tests.ui import monkey as mk

    monkeypatch.setattr(mk, "STALL_WATCH", 0.05)
    m = mk.Monkey(1, 1, False, tmp_path)
    m._running, m._last_tick = True, time.perf_counter()
    watcher = threading.Thread(target=m._watch_stalls, args=(threading.get_ident(),), daemon=True)
    watcher.start()
    freed_on: list[int] = []

    class Local:
        pass

    def stalled() -> None:
        local = Local()  # lives exactly as long as this call
        weakref.finalize(local, lambda: freed_on.append(threading.get_ident()))
        end = time.perf_counter() + 0.6
        while time.perf_counter() < end:  # a stall the watcher sees (it looks every 0.2 s)
            pass

    try:
        stalled()
        assert freed_on == [threading.get_ident()]  # freed on return, on this thread
    finally:
        m._running, m._last_tick = False, time.perf_counter()
        watcher.join(5)
    assert list(m.stall_places) == ["Qt"]  # seen (no frame of the app in a test function)
