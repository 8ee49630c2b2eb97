"""A network table's window (ui/windows/net_table.py, join_box.py)."""

from __future__ import annotations

import re


def test_the_waiting_table_window_shows_the_join_code_and_address_and_copies_them(qtbot, tmp_path, runner):
    """The join code and address were only in the Host dialog, which the table's window
    covers.  Now the window shows them while the table waits, with a Copy button; a
    player joins with what was copied (real sockets, loopback), and the box goes."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    from ruin_qt.app import tables as app_tables

    from ...net.screens import FakeBrowser


    dialog = app_tables.host_dialog(listen="127.0.0.1", data=tmp_path / "table", runner=runner)
    qtbot.addWidget(dialog)
    windows = {}
    dialog.table_opened.connect(lambda service, seat: windows.setdefault(
        # as Game ▸ Host wires it
        "host", app_tables.hosted_table(service, seat, addresses=dialog.addresses_of, runner=runner)))
    assert dialog.open_table()
    host = windows["host"]
    host.resize(960, 720)
    host.show()
    qtbot.waitExposed(host)
    code, port = dialog.service.host.code, dialog.service.port
    box = host.join_box
    assert box.isVisible()
    assert box.code.text() == f"Join code: {code}" and f"127.0.0.1:{port}" in box.address.text()
    assert "waiting for a player" in host.who.text()
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(box.copy_button, Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text()
    assert copied == f"Join code: {code}\nAddress: 127.0.0.1:{port}"
    assert "copied" in host.statusBar().currentMessage()
    # A player joins with the copied words alone.
    pasted_code = re.search(r"Join code: (\w+)", copied).group(1)
    pasted_host, pasted_port = re.search(r"Address: ([\d.]+):(\d+)", copied).groups()
    browser = FakeBrowser()
    join_dialog = app_tables.join_dialog(browser=browser)
    qtbot.addWidget(join_dialog)
    join_dialog.address.setText(f"{pasted_host}:{pasted_port}")
    join_dialog.code.setText(pasted_code)
    join_dialog.name.setText("Bo")
    join_dialog.joined.connect(
        lambda client, seat: windows.setdefault("join", app_tables.joined_table(client, seat, runner=runner)))
    assert join_dialog.join()
    try:
        qtbot.waitUntil(lambda: "join" in windows and host.model.public().phase == "setup", timeout=10_000)
        qtbot.waitUntil(lambda: not box.isVisible(), timeout=5_000)  # the game started: nothing to join
    finally:
        for w in windows.values():
            w.close()
        dialog.close_table()
