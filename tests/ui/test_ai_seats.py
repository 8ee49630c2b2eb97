"""Computer seats think off the UI thread; the window keeps running."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QTimer

from ruin_qt.ai import base as ai_base


class SlowBrain(ai_base.RandomBrain):
    """A random player that thinks hard (pure Python) for a while first."""

    level = "slow"

    THINK_S = 0.6

    def _think(self):
        end = time.perf_counter() + self.THINK_S
        x = 0
        while time.perf_counter() < end:
            x += sum(i * i for i in range(200))
        return x

    def decide_setup(self, obs, rng):
        self._think()
        return super().decide_setup(obs, rng)

    def decide_turn(self, obs, rng):
        self._think()
        return super().decide_turn(obs, rng)


class WatchingBrain(SlowBrain):
    """Thinks (pure Python) until the UI thread has run its timer several
    times: a brain on the UI thread could never see that, so it would spin
    to its cap and the test would fail on what it records, not on time."""

    level = "watching"
    threads: list[threading.Thread] = []
    ticks_seen: list[int] = []
    ticks = [0]
    watched = [True]  # off once the test has seen enough: later rounds answer at once

    def _think(self):
        self.threads.append(threading.current_thread())
        start = self.ticks[0]
        for _ in range(2_000_000):  # a cap, so a broken runner fails instead of hanging
            if self.ticks[0] - start >= 5 or not self.watched[0]:
                break
            sum(i * i for i in range(50))
        self.ticks_seen.append(self.ticks[0] - start)


def test_computer_seats_think_off_the_ui_thread_which_keeps_running(window, qtbot, monkeypatch):
    monkeypatch.setitem(ai_base.LEVELS, "watching", WatchingBrain)
    monkeypatch.setattr(WatchingBrain, "threads", [])
    monkeypatch.setattr(WatchingBrain, "ticks_seen", [])
    monkeypatch.setattr(WatchingBrain, "watched", [True])
    answered: list[threading.Thread] = []
    m = window.model
    on_decided = m._on_decided
    monkeypatch.setattr(m, "_on_decided", lambda *a: (answered.append(threading.current_thread()), on_decided(*a)))
    timer = QTimer()
    timer.timeout.connect(lambda: WatchingBrain.ticks.__setitem__(0, WatchingBrain.ticks[0] + 1))
    timer.start(1)
    window.start_game([("CPU 1", "ai:watching"), ("CPU 2", "ai:watching")], seed=2)
    assert m.thinking_seats() == [0, 1]
    assert "thinking" in window.seats_table.item(0, 3).text()
    qtbot.waitUntil(lambda: m.session.game.round >= 1, timeout=60000)
    WatchingBrain.watched[0] = False
    timer.stop()
    assert m.screen.viewer == -1 and not window.scene.items()  # no computer sheet is ever shown
    main = threading.main_thread()
    assert WatchingBrain.threads and all(t is not main for t in WatchingBrain.threads)  # the work: off the UI thread
    # The UI thread ran its timer while each seat thought (setup and round 1).
    assert len(WatchingBrain.ticks_seen) >= 4 and min(WatchingBrain.ticks_seen[:4]) >= 5
    assert answered and all(t is main for t in answered)  # the answers: on the UI thread


def test_unknown_level_falls_back_to_random(window, qtbot):
    window.start_game([("Aki", "human"), ("CPU", "ai:no-such-level")], seed=3)
    m = window.model
    qtbot.waitUntil(lambda: not m.thinking_seats(), timeout=5000)
    assert m.session.game.setup_choices[1] is not None


def test_new_game_while_a_computer_seat_thinks(window, qtbot, monkeypatch):
    monkeypatch.setitem(ai_base.LEVELS, "slow", SlowBrain)
    m = window.model
    window.start_game([("Aki", "human"), ("CPU", "ai:slow")], seed=2)
    assert m.thinking_seats() == [1]
    window.start_game([("Aki", "human"), ("CPU", "ai:random")], seed=5)  # the old answer is ignored
    qtbot.waitUntil(lambda: not m.thinking_seats(), timeout=5000)
    m.runner.wait_idle(5000)
    qtbot.wait(20)
    assert m.session.game.seed == 5 and m.session.game.setup_choices[1] is not None
    assert m.step() == "setup" and m.screen.actor == 0
