"""Every modal the app opens, answered every way: each button, Escape and the
window's close button, with no crash, no Qt warning (pytest-qt fails the
test on one) and no lost game."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QFileDialog, QMessageBox

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules import record
from ruin_qt.session.intents import Confirm, PlacePiece, TakeDecision

from ..modals import CLOSE, ESCAPE, answer, choose_file, modal

ROOT = Path(__file__).resolve().parents[3]
B = QMessageBox.StandardButton
D = QDialogButtonBox.StandardButton


def start_solo(window, qtbot, seed=21):
    m = window.model
    window.start_game([("Aki", "human")], seed=seed)
    assert m.act(TakeDecision(random_setup(m.view().obs, random.Random(seed)))) and m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    return m


def no_modal(qtbot):
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=5000)


# -- Save, then Escape in the Save dialog: it once crashed the app, so in a child process ----
@pytest.mark.slow
@pytest.mark.parametrize("action", ["new", "open", "daily", "quit"])
def test_save_then_escape_keeps_the_game(action, tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RUIN_QT_DATA_DIR": str(tmp_path / "data"),
           "HOME": str(tmp_path)}
    r = subprocess.run([sys.executable, "-m", "tests.ui.save_escape_child", action], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr[-3000:])
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out == {"kept": True, "seed": 21, "phase": "play"}


# -- the question before leaving an unfinished game -------------------------------------------------------
LEAVE = ["new", "open", "daily", "quit", "tutorial"]


def leave(window, how, qtbot=None):
    if how == "tutorial":
        window.tutorial_host.start()
    else:
        getattr(window.menus, f"act_{how}").trigger()
    if how in ("new", "daily"):  # the dialog first, the question once it is confirmed
        answer(qtbot, D.Ok, QDialog)


@pytest.mark.parametrize("how", LEAVE)
@pytest.mark.parametrize("reply", [B.Cancel, ESCAPE, CLOSE])
def test_staying_keeps_the_game(window, qtbot, how, reply):
    m = start_solo(window, qtbot)
    seed = m.public().seed
    leave(window, how, qtbot)
    answer(qtbot, reply, QMessageBox)
    no_modal(qtbot)
    assert window.isVisible() and m.public().seed == seed and window.keeper.resumable()


@pytest.mark.parametrize("how", LEAVE)
@pytest.mark.parametrize("reply", [ESCAPE, CLOSE, D.Cancel])
def test_save_then_cancelling_the_save_dialog_keeps_the_game(window, qtbot, how, reply):
    m = start_solo(window, qtbot)
    seed = m.public().seed
    leave(window, how, qtbot)
    answer(qtbot, B.Save, QMessageBox)
    answer(qtbot, reply, QFileDialog)
    no_modal(qtbot)
    assert window.isVisible() and m.public().seed == seed and window.keeper.resumable()


@pytest.mark.parametrize("how", LEAVE)
def test_save_to_a_file_then_leave(window, qtbot, how, tmp_path):
    m = start_solo(window, qtbot)
    game = record.to_record(m.session.game)
    leave(window, how, qtbot)
    answer(qtbot, B.Save, QMessageBox)
    choose_file(qtbot, tmp_path / "kept.json")
    assert record.loads((tmp_path / "kept.json").read_text())["setup"] == game["setup"]  # the game is in the file
    if how == "quit":
        assert not window.isVisible()
    elif how == "open":
        answer(qtbot, ESCAPE, QFileDialog)  # the Open dialog came next
    elif how in ("new", "daily"):
        assert window.model.public().phase == "setup"  # their dialog came first: the new game is on
    no_modal(qtbot)


@pytest.mark.parametrize("how", LEAVE)
def test_discard_then_leave(window, qtbot, how):
    m = start_solo(window, qtbot)
    seed = m.public().seed
    leave(window, how, qtbot)
    answer(qtbot, B.Discard, QMessageBox)
    if how == "quit":
        assert not window.isVisible() and not window.keeper.resumable()
    elif how == "open":
        answer(qtbot, CLOSE, QFileDialog)
    elif how in ("new", "daily", "tutorial"):
        assert m.public().seed != seed
    no_modal(qtbot)


def test_the_window_close_button_asks_as_quit_does(window, qtbot):
    from PySide6.QtGui import QCloseEvent

    class FromTheWindowSystem(QCloseEvent):
        def spontaneous(self) -> bool:
            return True

    m = start_solo(window, qtbot)
    event = FromTheWindowSystem()
    window.closeEvent(event)
    assert not event.isAccepted()
    answer(qtbot, ESCAPE, QMessageBox)
    assert window.isVisible() and m.public().phase == "play"
    window.closeEvent(event)
    answer(qtbot, B.Discard, QMessageBox)
    assert not window.isVisible() and not window.keeper.resumable()


# -- the other modals --------------------------------------------------------------------------------------
@pytest.mark.parametrize("reply", [D.Ok, D.Cancel, ESCAPE, CLOSE])
def test_new_game_dialog(window, qtbot, reply):
    window.menus.act_new.trigger()
    answer(qtbot, reply, QDialog)
    no_modal(qtbot)
    assert (window.model.public().phase != "none") == (reply == D.Ok)


@pytest.mark.parametrize("reply", [D.Ok, D.Cancel, ESCAPE, CLOSE])
@pytest.mark.parametrize("special", ["extra", "warp"])
def test_special_action_dialog(window, qtbot, reply, special):
    m = start_solo(window, qtbot)
    placement = m.view().turn.legal_placements("road")[0]
    assert m.act(PlacePiece("road", placement.cells))  # the draw first (R4.3)
    hand = len(m.view().hand)
    assert m.view().turn.can_take_special()
    window.turn_panel.ask_special(special)
    answer(qtbot, reply, QDialog)
    no_modal(qtbot)
    assert len(m.view().hand) == hand - (reply == D.Ok)
    assert window.special_choice.dialog is None  # no reference to a deleted dialog


@pytest.mark.parametrize("reply", [B.Yes, B.No, ESCAPE, CLOSE])
def test_resume_question(qtbot, data_dir, reply):
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    first = make_main_window(Settings())
    qtbot.addWidget(first)
    m = start_solo(first, qtbot)
    game = record.to_record(m.session.game)
    first.model.shutdown()
    first.keeper.close()  # as a killed run leaves it: the autosave and no lock
    again = make_main_window(Settings())
    qtbot.addWidget(again)
    again.show()
    again.offer_resume()
    answer(qtbot, reply, QMessageBox)
    no_modal(qtbot)
    if reply == B.Yes:
        assert record.to_record(again.model.session.game)["setup"] == game["setup"]
    else:  # set aside as a record file: Open Game can continue it
        kept = [p for p in data_dir.rglob("*.json") if record.loads(p.read_text()).get("setup") == game["setup"]]
        assert kept and again.model.public().phase == "none"
    again.model.shutdown()
    again.keeper.close()


def test_tutorial_offer_asks_nothing(window, qtbot):
    """The first start offers the tutorial on the welcome page, no box."""
    window._offer_local()
    no_modal(qtbot)
    assert window.welcome.tutorial_button.isDefault()
    assert not window.tutorial_host.is_tutorial_game()


@pytest.mark.parametrize("reply", [B.Ok, ESCAPE, CLOSE])
def test_a_storage_fault_and_about(window, qtbot, reply):
    m = start_solo(window, qtbot)
    window.keeper.problem.emit("The disk is full.")
    assert "full" in modal(qtbot, QMessageBox).text()
    answer(qtbot, reply, QMessageBox)
    window.menus.act_about.trigger()
    answer(qtbot, reply, QMessageBox)
    no_modal(qtbot)
    assert window.message_box is None or not window.message_box.isVisible()
    assert m.public().phase == "play"


@pytest.mark.parametrize("action", ["open", "replay", "save"])
@pytest.mark.parametrize("reply", [ESCAPE, CLOSE, D.Cancel, "garbage", "a record"])
def test_file_dialogs(window, qtbot, tmp_path, action, reply):
    m = start_solo(window, qtbot)
    mine = tmp_path / "mine.json"
    assert window.save_to(str(mine))
    (tmp_path / "garbage.json").write_bytes(b"\x00not json")
    seed = m.public().seed
    if action == "open":
        window.open_game()  # straight to the dialog: the game was saved
    else:
        getattr(window.menus, f"act_{action}").trigger()
    if reply in (ESCAPE, CLOSE, D.Cancel):
        answer(qtbot, reply, QFileDialog)
    else:
        if action == "save":  # a new file (an old one: Qt's own "replace it?" runs its own event loop)
            choose_file(qtbot, tmp_path / f"saved {reply}.json")
            assert record.loads((tmp_path / f"saved {reply}.json").read_text())["seed"] == seed
        else:
            choose_file(qtbot, tmp_path / ("garbage.json" if reply == "garbage" else "mine.json"))
        if action != "save" and reply == "garbage":
            assert "not an In the Ruin game record" in modal(qtbot, QMessageBox).text()
            answer(qtbot, B.Ok, QMessageBox)
    no_modal(qtbot)
    assert m.public().seed == seed and m.public().phase == "play"
    for w in QApplication.topLevelWidgets():
        if w.objectName() == "replay_window":
            w.close()


@pytest.mark.parametrize("reply", [B.Yes, B.No, ESCAPE, CLOSE])
def test_saving_over_a_file_asks_first_and_every_answer_is_safe(window, qtbot, tmp_path, reply):
    """Our own "replace it?" box (Qt's ran its own event loop): Yes replaces,
    anything else goes back to the file dialog and leaves the old file as it was."""
    m = start_solo(window, qtbot)
    old = tmp_path / "old.json"
    old.write_text("not yet a game", encoding="utf-8")
    window.menus.act_save.trigger()
    choose_file(qtbot, old)
    box = modal(qtbot, QMessageBox)
    assert "old.json" in box.text() and "replace" in box.text()
    answer(qtbot, reply, QMessageBox)
    if reply == B.Yes:
        no_modal(qtbot)
        assert record.loads(old.read_text(encoding="utf-8"))["seed"] == m.public().seed
    else:
        dlg = modal(qtbot, QFileDialog)  # back to choosing, at the same name
        assert dlg.selectedFiles() and Path(dlg.selectedFiles()[0]).name == "old.json"
        answer(qtbot, ESCAPE, QFileDialog)
        no_modal(qtbot)
        assert old.read_text(encoding="utf-8") == "not yet a game"
    assert m.public().phase == "play"


# -- the class closed: no dialog of the app runs its own event loop ---------------------------------------------
NESTED = re.compile(r"\.exec\(|getSaveFileName|getOpenFileName|getExistingDirectory|QInputDialog\.get"
                    r"|QMessageBox\.(about|aboutQt|warning|question|information|critical)\(")
# The main loops (the app's, the headless table host's and bot's), the self-test's own loop and a drag
# (Qt's).  About Qt has no allowance any more: its box is built by hand and shown.
ALLOWED = {("app/main.py", "app.exec()"), ("app/selftest/kit.py", "loop.exec()"),
           ("app/table_commands.py", "app.exec()"), ("ui/table/card_line.py", "drag.exec("),
           ("net/link_process.py", "loop.exec()"),  # settle(): a headless command's last step, no dialog about
           ("app/no_console.py", "box.exec()")}  # a program that cannot start, with no console: its only window


def test_no_dialog_runs_a_nested_event_loop():
    """A box or file dialog opened with exec() inside another dialog's answer
    let Qt delete that dialog under the running frame (a segfault the app once
    had): every dialog of the app opens with open() and answers by callback."""
    found = []
    for path in sorted((ROOT / "ruin_qt").rglob("*.py")):
        rel = path.relative_to(ROOT / "ruin_qt").as_posix()
        if rel.startswith("bench/"):  # measurements, not the app
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if NESTED.search(line) and not any(rel == f and token in line for f, token in ALLOWED):
                found.append(f"{rel}: {line.strip()}")
    assert found == []
