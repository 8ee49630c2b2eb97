"""Start-up: the main window shows its welcome page first and makes
the game table (the sheet, the side column, the round banner, the hand-off
cover) once its first frame is painted, or at once when something needs it
sooner: a game arriving, a part read by name.  Nothing is lost either way:
the game is shown, the Turn menu holds its actions, the words are in the
language chosen meanwhile."""

from __future__ import annotations

import json
import subprocess
import sys

from PySide6.QtCore import SIGNAL, QCoreApplication, QEvent, QObject

from ruin_qt.app.storage.settings import Settings
from ruin_qt.app.wiring import make_main_window
from ruin_qt.ui.sheet.sheet_scene import SheetScene
from ruin_qt.ui.table.side_column import SideColumn

TABLE_MODULES = ("ruin_qt.ui.windows.game_table", "ruin_qt.ui.sheet.sheet_scene", "ruin_qt.ui.sheet.sheet_view",
                 "ruin_qt.ui.table.side_column", "ruin_qt.ui.table.card_line", "ruin_qt.ui.table.turn_panel",
                 "ruin_qt.ui.table.announcements")


def unshown_window(qtbot):
    w = make_main_window(Settings())
    qtbot.addWidget(w)
    return w


def test_a_start_up_imports_no_part_of_the_table_before_its_first_frame(data_dir):
    """In a fresh process, as ``python -m ruin_qt`` starts: the window made and not yet painted has
    imported none of the table's modules; once painted and idle, it has them and its table."""
    probe = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from ruin_qt.app.storage.settings import Settings
