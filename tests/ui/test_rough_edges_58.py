"""Issue 58 item 5: the rough edges, one test each (the welcome's and Shift+H's
are in test_welcome.py and test_rough_edges.py)."""

from __future__ import annotations

import html
import random
import re

from PySide6.QtGui import QGuiApplication

from ruin_qt.session.intents import Confirm, PlaceC
from ruin_qt.ui.sheet.sheet_items import PawnItem

from .test_random_games import play_human


def test_the_round_banner_and_the_title_bar_name_the_same_round_across_the_stage_change(window, qtbot, monkeypatch):
    """A pop-up said "Round 16 / Stage 2 begins" under a title saying round 17: now the
    banner says the round just played is over and names the round now played in the
    title bar's own words, both read from the session's public view."""
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    QGuiApplication.setApplicationDisplayName("In the Ruin")
    m, banner = window.model, window.banner
    seen: list[tuple[int, bool, str, str, int]] = []

    def note(rnd, events) -> None:  # connected after the window's own slots: they ran already
        seen.append((rnd, any(e.kind == "stage" for e in events), html.unescape(banner.text()),
                     window.windowTitle(), m.public().round_shown))

    m.announced.connect(note)
    window.start_game([("Aki", "human")], seed=8)
    rng = random.Random(8)
    for _ in range(200):
        qtbot.waitUntil(lambda: m.step() in ("setup", "draw") or m.public().phase == "over", timeout=5000)
        if m.public().phase == "over":
            break
        play_human(m, rng)
    assert m.public().phase == "over"
    stage = [s for s in seen if s[1]]
    assert len(stage) == 1, "the game crossed the stage change once"
    rnd, _, text, title, now = stage[0]
    assert title.startswith(f"Stage 2, round {now} — ") and now == rnd + 1
    assert f"Round {rnd} is over" in text and "Stage 2 begins" in text
    assert f"Now: Stage 2, round {now}." in text
    # Every banner that names a round now played names the title's.
    for rnd, _, text, title, now in seen:
        named = re.search(r"Now: (Stage \d, round \d+)\.", text)
        if named and f"Round {rnd} is over" in text:
            assert title.startswith(named.group(1) + " — ") and named.group(1).endswith(f"round {now}")


