"""Every visible text reads: WCAG contrast of at least 4.5:1 (7:1 with High
contrast on, which asks for more) between the colour a widget draws its text
in and the pixels behind it, in a light Fusion palette, a dark one and High
contrast; switching the palette re-colours the widgets live."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyleFactory,
    QTextBrowser,
    QWidget,
)

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.rules import record
from ruin_qt.ui.common import style, tones

R = QPalette.ColorRole


def dark_palette() -> QPalette:
    """The usual dark Fusion palette a dark desktop gives Qt programs."""
    p = QPalette()
    for role, colour in ((R.Window, "#353535"), (R.WindowText, "#ffffff"), (R.Base, "#2a2a2a"),
                         (R.AlternateBase, "#424242"), (R.ToolTipBase, "#353535"), (R.ToolTipText, "#ffffff"),
                         (R.Text, "#ffffff"), (R.Button, "#353535"), (R.ButtonText, "#ffffff"),
                         (R.BrightText, "#ff5555"), (R.Link, "#5aa9ff"), (R.Highlight, "#2a82da"),
                         (R.HighlightedText, "#000000"), (R.PlaceholderText, "#a0a0a0"), (R.Light, "#505050"),
                         (R.Midlight, "#454545"), (R.Mid, "#2a2a2a"), (R.Dark, "#232323"), (R.Shadow, "#141414")):
        p.setColor(role, QColor(colour))
    for role in (R.WindowText, R.Text, R.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7f7f7f"))
    return p


@pytest.fixture(params=["light", "dark", "high"])
def look(request, qapp) -> Iterator[str]:
    before_style, before_palette = qapp.style().name(), QPalette(qapp.palette())
    qapp.setStyle("Fusion")
    fusion = QStyleFactory.create("Fusion").standardPalette()
    qapp.setPalette(dark_palette() if request.param == "dark" else fusion)
    style.set_high_contrast(request.param == "high")
    yield request.param
    style.set_high_contrast(False)
    qapp.setStyle(before_style)
    qapp.setPalette(before_palette)


def pixels(img: QImage) -> np.ndarray:
    """The image as an (h, w) array of 0xRRGGBB."""
    img = img.convertToFormat(QImage.Format.Format_RGB32)
    arr = np.frombuffer(img.constBits(), np.uint32, count=img.height() * img.bytesPerLine() // 4)
    return arr.reshape(img.height(), img.bytesPerLine() // 4)[:, :img.width()] & 0xFFFFFF


def colour(v: int) -> QColor:
    return QColor((v >> 16) & 255, (v >> 8) & 255, v & 255)


def text_of(w: QWidget) -> str:
    if isinstance(w, QLabel | QAbstractButton):
        return w.text()
    if isinstance(w, QGroupBox):
        return w.title()
    if isinstance(w, QTextBrowser):
        return w.toPlainText()
    return ""


def worst_contrast(img: np.ndarray, rect: QRect, ink: QColor) -> tuple[float, str]:
    """The text colour against each colour that covers at least 5 % of the
    widget (its ground; several for a gradient or a shaded row), the worst;
    and a note if the text colour is nowhere on the widget (not what it draws)."""
    crop = img[rect.top():rect.bottom() + 1, rect.left():rect.right() + 1].ravel()
    values, counts = np.unique(crop, return_counts=True)
    grounds = [colour(int(v)) for v, c in zip(values, counts) if c >= 0.05 * crop.size]
    if not grounds:
        grounds = [colour(int(values[counts.argmax()]))]
    rgb = np.stack([(crop >> 16) & 255, (crop >> 8) & 255, crop & 255], axis=1).astype(int)
    near = np.abs(rgb - np.array([ink.red(), ink.green(), ink.blue()])).sum(axis=1) <= 60
    note = "" if near.sum() >= 3 else f" (text colour {ink.name()} not found in the pixels)"
    ratios = [(tones.contrast(ink, g), g.name()) for g in grounds if tones.contrast(ink, g) > 1.05]  # not glyphs
    worst = min(ratios) if ratios else (1.0, "?")
    return worst[0], f" ({ink.name()} on {worst[1]}){note}"


def shows(top: QWidget, w: QWidget) -> bool:
    """Whether ``w`` is on top at its centre (not under the pass-and-play cover, say)."""
    centre = w.mapTo(top, w.rect().center())
    hit = top.childAt(centre)
    return hit is None or hit is w or w.isAncestorOf(hit) or (top is w)


def unreadable(top: QWidget, overlays: tuple[QWidget, ...] = ()) -> list[str]:
    """Every visible, enabled text on ``top`` under the minimum, with its figures.
    ``overlays`` let clicks through, so hit-testing cannot tell they are on top."""
    QApplication.processEvents()
    img = pixels(top.grab().toImage())
    want = 4.5  # WCAG AA everywhere; tones aims higher under High contrast
    bad = []
    for w in [top, *top.findChildren(QWidget)]:
        text = text_of(w).strip()
        if not text or not w.isVisible() or not w.isEnabled():
            continue
        area = w.viewport() if isinstance(w, QTextBrowser) else w
        if w not in overlays and not shows(top, area):
            continue
        inner = area.contentsRect() if isinstance(w, QLabel) else area.rect()  # inside a border, if any
        rect = QRect(area.mapTo(top, inner.topLeft()), inner.size()).intersected(QRect(0, 0, img.shape[1],
                                                                                        img.shape[0]))
        if isinstance(w, QAbstractButton):
            rect = rect.adjusted(4, 4, -4, -4)  # the face, not the frame around it
            if not w.icon().isNull():  # the icon beside the text is no ground of the text
                beside = w.iconSize().width() + 4
                content = beside + w.fontMetrics().horizontalAdvance(text)
                rect.setLeft(max(rect.left(), rect.center().x() - content // 2 + beside))
        if isinstance(w, QGroupBox):
            rect.setHeight(w.fontMetrics().height() + 2)  # the title, not the contents
        if rect.width() < 4 or rect.height() < 4:
            continue
        ink = area.palette().color(QPalette.ColorRole.Text if isinstance(w, QTextBrowser) else w.foregroundRole())
        ratio, note = worst_contrast(img, rect, ink)
        if ratio < want or "not found" in note:
            bad.append(f"{type(w).__name__} {text[:40]!r}: {ratio:.2f}:1{note}")
    for lst in top.findChildren(QListWidget):
        base = lst.palette().color(R.Base)
        for i in range(lst.count()):
            brush = lst.item(i).foreground()
            if lst.isVisible() and brush.style() != Qt.BrushStyle.NoBrush:
                if tones.contrast(brush.color(), base) < want:
                    bad.append(f"list row {lst.item(i).text()[:40]!r}: {tones.contrast(brush.color(), base):.2f}:1")
    return bad


def test_readable_keeps_the_hue_and_reaches_the_minimum():
    red, dark, light = QColor(tones.ACCENTS["problem"]), QColor("#353535"), QColor("#ffffff")
    for ground in (dark, light, QColor("#808080")):
        made = tones.readable(red, ground)
        assert tones.contrast(made, ground) >= 4.5
        if made not in (QColor("black"), QColor("white")):
            assert abs(made.hslHue() - red.hslHue()) <= 3
    assert tones.readable(red, light) == red  # already readable: left alone
    assert round(tones.contrast(QColor("black"), QColor("white")), 1) == 21.0


def test_main_window_welcome_tutorial_and_new_game(window, qtbot, look):
    assert not unreadable(window)
    qtbot.mouseClick(window.welcome.tutorial_button, Qt.MouseButton.LeftButton)
    panel = window.tutorial_host.panel
    assert panel.isVisible() and panel.text.text()
    assert not unreadable(window)
    window.new_game()
    dlg = window.new_game_dialog
    dlg.seed.setText("abc")
    assert dlg.problem_label.isVisible()
    assert not unreadable(dlg)
    dlg.reject()


def test_pass_and_play_cover_and_the_final_sheet(window, qtbot, look, tmp_path):
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=21)
    assert window.cover.isVisible()
    assert not unreadable(window)
    window.cover.button.click()
    window.banner.setText("<b>Round 1</b><br>Bo collected a gem at K.")  # what a round brought, over the sheet
    window.banner.place()
    window.banner.show()
    assert not unreadable(window, overlays=(window.banner,))
    window.banner.hide()
    path = tmp_path / "finished.json"
    path.write_text(record.dumps(play_random_game(2, 3)), encoding="utf-8")
    assert window.open_file(str(path))
    qtbot.waitExposed(window.scoreboard)
    assert not unreadable(window.scoreboard)
    assert not unreadable(window)
    window.scoreboard.close()


def test_replay_with_its_banner_and_the_statistics(qtbot, look, tmp_path):
    from ruin_qt.ui.windows.replay_window import ReplayWindow
    from ruin_qt.ui.windows.stats_window import StatsWindow

    from ..windows.test_stats_window import filled_history

    rec = record.to_record(play_random_game(2, 3))
    broken = copy.deepcopy(rec)
    broken["rounds"][5]["turns"][0]["path"] = [[0, 0]]
    for r in (rec, broken):
        w = ReplayWindow(r, "contrast")
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        w.seat = 1
        w._show()  # the shaded column of the seat shown
        assert w.banner.isVisible() == (r is broken)
        assert not unreadable(w)
        assert tones.contrast(QColor(tones.note(w.info)), w.info.palette().color(R.Base)) >= tones.text_minimum()
        w.close()
    stats = StatsWindow(filled_history(tmp_path / "h.sqlite3", n=3))
    qtbot.addWidget(stats)
    stats.show()
    qtbot.waitExposed(stats)
    assert not unreadable(stats)
    stats.close()


def test_switching_the_palette_recolours_live(window, qtbot, qapp):
    """The tutorial panel built under a light palette follows a switch to dark."""
    before = QPalette(qapp.palette())
    qapp.setStyle("Fusion")
    qapp.setPalette(QStyleFactory.create("Fusion").standardPalette())
    try:
        qtbot.mouseClick(window.welcome.tutorial_button, Qt.MouseButton.LeftButton)
        panel = window.tutorial_host.panel
        light_sheet = panel.styleSheet()
        qapp.setPalette(dark_palette())
        qtbot.waitUntil(lambda: panel.styleSheet() != light_sheet)
        assert not unreadable(window)
    finally:
        qapp.setPalette(before)


def test_toned_list_rows_read_and_follow_the_palette(qtbot, look, qapp):
    """The review's move categories and the objective cards' route states."""
    from ruin_qt.ui.windows.review_window import CATEGORY_COLOURS

    lst = QListWidget()
    qtbot.addWidget(lst)
    for name, hue in CATEGORY_COLOURS.items():
        tones.set_item_tone(QListWidgetItem(name, lst), hue, lst)
    for hue in (style.LEGAL, style.ILLEGAL):
        tones.set_item_tone(QListWidgetItem("route", lst), hue, lst)
    tones.follow(lst, tones.retint_items)
    lst.show()

    def worst() -> float:
        base = QApplication.palette(lst).color(R.Base)
        return min(tones.contrast(lst.item(i).foreground().color(), base) for i in range(lst.count()))

    assert worst() >= tones.text_minimum()
    qapp.setPalette(QStyleFactory.create("Fusion").standardPalette() if look == "dark" else dark_palette())
    qtbot.waitUntil(lambda: worst() >= tones.text_minimum())


def test_a_hidden_widget_is_coloured_when_first_shown(qtbot):
    """A follower of a widget hidden when it is made waits for its first show (no style
    sheet at start-up for a note never shown yet); shown, it has its colours at once."""
    from PySide6.QtWidgets import QLabel, QWidget

    host = QWidget()
    qtbot.addWidget(host)
    note = QLabel("note", host)
    note.setObjectName("a_note")
    note.hide()
    tones.follow(note, tones.notice("attention"))
    shown = QLabel("shown", host)
    shown.setObjectName("b_note")
    tones.follow(shown, tones.notice("attention"))
    assert "b_note" in shown.styleSheet()  # a widget not hidden is coloured at once, as before
    host.show()
    assert note.styleSheet() == ""
    note.show()
    assert "a_note" in note.styleSheet()
