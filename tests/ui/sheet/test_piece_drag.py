"""The piece follows the hand.  A left press over the sheet
takes the piece up; while the button is held the ghost follows the pointer,
snapped and checked as a hover is; the release draws it at the release cell.
A release off the sheet, or Escape during the drag, draws nothing and leaves
the ghost hovering.  Driven with real mouse events on the view's viewport, the
sheet shown alone (``sheet_table``): the status bar's text is the scene's."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from .. import driver
from ..app.test_solo_game import pick_draw
from .test_illegal_gestures import snapshot, start_solo

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def in_hand(table, qtbot, seed=3):
    """A solo game at its first draw, the ghost shaped to a legal placement:
    (the anchor cell that places it, its cells, a far cell to start the drag from)."""
    m, view, scene = table.model, table.view, table.scene
    start_solo(table, qtbot, seed)
    kind, cells = pick_draw(m)
    assert cells is not None
    driver.set_kind(view, scene, kind)
    anchor = driver.anchor_cursor(cells)
    driver.hover(view, anchor)
    driver.shape_to(view, scene, cells)
    driver.hover(view, anchor)
    assert sorted(scene.ghost.cells) == sorted(map(tuple, cells)) and scene.ghost.legal
    far = (10 - anchor[0], 10 - anchor[1]) if abs(10 - 2 * anchor[0]) + abs(10 - 2 * anchor[1]) > 3 else (0, 0)
    return anchor, sorted(map(tuple, cells)), far


def press(view, cell):
    QTest.mousePress(view.viewport(), LEFT, NONE, driver.point(view, cell))


def move(view, where):
    QTest.mouseMove(view.viewport(), where if isinstance(where, QPoint) else driver.point(view, where))


def release(view, where):
    QTest.mouseRelease(view.viewport(), LEFT, NONE, where if isinstance(where, QPoint) else driver.point(view, where))


def off_sheet(view) -> QPoint:
    """A point on the view but off the paper's grid: the margin round the sheet."""
    return view.mapFromScene(QPointF(-4, -4))


def test_press_drag_release_places_at_the_release_cell(sheet_table, qtbot):
    m, view, scene = sheet_table.model, sheet_table.view, sheet_table.scene
    anchor, cells, far = in_hand(sheet_table, qtbot)
    before = snapshot(m)
    press(view, far)
    assert snapshot(m) == before, "a press alone draws nothing"
    assert scene.ghost.isVisible() and scene.cursor == far
    status = sheet_table.status()
    assert status.startswith("Release") if scene.ghost.legal else status.startswith("Not allowed:"), status
    # The ghost slides after the hand, snapped to each cell on the way, legality shown as it goes.
    r, c = far
    while (r, c) != anchor:
        r += (anchor[0] > r) - (anchor[0] < r)
        c += (anchor[1] > c) - (anchor[1] < c)
        move(view, (r, c))
        assert scene.cursor == (r, c) and scene.ghost.isVisible()
        assert scene.ghost.cells == scene.ghost_cells()
        assert scene.ghost.legal == (scene._why_not("piece", scene.ghost.cells, scene.draw_kind()) is None)
        assert snapshot(m) == before, "nothing is drawn while the button is held"
    assert sorted(scene.ghost.cells) == cells and scene.ghost.legal
    assert sheet_table.status().startswith("Release")
    release(view, anchor)
    assert sorted(m.view().drawn_cells) == cells
    assert m.step() == "move"


def test_dragging_off_the_sheet_and_back_still_places(sheet_table, qtbot):
    """Leaving the sheet while the button is held hides the ghost; coming back takes it up again."""
    m, view, scene = sheet_table.model, sheet_table.view, sheet_table.scene
    anchor, cells, far = in_hand(sheet_table, qtbot)
    press(view, far)
    move(view, off_sheet(view))
    assert not scene.ghost.isVisible()
    move(view, anchor)
    assert scene.ghost.isVisible() and sorted(scene.ghost.cells) == cells
    release(view, anchor)
    assert sorted(m.view().drawn_cells) == cells


