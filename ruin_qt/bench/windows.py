"""UI benchmarks of windows and background work, beside ``bench.ui`` (which
runs them): a review's UI gaps and cancel, hostile files opened in the window,
and the first Statistics window of a fresh process (``--first-stats MS`` is that
child process)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from ..session.intents import Confirm, TakeDecision
from .meter import GapMeter


def review_gaps_and_cancel(app) -> tuple[float, float]:
    """Max UI-thread gap (ms) while a review of a solo game runs; then
    seconds from cancelling a second one mid-way to its worker stopping."""
    from ruin_qt.ai.match import play_game
    from ruin_qt.app.runners import app_runner
    from ruin_qt.rules import record
    from ruin_qt.ui.windows.review_window import ReviewWindow

    rec = record.to_record(play_game(["standard"], 440123)[0])
    w = ReviewWindow(rec, 0, None, workers=2, runner=app_runner())
    w.show()
    meter = GapMeter()
    meter.start()
    w.start()
    while w._op is not None:  # until the review's answer has arrived
        app.processEvents()
    meter.stop()
    w.progress.setValue(0)
    w.start()
    while w.progress.value() < 1:  # one decision judged: the review is well under way
        app.processEvents()
    t = time.perf_counter()
    w.cancel()
    w.runner.wait_idle(60000)
    stopped = time.perf_counter() - t
    w.close()
    return meter.max_gap(), stopped


def hostile_opens(app) -> list[tuple[str, float]]:
    """(file, ms) to open each hostile file as a game and as a replay: a
    message, never a blocked window."""
    from ruin_qt.app.wiring import make_main_window

    folder = tempfile.mkdtemp(prefix="ruin-qt-hostile-")
    files = {"folder": os.path.join(folder, "folder.json"), "sparse 16 GB": os.path.join(folder, "sparse.json")}
    os.mkdir(files["folder"])
    with open(files["sparse 16 GB"], "wb") as f:
        f.truncate(16 * 1024**3)
    if hasattr(os, "mkfifo"):
        files["fifo"] = os.path.join(folder, "game.json.fifo")
        os.mkfifo(files["fifo"])
    if os.path.exists("/dev/zero"):
        files["/dev/zero"] = "/dev/zero"
    w = make_main_window()
    w.show()
    w.start_game([("Aki", "human")], seed=3)
    out = []
    for name, path in files.items():
        for open_it in (w.open_file, w.open_replay_file):
            t = time.perf_counter()
            open_it(path)
            out.append((name, (time.perf_counter() - t) * 1000))
            if w.message_box is not None:
                w.message_box.close()
    w.model.shutdown()
    w.close()
    return out


def first_stats_open(delay_ms: int, runs: int = 5) -> list[float]:
    """Seconds from the Statistics click to its shown window, the click
    ``delay_ms`` after the window was shown, each in a fresh process."""
    out = []
    for _ in range(runs):
        env = dict(os.environ, RUIN_QT_DATA_DIR=tempfile.mkdtemp(prefix="ruin-qt-bench-"))
        r = subprocess.run([sys.executable, "-m", "ruin_qt.bench.windows", "--first-stats", str(delay_ms)], env=env,
                           capture_output=True, text=True, timeout=120)
        lines = [line for line in r.stdout.splitlines() if line.startswith("first-stats ")]
        if lines:
            out.append(float(lines[-1].split()[1]))
    return out


def _first_stats_child(delay_ms: int) -> int:
    """One fresh run as the app starts (the warm-up at its time), then Statistics."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from ruin_qt.app import warmup
    from ruin_qt.app.wiring import make_main_window

    w = make_main_window()
    w.show()
    QTimer.singleShot(warmup.AFTER_MS, lambda: warmup.warm_up(w.model.runner))

    def click() -> None:
        t = time.perf_counter()
        w.menus.act_stats.trigger()
        app.processEvents()
        if w.stats_window is not None and w.stats_window.isVisible():
            print(f"first-stats {time.perf_counter() - t:.4f}", flush=True)
        w.close()
        app.quit()

    QTimer.singleShot(delay_ms, click)
    return app.exec()


if __name__ == "__main__" and sys.argv[1:2] == ["--first-stats"]:
    sys.exit(_first_stats_child(int(sys.argv[2])))


def host_takeover_gaps(app, seconds: float = 4.0, level: str = "standard") -> tuple[float, float, int]:
    """A host's window at a 4-seat table whose two remote players dropped
    (a computer level plays their seats) and a computer seat: the UI thread's
    worst gap and p95 (ms), and the rounds played.  The host's own seat plays
    at once (a random brain) so the table keeps moving."""
    import random

    from ruin_qt.ai.base import make_brain
    from ruin_qt.app.runners import app_runner
    from ruin_qt.app.tables import hosted_table
    from ruin_qt.net.host_service import HostService
    from ruin_qt.net.table_host import TableHost, Takeover

    host = TableHost(["local", "remote", "remote", f"ai:{level}"], 7, "bench1", Takeover(0, level))
    host.secret = "bench"  # the same computer decisions every run
    for seat in host.seats[1:3]:
        seat.joined, seat.token = True, f"bench-{seat.name}"
    service = HostService(host, Path(tempfile.mkdtemp(prefix="ruin-qt-bench-table-")))  # autosaved, as a host is
    service.listen("127.0.0.1", 0)
    window = hosted_table(service, 0, runner=app_runner())
    window.show()
    brain, rng = make_brain("random"), random.Random(1)
    host.all_away(time.monotonic() - 1)
    service.start_now()
    s = host.session

    def play_mine() -> None:  # the host's own seat: a quick decision whenever it may act
        obs = s.hint_observation(0)
        if obs is not None:
            d = brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)
            window.model.act(TakeDecision(d))
            window.model.act(Confirm())

    mine = QTimer()
    mine.timeout.connect(play_mine)
    mine.start(50)
    meter = GapMeter()
    meter.start()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and s.public().phase != "over":
        app.processEvents()
    meter.stop()
    mine.stop()
    played = s.live.round
    window.close()
    gaps = sorted(meter.gaps) or [0]
    return float(gaps[-1]), float(gaps[int(len(gaps) * 0.95)]), played
