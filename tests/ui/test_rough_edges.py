"""Issue 50 item 6: the rough edges a new player met, one test each."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QEnterEvent, QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QMessageBox

from ruin_qt.ai.random_policy import play_random_game, random_setup
from ruin_qt.rules import record
from ruin_qt.rules.components import load_components
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.sheet.sheet_items import PawnItem
from ruin_qt.ui.table.card_line import CARD_SHARE
from ruin_qt.ui.table.side_panel import MAX_PANEL

from . import driver
from .test_solo_game import pick_draw
from .test_table_feel import start_solo


def pump(qtbot, window, n=3):
    for _ in range(n):
        qtbot.wait(1)
        window.model.runner.wait_idle(50)


def test_setup_card_buttons_show_the_piece_large_with_no_badge_over_it(window, qtbot):
    m, panel = window.model, window.turn_panel
    window.start_game([("Aki", "human")], seed=11)
    pump(qtbot, window)
    dealt = m.view().setup.dealt_explore
    for button, letter in zip(panel.card_buttons, dealt):
        size = button.iconSize()
        assert size.width() >= 40 and size.height() >= 40
        image = button.icon().pixmap(size).toImage().convertToFormat(QImage.Format.Format_ARGB32)
        opaque = [(x, y) for y in range(image.height()) for x in range(image.width())
                  if image.pixelColor(x, y).alpha() > 128]
        xs, ys = [x for x, _ in opaque], [y for _, y in opaque]
        assert max(max(xs) - min(xs), max(ys) - min(ys)) + 1 >= 0.8 * size.width()  # the piece fills it
        # The piece alone: its cells' share of its bounding box, as the card has it (a card face
        # or a number badge would fill the box).
        cells = load_components().explore[letter].cells
        h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
        share = len(opaque) / ((max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1))
        assert abs(share - len(cells) / (h * w)) < 0.12, (letter, share)
        assert letter in button.text()  # the letter and the steps are in words beside it


def test_the_next_ghost_rests_until_the_pointer_moves_on(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene = window.model, window.view, window.scene
    start_solo(window, qtbot)
    kind, cells = pick_draw(m)
    driver.place_piece(view, scene, kind, cells)
    assert m.step() == "move"
    window.turn_panel.actions.undo.trigger()  # back to the draw, the pointer still on the piece
    driver.place_piece(view, scene, kind, cells)
    assert not scene.ghost.isVisible()  # nothing covers the piece just drawn
    here = driver.anchor_cursor(cells)
    driver.hover(view, here)  # a tremble in the same cell: still at rest
    assert not scene.ghost.isVisible() and not scene.cursor_item.isVisible() or m.step() == "move"
    # The +1 cell: after paying, the cell ghost waits for the pointer to move on.
    qtbot.mouseClick(window.turn_panel.extra_button, Qt.MouseButton.LeftButton)
    window.special_choice.dialog.accept()
    assert m.step() == "extra" and not scene.ghost.isVisible()
    other = next((r, c) for r in range(11) for c in range(11) if (r, c) != here)
    driver.hover(view, other)
    assert scene.ghost.isVisible()


def test_a_stale_hint_goes_and_shift_h_is_disabled_without_one(window, qtbot, monkeypatch):
    """Issue 58 item 5: Turn > Use the hint (Shift+H) is disabled while there is no
    hint for this board (none asked, one still thinking, one gone stale), and says why."""
    import ruin_qt.ai.expert as expert

    monkeypatch.setattr(expert, "DEFAULT_BUDGET_S", 0.1)
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene, panel = window.model, window.view, window.scene, window.turn_panel
    start_solo(window, qtbot)
    use = panel.actions.use_hint
    assert use in window.menus.edit_menu.actions()
    assert not use.isEnabled() and "No hint" in use.toolTip()  # no hint: greyed in the Turn menu
    with qtbot.waitSignal(m.hint_changed, timeout=30000):
        qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
        assert not use.isEnabled() and "thinking" in use.toolTip()  # asked, not ready yet
    assert use.isEnabled() and "Shift+H" in use.toolTip()
    assert panel.hint_label.isVisible() and panel.use_hint_button.isVisible()
    kind, cells = pick_draw(m)
    driver.place_piece(view, scene, kind, cells)  # the board changed: the hint no longer lies there
    assert not panel.hint_label.isVisible() and not panel.use_hint_button.isVisible()
    assert not use.isEnabled()
    use.trigger()  # a disabled action does nothing: the piece stays where it was drawn
    assert m.view().turn.cells == tuple(cells) or sorted(m.view().turn.cells) == sorted(map(tuple, cells))
    with qtbot.waitSignal(m.hint_changed, timeout=30000):
        qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
    assert use.isEnabled()
    qtbot.mouseClick(panel.use_hint_button, Qt.MouseButton.LeftButton)  # used: its words go too
    assert not panel.hint_label.isVisible() and not panel.use_hint_button.isVisible()
    assert not use.isEnabled()


def test_controls_list_undo_not_the_last_command(window, qtbot):
    m = start_solo(window, qtbot)
    kind, cells = pick_draw(m)
    driver.place_piece(window.view, window.scene, kind, cells)
    assert window.turn_panel.actions.undo.text() != "&Undo"  # the menu item names what it undoes
    window.menus.act_controls.trigger()
    rows = window.menus.controls_dialog.rows()
    whats = [what for _section, _keys, what in rows]
    assert "Undo" in whats and not any(w.startswith("Undo ") for w in whats)


def test_the_title_names_the_game_once(window, qtbot):
    QGuiApplication.setApplicationDisplayName("In the Ruin")
    start_solo(window, qtbot)
    title = window.windowTitle()
    assert title == "Stage 1, round 1 — In the Ruin" or title.startswith("Stage 1, round")
    assert title.count("In the Ruin") == 1 and title.endswith(QGuiApplication.applicationDisplayName())


@pytest.mark.parametrize("size", [(1180, 780), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_layouts_at_three_sizes(window, qtbot, size):
    start_solo(window, qtbot)
    window.resize(*size)
    pump(qtbot, window)
    page, side, tabs = window.game_page, window.side_panel, window.public_tabs
    viewport = side.viewport()
    # The score sheet and the log: their tabs in view without scrolling.
    bar = tabs.tabBar()
    top = bar.mapTo(viewport, QPoint(0, 0)).y()
    assert side.verticalScrollBar().value() == 0 and 0 <= top and top + bar.height() <= viewport.height()
    assert {tabs.tabText(i) for i in range(tabs.count())} >= {"Announcements", "Score sheet"}
    assert tabs.indexOf(window.player_panel.score_box) >= 0
    # The map takes all the height it can; the cards grow with the window's height, not the panel's width.
    assert window.view.height() >= page.height() - 2 and window.view.width() >= window.view.height()
    assert max(f.height() for f in window.card_line.faces) <= int(size[1] * CARD_SHARE) + 1
    # The panel is capped: a wide screen gives its room to the map's view.
    assert side.width() <= max(MAX_PANEL, side.minimumSizeHint().width())


def test_the_final_mini_map_explains_its_rings(window, qtbot, tmp_path):
    game = play_random_game(1, 31)
    game.seats[0].kind = "human"
    path = tmp_path / "done.json"
    path.write_text(record.dumps(game), encoding="utf-8")
    assert window.open_file(str(path))
    sheet = window.scoreboard.sheets[0]
    if sheet.view.routes:
        assert sheet.legend.isVisible() and "solid" in sheet.legend.text() and "dotted" in sheet.legend.text()
    assert "green" not in sheet.thumb.toolTip()
    # After the game the line names no active card.
    line = window.card_line
    assert "Active card" not in line.active_label.text() and not any(f.active for f in line.faces)


def test_pointing_at_an_objective_in_setup_shows_its_letters(window, qtbot):
    panel, scene = window.turn_panel, window.scene
    window.start_game([("Aki", "human")], seed=11)
    pump(qtbot, window)
    box = panel.keep_boxes[1]
    card = int(box.property("card"))
    QApplication.sendEvent(box, QEnterEvent(QPoint(3, 3).toPointF(), QPoint(3, 3).toPointF(),
                                            box.mapToGlobal(QPoint(3, 3)).toPointF()))
    assert scene.route_item.plan is not None and scene.route_item.plan.card == card
    QApplication.sendEvent(box, QEvent(QEvent.Type.Leave))
    assert scene.route_item.plan is None


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
