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


def test_a_first_start_offers_the_tutorial_on_the_page_with_no_question_box(window, qtbot):
    """The welcome question repeated the page's Tutorial button and
    opened off-centre; now the page itself points a newcomer to the tutorial, once."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    page = window.welcome
    assert not page.newcomer.isVisible() and page.new_button.isDefault()
    window.offer_at_start()
    qtbot.wait(50)
    assert QApplication.activeModalWidget() is None
    assert not [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert page.newcomer.isVisible() and "tutorial" in page.newcomer.text()
    assert page.tutorial_button.isDefault() and not page.new_button.isDefault()
    # The page's column sits in the middle of the window.
    middle = page.mapTo(window, page.rect().center()).x()
    for b in (page.tutorial_button, page.newcomer, page.title):
        assert abs(b.mapTo(window, b.rect().center()).x() - middle) <= 2
    qtbot.mouseClick(page.tutorial_button, Qt.MouseButton.LeftButton)
    assert window.tutorial_host.is_tutorial_game()
    again = make_main_window(Settings())  # the next start: offered once only
    qtbot.addWidget(again)
    again.show()
    again.offer_at_start()
    assert not again.welcome.newcomer.isVisible() and again.welcome.new_button.isDefault()
    again.model.shutdown()


def test_a_start_up_box_opens_in_the_middle_of_the_window_or_of_the_screen(qtbot):
    """A box opened at start-up is centred on its window, or on the
    screen while the window is not shown yet, and follows the window once placed."""
    from PySide6.QtWidgets import QMessageBox, QWidget

    from ruin_qt.ui.common.on_screen import centre_on

    parent = QWidget()
    qtbot.addWidget(parent)
    parent.resize(500, 400)
    box = QMessageBox(QMessageBox.Icon.Question, "Welcome", "A question?", QMessageBox.StandardButton.Ok, parent)
    box.open()
    centre_on(box, parent)  # the window is not shown: the middle of the screen
    area = box.screen().availableGeometry()
    assert (box.frameGeometry().center() - area.center()).manhattanLength() <= 4
    parent.move(area.left() + 10, area.top() + 20)
    parent.show()  # placed later (the window manager's move): the box follows
    qtbot.waitExposed(parent)
    parent.move(area.left() + 30, area.top() + 40)
    qtbot.wait(20)
    assert (box.frameGeometry().center() - parent.frameGeometry().center()).manhattanLength() <= 4
    box.close()
