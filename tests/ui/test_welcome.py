"""The first screen starts what the Game and Help menus start."""

from __future__ import annotations

from PySide6.QtCore import Qt


def test_welcome_buttons_start_the_rules_and_the_daily_challenge(window, qtbot):
    assert window.pages.currentIndex() == 0
    assert window.welcome.new_button.isDefault()
    qtbot.mouseClick(window.welcome.rules_button, Qt.MouseButton.LeftButton)
    assert window.menus.rules_dialog is not None and window.menus.rules_dialog.isVisible()
    window.menus.rules_dialog.close()
    assert window.welcome.daily_button.toolTip() == window.menus.act_daily.toolTip() != ""
    qtbot.mouseClick(window.welcome.daily_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.daily_dialog.start_button, Qt.MouseButton.LeftButton)  # its intro
    qtbot.waitUntil(lambda: window.model.session.game is not None, timeout=5000)
    assert window.model.session.game.n == 1  # the daily challenge is solo
    assert window.pages.currentIndex() == 1
