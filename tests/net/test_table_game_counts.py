"""A table game counts: a game finished at a table across
laptops goes into every player's history and statistics (the host's and each
joining app's, this app's own seat credited to its player profile, the others
as guests), once however often its end is heard; the Host dialog offers the
profile's name; a joined table's "Return to the table" goes as soon as its
game is over."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
import shiboken6
from PySide6.QtWidgets import QMessageBox

from ruin_qt.ai.base import make_brain
from ruin_qt.app.storage.settings import Settings
from ruin_qt.app.wiring import make_main_window
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.dialogs.host_table import HostTableDialog
from ruin_qt.ui.dialogs.join_table import JoinChoice

from .tables import ROOT

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)",
                                       r"QIODevice::write \(QTcpSocket\): device not open")
WAIT = 60  # seconds: a hang guard, never a speed check


def app_window(qtbot, folder, name: str):
    """The app on the data folder ``folder`` (as ``RUIN_QT_DATA_DIR`` names it), its profile named ``name``."""
    settings = Settings(folder / "settings.ini")
    settings.set_usual_name(name)
    window = make_main_window(settings)
    qtbot.addWidget(window)
    window.show()
    return window


def play_to_the_end(qtbot, model, seed: int, also=lambda: False) -> None:
    """This screen's seat takes random decisions until the game is over (``also()``: stop waiting early)."""
    rng, brain = random.Random(seed), make_brain("random")
    while model.public().phase != "over":
        qtbot.waitUntil(lambda: model.public().phase == "over" or also() or (
            getattr(model.session, "in_flight", 0) == 0 and model.screen.deciding_here), timeout=WAIT * 1000)
        if also():
            return
        if model.screen.deciding_here:
            obs = model.session.hint_observation(model.screen.seat)
            d = brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)
            assert model.act(TakeDecision(d)) and model.act(Confirm())


