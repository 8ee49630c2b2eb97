"""Invites in the app, on loopback with the real mailbox server and transit relay:
the Host dialog's Invite button shows a code per open seat with Copy; the code typed in the Join
dialog seats the friend, the table's window and the Host dialog say how they are connected; a wrong
invite is told plainly; Invite servers… keeps its choice in the settings."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from ruin_qt.app import invites
from ruin_qt.app import tables as app_tables
from ruin_qt.app.storage.settings import Settings
from ruin_qt.net.link_process import WormholeLink

pytestmark = [pytest.mark.xdist_group("net-processes"),
              pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")]
WAIT_MS = 60_000  # a hang guard, never a speed check


@pytest.fixture
def settings(tmp_path, servers) -> Settings:
    s = Settings(tmp_path / "settings.ini")
    s.set_invite_servers(servers.mailbox, servers.relay)
    return s


@pytest.mark.slow
def test_an_invite_from_the_host_dialog_seats_a_friend_typed_in_the_join_dialog(qtbot, settings, runner):
    host = app_tables.host_dialog(listen="127.0.0.1", settings=settings, name="Aki")
    qtbot.addWidget(host)
    assert not host.invite_button.isVisible() and host.open_table()
    assert host.invite_button.isVisibleTo(host) and host.open_seats() == [1]
    host.invite_button.click()
    qtbot.waitUntil(lambda: 1 in host.invite_rows and bool(host.invite_rows[1][1].text()), timeout=WAIT_MS)
    label, field, copy, state = host.invite_rows[1]
    code = field.text()
    assert invites_like(code) and state.text() == "waiting for your friend" and label.text() == "Seat 2:"
    copy.click()
    assert QGuiApplication.clipboard().text() == code

    join = app_tables.join_dialog(settings=settings)
    qtbot.addWidget(join)
    join.address.clear()  # no address: the invite is the one thing to type
    join.name.setText("Bo")
    join.code.setText(code.upper())  # as a friend might type it
    seated: list = []
    join.joined.connect(lambda client, seat: seated.append((client, seat)))
    assert join.join()
    assert "Opening the invite" in join.problem.text() and not join.join_button.isEnabled()
    qtbot.waitUntil(lambda: bool(seated), timeout=WAIT_MS)
    client, seat = seated[0]
    assert seat == 1 and client.findChild(WormholeLink) is not None
    qtbot.waitUntil(lambda: host.service.host.presence(1) == "here", timeout=WAIT_MS)
    qtbot.waitUntil(lambda: state.text() in ("connected directly", "connected through a relay"), timeout=WAIT_MS)

    window = app_tables.joined_table(client, seat, runner=runner)
    qtbot.addWidget(window)
    invites.client_path(client, window)
    qtbot.waitUntil(lambda: window.path_label.text().startswith("Connection: "), timeout=WAIT_MS)
    assert window.path_label.text() in ("Connection: direct", "Connection: through a relay")
    window.close()
    host.close_table()


def invites_like(code: str) -> bool:
    from ruin_qt.ui.dialogs.join_table import is_invite

    return is_invite(code)


@pytest.mark.slow
def test_a_wrong_invite_is_told_plainly_within_ten_seconds_and_the_join_button_comes_back(qtbot, settings):
    """The host's invite with other words (the same nameplate: the mailbox pairs them, the keys disagree)."""
    host = app_tables.host_dialog(listen="127.0.0.1", settings=settings)
    qtbot.addWidget(host)
    assert host.open_table()
    host.invite_button.click()
    qtbot.waitUntil(lambda: 1 in host.invite_rows and bool(host.invite_rows[1][1].text()), timeout=WAIT_MS)
    nameplate, _, words = host.invite_rows[1][1].text().partition("-")
    join = app_tables.join_dialog(settings=settings)
    qtbot.addWidget(join)
    join.code.setText(f"{nameplate}-{'zulu-yankee' if words != 'zulu-yankee' else 'xray-whiskey'}")
    join.join()
    qtbot.waitUntil(lambda: join.join_button.isEnabled(), timeout=10_000)  # refused within 10 s
    assert join.problem.text() == invites.failure_text("wrong_code", "")
    assert join.invite is None and join.client is None
    assert host.service.host.presence(1) == "open"
    host.close_table()


def test_invite_servers_are_kept_in_the_settings_and_checked(qtbot, tmp_path, servers):
    s = Settings(tmp_path / "s.ini")
    assert s.invite_servers() == ("", "")
    invites.choose_servers(None, s)
    from ruin_qt.ui.dialogs.invite_servers import InviteServersDialog

    dlg = [w for w in QApplication.topLevelWidgets() if isinstance(w, InviteServersDialog)][-1]
    assert dlg.mailbox.placeholderText().startswith("ws") and dlg.relay.placeholderText().startswith("tcp:")
    dlg.mailbox.setText("http://example.invalid")
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dlg.isVisible() and "ws://" in dlg.problem.text()  # refused: not a mailbox address
    dlg.mailbox.setText(servers.mailbox)
    dlg.relay.setText(servers.relay)
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert Settings(tmp_path / "s.ini").invite_servers() == (servers.mailbox, servers.relay)
    assert invites.servers(s) == (servers.mailbox, servers.relay)
    assert invites.servers(None) == (None, None)
