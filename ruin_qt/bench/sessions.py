"""A long session's costs (``bench --ui``, beside ``bench.windows``): the language switch at the start
and at the end of a session of windows with a table's game in progress, and a restart after Quit in a
session that hosted a table whose computer was still thinking (both timed here, never in a test)."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication


def settle(app) -> None:
    for _ in range(3):
        app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def hosted(app, window, kinds: list[str]):
    """A table hosted from ``window`` on loopback (its window shown as the app shows it), a friend's client
    in its remote seat, once its game has started: (table window, friend)."""
    from ruin_qt.app import tables
    from ruin_qt.net.table_client import TableClient

    dlg = tables.host_dialog(window, listen="127.0.0.1", data=Path(tempfile.mkdtemp(prefix="ruin-qt-bench-table-")),
                             runner=window.model.runner)
    made: list = []
    dlg.table_opened.connect(lambda service, seat: made.append(
        tables.hosted_table(service, seat, runner=window.model.runner)))
    for combo, kind in zip(dlg.kinds, [*kinds, "", "", ""]):
        combo.setCurrentIndex(combo.findData(kind))
    dlg.open_table()
    table = made[0]
    window.menus._show_table(table)
    friend = TableClient("127.0.0.1", dlg.service.port, dlg.service.host.code, "Bo")
    friend.start()
    deadline = time.monotonic() + 30
    while table.model.public().phase == "none" and time.monotonic() < deadline:
        app.processEvents()
    dlg.close()
    return table, friend


def _switches(app, n: int) -> list[float]:
    from ruin_qt.app import i18n

    out = []
    for i in range(n):
        t = time.perf_counter()
        i18n.install_language("ja" if i % 2 == 0 else "en")
        settle(app)
        out.append((time.perf_counter() - t) * 1000)
    i18n.install_language("en")
    settle(app)
    return out


def language_switch_long_session(app, rounds: int = 40, switches: int = 7) -> dict:
    """The language switch (ms, median and worst of ``switches``) at the start of a session with a
    hosted table's game in progress, and again after ``rounds`` rounds of opening and closing the Host
    and Join dialogs, Statistics and a replay; the live widgets before and after."""
    from ruin_qt.ai.random_policy import play_random_game
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window
    from ruin_qt.rules.record import to_record

    replay = Path(tempfile.mkdtemp(prefix="ruin-qt-bench-replay-")) / "game.ruin"
    replay.write_text(json.dumps(to_record(play_random_game(2, 3))), encoding="utf-8")
    w = make_main_window(Settings())
    w.show()
    table, friend = hosted(app, w, ["local", "remote"])
    settle(app)
    widgets = len(QApplication.allWidgets())
    start = _switches(app, switches)
    m = w.menus
    for _ in range(rounds):
        for open_it in (m.act_host.trigger, m.act_join.trigger, m.act_stats.trigger,
                        lambda: w.open_replay_file(str(replay))):
            before = {id(x) for x in QApplication.topLevelWidgets() if x.isVisible()}
            open_it()
            settle(app)
            for x in QApplication.topLevelWidgets():
                if x.isVisible() and id(x) not in before and x is not table:
                    x.close()
            settle(app)
    end = _switches(app, switches)
    after = len(QApplication.allWidgets())
    friend.close()
    table.close()
    w.model.shutdown()
    w.close()
    settle(app)
    return {"start_median_ms": statistics.median(start), "start_worst_ms": max(start),
            "end_median_ms": statistics.median(end), "end_worst_ms": max(end),
            "widgets_before": widgets, "widgets_after": after, "rounds": rounds}


def restart_after_quit(app, level: str = "expert", think_wait_s: float = 30) -> float:
    """Seconds from Quit to a new main window shown, in a session that hosted a table whose computer
    (``level``) is still deciding (waited for up to ``think_wait_s``): the closed main window's deletion
    included, as a restart runs it."""
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    w = make_main_window(Settings())
    w.show()
    table, friend = hosted(app, w, ["local", "remote", f"ai:{level}"])
    deadline = time.monotonic() + think_wait_s
    while 2 not in table.model.thinking_seats() and time.monotonic() < deadline:
        app.processEvents()  # the computer is deciding its setup: its worker is busy
    t = time.perf_counter()
    w.menus.act_quit.trigger()
    w.deleteLater()
    settle(app)
    again = make_main_window(Settings())
    again.show()
    settle(app)
    took = time.perf_counter() - t
    friend.close()
    table.close()
    again.model.shutdown()
    again.close()
    settle(app)
    return took
