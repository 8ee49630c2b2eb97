"""A complete solo game played through the real view with mouse and keys."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.components import load_components
from ruin_qt.rules.observation import observe
from ruin_qt.ui.sheet.sheet_items import PawnItem, cell_centre

from .. import driver


def setup_through_view(window, qtbot, seat, rng):
    m, view, scene, panel = window.model, window.view, window.scene, window.turn_panel
    assert m.step() == "setup" and m.screen.viewer == seat
    choice = random_setup(observe(m.session.game, seat), rng)  # which legal setup to draw: the rules know
    dealt = list(m.view().setup.dealt_objectives)
    for card in choice.keep:
        box = panel.keep_boxes[dealt.index(card)]
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    for card, cells in list(choice.roads) + list(choice.walls):
        qtbot.wait(1)  # as between a player's clicks: the panel has laid itself out again
        button = next(b for b in panel.card_buttons if b.property("card") == card)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert scene.setup_card == card
        driver.place_piece(view, scene, None, cells)
    assert m.view().draft.can_confirm()
    qtbot.mouseClick(panel.confirm_button, Qt.MouseButton.LeftButton)


def pick_draw(m):
    """A legal draw for the acting seat, straight from the rules."""
    obs = observe(m.session.game, m.screen.actor)
    sheet = obs.sheet
    for kind in ("road", "wall"):
        opts = sheet.legal_placements(obs.active_card, kind, sheet.filled)
        if opts:
            return kind, opts[len(opts) // 2].cells
    return None, None


def find_legal_cell(view, scene):
    """Sweep the pointer over the sheet until the ghost turns green."""
    for r in range(11):
        for c in range(11):
            driver.hover(view, (r, c))
            if scene.ghost.isVisible() and scene.ghost.legal:
                return (r, c)
    return None


def play_turn(window, qtbot, rnd, escape_ok=True):
    m, view, scene, panel = window.model, window.view, window.scene, window.turn_panel
    qtbot.waitUntil(lambda: m.step() == "draw" or m.public().phase == "over", timeout=5000)
    kind, cells = pick_draw(m)
    if cells is not None:
        if rnd == 1:
            start = scene.kind
            driver.hover(view, (5, 5))
            driver.key(view, Qt.Key.Key_Space)  # toggle roads/walls, and back
            assert scene.kind != start and scene.ghost.kind == scene.kind
            assert window.turn_panel.kind_button.text().startswith("Drawing:")
            driver.key(view, Qt.Key.Key_Space)
            assert scene.kind == start
            driver.place_piece(view, scene, kind, cells, use_wheel=True)  # wheel + right click
        elif rnd == 2:
            # keyboard only: R/F to shape, arrows to move the piece (each press moves it), Enter to draw
            driver.set_kind(view, scene, kind)
            driver.shape_to(view, scene, cells)
            target = driver.anchor_cursor(cells)
            while scene.cursor != target:
                r, c = scene.cursor
                k = Qt.Key.Key_Down if r < target[0] else Qt.Key.Key_Up if r > target[0] else \
                    Qt.Key.Key_Right if c < target[1] else Qt.Key.Key_Left
                before = list(scene.ghost.cells)
                driver.key(view, k)
                assert scene.ghost.cells != before  # every press moves the piece
            assert sorted(scene.ghost.cells) == sorted(cells)
            driver.key(view, Qt.Key.Key_Return)
        else:
            driver.place_piece(view, scene, kind, cells)
    elif m.step() == "draw" and not m.view().turn.can_draw_nothing():
        qtbot.mouseClick(panel.c_button, Qt.MouseButton.LeftButton)
        cell = find_legal_cell(view, scene)
        driver.click(view, cell)
    else:
        qtbot.mouseClick(panel.none_button, Qt.MouseButton.LeftButton)
    assert m.step() == "move", m.step()
    # Undo once and redo: the draw comes back identical.
    drawn = m.view().drawn_cells
    driver.key(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert m.step() == "draw"
    qtbot.mouseClick(panel.redo_button, Qt.MouseButton.LeftButton)
    assert m.view().drawn_cells == drawn

    if rnd == 3 and m.view().turn.can_take_special():  # the +1 cell special action, paid with a card
        hand_before = len(m.view().hand)
        qtbot.mouseClick(panel.extra_button, Qt.MouseButton.LeftButton)
        dlg = window.special_choice.dialog
        assert dlg is not None and dlg.isVisible()
        dlg.accept()
        assert m.step() == "extra"
        assert len(m.view().hand) == hand_before - 1
        cell = find_legal_cell(view, scene)
        driver.click(view, cell)
        assert m.step() == "move"

    reach = {cell: item.reach for cell, item in scene.cells.items() if item.reach is not None}
    assert reach, "the pawn's own cell is always reachable"
    letters = load_components().letters
    snap = m.view()
    targets = [letters[L] for L in snap.active if letters[L] in reach]
    exit_cell = load_components().exit
    if escape_ok and m.session.game.stage == 2 and exit_cell in reach:
        target = exit_cell
    elif targets:
        target = targets[0]
    else:
        target = max(reach, key=lambda c: (reach[c], c))
    driver.click(view, target)
    assert window.scene.pawn.pos() == cell_centre(*target)
    if target == exit_cell and m.view().turn.can_escape():
        assert scene.escape_item.isVisible()
        p = view.mapFromScene(scene.escape_item.scenePos())
        driver.hover(view, (0, 0))
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=p)
        assert m.view().turn.escape
    driver.key(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # confirm
    assert m.step() != "move", (m.step(), window.statusBar().currentMessage())
    confirmed = m.session.game.seats[0].sheet.state_key()
    driver.key(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # nothing to undo any more
    assert m.session.game.seats[0].sheet.state_key() == confirmed and not m.undo_stack.canUndo()


def test_solo_game_through_the_view(window, qtbot, monkeypatch):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = window.model
    window.start_game([("Aki", "human")], seed=11)
    rng = random.Random(3)
    setup_through_view(window, qtbot, 0, rng)
    assert m.public().phase == "play"
    rnd = 0
    while m.public().phase == "play":
        rnd += 1
        before = m.session.game.round
        play_turn(window, qtbot, rnd)
        assert m.session.game.round == before + 1 or m.public().phase == "over"
        assert rnd < 80
    assert m.public().phase == "over"
    board = window.scoreboard
    assert board is not None and board.isVisible()
    assert board.totals() == [s.total for s in m.session.game.final]
    assert m.session.game.seats[0].escaped
