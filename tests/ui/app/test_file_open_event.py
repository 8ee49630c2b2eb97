"""A record the desktop hands the running program (macOS Finder's double-click
arrives as a QFileOpenEvent): it opens, through the leave guard."""

from __future__ import annotations

from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from ruin_qt.app.file_open import FileOpenFilter

from ..modals import answer


def test_a_record_handed_by_the_desktop_opens(window, qtbot, tmp_path):
    window.start_game([("Aki", "human")], seed=21)
    path = tmp_path / "game.ruin"
    assert window.save_to(str(path))
    window.start_game([("Aki", "human")], seed=22)
    app = QApplication.instance()
    handler = FileOpenFilter(app, window)
    try:
        QApplication.sendEvent(app, QFileOpenEvent(str(path)))
        answer(qtbot, QMessageBox.StandardButton.Discard)  # the seed-22 game would be lost: asked first
        qtbot.waitUntil(lambda: window.model.public().seed == 21, timeout=5000)
    finally:
        app.removeEventFilter(handler)
        handler.setParent(None)
