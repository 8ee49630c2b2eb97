"""bench --ui's long-session figures run (their code, once, small): nothing here is timed or compared."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def test_the_long_session_figures_run(qapp):
    from ruin_qt.bench.sessions import language_switch_long_session, restart_after_quit

    r = language_switch_long_session(qapp, rounds=1, switches=1)
    assert set(r) == {"start_median_ms", "start_worst_ms", "end_median_ms", "end_worst_ms", "widgets_before",
                      "widgets_after", "rounds"}
    assert r["widgets_after"] > 0 and r["rounds"] == 1
    assert restart_after_quit(qapp, level="random", think_wait_s=0) > 0
