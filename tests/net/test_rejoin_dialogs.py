"""In one process (real sockets on 127.0.0.1): the Join dialog
remembers the last address and name; the return is offered at start (a box
and the welcome page) while a table is kept, and not once its game is over;
a return the host refuses, or a table that does not answer, is told plainly
with an offer to forget it."""

from __future__ import annotations

import random

import pytest
import shiboken6
from PySide6.QtWidgets import QMessageBox

from ruin_qt.ai.base import make_brain
from ruin_qt.app.storage.joined_tables import JoinedTables
from ruin_qt.app.storage.settings import Settings
from ruin_qt.app.tables import join_dialog, joined_table
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.dialogs import join_table
from ruin_qt.ui.dialogs.join_table import JoinTableDialog

# The transport's "bye" on a socket the host's end has just let go (net/transport.py, not this part).
pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)",
                                       r"QIODevice::write \(QTcpSocket\): device not open")


def join(runner, qtbot, dialog: JoinTableDialog, port: int, name: str = "Bo"):
    windows = []

    def opened(client, seat: int) -> None:
        windows.append(joined_table(client, seat, runner=runner))

    dialog.joined.connect(opened)
    dialog.address.setText(f"127.0.0.1:{port}")
    dialog.code.setText("TEST42")
    dialog.name.setText(name)
    assert dialog.join()
    qtbot.waitUntil(lambda: bool(windows), timeout=10_000)
    # Nothing but the caller holds the window from now on: one it closes (and so deletes) leaves no Python
    # wrapper behind for pytest-qt to close again at teardown ("already deleted").
    dialog.joined.disconnect(opened)
    qtbot.addWidget(windows[0])
    return windows.pop()


def test_the_join_dialog_remembers_the_last_address_and_name(qtbot, tmp_path, table, runner):
    settings = Settings(tmp_path / "settings.ini")
    first = join_dialog(settings=settings)
    qtbot.addWidget(first)
    assert first.address.text() == "" and first.name.text() == ""
    join(runner, qtbot, first, table.port, "Aki")
    again = join_dialog(settings=Settings(tmp_path / "settings.ini"))  # as after a restart
    qtbot.addWidget(again)
    assert again.name.text() == "Aki"
    # Filled in once the table answers there (a dead address is never offered: tests/net/test_join_list.py).
    qtbot.waitUntil(lambda: again.address.text() == f"127.0.0.1:{table.port}", timeout=5000)
    assert again.code.text() == ""  # a code is a table's, asked again


def test_a_kept_table_is_offered_at_start_and_forgotten_once_its_game_is_over(qtbot, tmp_path, table, monkeypatch,
                                                                              runner):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path / "data"))
    store = JoinedTables(tmp_path / "data")
    dialog = join_dialog(tables=store)
    qtbot.addWidget(dialog)
    w = join(runner, qtbot, dialog, table.port)
    kept = store.tables()
    assert [(t.port, t.seat, t.token) for t in kept] == [(table.port, 0, table.host.seats[0].token)]
    qtbot.waitUntil(lambda: store.tables()[0].label == "Bo, Random 2", timeout=10_000)  # the lobby names it

    from ruin_qt.app.wiring import make_main_window

    window = make_main_window()  # the app started again on the same data folder
    qtbot.addWidget(window)
    window.offer_at_start()
    box = window.findChild(QMessageBox, "table_return_offer")
    assert box is not None and f"127.0.0.1:{table.port}, seat 1" in box.text()
    assert box.button(QMessageBox.StandardButton.Yes).text() == f"Return to the table at 127.0.0.1:{table.port} " \
                                                               "(seat 1)"
    assert not window.welcome.return_button.isHidden()
    box.button(QMessageBox.StandardButton.No).click()  # Not now: the local game's offer comes next, the table stays
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "table_return_offer") is None, timeout=5000)
    assert store.tables()

    # The game is played to its end on the joining screen: the table is forgotten.
    m, rng, brain = w.model, random.Random(3), make_brain("random")
    while m.public().phase != "over":
        qtbot.waitUntil(lambda: m.public().phase == "over" or (m.session.in_flight == 0 and m.screen.deciding_here),
                        timeout=10_000)
        if m.screen.deciding_here:
            obs = m.session.hint_observation(m.screen.seat)
            d = brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)
            assert m.act(TakeDecision(d)) and m.act(Confirm())
    qtbot.waitUntil(lambda: store.tables() == [], timeout=10_000)
    again = make_main_window()
    qtbot.addWidget(again)
    again.offer_at_start()
    assert again.findChild(QMessageBox, "table_return_offer") is None and again.welcome.return_button.isHidden()
    for x in (window, again):
        x.model.shutdown()
    # The joined window is closed by qtbot, which holds it (it deletes itself on close).


