"""Storage faults through the real window: one box per kind of fault, a
status-bar notice while it lasts, and every dialog still opens."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from ruin_qt.app.storage.settings import Settings
from ruin_qt.app.wiring import make_main_window
from tests.app.faults import fill, read_only, tiny_disk

BAD_SETTINGS = ("[window]\ngeometry=12\n[ui]\nlanguage=3\n[files]\nlast_folder=@Invalid()\n"
                "[player]\nid=not-a-profile\nname=@Invalid()\nasked=7\nmerged=@Invalid()\n[new_game]\nchoices="
                + json.dumps(json.dumps({"count": "three", "names": [5, None, "A\ud800"], "kinds": [3, None],
                                         "seed": "abc", "me": "x"})) + "\n")


def boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def new_window(qtbot):
    w = make_main_window(Settings())
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def close_all(w):
    for b in boxes():
        b.close()
    for other in (w.stats_window, w.scoreboard):
        if other is not None:
            other.close()
    w.model.shutdown()
    w.close()


def test_a_settings_file_of_wrong_types_opens_every_dialog(qtbot, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.ini").write_text(BAD_SETTINGS, encoding="utf-8")
    w = new_window(qtbot)
    w.restore_state()
    w.new_game()
    dlg = w.new_game_dialog
    assert dlg is not None and dlg.isVisible()
    assert dlg.count.value() == 2 and dlg.seed.text() == "" and not dlg.refused()
    dlg.accept()
    assert w.model.public().phase == "setup" and len(w.model.public().seats) == 2
    w.daily_challenge()  # the player profile's name: the one stored is no name
    w.daily_dialog.accept()
    w.guard.box.done(QMessageBox.StandardButton.Discard)
    assert w.model.public().names == [w.player_name()] and w.player_name()
    assert w.keeper.mine == (w.keeper.player.id, 0) and len(w.keeper.player.id) == 32  # a new profile's id
    w.show_statistics()
    assert w.stats_window.isVisible()
    close_all(w)


def test_the_program_starts_with_a_settings_file_of_wrong_types(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.ini").write_text(BAD_SETTINGS, encoding="utf-8")
    env = dict(os.environ, RUIN_QT_EXIT_WHEN_SHOWN="1", QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(data_dir))
    r = subprocess.run([sys.executable, "-m", "ruin_qt"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "shown after" in r.stdout, r.stderr
    assert "Traceback" not in r.stderr and r.stderr.count("settings:") >= 1


@pytest.mark.skipif(sys.platform != "linux", reason="a tmpfs mount")
def test_a_computer_game_on_a_full_disk_opens_one_box(qtbot, tmp_path, monkeypatch):
    with tiny_disk(tmp_path / "disk", kb=160) as disk:
        if disk is None:
            pytest.skip("no tmpfs can be mounted here")
        monkeypatch.setenv("RUIN_QT_DATA_DIR", str(disk))
        w = new_window(qtbot)
        w.start_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=4)
        fill(disk)
        with qtbot.waitSignal(w.model.game_over, timeout=60000):
            pass
        qtbot.wait(50)
        assert len(boxes()) == 1 and "full" in boxes()[0].text()  # 93 before: one per failed step
        assert w.storage_notice.isVisible() and "history" in w.storage_notice.text()
        close_all(w)


def test_statistics_open_in_a_read_only_folder_with_no_history(qtbot, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    with read_only(data_dir) as how:
        if how is None:
            pytest.skip("running as root without mount: nothing is read-only")
        w = new_window(qtbot)
        w.show_statistics()
        assert w.stats_window is not None and w.stats_window.isVisible()
        w.start_game([("Aki", "human")], seed=1)
        assert len(boxes()) == 1, [b.text() for b in boxes()]
        close_all(w)
