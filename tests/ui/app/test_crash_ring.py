"""The crash trace's ring in the app: menu actions and dialog answers by name."""

from __future__ import annotations

from ruin_qt.app.crash import CrashTrace


def test_what_the_ring_records_in_the_app(window, qtbot, tmp_path):
    from ruin_qt.app.crash import watch
    from ruin_qt.ui.dialogs import boxes

    trace = CrashTrace(tmp_path)
    watch(window, trace)
    try:
        window.start_game([("Aki", "human")], seed=3)
        window.menus.act_cards.trigger()
        window.warn("Something to tell")
        window.message_box.done(0)
        lines = list(trace.actions)
        assert any(line.endswith("action: Explore cards…") for line in lines), lines
        assert any("dialog: In the Ruin ->" in line for line in lines), lines
        # Only names of actions and dialogs: "HH:MM:SS action: …" or "HH:MM:SS dialog: title -> button".
        assert all(line.split(" ", 1)[1].startswith(("action: ", "dialog: ")) for line in lines), lines
    finally:
        boxes.listeners.clear()
        trace.stop()


def test_the_turn_menus_actions_are_recorded_though_the_table_comes_later(qtbot, tmp_path):
    """The Turn menu's actions belong to the game table, made after the window's first frame."""
    from ruin_qt.app.crash import watch
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window
    from ruin_qt.ui.dialogs import boxes

    w = make_main_window(Settings())
    qtbot.addWidget(w)
    trace = CrashTrace(tmp_path)
    watch(w, trace)  # as app/main.py does, before the table exists
    try:
        assert not w.has_table()
        w.start_game([("Aki", "human")], seed=3)
        w.turn_panel.actions.hint.trigger()
        assert any(line.endswith("action: Hint") for line in trace.actions), list(trace.actions)
    finally:
        w.model.shutdown()
        boxes.listeners.clear()
        trace.stop()


def test_every_menu_of_the_window_hands_its_triggers_up_to_the_menu_bar(window):
    """The ring hears actions on the menu bar alone: a menu passes a trigger (by mouse or shortcut) up
    through the menus it hangs from, so each menu must hang from the bar, and every action sit in one."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    window.start_game([("Aki", "human")], seed=3)  # the Turn menu's actions come with the game table
    bar = window.menuBar()
    for menu in window.findChildren(QMenu):
        up = menu.parentWidget()
        while isinstance(up, QMenu):
            up = up.parentWidget()
        assert up is bar, menu.title()
    for action in window.findChildren(QAction):
        assert any(isinstance(w, QMenu) for w in action.associatedObjects()) or action.menu() is not None, \
            action.text()
