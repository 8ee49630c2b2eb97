"""Drive the real view with mouse and key events, as a player would.

The tests may ask the rules which move to make (a player knows the rules);
every move itself is made through the sheet view and the controls."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from ruin_qt.rules.pieces import normalise
from ruin_qt.ui.common import style
from ruin_qt.ui.sheet.ghost import grab_cell

S = style.CELL


def point(view, cell):
    r, c = cell
    return view.mapFromScene(QPointF(c * S + S / 2, r * S + S / 2))


def hover(view, cell):
    # Move elsewhere first: a second move to the same pixel sends no event.
    p = point(view, cell)
    QTest.mouseMove(view.viewport(), p + (p.__class__(3, 3)))
    QTest.mouseMove(view.viewport(), p)


def click(view, cell, button=Qt.MouseButton.LeftButton):
    hover(view, cell)
    QTest.mouseClick(view.viewport(), button, Qt.KeyboardModifier.NoModifier, point(view, cell))


def key(view, k, mod=Qt.KeyboardModifier.NoModifier):
    QTest.keyClick(view, k, mod)


def wheel(view, cell, delta=-120):
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    p = point(view, cell)
    ev = QWheelEvent(QPointF(p), QPointF(view.viewport().mapToGlobal(p)), QPoint(0, 0), QPoint(0, delta),
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), ev)


def shape_to(view, scene, cells, use_wheel=False):
    """Rotate (R or wheel) and mirror (F or right click) the ghost to ``cells``' shape."""
    target = normalise(cells)
    for _flip in range(2):
        for _ in range(4):
            if scene.shape == target:
                return
            if use_wheel:
                wheel(view, scene.cursor)
            else:
                key(view, Qt.Key.Key_R)
        if scene.shape == target:
            return
        if use_wheel:
            click(view, scene.cursor, Qt.MouseButton.RightButton)
        else:
            key(view, Qt.Key.Key_F)
    assert scene.shape == target, (scene.shape, target)


def anchor_cursor(cells):
    """The cell to point at so the ghost covers exactly ``cells``: the piece
    is held by its grab cell (ruin_qt/ui/sheet/ghost.py)."""
    g = grab_cell(normalise(cells))
    return (min(r for r, _ in cells) + g[0], min(c for _, c in cells) + g[1])


def set_kind(view, scene, kind):
    if scene.kind != kind:
        key(view, Qt.Key.Key_Space)
    assert scene.kind == kind


def place_piece(view, scene, kind, cells, use_wheel=False):
    """Hover, shape the ghost, check it snaps onto ``cells``, click."""
    if kind is not None and scene.model.step() != "setup":
        set_kind(view, scene, kind)
    hover(view, anchor_cursor(cells))
    shape_to(view, scene, cells, use_wheel)
    hover(view, anchor_cursor(cells))
    assert sorted(scene.ghost.cells) == sorted(tuple(c) for c in cells)
    assert scene.ghost.legal
    click(view, anchor_cursor(cells))


def take_turn(window, qtbot, turn):
    """A whole step 1 made through the view and the panel, as a player makes it."""
    from ruin_qt.rules.components import load_components

    m, view, scene, panel = window.model, window.view, window.scene, window.turn_panel
    if turn.action in ("A", "B"):
        place_piece(view, scene, "road" if turn.action == "A" else "wall", turn.cells)
    elif turn.action == "C":
        qtbot.mouseClick(panel.c_button, Qt.MouseButton.LeftButton)
        click(view, turn.cells[0])
    else:
        qtbot.mouseClick(panel.none_button, Qt.MouseButton.LeftButton)
    if turn.discard is not None:
        button = panel.extra_button if turn.extra is not None else panel.warp_button
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        dlg = window.special_choice.dialog
        rows = [dlg.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dlg.list.count())]
        dlg.list.setCurrentRow(rows.index(turn.discard))
        dlg.accept()
        if turn.extra is not None:
            if scene.kind != turn.extra[0]:
                key(view, Qt.Key.Key_Space)
            click(view, turn.extra[1])
    if turn.path:
        click(view, turn.path[-1])
    if turn.escape:
        exit_cell = load_components().exit
        assert scene.escape_item.isVisible(), exit_cell
        hover(view, (0, 0))
        pos = view.mapFromScene(scene.escape_item.scenePos())
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert m.view().turn.end_cell == (turn.path[-1] if turn.path else m.view().start_cell)
    key(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
