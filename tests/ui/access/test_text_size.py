"""View > Text size from 100 % to 200 % (Ctrl+Plus, Ctrl+Minus,
Ctrl+0), kept in the settings; at 150 % and 200 % in a 1280x720 window no label
or button is cut, in English and Japanese, and the sheet's letters grow too."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.common import text_size
from tests.ui.windows.test_layout import problems, pump


@pytest.fixture
def sized(window):
    yield window
    window.text_size_requested.emit(100)


def point_size() -> float:
    f = QApplication.font()
    return f.pointSizeF() if f.pointSizeF() > 0 else float(f.pixelSize())


def test_the_keys_step_the_size_and_the_settings_keep_it(sized, qtbot):
    from ruin_qt.app.storage.settings import Settings

    w = sized
    base = point_size()
    QTest.keyClick(w, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert text_size.percent() == 110 and point_size() == pytest.approx(base * 1.1, rel=0.02)
    w.menus.size_actions[200].trigger()
    assert text_size.percent() == 200 and point_size() == pytest.approx(base * 2, rel=0.02)
    assert not w.menus.act_larger.isEnabled() and w.menus.size_actions[200].isChecked()
    QTest.keyClick(w, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert text_size.percent() == 175
    assert Settings().text_size() == 175  # kept: the next start opens at this size
    QTest.keyClick(w, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert text_size.percent() == 100 and point_size() == pytest.approx(base, rel=0.02)
    assert Settings().text_size() == 100


def test_a_stored_size_out_of_range_is_told_and_normal_used(data_dir, caplog):
    from ruin_qt.app.storage.settings import Settings

    s = Settings()
    s._set("ui/text_size", "900")
    assert Settings().text_size() == 100 and "ui/text_size" in caplog.text


def test_the_sheet_letters_grow_with_the_text(sized, qtbot):
    sized.start_game([("Aki", "human")], seed=11)
    assert text_size.sheet_factor() == 1.0
    sized.text_size_requested.emit(200)
    assert text_size.sheet_factor() == 1.5
    sized.text_size_requested.emit(150)
    assert text_size.sheet_factor() == 1.25


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("percent", [150, 200])
def test_nothing_is_cut_at_1280x720(sized, qtbot, lang, percent):
    from ruin_qt.app import i18n

    w, m = sized, sized.model
    try:
        i18n.install_language(lang)
        w.text_size_requested.emit(percent)
        w.resize(1280, 720)
        w.start_game([("Aki", "human"), ("Bo", "ai:random")], seed=11)
        pump(qtbot, w)
        assert not problems(w), ("setup", percent, lang, problems(w))
        m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
        m.act(Confirm())
        qtbot.waitUntil(lambda: m.step() == "draw", timeout=10000)
        pump(qtbot, w)
        assert not problems(w), ("a turn", percent, lang, problems(w))
        assert QFont(QApplication.font()).family() if lang == "ja" else True
    finally:
        i18n.install_language("en")


def test_the_round_banner_shown_follows_a_new_size(sized, qtbot):
    """The banner sets its own font when it shows a round: a change while it shows still reaches it."""
    m = sized.model
    sized.start_game([("Aki", "human")], seed=11)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
    m.act(Confirm())
    banner = sized.banner
    qtbot.waitUntil(banner.isVisible, timeout=5000)
    sized.text_size_requested.emit(150)
    qtbot.waitUntil(lambda: banner.font().pointSizeF() == pytest.approx(QApplication.font().pointSizeF()),
                    timeout=3000)


def measures(w) -> dict[str, float]:
    """The map's side, a letter's and a track digit's size, in screen pixels."""
    from ruin_qt.ui.common import style
    from ruin_qt.ui.sheet.sheet_boxes import Track

    side = w.view.grid.width()
    track = w.player_panel.findChild(Track)
    return {"map": side,
            "letter": 13 * text_size.sheet_factor() * side / (11 * style.CELL),  # a letter chip: 13 scene units
            "digit": track.box_rect(0).width() * 0.45}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(960, 700), (1280, 720)], ids=["960x700", "1280x720"])
def test_at_200_percent_the_map_is_no_smaller_and_letters_and_digits_grow(sized, qtbot, lang, size):
    """The map is at least as large as at 100 %: bound by the window's width (960x700), the side column
    scrolls sideways rather than squeeze it; bound by its height (1280x720), the status bar leaves the
    window's foot for the side column's as the menu bar grows.  Its letters and the tracks' digits are
    larger on screen, and back at 100 % the status bar is at the window's foot again."""
    from ruin_qt.app import i18n

    w, m = sized, sized.model
    try:
        i18n.install_language(lang)
        w.resize(*size)
        w.start_game([("Aki", "human"), ("Bo", "ai:random")], seed=11)
        m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
        m.act(Confirm())
        qtbot.waitUntil(lambda: m.step() == "draw", timeout=10000)
        pump(qtbot, w)
        normal = measures(w)
        w.text_size_requested.emit(200)
        pump(qtbot, w)
        large = measures(w)
        assert large["map"] >= normal["map"], (normal, large)
        assert large["letter"] >= 1.4 * normal["letter"], (normal, large)
        assert large["digit"] >= 1.4 * normal["digit"], (normal, large)
        assert not problems(w), problems(w)
        w.text_size_requested.emit(100)  # and back: the status bar at the window's foot, the map as it was
        qtbot.waitUntil(lambda: w.statusBar().parent() is w and measures(w)["map"] == normal["map"], timeout=3000)
    finally:
        i18n.install_language("en")


