"""Game ▸ Join a table…'s list: only tables that answer, each once, the newest first, and no dead
address filled in (four identical entries of closed tables in random order, and the address field
filled with a dead one, were what a player found)."""

from __future__ import annotations

import socket
from types import SimpleNamespace

import pytest
from PySide6.QtNetwork import QTcpSocket
from zeroconf import ServiceStateChange

from ruin_qt.app import tables as app_tables
from ruin_qt.app.storage.settings import Settings
from ruin_qt.net import discovery

from .screens import FakeBrowser
from .wormhole_servers import free_port


def rows(dlg) -> list[str]:
    return [dlg.tables.item(i).text() for i in range(dlg.tables.count())]


def test_each_table_once_and_the_newest_first(qtbot):
    browser = FakeBrowser()
    dlg = app_tables.join_dialog(browser=browser)
    qtbot.addWidget(dlg)
    browser.found.emit("Alice 40001._ruin-qt._tcp.local.", "Alice", "192.168.1.20", 40001)
    browser.found.emit("Bo 40002._ruin-qt._tcp.local.", "Bo", "192.168.1.21", 40002)
    browser.found.emit("Alice 40001._ruin-qt._tcp.local.", "Alice", "192.168.1.20", 40001)  # heard again
    browser.found.emit("Alice (2) 40001._ruin-qt._tcp.local.", "Alice", "192.168.1.20", 40001)  # renamed
    browser.found.emit("Cy 40003._ruin-qt._tcp.local.", "Cy", "fe80::1", 40003)
    assert rows(dlg) == ["Cy ([fe80::1]:40003)", "Alice (192.168.1.20:40001)", "Bo (192.168.1.21:40002)"]
    browser.lost.emit("Bo 40002._ruin-qt._tcp.local.")
    assert rows(dlg) == ["Cy ([fe80::1]:40003)", "Alice (192.168.1.20:40001)"]
    dlg.tables.setCurrentRow(0)
    assert dlg.address.text() == "[fe80::1]:40003"


class FakeZeroconf:
    """What zeroconf resolves a service to: the table's address and port."""

    def __init__(self, port: int):
        self.port = port

    def get_service_info(self, _type, _name, timeout=0):
        return SimpleNamespace(parsed_addresses=lambda: ["127.0.0.1"], port=self.port,
                               properties={b"name": b"Alice"})


def heard(port: int) -> list:
    browser = discovery.TableBrowser()
    got: list = []
    browser.found.connect(lambda *a: got.append(("found", *a)))
    browser.lost.connect(lambda *a: got.append(("lost", *a)))
    browser._changed(FakeZeroconf(port), discovery.SERVICE, "Alice 1." + discovery.SERVICE, ServiceStateChange.Added)
    return got


def test_a_table_heard_of_is_listed_only_if_it_answers():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert heard(port) == [("found", "Alice 1." + discovery.SERVICE, "Alice", "127.0.0.1", port)]
    assert heard(port) == [("lost", "Alice 1." + discovery.SERVICE)]  # closed since: its record lingers


@pytest.mark.parametrize("alive", [True, False])
def test_the_last_address_is_filled_in_only_if_something_answers_there(qtbot, tmp_path, alive):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1] if alive else free_port()
        if alive:
            s.listen()
        settings = Settings(tmp_path / "s.ini")
        settings.set_last_join(f"127.0.0.1:{port}", "Bo")
        dlg = app_tables.join_dialog(settings=settings)
        qtbot.addWidget(dlg)
        assert dlg.name.text() == "Bo"
        if alive:
            qtbot.waitUntil(lambda: dlg.address.text() == f"127.0.0.1:{port}", timeout=5000)
        else:
            qtbot.waitUntil(lambda: not dlg.findChildren(QTcpSocket), timeout=5000)  # refused, and gone
            assert dlg.address.text() == ""
