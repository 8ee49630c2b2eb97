"""The Help menu's dialogs (ui/dialogs/help.py): the controls list."""

from __future__ import annotations

from .. import driver
from ..app.test_solo_game import pick_draw
from ..windows.test_table_feel import start_solo


def test_controls_list_undo_not_the_last_command(window, qtbot):
    m = start_solo(window, qtbot)
    kind, cells = pick_draw(m)
    driver.place_piece(window.view, window.scene, kind, cells)
    assert window.turn_panel.actions.undo.text() != "&Undo"  # the menu item names what it undoes
    window.menus.act_controls.trigger()
    rows = window.menus.controls_dialog.rows()
    whats = [what for _section, _keys, what in rows]
    assert "Undo" in whats and not any(w.startswith("Undo ") for w in whats)