def test_a_release_off_the_sheet_cancels(sheet_table, qtbot):
    m, view, scene = sheet_table.model, sheet_table.view, sheet_table.scene
    anchor, _cells, _far = in_hand(sheet_table, qtbot)
    before = snapshot(m)
    press(view, anchor)
    move(view, off_sheet(view))
    release(view, off_sheet(view))
    assert snapshot(m) == before and m.step() == "draw"
    assert scene._held is None and not scene.ghost.isVisible()
    # Released past the view's edge too (the view keeps the pointer while the button is held).
    press(view, anchor)
    outside = QPoint(-30, -30)
    move(view, outside)
    release(view, outside)
    assert snapshot(m) == before
    # Hovering again: the ghost is back, and a click still draws.
    driver.hover(view, anchor)
    assert scene.ghost.isVisible() and scene.ghost.legal
    driver.click(view, anchor)
    assert m.view().drawn_cells


def test_escape_during_the_drag_cancels(sheet_table, qtbot):
    m, view, scene = sheet_table.model, sheet_table.view, sheet_table.scene
    anchor, cells, far = in_hand(sheet_table, qtbot)
    before = snapshot(m)
    press(view, far)
    move(view, anchor)
    assert sorted(scene.ghost.cells) == cells
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert scene._held is None
    # The ghost is back to hovering where the pointer is; the release draws nothing.
    assert scene.ghost.isVisible() and sorted(scene.ghost.cells) == cells
    assert "Release" not in sheet_table.status()
    release(view, anchor)
    assert snapshot(m) == before and m.step() == "draw"
    # The next press and release (a click) is an ordinary one.
    press(view, anchor)
    release(view, anchor)
    assert sorted(m.view().drawn_cells) == cells


def test_an_illegal_release_is_refused_with_the_clicks_reason(sheet_table, qtbot):
    m, view, scene = sheet_table.model, sheet_table.view, sheet_table.scene
    anchor, _cells, _far = in_hand(sheet_table, qtbot)
    before = snapshot(m)
    bad = next((r, c) for r in range(11) for c in range(11)
               if (driver.hover(view, (r, c)) or True) and scene.ghost.isVisible() and not scene.ghost.legal)
    press(view, anchor)
    move(view, bad)
    assert not scene.ghost.legal
    release(view, bad)
    assert snapshot(m) == before
    assert sheet_table.status().startswith("Not allowed:")


def test_the_wheel_turns_the_piece_in_hand(sheet_table, qtbot):
    """The wheel turns a held piece as it turns a hovering one; the hold goes on."""
    m, view, scene = sheet_table.model, sheet_table.view, sheet_table.scene
    anchor, _cells, far = in_hand(sheet_table, qtbot)
    before = snapshot(m)
    press(view, far)
    shape = scene.shape
    driver.wheel(view, far)
    assert scene._held is not None and snapshot(m) == before
    assert scene.ghost.cells == scene.ghost_cells()
    driver.wheel(view, far, 120)
    assert scene.shape == shape
    QTest.keyClick(view, Qt.Key.Key_Escape)
    release(view, far)
    assert snapshot(m) == before


def test_a_hold_whose_release_went_elsewhere_ends_at_the_next_plain_move(sheet_table, qtbot):
    """A press whose release never reached the sheet (a window took the mouse) draws nothing later."""
    m, view, scene = sheet_table.model, sheet_table.view, sheet_table.scene
    anchor, _cells, far = in_hand(sheet_table, qtbot)
    before = snapshot(m)
    press(view, far)
    assert scene._held == far
    elsewhere = QWidget()
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    QTest.mouseRelease(elsewhere, LEFT, NONE, QPoint(5, 5))  # the release lands on another widget
    driver.hover(view, anchor)  # a move with no button held
    assert scene._held is None and snapshot(m) == before
    assert not sheet_table.status().startswith("Release")
