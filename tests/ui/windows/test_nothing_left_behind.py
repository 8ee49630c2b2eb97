"""Nothing left behind in a long session: with a table's game in progress, rounds of opening and
closing the Host and Join dialogs, Statistics and a replay leave no more live widgets than one
round did (Host a table dialogs closed while a game was in progress piled up: 155 -> 3,370)."""

from __future__ import annotations

import json

import pytest
import shiboken6
from PySide6.QtWidgets import QApplication

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.net.table_client import TableClient
from ruin_qt.rules.record import to_record

from .test_closed_windows import deferred_deletes, host_dialog, opened_by

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")
# Every round is the same gestures: one that leaves a widget behind shows in the rounds after the first
# (the pile-up above was some 80 widgets a round): three rounds past the first show it as forty did.
ROUNDS = 4


def live_widgets(besides) -> int:
    """QApplication.allWidgets(), but the table window's own: it shows its game as it goes (a seat away)."""
    deferred_deletes()

    def of_table(w) -> bool:
        while w is not None:
            if w is besides:
                return True
            w = w.parentWidget()
        return False

    return sum(not of_table(w) for w in QApplication.allWidgets())


def one_round(window, qtbot, replay_file) -> None:
    m = window.menus
    for trigger in (m.act_host.trigger, m.act_join.trigger, m.act_stats.trigger,
                    lambda: window.open_replay_file(str(replay_file))):
        w = opened_by(window, qtbot, trigger) if trigger is not m.act_stats.trigger else None
        if w is None:  # Statistics: in front of the table's window, its child while a table is in front
            trigger()
            w = window.stats_window
        w.close()
        qtbot.waitUntil(lambda w=w: not shiboken6.isValid(w) or not w.isVisible(), timeout=5000)


def test_rounds_of_windows_with_a_table_game_in_progress_leave_nothing_behind(window, qtbot, tmp_path):
    replay_file = tmp_path / "game.ruin"
    replay_file.write_text(json.dumps(to_record(play_random_game(2, 3))), encoding="utf-8")
    dlg = host_dialog(window, qtbot, ["local", "remote"], [])
    (table,) = window.menus.open_tables()
    friend = TableClient("127.0.0.1", dlg.service.port, dlg.service.host.code, "Bo")
    friend.start()
    qtbot.waitUntil(lambda: table.model.public().phase == "setup", timeout=10_000)  # the game is on
    dlg.close()
    one_round(window, qtbot, replay_file)
    after_one = live_widgets(besides=table)
    for _ in range(ROUNDS - 1):
        one_round(window, qtbot, replay_file)
    after_all = live_widgets(besides=table)
    assert after_all <= after_one, (after_one, after_all)
    assert table.model.public().phase == "setup" and shiboken6.isValid(table)  # the game went on meanwhile
    friend.close()
    friend.deleteLater()
    table.hide()
    table.deleteLater()
