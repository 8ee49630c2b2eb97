"""Child process of test_every_answer: an unfinished solo game, then
ACTION (new, open, daily, quit), "Save" to the question, Escape in the Save
dialog.  Exit 0 and one JSON line if the game is still on the table and in
the autosave; a crash is the parent's to see.

``python -m tests.ui.save_escape_child ACTION`` (QT_QPA_PLATFORM and
RUIN_QT_DATA_DIR set by the parent)."""

from __future__ import annotations

import faulthandler
import json
import random
import sys
import time

from ruin_qt.session.intents import Confirm, TakeDecision


class Bot:
    """The two pytest-qt calls the answers need, outside pytest."""

    def waitUntil(self, ok, timeout=5000):  # noqa: N802 - pytest-qt's name
        from PySide6.QtTest import QTest

        end = time.monotonic() + timeout / 1000
        while not ok():
            if time.monotonic() > end:
                raise TimeoutError("waited in vain")
            QTest.qWait(5)

    def wait(self, ms):
        from PySide6.QtTest import QTest

        QTest.qWait(ms)


def main(action: str) -> int:
    faulthandler.enable()
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

    from ruin_qt.ai.random_policy import random_setup
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window
    from tests.ui.modals import answer

    app = QApplication.instance() or QApplication(["child"])
    bot = Bot()
    w = make_main_window(Settings())
    w.show()
    m = w.model
    w.start_game([("Aki", "human")], seed=21)
    assert m.act(TakeDecision(random_setup(m.view().obs, random.Random(21)))) and m.act(Confirm())
    bot.waitUntil(lambda: m.step() == "draw")
    seed = m.public().seed
    getattr(w.menus, f"act_{action}").trigger()
    if action in ("new", "daily"):  # their dialog first, the question once it is confirmed
        from PySide6.QtWidgets import QDialog, QDialogButtonBox

        answer(bot, QDialogButtonBox.StandardButton.Ok, QDialog)
    # The Escape comes from a timer: it reaches the Save dialog even if the
    # dialog runs its own event loop inside the Save click (as it once did).
    escaped = []

    def escape_the_file_dialog() -> None:
        dlg = QApplication.activeModalWidget()
        if isinstance(dlg, QFileDialog) and not escaped:
            escaped.append(dlg.windowTitle())
            QTest.keyClick(QApplication.focusWidget() or dlg, Qt.Key.Key_Escape)

    timer = QTimer()
    timer.timeout.connect(escape_the_file_dialog)
    timer.start(20)
    answer(bot, QMessageBox.StandardButton.Save, QMessageBox)
    bot.waitUntil(lambda: escaped and QApplication.activeModalWidget() is None)
    timer.stop()
    bot.wait(50)  # whatever the answers posted (deletions) runs now
    kept = (w.isVisible() and m.public().seed == seed and m.public().phase == "play"
            and QApplication.activeModalWidget() is None and w.keeper.resumable())
    print(json.dumps({"kept": kept, "seed": m.public().seed, "phase": m.public().phase}), flush=True)
    w.close()
    app.processEvents()
    return 0 if kept else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
