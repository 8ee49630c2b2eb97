"""UI benchmarks: run once (and untimed) in the normal suite, which passes
--benchmark-disable; measure with

    .venv/bin/pytest tests/ui/sheet/test_benchmarks.py --benchmark-enable
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from ruin_qt.bench import ui as bench_ui


@pytest.mark.benchmark(group="ui")
def test_bench_ghost_follow(benchmark, window, qtbot):
    app = QApplication.instance()
    bench_ui.start_solo(window, app)
    cells = [(r, c) for r in range(11) for c in range(11)]
    events = bench_ui.mouse_moves(window, cells)
    vp = window.view.viewport()
    state = {"i": 0}

    def one_move():
        state["i"] = (state["i"] + 1) % len(events)
        QApplication.sendEvent(vp, events[state["i"]])

    benchmark(one_move)
    assert window.scene.ghost.isVisible()
