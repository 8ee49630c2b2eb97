"""Computer seats think in worker processes; the window keeps running."""

from __future__ import annotations

import os
import tempfile
import threading
import time
from pathlib import Path

import pytest
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
    """Thinks (pure Python, in a worker process) until the UI thread of the
    process that asked has run its timer several times (the timer writes its
    count to a file): a brain holding up the UI thread could never see that,
    so it would spin to its cap and the test would fail on what it records,
    not on time.  It notes its process id and the ticks it saw."""

    level = "watching"

    @staticmethod
    def ticks_file(parent: int) -> Path:
        return Path(tempfile.gettempdir()) / f"ruin-qt-test-ticks-{parent}"

    def _think(self):
        ticks = self.ticks_file(os.getppid())

        def read() -> int:
            try:
                return int(ticks.read_text(encoding="ascii"))
            except (OSError, ValueError):
                return 0

        start = read()
        for _ in range(2_000_000):  # a cap, so a broken runner fails instead of hanging
            now = read()
            if now - start >= 5 or now < 0:  # -1: the test has seen enough, later rounds answer at once
                break
            sum(i * i for i in range(50))
        with open(ticks.with_suffix(".seen"), "a", encoding="ascii") as f:
            f.write(f"{os.getpid()} {read() - start}\n")


def test_computer_seats_think_in_another_process_while_the_ui_keeps_running(window, qtbot, monkeypatch):
    """A computer decision runs in a worker process (its PID differs),
    so the UI thread never shares the GIL with a brain."""
    monkeypatch.setitem(ai_base.LEVELS, "watching", WatchingBrain)
    ticks = WatchingBrain.ticks_file(os.getpid())
    seen = ticks.with_suffix(".seen")
    seen.unlink(missing_ok=True)
    count = [0]

    def tick(value: int | None = None) -> None:
        count[0] = count[0] + 1 if value is None else value
        fresh = ticks.with_suffix(".tmp")
        fresh.write_text(str(count[0]), encoding="ascii")
        os.replace(fresh, ticks)

    tick(0)
    answered: list[threading.Thread] = []
    m = window.model
    on_decided = m.driver._answered  # the table's one driver settles each answer
    monkeypatch.setattr(m.driver, "_answered",
                        lambda *a: (answered.append(threading.current_thread()), on_decided(*a)))
    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(1)
    try:
        window.start_game([("CPU 1", "ai:watching"), ("CPU 2", "ai:watching")], seed=2)
        assert m.thinking_seats() == [0, 1]
        assert "thinking" in window.seats_table.item(0, 3).text()
        qtbot.waitUntil(lambda: m.session.game.round >= 1, timeout=60000)
    finally:
        timer.stop()
        tick(-1)
    assert m.screen.viewer == -1 and not window.scene.items()  # no computer sheet is ever shown
    records = [tuple(map(int, line.split())) for line in seen.read_text(encoding="ascii").splitlines()]
    assert len(records) >= 4
    assert all(pid != os.getpid() for pid, _ in records)  # the brain ran in another process
    # The UI thread ran its timer while each seat thought (setup and round 1).
    assert min(t for _, t in records[:4]) >= 5
    main = threading.main_thread()
    assert answered and all(t is main for t in answered)  # the answers: on the UI thread
    for f in (ticks, seen):
        f.unlink(missing_ok=True)


@pytest.fixture
def model(qtbot, runner):
    """The model alone: what a computer seat's answer does is the model's and
    the session's, not the window's."""
    from ruin_qt.model.game_model import GameModel

    m = GameModel(runner=runner)
    yield m
    m.shutdown()


def test_unknown_level_falls_back_to_random(model, qtbot):
    m = model
    m.new_game([("Aki", "human"), ("CPU", "ai:no-such-level")], seed=3)
    qtbot.waitUntil(lambda: not m.thinking_seats(), timeout=5000)
    assert m.session.game.setup_choices[1] is not None


def test_new_game_while_a_computer_seat_thinks(model, qtbot, monkeypatch):
    monkeypatch.setitem(ai_base.LEVELS, "slow", SlowBrain)
    m = model
    m.new_game([("Aki", "human"), ("CPU", "ai:slow")], seed=2)
    assert m.thinking_seats() == [1]
    m.new_game([("Aki", "human"), ("CPU", "ai:random")], seed=5)  # the old answer is ignored
    qtbot.waitUntil(lambda: not m.thinking_seats(), timeout=5000)
    m.runner.wait_idle(5000)
    qtbot.wait(20)
    assert m.session.game.seed == 5 and m.session.game.setup_choices[1] is not None
    assert m.step() == "setup" and m.screen.actor == 0