def test_a_game_window_deleted_while_shown_goes_quietly(qtbot):
    """PySide deletes the windows still shown at the program's exit: the table page hides as its window
    goes, and where the status bar sits is then left alone (it asked the half-deleted window, and crashed)."""
    import shiboken6

    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    w = make_main_window(Settings())
    try:
        w.resize(1280, 720)
        w.show()
        qtbot.waitExposed(w)
        w.start_game([("Aki", "human")], seed=11)
        w.text_size_requested.emit(200)
        pump(qtbot, w)
        assert w.statusBar().parent() is not w  # under the column
        w.model.shutdown()
        shiboken6.delete(w)
        assert not shiboken6.isValid(w)
    finally:
        text_size.set_percent(100)


def test_under_the_column_a_hovered_menu_item_still_clears_the_message(sized, qtbot):
    """QMainWindow shows a status tip only on a bar at its foot; under the column the window hands it
    to the bar, so a menu item hovered (its tip empty) clears the message as at the foot."""
    w = sized
    w.resize(1280, 720)
    w.start_game([("Aki", "human")], seed=11)
    w.text_size_requested.emit(200)
    pump(qtbot, w)
    assert w.statusBar().parent() is not w  # under the column
    w.statusBar().showMessage("Tap a cell on the map")
    item = w.menuBar().actions()[0].menu().actions()[0]
    assert not item.statusTip()
    item.showStatusText(w.menuBar())  # what a menu does for the item hovered: its tip from the menu bar, up
    assert w.statusBar().currentMessage() == ""


def test_texts_under_a_style_sheet_and_the_join_codes_grow_with_the_rest(qtbot):
    """Qt's style sheet style sets a polished widget's font once: the boxes coloured by a style
    sheet (the join box, the seats' care) kept 100 % text at 200 % until they are polished again;
    the join codes, drawn larger than their neighbours, keep their proportion."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    from ruin_qt.ui.dialogs.host_table import HostTableDialog
    from ruin_qt.ui.windows.join_box import JoinBox
    from ruin_qt.ui.windows.seat_care import SeatCare

    w = QWidget()
    qtbot.addWidget(w)
    lay = QVBoxLayout(w)
    plain, box, care = QLabel("plain", w), JoinBox(w), SeatCare(w)
    for x in (plain, box, care):
        lay.addWidget(x)
    box.show_join("7-crossbow-ember", ["192.0.2.1:5000"])
    care.follow([("Aki", "here"), ("Bo", "away")], ["local", "remote"], True)
    host = HostTableDialog()
    qtbot.addWidget(host)
    w.show()
    host.show()

    def sizes() -> list[float]:
        return [x.fontInfo().pointSizeF() for x in (plain, box.heading, box.address, box.code, care.menu_button,
                                                      host.code)]

    before = sizes()
    try:
        text_size.set_percent(200)
        qtbot.waitUntil(lambda: sizes()[0] >= before[0] * 1.9, timeout=2000)
        after = sizes()
        assert all(a >= b * 1.9 for a, b in zip(after, before)), (before, after)
    finally:
        text_size.set_percent(100)
    qtbot.waitUntil(lambda: sizes() == pytest.approx(before, rel=0.02), timeout=2000)


def sideways(w) -> list[str]:
    """What makes the side column scroll sideways, or leaves Confirm out of its view."""
    from PySide6.QtCore import QPoint, QRect

    from ruin_qt.ui.table.side_panel import SidePanel

    out = []
    panel = w.findChild(SidePanel)
    view, content = panel.viewport(), panel.widget()
    if content.minimumSizeHint().width() > view.width() or panel.horizontalScrollBar().maximum() > 0:
        out.append(f"its rows need {content.minimumSizeHint().width()} px, the column shows {view.width()}")
    confirm = w.turn_panel.confirm_button
    where = QRect(confirm.mapTo(view, QPoint(0, 0)), confirm.size())
    if where.left() < 0 or where.right() >= view.width():
        out.append(f"Confirm at {where.left()}..{where.right()}, the column shows 0..{view.width() - 1}")
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_200_percent_in_1280x720_the_column_needs_no_sideways_scrolling(sized, qtbot, lang):
    """Its long words wrap, Confirm and the deck take a line of their own when needed: during the
    setup and a turn no row is wider than the column, and Confirm is wholly in view."""
    from ruin_qt.app import i18n

    w, m = sized, sized.model
    try:
        i18n.install_language(lang)
        w.resize(1280, 720)
        w.start_game([("Aki", "human"), ("Bo", "ai:random")], seed=11)
        pump(qtbot, w)
        w.text_size_requested.emit(200)
        pump(qtbot, w)
        assert not sideways(w), ("setup", lang, sideways(w))
        m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
        m.act(Confirm())
        qtbot.waitUntil(lambda: m.step() == "draw", timeout=10000)
        pump(qtbot, w)
        assert not sideways(w), ("a turn", lang, sideways(w))
    finally:
        i18n.install_language("en")