from ruin_qt.app.wiring import make_main_window
w = make_main_window(Settings())
w.show()
before = [m for m in MODULES if m in sys.modules], w.has_table()
w.table_made.connect(app.quit)
app.exec()
print(json.dumps({"before": before, "after": [[m for m in MODULES if m in sys.modules], w.has_table()]}))
w.close()
""".replace("MODULES", repr(TABLE_MODULES))
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                       env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert r.returncode == 0, r.stderr[-2000:]
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["before"] == [[], False]
    assert got["after"] == [list(TABLE_MODULES), True]


def test_the_table_is_made_by_itself_once_the_first_frame_is_painted(qtbot):
    w = unshown_window(qtbot)
    order: list[str] = []

    class Paints(QObject):
        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Paint and not order:
                order.append("painted")
            return False

    paints = Paints()
    w.installEventFilter(paints)
    w.table_made.connect(lambda: order.append("table made"))
    w.show()
    assert not w.has_table()  # shown: the welcome page only, nothing asked for the table yet
    with qtbot.waitSignal(w.table_made, timeout=5000):
        pass
    assert order == ["painted", "table made"]
    assert w.pages.count() == 2 and w.pages.currentWidget() is w.welcome
    assert w.findChild(SideColumn) is w.column and w.findChild(SheetScene) is w.scene
    w.model.shutdown()


def test_a_game_arriving_before_the_table_makes_it_first_and_is_shown_whole(qtbot):
    """A game started (a record opened, a table joined: all reach the model's ``apply``) before the
    first frame: the table is made before the model says anything, so no view misses a signal."""
    w = unshown_window(qtbot)
    assert not w.has_table()
    w.start_game([("Aki", "human"), ("Bo", "human")], 7)
    assert w.has_table()
    assert w.pages.currentWidget() is w.game_page
    assert w.cover.isVisibleTo(w) and "Aki" in w.cover.title.text()  # pass-and-play: the hand-off cover is up
    w.cover.accepted.emit()
    assert w.model.screen.viewer == 0
    assert len(w.scene.items()) > 100  # the seat's sheet: 121 cells and the rest
    assert w.seats_table.rowCount() == 2  # the seats heard the game's start
    assert [w.seats_table.item(i, 0).text().split()[0] for i in range(2)] == ["Aki", "Bo"]
    turn = w.turn_panel.actions
    assert turn.c_mode in w.menus.edit_menu.actions() and turn.c_mode in w.actions()  # the Turn menu and its keys
    assert sum(1 for a in w.menus.edit_menu.actions() if not a.isSeparator()) == len(turn.all())
    w.model.shutdown()


def test_the_table_is_made_once_whoever_asks(qtbot):
    w = unshown_window(qtbot)
    made: list[int] = []
    w.table_made.connect(lambda: made.append(1))
    scene = w.scene  # a part read by name makes it
    assert w.table() is w.table() and w.scene is scene and w.view.scene() is scene
    w.show()
    qtbot.wait(50)  # the first frame, and idle time after it
    w.start_game([("Aki", "human")], 7)
    assert made == [1]
    assert w.model.receivers(SIGNAL("applying()")) == 0  # made: the model's changes no longer call on it
    assert len(w.menus.edit_menu.actions()) == len(set(w.menus.edit_menu.actions()))  # no action added twice
    w.model.shutdown()


def test_a_language_chosen_before_the_table_is_made_is_the_tables(qtbot):
    from ruin_qt.app import i18n

    w = unshown_window(qtbot)
    try:
        i18n.install_language("ja")
        expected = QCoreApplication.translate("MainWindow", "Announcements")
        assert expected != "Announcements"  # the Japanese catalogue is in
        assert w.column.tabs.tabText(0) == expected
        QCoreApplication.processEvents()  # the window's own words change as Qt tells it
        assert w.menus.edit_menu.title() == QCoreApplication.translate("MainMenus", "&Turn")
    finally:
        i18n.install_language("en")
    QCoreApplication.processEvents()
    assert w.column.tabs.tabText(0) == "Announcements"  # and it follows a switch once made
    w.model.shutdown()


def test_a_look_chosen_before_the_table_is_made_is_the_tables(qtbot):
    """High contrast switched on before the table exists: the table, made later, looks exactly as a table
    that saw the switch happen (the same game, the same size, pixel for pixel).  The look is the whole
    app's (``style``), so one switch reaches both windows."""
    from ruin_qt.ui.common import style

    early, late = unshown_window(qtbot), unshown_window(qtbot)
    try:
        early.table()
        early.menus.act_contrast.setChecked(True)  # View ▸ High contrast
        assert early.has_table() and not late.has_table()
        for w in (early, late):
            w.resize(1100, 760)
            w.show()
            qtbot.waitUntil(w.has_table)
            w.start_game([("Aki", "human")], 11)
            qtbot.wait(20)
        for w in (early, late):  # the sheet's focus frame shows in the active window only: no focus in either
            w.view.grid.clearFocus()
            w.view.ghost_button.clearFocus()
        a, b = early.game_page.grab().toImage(), late.game_page.grab().toImage()
        assert a.size() == b.size() and a == b
        early.menus.act_contrast.setChecked(False)  # the look is the whole app's: both switch back
        qtbot.wait(20)
        assert late.game_page.grab().toImage() != b  # so the pictures above did show the look
    finally:
        style.set_high_contrast(False)
        for w in (early, late):
            w.menus.act_contrast.setChecked(False)
            w.model.shutdown()


def test_the_lesson_panel_is_made_when_a_lesson_first_shows_above_the_side_panel(qtbot):
    """Most start-ups show no lesson: its panel is made when the tutorial begins, whether the table was
    made before (here: by hand) or is made by the tutorial's own game."""
    from ruin_qt.ui.table.tutorial_panel import TutorialPanel

    for table_first in (True, False):
        w = unshown_window(qtbot)
        if table_first:
            w.table()
        assert w.findChild(TutorialPanel) is None
        w.tutorial_host.start()  # Help ▸ Tutorial
        panel = w.findChild(TutorialPanel)
        assert panel is not None and panel.isVisibleTo(w)
        assert w.lesson_slot.itemAt(0).widget() is panel  # above the scrolling column: always in view
        assert w.side_panel.widget().isAncestorOf(w.card_line) and not w.side_panel.isAncestorOf(panel)
        side = w.side_panel.parentWidget().layout()
        assert side.itemAt(0).layout() is w.lesson_slot and side.itemAt(1).widget() is w.side_panel
        w.model.shutdown()
