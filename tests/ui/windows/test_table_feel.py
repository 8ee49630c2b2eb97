"""The rough edges a player touches, one test per edge (each fails
on the table as it was before it was smoothed)."""

from __future__ import annotations

import random

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.components import load_components
from ruin_qt.rules.pieces import normalise
from ruin_qt.rules.routes import route_plan
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.common.mime import CARD_MIME
from ruin_qt.ui.sheet.sheet_items import PawnItem

from .. import driver


def start_solo(window, qtbot, seed=11):
    m = window.model
    window.start_game([("Aki", "human")], seed=seed)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(seed))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    return m


def answer(window, qtbot, button):
    """Answer the question box the window opened."""
    box = window.guard.box
    assert box is not None and box.isVisible()
    box.done(button)
    qtbot.wait(1)


# -- 1. never lose a game by accident ---------------------------------------------------
def test_item1_new_game_asks_before_leaving_an_unfinished_game(window, qtbot):
    m = start_solo(window, qtbot)
    seed = m.public().seed
    autosave = window.keeper.autosave.path.read_bytes()
    window.menus.act_new.trigger()
    assert window.guard.box is None  # the dialog first; the question only once OK is pressed
    window.new_game_dialog.accept()
    answer(window, qtbot, QMessageBox.StandardButton.Cancel)
    assert window.new_game_dialog is None and m.public().seed == seed
    assert window.keeper.autosave.path.read_bytes() == autosave  # not overwritten without an answer
    window.menus.act_daily.trigger()
    window.daily_dialog.accept()  # its intro first, then the question
    answer(window, qtbot, QMessageBox.StandardButton.Discard)
    assert m.public().seed != seed  # the daily challenge replaced it, as asked


def test_item1_quit_asks_and_cancel_keeps_the_window(window, qtbot):
    start_solo(window, qtbot)
    window.menus.act_quit.trigger()
    answer(window, qtbot, QMessageBox.StandardButton.Cancel)
    assert window.isVisible()
    window.menus.act_quit.trigger()
    answer(window, qtbot, QMessageBox.StandardButton.Discard)
    assert not window.isVisible() and not window.keeper.autosave.exists()


def test_item1_nothing_to_lose_nothing_asked(window, qtbot):
    window.menus.act_new.trigger()  # no game yet
    assert window.guard.box is None and window.new_game_dialog is not None
    window.new_game_dialog.reject()


# -- 3. keyboard focus and shortcuts ---------------------------------------------------
def test_item3_panel_buttons_leave_the_keys_with_the_sheet(window, qtbot):
    m = start_solo(window, qtbot)
    window.view.setFocus()
    panel = window.turn_panel
    for button in (panel.rotate_button, panel.mirror_button, panel.kind_button, panel.c_button):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert window.view.hasFocus(), button.text()  # the sheet or its stand-in for the keys
    qtbot.mouseClick(panel.c_button, Qt.MouseButton.LeftButton)  # action C off again
    shape = window.scene.shape
    driver.key(window.view, Qt.Key.Key_R)
    assert window.scene.shape != shape or len(set(shape)) == 1
    assert m.step() == "draw"


def test_item3_every_turn_command_has_a_shortcut_in_its_tooltip_and_the_controls_page(window, qtbot):
    start_solo(window, qtbot)
    actions = window.turn_panel.actions.all()
    for a in actions:
        assert a.shortcuts(), a.text()
        key = a.shortcuts()[0].toString()
        assert key and key in a.toolTip(), (a.text(), a.toolTip())
    window.menus.act_controls.trigger()
    page = window.menus.controls_dialog.text.toPlainText()
    for a in actions:
        assert a.shortcuts()[0].toString() in page
    for key in ("R", "F", "Space", "Enter"):
        assert key in page


def test_item3_the_hint_and_confirm_shortcuts_work_from_the_sheet(window, qtbot, monkeypatch):
    import ruin_qt.ai.expert as expert

    monkeypatch.setattr(expert, "DEFAULT_BUDGET_S", 0.2)
    m = start_solo(window, qtbot)
    window.view.setFocus()
    with qtbot.waitSignal(m.hint_changed, timeout=30000):
        driver.key(window.view, Qt.Key.Key_H)
    assert m.hint is not None
    driver.key(window.view, Qt.Key.Key_H, Qt.KeyboardModifier.ShiftModifier)  # use it
    assert m.view().turn.turn() == m.hint
    rnd = m.public().round
    driver.key(window.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: m.public().round == rnd + 1, timeout=3000)


