"""The guard before an unfinished game is left (ui/dialogs/abandon.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from ..windows.test_table_feel import start_solo


def test_new_game_asks_save_or_discard_only_once_confirmed(window, qtbot):
    m = start_solo(window, qtbot)
    seed = m.public().seed
    window.menus.act_new.trigger()
    assert window.guard.box is None and window.new_game_dialog.isVisible()  # the dialog first
    window.new_game_dialog.reject()
    assert window.guard.box is None and m.public().seed == seed  # cancelled: nothing asked, nothing lost
    window.menus.act_new.trigger()
    window.new_game_dialog.accept()
    box = window.guard.box
    assert box is not None and box.isVisible()
    box.done(QMessageBox.StandardButton.Discard)
    assert m.public().seed != seed and m.public().phase == "setup"
