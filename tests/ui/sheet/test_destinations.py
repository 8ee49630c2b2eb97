"""The letters' destinations on the sheet: an active one wears its chip, a walled one is struck out."""

from __future__ import annotations

from ruin_qt.session.intents import Confirm, PlaceC


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

    from ..windows.test_table_feel import start_solo


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
    assert note.text() == "" and note.toolTip() == ""  # hidden, it keeps no word of the sheet
    # A sheet drawn from the rules (replay, final sheet, export) says the same.
    drawing = SheetDrawing()
    v = m.view()
    drawing.draw_rules_sheet(0, v.sheet, m.public().revealed, m.public().resolved)
    assert drawing.cells[j].dest == "walled"
