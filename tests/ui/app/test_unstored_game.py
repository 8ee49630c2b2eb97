"""A finished game the data folder could not store (a full
disk: ENOSPC injected) is kept by the final sheet's Save as… elsewhere."""

from __future__ import annotations

import errno
import sqlite3

from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from ruin_qt.app.storage import unfiled
from ruin_qt.app.storage.autosave import Autosave
from ruin_qt.app.storage.faults import FULL, Fault, StorageError
from ruin_qt.app.storage.history import History
from ruin_qt.rules import record

from ..modals import ESCAPE, answer, choose_file


def test_the_final_sheet_offers_save_as_when_the_game_could_not_be_stored(window, qtbot, tmp_path,
                                                                                     monkeypatch):
    def history_full(self, *args, **kwargs):
        raise StorageError(Fault(FULL, tmp_path / "history.sqlite3"))

    def no_room(*_):
        raise OSError(errno.ENOSPC, "No space left on device")

    real_write = Autosave.write

    def autosave_full(self, game, extra=None):
        if game.over:
            raise sqlite3.OperationalError("database or disk is full")
        return real_write(self, game, extra)

    monkeypatch.setattr(History, "add_game", history_full)
    monkeypatch.setattr(unfiled, "write", no_room)
    monkeypatch.setattr(Autosave, "write", autosave_full)
    with qtbot.waitSignal(window.model.game_over, timeout=60000):
        window.start_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=4)
    finished = record.dumps(window.model.session.game)
    sheet = window.scoreboard
    assert sheet is not None and sheet.isVisible()
    assert sheet.unstored.isVisibleTo(sheet) and "could not be stored" in sheet.unstored.text()
    assert sheet.save_button.isVisibleTo(sheet)
    while isinstance(QApplication.activeModalWidget(), QMessageBox):  # the storage warning, told once
        answer(qtbot, ESCAPE, QMessageBox)
    sheet.save_button.click()
    target = tmp_path / "elsewhere" / "kept.json"
    target.parent.mkdir()
    choose_file(qtbot, target)
    qtbot.waitUntil(target.exists, timeout=5000)
    assert record.dumps(record.replay(record.loads(target.read_text(encoding="utf-8")))) == finished
    assert window.keeper.unfiled  # still waiting for the history as well


def test_a_stored_game_has_no_such_offer(window, qtbot):
    with qtbot.waitSignal(window.model.game_over, timeout=60000):
        window.start_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=4)
    sheet = window.scoreboard
    assert not sheet.unstored.isVisibleTo(sheet) and not sheet.save_button.isVisibleTo(sheet)
    assert QFileDialog not in [type(w) for w in QApplication.topLevelWidgets() if w.isVisible()]
