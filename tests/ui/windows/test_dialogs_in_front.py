"""The Host dialog and Statistics open in front of a table's window (it is a window of its own,
and covered them), and a dialog keeps to the screen: a long status wraps instead of growing the
Host dialog past the screen's edge, in words for the host."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from ruin_qt.app import invites
from ruin_qt.ui.dialogs.host_table import HostTableDialog

from .test_closed_windows import host_dialog

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")
LONG = ("The invite failed: the wormhole helper ended unexpectedly: ConnectionRefusedError: Connection was "
        "refused by other side: 111: Connection refused. " * 3)


def test_a_long_status_wraps_and_the_host_dialog_stays_on_the_screen(qtbot):
    dlg = HostTableDialog()
    qtbot.addWidget(dlg)
    area = dlg.screen().availableGeometry()
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.move(area.right() - dlg.width() - 10, area.top() + 10)  # near the right edge, as a player may leave it
    dlg.show_invite(1, "7-guitarist-revenge")
    dlg.invite_state(1, LONG)
    state = dlg.invite_rows[1][3]
    qtbot.waitUntil(lambda: state.text() == LONG and area.contains(dlg.frameGeometry()), timeout=5000)
    assert state.wordWrap() and state.height() > 2 * state.fontMetrics().lineSpacing()  # wrapped, not one line
    assert dlg.width() <= area.width()


def test_the_hosts_invite_failures_are_worded_for_the_host(qtbot, monkeypatch):
    from PySide6.QtCore import QObject

    from ruin_qt.net.link_process import WormholeLink

    monkeypatch.setattr(WormholeLink, "host", lambda *a, **k: None)  # no helper: its failures are told by hand
    service = QObject()
    service.port = 9  # what the invites read of the table's service to start their helper
    hi = invites.HostInvites(service)
    told: list = []
    hi.state.connect(lambda seat, words: told.append(words))
    link = hi._start()
    for kind in ("wrong_code", "mailbox", "closed"):
        link.failed.emit(0, kind, "")
    assert told == [invites.host_failure_text(k, "") for k in ("wrong_code", "mailbox", "closed")]
    assert not any("your friend" in t and "check" in t for t in told)  # the joiner's words, not the host's
    assert "new code" in told[0] and "this computer" in told[1]


def test_the_host_dialog_and_statistics_stay_in_front_of_the_table_window(window, qtbot):
    dlg = host_dialog(window, qtbot, ["local", "remote"], [])
    (table,) = window.menus.open_tables()
    qtbot.waitExposed(table)
    assert dlg.isVisible() and dlg.windowHandle().transientParent() is table.windowHandle()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg, timeout=5000)
    table.activateWindow()  # the player goes to the table, then asks for the statistics
    qtbot.waitUntil(lambda: QApplication.activeWindow() is table, timeout=5000)
    window.menus.act_stats.trigger()
    stats = window.stats_window
    assert stats is not None and stats.windowHandle().transientParent() is table.windowHandle()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is stats, timeout=5000)
    stats.close()
    table.close()


def test_news_of_an_invite_after_the_host_dialog_went_with_its_parent_touches_nothing(qtbot, monkeypatch):
    """The invites live with the table's service and outlive the Host dialog: a parent's deletion takes
    the dialog's widgets while a Python reference may keep its name (the monkey met it, seed 14)."""
    import shiboken6
    from PySide6.QtCore import QObject
    from PySide6.QtWidgets import QWidget

    monkeypatch.setattr(invites.HostInvites, "invite_open_seats", lambda self: [])
    parent = QWidget()
    dlg = HostTableDialog(parent)
    invites.wire_host(dlg, None)
    from ruin_qt.net.table_host import TableHost

    service = QObject()
    service.port, service.host = 9, TableHost(["local", "remote"], 1, "test42")
    dlg.service = service
    dlg.invites_requested.emit()  # the dialog now follows the service's invites
    hi = invites.HostInvites.of(service)
    hi.state.emit(1, "direct")
    assert dlg.invite_states[1] == "direct"
    parent.deleteLater()  # the dialog's widgets go with it; ``dlg`` still names the dialog
    qtbot.waitUntil(lambda: not shiboken6.isValid(dlg), timeout=5000)
    hi.state.emit(1, "relay")  # raised in the slot ("already deleted"), which pytest-qt fails on
    hi.code.emit(1, "7-guitarist-revenge")