def test_the_host_dialog_offers_the_profiles_name(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    window = app_window(qtbot, tmp_path, "Aki")
    window.menus.host_table()
    dlg = window.findChild(HostTableDialog)
    assert dlg.name.text() == "Aki"  # empty before: the seat was "Player" everywhere
    assert dlg.open_table()
    assert [s.name for s in dlg.service.host.seats] == ["Aki", "Player 2"]
    qtbot.waitUntil(lambda: bool(window.menus.open_tables()), timeout=5000)
    window.menus.open_tables()[0].close()
    window.model.shutdown()


def test_a_joined_tables_game_counts_once_and_its_return_goes_when_it_is_over(qtbot, tmp_path, monkeypatch, table):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    window = app_window(qtbot, tmp_path, "Bo")
    dlg = window.menus.join_table()
    assert dlg.name.text() == "Bo"
    dlg.address.setText(f"127.0.0.1:{table.port}")
    dlg.code.setText("TEST42")
    assert dlg.join()
    qtbot.waitUntil(lambda: bool(window.menus.open_tables()), timeout=10_000)
    qtbot.waitUntil(lambda: not shiboken6.isValid(dlg) or not dlg.isVisible(), timeout=5000)
    store = window.menus.joined_tables
    assert store.tables() and not window.welcome.return_button.isHidden()  # the seat is kept meanwhile
    w = window.menus.open_tables()[0]
    play_to_the_end(qtbot, w.model, 3)
    qtbot.waitUntil(lambda: w.scoreboard is not None, timeout=10_000)
    assert store.tables() == []
    assert window.welcome.return_button.isHidden()  # no stale "Return to the table"

    keeper = window.keeper
    qtbot.waitUntil(lambda: keeper.history.count() == 1, timeout=5000)
    rows = keeper.history.results()
    assert [(r.name, r.kind, r.profile) for r in rows] == [("Bo", "human", keeper.player.id),
                                                           ("Random 2", "ai:random", None)]
    assert [r.total for r in rows] == [s.total for s in table.host.session.live.final]

    # Back at the table after its end (a stale return, a line that dropped at the very end): the
    # end is heard again, and the game is not counted twice.
    token = table.host.seats[0].token
    w.close()
    qtbot.waitUntil(lambda: not window.menus.open_tables(), timeout=10_000)
    again = window.menus.join_table()
    again.connect_requested.emit(JoinChoice("127.0.0.1", table.port, "TEST42", "Bo", token=token))  # as a return
    qtbot.waitUntil(lambda: bool(window.menus.open_tables()), timeout=10_000)
    w2 = window.menus.open_tables()[0]
    qtbot.waitUntil(lambda: w2.scoreboard is not None, timeout=10_000)
    assert keeper.history.count() == 1
    assert store.tables() == [] and window.welcome.return_button.isHidden()
    window.show_statistics()
    assert window.stats_window.summary.text().startswith("1 game")
    assert window.stats_window.player.currentText() == "Bo (you)"
    w2.close()
    if shiboken6.isValid(again):
        again.close()
    window.model.shutdown()


def driver(data, *args: str) -> subprocess.Popen:
    """A joining app in its own process, on its own data folder (tests/net/app_driver.py)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RUIN_QT_DATA_DIR": str(data)}
    return subprocess.Popen([sys.executable, "-m", "tests.net.app_driver", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
@pytest.mark.xdist_group("net-processes")
def test_a_table_game_finished_on_two_data_folders_appears_in_both_statistics(qtbot, tmp_path, monkeypatch):
    """The host's app (here, data folder ``host``) plays its own seat; a joining app (another
    process, data folder ``joiner``) the other.  Both end on the final sheet, and both
    Statistics windows show the game, each crediting its own player."""
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path / "host"))
    window = app_window(qtbot, tmp_path / "host", "Aki")
    window.menus.host_table()
    dlg = window.findChild(HostTableDialog)
    assert dlg.name.text() == "Aki" and dlg.open_table()
    host = dlg.service.host
    joiner = driver(tmp_path / "joiner", "play", f"127.0.0.1:{dlg.service.port}", host.code, "Bo",
                    str(tmp_path / "joiner-stats.png"))
    try:
        qtbot.waitUntil(lambda: bool(window.menus.open_tables()), timeout=5000)
        w = window.menus.open_tables()[0]
        play_to_the_end(qtbot, w.model, 5, also=lambda: joiner.poll() is not None)
        qtbot.waitUntil(lambda: joiner.poll() is not None, timeout=WAIT * 1000)
        out, err = joiner.communicate(timeout=WAIT)
    finally:
        if joiner.poll() is None:
            joiner.kill()
            joiner.communicate()
    assert joiner.returncode == 0, err
    seen = json.loads(out.strip().splitlines()[-1])
    g = host.session.live
    assert g.over and w.scoreboard is not None

    # The joining app: its own seat is its profile's, the host's a guest's.
    assert seen["offered"] == "Bo"
    assert seen["summary"].startswith("1 game")  # it once said "No finished games yet."
    assert seen["players"] == ["All human players", "Bo (you)", "Aki"]
    assert seen["seats"] == [[0, "Aki", "human", False], [1, "Bo", "human", True]]
    assert seen["kept"] == [] and not seen["return_shown"]

    # The host's app: the same game, its own seat its profile's.
    keeper = window.keeper
    rows = keeper.history.results()
    assert [(r.seat, r.name, r.kind, r.profile) for r in rows] == [(0, "Aki", "human", keeper.player.id),
                                                                   (1, "Bo", "human", None)]
    assert [r.total for r in rows] == [s.total for s in g.final]
    window.show_statistics()
    stats = window.stats_window
    stats.grab().save(str(tmp_path / "host-stats.png"))
    assert stats.summary.text().startswith("1 game")
    assert [stats.player.itemText(i) for i in range(stats.player.count())] == ["All human players", "Aki (you)",
                                                                               "Bo"]
    assert window.findChild(QMessageBox) is None  # no storage fault told
    w.close()
    window.model.shutdown()
