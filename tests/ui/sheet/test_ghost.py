"""The ghost on the sheet (ui/sheet/ghost.py): where it rests and when it shows again."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ruin_qt.ui.sheet.sheet_items import PawnItem

from .. import driver
from ..app.test_solo_game import pick_draw
from ..windows.test_table_feel import start_solo


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
