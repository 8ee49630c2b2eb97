"""Two screens at one table, offscreen on loopback: a host window (with its Host dialog) and a joining
window (through its Join dialog, the table found by a stand-in for mDNS).  The ``two_screens`` fixture is
tests/net/conftest.py's."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QObject, Signal

from ruin_qt.ai.base import make_brain
from ruin_qt.app import tables as app_tables
from ruin_qt.app.tables import hosted_table, joined_table
from ruin_qt.ui.dialogs.join_table import parse_address


class FakeBrowser(QObject):
    """Tables "heard of" without any multicast: the test announces them."""

    found = Signal(str, str, str, int)
    lost = Signal(str)

    def stop(self) -> None:
        pass


def decide(model, rng):
    obs = model.session.hint_observation(model.screen.seat)
    brain = make_brain("random")
    return brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)


@pytest.fixture
def two_screens(qtbot, tmp_path, runner):
    host_dialog = app_tables.host_dialog(listen="127.0.0.1", data=tmp_path / "table", runner=runner)
    qtbot.addWidget(host_dialog)
    host_dialog.name.setText("Aki")
    assert host_dialog.seats() == ["local", "remote"]
    windows = {}
    host_dialog.table_opened.connect(
        lambda service, seat: windows.setdefault("host", hosted_table(service, seat, runner=runner)))
    assert host_dialog.open_table()
    code, port = host_dialog.service.host.code, host_dialog.service.port
    assert host_dialog.addresses() == [f"127.0.0.1:{port}"]

    browser = FakeBrowser()
    join_dialog = app_tables.join_dialog(browser=browser)
    qtbot.addWidget(join_dialog)
    browser.found.emit("aki._ruin-qt._tcp.local.", "Aki", "127.0.0.1", port)
    assert join_dialog.tables.count() == 1
    join_dialog.tables.setCurrentRow(0)
    assert parse_address(join_dialog.address.text()) == ("127.0.0.1", port)
    join_dialog.code.setText(code.lower())
    join_dialog.name.setText("Bo")
    spied: list[dict] = []
    join_dialog.joined.connect(
        lambda client, seat: windows.setdefault("join", joined_table(client, seat, runner=runner)))
    assert join_dialog.join()
    join_dialog.client.frame_received.connect(spied.append)
    qtbot.waitUntil(lambda: "join" in windows and "host" in windows, timeout=10_000)
    for w in windows.values():  # closed by the test or below, never by qtbot: a closed one is deleted
        w.show()
    yield windows["host"], windows["join"], host_dialog, spied
    for w in windows.values():
        if shiboken6.isValid(w):  # closed, a table's window is deleted
            w.close()
    host_dialog.close_table()
