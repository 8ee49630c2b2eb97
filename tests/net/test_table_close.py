"""Closing the host's table window while its game is being played asks first: one click of the
window's close button stopped the game for every player.  Answered every way."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMessageBox

from ..ui.modals import CLOSE, ESCAPE, answer

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")
B = QMessageBox.StandardButton


class FromTheWindowSystem(QCloseEvent):
    def spontaneous(self) -> bool:
        return True


@pytest.mark.parametrize("reply", [B.Yes, B.No, ESCAPE, CLOSE])
def test_closing_the_hosts_window_mid_game_asks_first(qtbot, two_screens, reply):
    host_w, join_w, host_dialog, _spied = two_screens
    qtbot.waitUntil(lambda: host_w.model.public().phase == "setup", timeout=10_000)
    assert host_w.ends_game() and not join_w.ends_game()  # a joining screen only leaves its seat
    event = FromTheWindowSystem()
    host_w.closeEvent(event)
    assert not event.isAccepted() and host_w.isVisible()
    assert host_w.close_box is not None and "not finished" in host_w.close_box.text()
    host_w.closeEvent(FromTheWindowSystem())  # asked again while the question is up: still one question
    answer(qtbot, reply, QMessageBox)
    if reply == B.Yes:
        qtbot.waitUntil(lambda: not shiboken6.isValid(host_w) or not host_w.isVisible(), timeout=5000)
        qtbot.waitUntil(lambda: host_dialog.closed(), timeout=5000)  # the table closed with its window
    else:
        assert host_w.isVisible() and host_w.model.public().phase == "setup"
        assert host_dialog.service.host.presence(1) == "here"  # the friend still at the table


def test_a_window_closed_by_the_app_or_after_the_end_is_not_asked_about(qtbot, two_screens):
    host_w, _join_w, _dialog, _spied = two_screens
    qtbot.waitUntil(lambda: host_w.model.public().phase == "setup", timeout=10_000)
    host_w.close()  # the app's own close (quitting): no question
    qtbot.waitUntil(lambda: not shiboken6.isValid(host_w) or not host_w.isVisible(), timeout=5000)