def test_item3_focus_rings_show_on_buttons_reached_by_tab(window, qtbot):
    from PySide6.QtTest import QTest

    start_solo(window, qtbot)
    button = window.turn_panel.rotate_button
    qtbot.wait(1)  # laid out: the picture below changes by the focus ring alone
    plain = button.grab().toImage()
    for _ in range(80):  # Tab, as a player presses it (setFocus alone is no keyboard focus change)
        if button.hasFocus():
            break
        QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Tab)
    qtbot.wait(1)
    ringed = button.grab().toImage()
    assert button.hasFocus() and ringed.size() == plain.size() and ringed != plain


# -- 4. no costly defaults --------------------------------------------------------------
def test_item4_the_special_action_pays_with_the_cheapest_card(window, qtbot):
    from ruin_qt.ui.dialogs.special import ObjectiveChoiceDialog

    m = start_solo(window, qtbot)
    v = m.view()
    dlg = ObjectiveChoiceDialog(v.payments, "extra", window)
    # The view's cheapest payment is chosen (which is cheapest: tests/session/test_views_content.py).
    assert dlg.chosen() == v.payments[0].card
    texts = [dlg.list.item(i).text() for i in range(dlg.list.count())]
    assert all("VP" in t for t in texts)  # each choice says what it costs
    dlg.reject()


# -- 5. the ghost sits under the pointer --------------------------------------------------
def test_item5_the_cell_pointed_at_is_always_covered(window, qtbot):
    start_solo(window, qtbot)
    view, scene = window.view, window.scene
    for cell in [(0, 0), (0, 10), (10, 0), (10, 10), (5, 0), (0, 5), (3, 9)]:
        driver.hover(view, cell)
        cells = scene.ghost.cells
        assert all(0 <= r < 11 and 0 <= c < 11 for r, c in cells)
        assert cell in cells or cell in ((0, 0), (0, 10), (10, 0), (10, 10)), (cell, cells)


def test_item5_dropping_the_active_card_draws_its_piece_there(window, qtbot):
    m = start_solo(window, qtbot)
    scene, view = window.scene, window.view
    shape = normalise(load_components().explore[m.public().active_card].cells)
    target = next(p.cells for p in m.view().turn.legal_placements("road") if normalise(p.cells) == shape)
    mime = QMimeData()
    mime.setData(CARD_MIME, QByteArray(m.public().active_card.encode()))
    pos = driver.point(view, driver.anchor_cursor(target))
    vp = view.viewport()
    for ev in (QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                               Qt.KeyboardModifier.NoModifier),
               QDragMoveEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier)):
        QApplication.sendEvent(vp, ev)
    assert sorted(scene.ghost.cells) == sorted(target) and scene.ghost.legal
    QApplication.sendEvent(vp, QDropEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                                          Qt.KeyboardModifier.NoModifier))
    assert m.view().turn.action == "A" and sorted(m.view().turn.cells) == sorted(target)


