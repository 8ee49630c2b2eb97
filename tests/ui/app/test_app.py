"""Start-up, settings in RUIN_QT_DATA_DIR, the New Game dialog, languages."""

from __future__ import annotations

import os
import random
import subprocess
import sys

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from ruin_qt.ai import base as ai_base
from ruin_qt.ai.random_policy import random_setup
from ruin_qt.app.storage import settings as app_settings
from ruin_qt.app.storage.settings import Settings, settings_dir
from ruin_qt.session.intents import Confirm, TakeDecision


def test_data_and_settings_follow_the_environment(data_dir):
    assert settings_dir() == data_dir
    assert app_settings.data_dir() == data_dir


def test_python_m_ruin_qt_starts_and_shows_the_window(data_dir):
    env = dict(os.environ, RUIN_QT_EXIT_WHEN_SHOWN="1", QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(data_dir))
    out = subprocess.run([sys.executable, "-m", "ruin_qt"], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert lines[0].startswith("shown after") and lines[1].startswith("table ready after")  # the table after it
    assert (data_dir / "settings.ini").is_file()  # geometry saved on close, inside the test folder


def test_new_game_dialog_lists_levels_and_remembers_choices(window, qtbot, monkeypatch):
    monkeypatch.setitem(ai_base.LEVELS, "expert", ai_base.RandomBrain)  # a level added later shows up
    window.new_game()
    dlg = window.new_game_dialog
    assert dlg is not None and dlg.isVisible()
    kinds = [dlg.kinds[1].itemData(i) for i in range(dlg.kinds[1].count())]
    assert "human" in kinds and "ai:random" in kinds and "ai:expert" in kinds
    dlg.count.setValue(3)
    dlg.names[0].setText("Aki")
    dlg.kinds[1].setCurrentIndex(dlg.kinds[1].findData("human"))
    dlg.names[1].setText("Bo")
    dlg.kinds[2].setCurrentIndex(dlg.kinds[2].findData("ai:random"))
    dlg.seed.setText("42")
    qtbot.mouseClick(dlg.buttons.button(dlg.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    m = window.model
    assert m.session.game is not None and m.session.game.seed == 42
    seats = [(s.name, s.kind) for s in m.session.game.seats]
    assert seats == [("Aki", "human"), ("Bo", "human"), ("Player 3", "ai:random")]
    assert window.cover.isVisible()  # two humans: the first hand-off
    remembered = Settings().new_game_defaults()
    assert remembered["count"] == 3 and remembered["names"][:2] == ["Aki", "Bo"] and "seed" not in remembered
    window.new_game()
    again = window.new_game_dialog
    assert again.count.value() == 3 and again.names[1].text() == "Bo"
    assert again.seed.text() == ""  # the next game is a fresh deal unless asked
    again.reject()


def test_window_geometry_is_remembered(qtbot, data_dir):
    from ruin_qt.app.wiring import make_main_window

    w = make_main_window(Settings())
    qtbot.addWidget(w)
    w.resize(760, 540)  # inside the offscreen screen (800x600)
    w.show()
    w.close()
    w2 = make_main_window(Settings())
    qtbot.addWidget(w2)
    w2.restore_state()
    assert (w2.width(), w2.height()) == (760, 540)


def test_language_change_reruns_translate_ui(window, qtbot):
    window.start_game([("Aki", "human")], seed=1)
    calls = []
    original = window.turn_panel.translate_ui
    window.turn_panel.translate_ui = lambda: (calls.append(1), original())
    QCoreApplication.sendEvent(window.turn_panel, QEvent(QEvent.Type.LanguageChange))
    assert calls


def test_tab_leaves_the_sheet_for_the_controls(window, qtbot):
    window.start_game([("Aki", "human")], seed=1)
    window.activateWindow()
    window.view.setFocus()
    qtbot.waitUntil(lambda: window.view.hasFocus(), timeout=2000)
    QTest.keyClick(window.view, Qt.Key.Key_Tab)
    focused = window.focusWidget()
    assert focused is not window.view and focused is not None


def test_the_resume_prompt_opens_centred_on_the_window(qtbot, data_dir):
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    first = make_main_window(Settings())
    qtbot.addWidget(first)
    first.start_game([("Aki", "human")], seed=5)
    first.model.act(TakeDecision(random_setup(first.model.view().obs, random.Random(5))))
    first.model.act(Confirm())
    first.keeper.save_now()
    first.keeper.autosave.close()
    first.keeper._lock.release()
    first.model.shutdown()
    again = make_main_window(Settings())
    qtbot.addWidget(again)
    again.show()
    again.setGeometry(20, 20, 700, 500)  # inside the offscreen screen (800×800)
    again.offer_resume()  # as at start-up: at once, before the window manager placed the window
    box = again.message_box
    assert box is not None and box.isVisible()

    def centred() -> bool:
        delta = box.frameGeometry().center() - again.frameGeometry().center()
        return abs(delta.x()) <= 3 and abs(delta.y()) <= 3

    qtbot.waitUntil(centred, timeout=1000)
    again.move(90, 120)  # the window manager puts the window elsewhere: the prompt follows
    qtbot.waitUntil(centred, timeout=1000)
    box.done(QMessageBox.StandardButton.No)
    again.model.shutdown()
