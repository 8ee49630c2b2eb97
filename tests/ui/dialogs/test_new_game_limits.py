"""Seeds, names and seat counts at and beyond each limit, typed into the
New Game dialog; a game started at the limits is saved, dropped as a kill
would drop it, and resumed identical."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from ruin_qt.app.storage.autosave import Autosave
from ruin_qt.rules import record
from ruin_qt.rules.record import SEED_MAX, SEED_MIN
from ruin_qt.ui.dialogs.new_game import NAME_LIMIT

SEEDS_OK = ["", str(SEED_MIN), str(SEED_MAX), "0", " 42 ", "+7", "-1"]
SEEDS_REFUSED = [str(SEED_MAX + 1), str(SEED_MIN - 1), "abc", "1e5", "4 2", "٣", "--1", "9" * 400]


def ok_button(dlg):
    return dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)


@pytest.fixture
def dialog(window, qtbot):
    window.new_game()
    dlg = window.new_game_dialog
    yield dlg
    if dlg.isVisible():
        dlg.reject()


@pytest.mark.parametrize("seed", SEEDS_OK)
def test_seeds_a_record_can_hold_are_accepted(dialog, seed):
    dialog.seed.setText(seed)
    assert ok_button(dialog).isEnabled() and not dialog.refused()
    assert dialog.seed_value() == (int(seed) if seed.strip() else None)


@pytest.mark.parametrize("seed", SEEDS_REFUSED)
def test_seeds_beyond_the_limits_are_refused_with_the_reason(dialog, seed):
    dialog.seed.setText(seed)
    assert not ok_button(dialog).isEnabled()
    assert dialog.problem_label.isVisible() and "whole number" in dialog.problem_label.text()
    dialog.accept()
    assert dialog.isVisible()  # Enter cannot slip past the check either


def test_names_at_and_beyond_the_limit(dialog):
    dialog.count.setValue(2)
    dialog.names[1].setText("N" * NAME_LIMIT)
    assert ok_button(dialog).isEnabled()
    dialog.names[1].setText("N" * (NAME_LIMIT + 1))
    assert not ok_button(dialog).isEnabled() and "too long" in dialog.problem_label.text()
    for bad in ("A\x07", "tab\there", "new\nline", "\x7f"):
        dialog.names[1].setText(bad)
        assert not ok_button(dialog).isEnabled() and "control characters" in dialog.problem_label.text()
    dialog.names[1].setText("A\ud800")  # Qt keeps no lone surrogate
    assert dialog.names[1].text() == "A" and ok_button(dialog).isEnabled()
    dialog.names[3].setText("N" * (NAME_LIMIT + 5))  # a hidden seat's name does not count
    assert ok_button(dialog).isEnabled()


def test_seat_counts_are_held_to_one_to_four(dialog):
    for asked, held in ((0, 1), (-3, 1), (1, 1), (4, 4), (5, 4), (99, 4)):
        dialog.count.setValue(asked)
        assert dialog.count.value() == held


def test_a_game_at_every_limit_is_saved_and_resumed_identical(window, qtbot, data_dir):
    window.new_game()
    dlg = window.new_game_dialog
    dlg.count.setValue(4)
    names = ["あ" * NAME_LIMIT, "B" * NAME_LIMIT, "Ｃ" * NAME_LIMIT, "D"]
    for i, n in enumerate(names):
        dlg.names[i].setText(n)
        dlg.kinds[i].setCurrentIndex(dlg.kinds[i].findData("human"))
    dlg.seed.setText(str(SEED_MAX))
    ok_button(dlg).click()
    m = window.model
    assert m.public().seed == SEED_MAX and m.public().names == names
    qtbot.waitUntil(lambda: m.screen.awaiting_handoff, timeout=5000)
    rec = record.to_record(m.session.game)
    # As a kill leaves it: only what the last step's save committed.
    saved = Autosave(data_dir).load()
    assert record.to_record(saved.game) == rec and saved.game.seed == SEED_MAX
    window.keeper.autosave.close()
    window.keeper._lock.release()
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    again = make_main_window(Settings())
    qtbot.addWidget(again)
    again.offer_resume(auto=True)
    assert record.to_record(again.model.session.game) == rec
    again.model.shutdown()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("seed", [SEED_MIN, SEED_MAX])
def test_a_killed_game_at_the_seed_limits_resumes(tmp_path, seed):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(tmp_path), RUIN_QT_SAVE_PROBE="1",
               RUIN_QT_SAVE_PAUSE="6:committed")
    p = subprocess.Popen([sys.executable, "-m", "ruin_qt", "--watch", "random,random", "--seed", str(seed)],
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in p.stdout:
            if line.startswith("probe save 6 committed"):
                break
    finally:
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
    env.pop("RUIN_QT_SAVE_PAUSE")
    env.pop("RUIN_QT_SAVE_PROBE")
    r = subprocess.run([sys.executable, "-m", "ruin_qt", "--resume", "--exit-when-resumed"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["record"]["seed"] == seed and out["summary"] is not None
    refused = subprocess.run([sys.executable, "-m", "ruin_qt", "--watch", "random", "--seed", str(SEED_MAX + 1)],
                             env=env, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "seed" in refused.stderr


def test_a_dialog_deleted_before_its_deferred_resize_leaves_no_error(qtbot):
    """The monkey's find: a seat count changed, then the dialog closed and deleted
    before the deferred resize ran (a timer must not outlive its dialog)."""
    import shiboken6
    from PySide6.QtWidgets import QApplication

    from ruin_qt.ui.dialogs.new_game import NewGameDialog

    dlg = NewGameDialog(None)
    dlg.count.setValue(dlg.count.value() % 4 + 1)  # queues the resize
    shiboken6.delete(dlg)
    with qtbot.captureExceptions() as caught:
        QApplication.processEvents()
    assert caught == []
