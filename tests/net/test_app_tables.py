"""The Host and Join dialogs only hand over what the player
chose; the app builds the table (``app.tables``): a ``TableHost`` served by a
``HostService`` on 127.0.0.1, or a ``TableClient`` for a join."""

from __future__ import annotations

import pytest

from ruin_qt.app import tables
from ruin_qt.net.host_service import HostService
from ruin_qt.net.table_client import TableClient
from ruin_qt.ui.dialogs.host_table import HostChoices, HostTableDialog
from ruin_qt.ui.dialogs.join_table import JoinChoice, JoinTableDialog

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def test_the_host_dialog_hands_over_the_choices_and_builds_nothing(qtbot):
    d = HostTableDialog()
    qtbot.addWidget(d)
    d.name.setText("Aki")
    d.takeover.setValue(30)
    chosen = []
    d.open_requested.connect(chosen.append)
    assert not d.open_table()  # nobody built a table for it
    assert chosen == [HostChoices(("local", "remote"), ("Aki", "Player 2"), 30, "standard")]
    assert d.service is None and d.findChildren(HostService) == []
    assert not d.resume_table()  # nothing to resume: not even asked


def test_the_app_builds_and_serves_the_table_the_player_chose(qtbot, tmp_path):
    d = tables.host_dialog(listen="127.0.0.1", data=tmp_path / "table")
    qtbot.addWidget(d)
    opened = []
    d.table_opened.connect(lambda service, seat: opened.append((service, seat)))
    d.kinds[2].setCurrentIndex(d.kinds[2].findData("ai:random"))
    assert d.open_table()
    service, seat = opened[0]
    assert isinstance(service, HostService) and service is d.service and seat == 0
    assert [s.kind for s in service.host.seats] == ["local", "remote", "ai:random"]
    assert service.port and d.addresses() == [f"127.0.0.1:{service.port}"]
    assert d.code.text().endswith(service.host.code)
    d.close_table()


def test_the_join_dialog_hands_over_the_choice_and_the_app_starts_a_client(qtbot):
    d = JoinTableDialog()
    qtbot.addWidget(d)
    d.address.setText("127.0.0.1:9")
    d.code.setText("TEST42")
    d.name.setText("Bo")
    chosen = []
    d.connect_requested.connect(chosen.append)
    assert not d.join() and d.client is None  # nobody built a client for it
    assert chosen == [JoinChoice("127.0.0.1", 9, "TEST42", "Bo")]
    wired = tables.join_dialog()
    qtbot.addWidget(wired)
    wired.address.setText("127.0.0.1:9")
    wired.code.setText("TEST42")
    assert wired.join() and isinstance(wired.client, TableClient) and wired.client.where == ("127.0.0.1", 9)
    wired.client.close()