def test_a_return_the_host_refuses_is_told_plainly_and_the_table_can_be_forgotten(qtbot, tmp_path, table):
    store = JoinedTables(tmp_path)
    store.remember("127.0.0.1", table.port, 0, "not-the-token", "Bo", code="test42")
    dialog = join_dialog(tables=store)
    qtbot.addWidget(dialog)
    assert [b.text() for b in dialog.return_buttons] == [f"Return to the table at 127.0.0.1:{table.port} (seat 1)"]
    dialog.return_buttons[0].click()
    qtbot.waitUntil(lambda: dialog.forget_button.isVisible() or not dialog.forget_button.isHidden(), timeout=10_000)
    assert "no longer knows your seat" in dialog.problem.text()
    assert store.tables()  # asked, not forgotten behind the player's back
    dialog.forget_button.click()
    assert store.tables() == [] and dialog.return_buttons == [] and "forgotten" in dialog.problem.text()


def test_a_table_that_does_not_answer_is_told_plainly(qtbot, tmp_path, monkeypatch):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    monkeypatch.setattr(join_table, "RETURN_RETRIES", 1)
    store = JoinedTables(tmp_path)
    store.remember("127.0.0.1", port, 1, "some-token", "Bo")
    dialog = join_dialog(tables=store)
    qtbot.addWidget(dialog)
    assert dialog.return_to(store.tables()[0])
    qtbot.waitUntil(lambda: not dialog.forget_button.isHidden(), timeout=10_000)
    assert f"The table at 127.0.0.1:{port} does not answer" in dialog.problem.text()
    assert dialog.join_button.isEnabled() and all(b.isEnabled() for b in dialog.return_buttons)
    assert shiboken6.isValid(dialog)


def test_a_table_whose_host_moved_to_another_port_is_found_again_by_its_new_address(qtbot, tmp_path, table, runner):
    """A restarted host whose old port was taken listens elsewhere (item 4): the player types the
    new address with no code, and the seat kept for that computer comes back, kept from then on there."""
    store = JoinedTables(tmp_path)
    first = join_dialog(tables=store)
    qtbot.addWidget(first)
    join(runner, qtbot, first, table.port).close()
    qtbot.waitUntil(lambda: table.host.presence(0) == "away", timeout=10_000)
    token = store.tables()[0].token
    store.forget("127.0.0.1", table.port)
    store.remember("127.0.0.1", 1, 0, token, "Bo", code="test42")  # as kept before the host moved
    dialog = join_dialog(tables=store)
    qtbot.addWidget(dialog)
    windows = []
    dialog.joined.connect(lambda client, seat: windows.append(joined_table(client, seat, runner=runner)))
    dialog.address.setText(f"127.0.0.1:{table.port}")
    assert dialog.join()  # no code typed
    qtbot.waitUntil(lambda: bool(windows), timeout=10_000)
    qtbot.addWidget(windows[0])
    qtbot.waitUntil(lambda: table.host.presence(0) == "here", timeout=10_000)
    assert [(t.host, t.port, t.seat) for t in store.tables()] == [("127.0.0.1", table.port, 0)]


def test_a_table_this_app_sits_at_now_is_not_offered_back(qtbot, tmp_path, table, monkeypatch):
    """Offered while its window is open, a return would take the seat from that very window."""
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path / "data"))
    from ruin_qt.app.wiring import make_main_window

    window = make_main_window()
    qtbot.addWidget(window)
    first = window.menus.join_table()
    first.address.setText(f"127.0.0.1:{table.port}")
    first.code.setText("TEST42")
    assert first.join()
    qtbot.waitUntil(lambda: bool(window.menus.open_tables()), timeout=10_000)
    assert window.menus.joined_tables.find("127.0.0.1", table.port) is not None
    again = window.menus.join_table()
    assert again.return_buttons == [] and not again.return_to(window.menus.joined_tables.tables()[0])
    window.menus.open_tables()[0].close()
    qtbot.waitUntil(lambda: not window.menus.open_tables(), timeout=10_000)
    third = window.menus.join_table()
    assert len(third.return_buttons) == 1  # its window closed: the seat is offered back
    window.model.shutdown()
