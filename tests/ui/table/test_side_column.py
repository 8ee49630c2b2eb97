"""The one side column (ui/table/side_column.py) of the main window and of a
network table's window: the same parts and tabs in both (the network window
had lost the score sheet), every part owned by Qt and gone with its window,
and a network table waiting for its players says so, not "Start a new game
from the Game menu"."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QWidget

from ruin_qt.app.tables import host_dialog, hosted_table
from ruin_qt.ui.table.side_column import SideColumn

from ...packaging.translations_tool import load_translations_module


def main_window(qtbot, keep: bool = True):
    from ruin_qt.app.wiring import make_main_window

    window = make_main_window()
    if keep:
        qtbot.addWidget(window)  # closed by qtbot at the end
    window.show()
    qtbot.waitUntil(window.has_table)  # made after the first frame, by itself
    return window


def waiting_table(qtbot, tmp_path, runner):
    """A hosted table whose remote seat has no player yet: its game has not started."""
    dialog = host_dialog(listen="127.0.0.1", data=tmp_path / "table", runner=runner)
    qtbot.addWidget(dialog)
    windows = []
    dialog.table_opened.connect(lambda service, seat: windows.append(hosted_table(service, seat, runner=runner)))
    assert dialog.open_table()
    table = windows.pop()  # the test holds the window alone: closed, it is deleted (and qtbot skips it)
    qtbot.addWidget(table)
    table.show()
    return dialog, table


def tab_texts(column: SideColumn) -> list[str]:
    return [column.tabs.tabText(i) for i in range(column.tabs.count())]


def test_both_windows_show_the_same_column_with_the_score_sheet_tab(qtbot, tmp_path, runner):
    window = main_window(qtbot)
    dialog, table = waiting_table(qtbot, tmp_path, runner)
    for w in (window, table):
        column = w.findChild(SideColumn)
        assert column is not None
        assert tab_texts(column) == ["Announcements", "Seats", "Score sheet"]
        # The score tab is the player panel's own live score box, not a copy.
        assert column.tabs.widget(2) is column.player_panel.score_box
        assert column.player_panel.score_box.parentWidget() is not column.player_panel
        assert (w.card_line, w.turn_panel, w.player_panel, w.seats_table, w.log) == (
            column.card_line, column.turn_panel, column.player_panel, column.seats_table, column.log)
    assert table.who.parentWidget() is table.findChild(SideColumn)  # the seats' states above the card line
    table.close()
    dialog.close_table()
    window.model.shutdown()


def test_every_part_of_the_column_is_owned_by_qt(qtbot, tmp_path, runner):
    """A part Python owns inside Qt's tree is deleted under Qt's feet once its
    last Python reference goes (by the garbage collector, on any thread)."""
    window = main_window(qtbot)
    dialog, table = waiting_table(qtbot, tmp_path, runner)
    for w in (window, table):
        column = w.findChild(SideColumn)
        parts = [column, *column.findChildren(QObject)]
        python_owned = [type(o).__name__ for o in parts
                        if shiboken6.createdByPython(o) and shiboken6.ownedByPython(o)]
        assert python_owned == []
    table.close()
    dialog.close_table()
    window.model.shutdown()


def test_the_column_dies_with_its_window(qtbot):
    window = main_window(qtbot, keep=False)
    column = window.column
    parts = [column, column.card_line, column.turn_panel, column.player_panel, column.tabs, column.log,
             column.seats_table, column.player_panel.score_box, *column.findChildren(QWidget)]
    window.model.shutdown()
    window.keeper.close()
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(window)
    assert [type(p).__name__ for p in parts if shiboken6.isValid(p)] == []


def test_a_waiting_network_table_says_its_game_starts_when_the_players_have_joined(qtbot, tmp_path, runner):
    window = main_window(qtbot)
    assert window.turn_panel.instructions.text() == "Start a new game from the Game menu."
    dialog, table = waiting_table(qtbot, tmp_path, runner)
    assert table.model.public().phase == "none"
    text = table.turn_panel.instructions.text()
    assert text == "The game starts as soon as every player has joined the table."
    assert "Game menu" not in text
    table.close()
    dialog.close_table()
    window.model.shutdown()


def test_the_waiting_table_and_its_score_tab_in_japanese(qtbot, tmp_path, monkeypatch, runner):
    from ruin_qt.app import i18n

    # This tree's words, compiled apart: rewriting the .qm files in place under a
    # running app (their pages are mapped) would pull them from under its feet.
    words = tmp_path / "qm"
    load_translations_module().build(words)
    monkeypatch.setattr(i18n, "translations_dir", lambda: words)
    dialog, table = waiting_table(qtbot, tmp_path, runner)
    try:
        assert i18n.install_language("ja") == "ja"
        QCoreApplication.sendPostedEvents()  # LanguageChange reaches the windows
        assert table.turn_panel.instructions.text() == "全員がテーブルに参加すると、ゲームが始まります。"
        assert tab_texts(table.findChild(SideColumn)) == ["宣言", "プレイヤー", "得点シート"]
    finally:
        monkeypatch.undo()
        i18n.install_language("en")
        table.close()
        dialog.close_table()