def vermillion(scene, cell) -> float:
    """The share of the letter chip's pixels in the active destination's colour."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from ruin_qt.ui.common import style

    badge = scene.cells[cell].badge
    rect = badge.mapRectToScene(badge.chip())
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    scene.render(p, QRectF(0, 0, 64, 64), rect)
    p.end()
    dest = style.DEST
    near = sum(1 for y in range(64) for x in range(64)
               if abs(image.pixelColor(x, y).red() - dest.red()) + abs(image.pixelColor(x, y).green() - dest.green())
               + abs(image.pixelColor(x, y).blue() - dest.blue()) < 60)
    return near / (64 * 64)


def test_a_wall_over_an_active_destination_is_shown_walled_and_told_with_its_rule(window, qtbot):
    """The tutorial's deal (seed 5) let a wall cover J, which then showed as an
    active destination on a walled cell without a word.  A wall may cover a letter
    (R3.5); the rules then call J walled on this sheet (R8.2): the sheet shows it
    struck out, not active, and the panel says why while Undo can take it back."""
    from ruin_qt.session.facts import components
    from ruin_qt.ui.sheet.sheet_drawing import SheetDrawing

    from .test_table_feel import start_solo

    m = start_solo(window, qtbot, seed=5)
    panel, scene = window.turn_panel, window.scene
    j = tuple(components().letters["J"])
    assert "J" in m.view().active and scene.cells[j].dest == "active"
    assert vermillion(scene, j) > 0.3  # the active destination's chip
    assert not panel.walled_note.isVisible()
    assert m.act(PlaceC(j))  # action C: one wall, on J
    v = m.view()
    assert v.sheet.state(*j) == "wall"
    assert "J" in v.walled and "J" not in v.active and "J" not in m.public().resolved  # still the table's
    assert scene.cells[j].dest == "walled"  # no active destination drawn on a walled cell
    note = panel.walled_note
    assert note.isVisible() and "J" in note.text() and "R8.2" in note.text() and "R3.5" in note.text()
    assert "R8.2" in note.toolTip()
    assert vermillion(scene, j) < 0.02  # the chip no longer wears the active destination's vermillion
    panel.actions.undo.trigger()
    assert scene.cells[j].dest == "active" and not note.isVisible()
    assert m.act(PlaceC(j))
    assert m.act(Confirm())  # the round is played: the word goes with the undo, the sheet still says it
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    assert not note.isVisible() and scene.cells[j].dest == "walled" and "J" in m.view().walled
    # A sheet drawn from the rules (replay, final sheet, export) says the same.
    drawing = SheetDrawing()
    v = m.view()
    drawing.draw_rules_sheet(0, v.sheet, m.public().revealed, m.public().resolved)
    assert drawing.cells[j].dest == "walled"


def test_the_japanese_objective_list_shows_every_card_whole_at_a_960_px_window_width(qtbot):
    """In Japanese the objective list was cut to 1.5 rows in the 960 px network table
    window: its height was measured once, in the font before the language changed.
    Now each row wraps at the list's width and the list is as tall as its rows,
    measured again when the font or the width changes."""
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

    from ruin_qt.app import i18n
    from ruin_qt.rules.bitboard import bit
    from ruin_qt.rules.components import load_components
    from ruin_qt.rules.routes import route_plan
    from ruin_qt.rules.sheet import Sheet
    from ruin_qt.ui.table.objective_list import ObjectiveList

    comps = load_components()
    first = min(comps.objectives)
    free = set(comps.objectives[first].letters)
    cards = [first] + [c for c in sorted(comps.objectives) if not free & set(comps.objectives[c].letters)][:2]
    sheet = Sheet()
    for card in cards[1:]:  # two routes walled off: the longest rows, with their reasons
        sheet.walls |= bit(*comps.letters[comps.objectives[card].letters[1]])
    plans = tuple(route_plan(sheet, card) for card in cards)
    assert [p.blocked for p in plans] == [None, "walled", "walled"]
    app = QApplication.instance()
    before = QFont(app.font())
    holder = QWidget()
    qtbot.addWidget(holder)
    lay = QVBoxLayout(holder)
    hand = ObjectiveList(holder)
    lay.addWidget(hand)
    lay.addStretch(1)
    holder.resize(200, 400)  # narrower than a 960 px window's column (about 320 px): the reasons wrap
    holder.show()
    qtbot.waitExposed(holder)
    hand.show_hand(plans)

    def whole() -> bool:
        qtbot.wait(10)
        rects = [hand.visualItemRect(hand.item(i)) for i in range(hand.count())]
        return (all(r.top() >= 0 and r.bottom() < hand.viewport().height() for r in rects)
                and hand.verticalScrollBar().maximum() == 0 and hand.horizontalScrollBar().maximum() == 0)

    try:
        assert whole()
        english = hand.height()
        i18n.install_language("ja")  # the language (and the app's font) change with the list on screen
        hand.show_hand(plans)  # the player panel shows the hand again in the new words
        qtbot.wait(20)
        assert "壁" in hand.item(1).text()
        assert whole()
        wrapped = hand.visualItemRect(hand.item(1)).height() > 1.5 * hand.visualItemRect(hand.item(0)).height()
        assert wrapped and hand.height() > english
        bigger = QFont(app.font())
        bigger.setPointSizeF(bigger.pointSizeF() * 1.4)
        app.setFont(bigger)  # a taller font alone: the rows are measured again
        qtbot.wait(20)
        assert whole()
    finally:
        i18n.install_language("en")
        app.setFont(before)


def test_the_waiting_table_window_shows_the_join_code_and_address_and_copies_them(qtbot, tmp_path):
    """The join code and address were only in the Host dialog, which the table's window
    covers.  Now the window shows them while the table waits, with a Copy button; a
    player joins with what was copied (real sockets, loopback), and the box goes."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    from ruin_qt.app import tables as app_tables

    from ..net.test_windows import FakeBrowser

    dialog = app_tables.host_dialog(listen="127.0.0.1", data=tmp_path / "table")
    qtbot.addWidget(dialog)
    windows = {}
    dialog.table_opened.connect(lambda service, seat: windows.setdefault(
        "host", app_tables.hosted_table(service, seat, addresses=dialog.addresses_of)))  # as Game ▸ Host wires it
    assert dialog.open_table()
    host = windows["host"]
    host.resize(960, 720)
    host.show()
    qtbot.waitExposed(host)
    code, port = dialog.service.host.code, dialog.service.port
    box = host.join_box
    assert box.isVisible()
    assert box.code.text() == f"Join code: {code}" and f"127.0.0.1:{port}" in box.address.text()
    assert "waiting for a player" in host.who.text()
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(box.copy_button, Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text()
    assert copied == f"Join code: {code}\nAddress: 127.0.0.1:{port}"
    assert "copied" in host.statusBar().currentMessage()
    # A player joins with the copied words alone.
    pasted_code = re.search(r"Join code: (\w+)", copied).group(1)
    pasted_host, pasted_port = re.search(r"Address: ([\d.]+):(\d+)", copied).groups()
    browser = FakeBrowser()
    join_dialog = app_tables.join_dialog(browser=browser)
    qtbot.addWidget(join_dialog)
    join_dialog.address.setText(f"{pasted_host}:{pasted_port}")
    join_dialog.code.setText(pasted_code)
    join_dialog.name.setText("Bo")
    join_dialog.joined.connect(lambda client, seat: windows.setdefault("join", app_tables.joined_table(client, seat)))
    assert join_dialog.join()
    try:
        qtbot.waitUntil(lambda: "join" in windows and host.model.public().phase == "setup", timeout=10_000)
        qtbot.waitUntil(lambda: not box.isVisible(), timeout=5_000)  # the game started: nothing to join
    finally:
        for w in windows.values():
            w.close()
        dialog.close_table()