def test_item5_the_active_card_starts_a_drag(window, qtbot, monkeypatch):
    from PySide6.QtGui import QDrag

    start_solo(window, qtbot)
    face = window.card_line.faces[0]
    started = []
    monkeypatch.setattr(QDrag, "exec", lambda self, *a: started.append(self.mimeData().data(CARD_MIME)) or 0)
    qtbot.mousePress(face, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    qtbot.mouseMove(face, QPoint(60, 60))
    qtbot.mouseRelease(face, Qt.MouseButton.LeftButton, pos=QPoint(60, 60))
    assert started and bytes(started[0]).decode() == window.model.public().active_card


# -- 7. honest previews --------------------------------------------------------------------
def test_item7_refusals_are_sentences_with_the_rule_in_a_tooltip(window, qtbot):
    m = start_solo(window, qtbot)
    assert not m.act(Confirm())  # nothing drawn yet
    text = window.statusBar().currentMessage()
    assert text.startswith("Not allowed:") and not text.startswith("R")
    assert "R4.2" in window.statusBar().toolTip()


def test_item7_the_status_bar_is_cleared_when_there_is_nothing_to_do(window, qtbot):
    m = start_solo(window, qtbot)
    driver.hover(window.view, (5, 5))
    assert window.statusBar().currentMessage()
    window.scene.pointer_inside = False
    window.scene.update_ghost()
    assert window.statusBar().currentMessage() == ""
    assert m.step() == "draw"


# The score preview with a chosen escape is the rules': tests/rules/test_previews.py


# -- 8. setup that explains itself -------------------------------------------------------
def test_item8_setup_explains_itself(window, qtbot):
    window.start_game([("Aki", "human")], seed=4)
    panel = window.turn_panel
    assert "two cards as roads, two as walls" in panel.instructions.text()
    assert all(not b.icon().isNull() for b in panel.card_buttons if b.isVisible())


def test_item8_a_setup_hint_outlines_each_piece_on_its_own(window, qtbot, monkeypatch):
    import ruin_qt.ai.expert as expert

    monkeypatch.setattr(expert, "DEFAULT_BUDGET_S", 0.2)
    m = window.model
    window.start_game([("Aki", "human")], seed=4)
    with qtbot.waitSignal(m.hint_changed, timeout=30000):
        window.turn_panel.hint_button.click()
    pieces = window.scene.hint_item.pieces
    assert len(pieces) == 4 and [k for k, _ in pieces] == ["road", "road", "wall", "wall"]


# -- 9. objectives on the map -------------------------------------------------------------
def test_item9_pointing_at_an_objective_shows_its_route(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = start_solo(window, qtbot)
    hand = window.player_panel.hand
    qtbot.waitUntil(lambda: hand.count() == len(m.view().hand))
    item = hand.item(0)
    card = item.data(Qt.ItemDataRole.UserRole)
    hand.itemEntered.emit(item)
    plan = window.scene.route_item.plan
    assert plan is not None and plan.card == card and set(plan.cells) <= set(plan.path) | set(plan.cells)
    hand.leaveEvent(None)
    assert window.scene.route_item.plan is None


def test_item9_a_route_that_can_never_be_completed_says_why():
    from ruin_qt.rules.bitboard import bit
    from ruin_qt.rules.sheet import Sheet

    comps = load_components()
    card = 1
    a, b = comps.objectives[card].letters
    sheet = Sheet()
    sheet.walls |= bit(*comps.letters[b])
    plan = route_plan(sheet, card)  # walled in (the plan itself: tests/rules/test_previews.py)
    from ruin_qt.ui.common import texts
    assert b in texts.route_block(plan)


def test_item17_the_turn_menu_follows_the_buttons(window, qtbot):
    start_solo(window, qtbot)
    panel = window.turn_panel
    assert not window.turn_panel.actions.confirm.isEnabled() and not panel.confirm_button.isEnabled()
    assert isinstance(panel.confirm_button, QPushButton)


# -- 6. the log follows the game ---------------------------------------------------------
def play_rounds(window, qtbot, n):
    from ruin_qt.ai.random_policy import random_turn

    m = window.model
    rng = random.Random(5)
    for _ in range(n):
        qtbot.waitUntil(lambda: m.step() == "draw" or m.public().phase == "over", timeout=3000)
        if m.public().phase == "over":
            return
        assert m.act(TakeDecision(random_turn(m.view().obs, rng))) and m.act(Confirm())


def test_item6_the_log_shows_the_newest_entry(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    start_solo(window, qtbot)
    window.resize(1180, 780)
    play_rounds(window, qtbot, 14)
    qtbot.wait(5)
    bar = window.log.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()


def test_item6_a_round_with_news_shows_a_banner_over_the_table(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    window.start_game([("Aki", "human")], seed=11)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(11))))
    m.act(Confirm())  # setup reveals the first destinations: news for everyone
    banner = window.banner
    assert banner.isVisible() and "New destination" in banner.text()
    assert banner.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # never in the way of a click
    assert banner.geometry().top() >= 0 and banner.geometry().right() <= window.view.width()


def test_item6_and_15_old_entries_are_rewritten_in_the_new_language(window, qtbot, monkeypatch):
    from ruin_qt.app import i18n

    monkeypatch.setattr(PawnItem, "step_ms", 0)
    start_solo(window, qtbot)
    play_rounds(window, qtbot, 2)
    english = [window.log.item(i).text() for i in range(window.log.count())]
    try:
        i18n.install_language("ja")
        qtbot.wait(1)
        japanese = [window.log.item(i).text() for i in range(window.log.count())]
        assert len(japanese) == len(english) and all(j != e for j, e in zip(japanese, english))
        assert not any("Round" in line or "destination" in line for line in japanese)
    finally:
        i18n.install_language("en")
        qtbot.wait(1)
    assert [window.log.item(i).text() for i in range(window.log.count())] == english


def test_item17_scrolling_the_log_past_its_end_does_not_scroll_the_panel(window, qtbot, monkeypatch):
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QWheelEvent

    monkeypatch.setattr(PawnItem, "step_ms", 0)
    start_solo(window, qtbot)
    window.resize(1180, 600)
    play_rounds(window, qtbot, 3)
    log = window.log
    ev = QWheelEvent(QPointF(5, 5), QPointF(log.mapToGlobal(QPoint(5, 5))), QPoint(0, 0), QPoint(0, -480),
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(log.viewport(), ev)
    assert ev.isAccepted()


# -- 15. Japanese: nothing English left -------------------------------------------------
ALLOWED_LATIN = {"Aki", "Bo", "CPU", "VP", "Ctrl", "Enter", "Space", "Shift", "Esc", "Del", "PNG", "json"}


def english_words(window) -> set[str]:
    import re

    from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QListWidget, QTableWidget

    found = set()
    texts = [window.windowTitle()] + [m.title() for m in window.menuBar().findChildren(type(window.menus.game_menu))]
    for w in window.findChildren(QWidget):
        if not w.isVisible():
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            texts.append(w.text())
        elif isinstance(w, QGroupBox):
            texts.append(w.title())
        elif isinstance(w, QListWidget):
            texts += [w.item(i).text() for i in range(w.count())]
        elif isinstance(w, QTableWidget):
            texts += [w.item(r, c).text() for r in range(w.rowCount()) for c in range(w.columnCount()) if w.item(r, c)]
    for t in texts:
        t = re.sub(r"<[^>]+>", " ", t)
        found |= {word for word in re.findall(r"[A-Za-z]{3,}", t) if word not in ALLOWED_LATIN}
    return found


def test_item15_nothing_english_remains_after_switching(window, qtbot, monkeypatch):
    from PySide6.QtGui import QGuiApplication

    from ruin_qt.app import i18n

    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    window.start_game([("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")], seed=6)
    try:
        i18n.install_language("ja")
        qtbot.wait(1)
        assert window.cover.isVisible() and not english_words(window), english_words(window)
        window.cover.button.click()
        m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
        qtbot.wait(1)
        assert not english_words(window), english_words(window)
        assert QGuiApplication.applicationDisplayName() != "In the Ruin"  # no English title suffix
        family = i18n.japanese_font_family()
        if family is not None:  # one face for kana and Latin alike
            assert family in QApplication.font().families()
    finally:
        i18n.install_language("en")
        qtbot.wait(1)
    assert QGuiApplication.applicationDisplayName() == "In the Ruin"


def test_item17_the_new_game_dialog_shrinks_with_fewer_seats(window, qtbot):
    window.menus.act_new.trigger()
    dlg = window.new_game_dialog
    dlg.count.setValue(4)
    qtbot.wait(5)
    tall = dlg.height()
    dlg.count.setValue(1)
    qtbot.waitUntil(lambda: dlg.height() < tall, timeout=2000)
    dlg.reject()


def test_item17_the_daily_challenge_says_its_day_and_goal(window):
    from PySide6.QtCore import QDate

    tip = window.menus.act_daily.toolTip()
    assert QDate.currentDate().toString(Qt.DateFormat.ISODate) in tip and "300 VP" in tip


def test_item11_12_the_view_menu_switches_the_look_and_remembers_it(window, qtbot):
    from ruin_qt.ui.common import style

    assert not window.menus.act_contrast.isChecked()
    try:
        window.menus.act_contrast.trigger()
        assert style.high_contrast() and window.settings.high_contrast()
        window.menus.act_animations.trigger()
        assert not window.settings.animations()
    finally:
        window.menus.act_contrast.trigger()
        window.menus.act_animations.trigger()
    assert not style.high_contrast() and window.settings.animations()
