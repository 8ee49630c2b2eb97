"""Motion that tells the story.  Each animation lasts at
most 300 ms, is interrupted by input (which lands at once: the state changed
before the picture), and a setting turns them all off -- the suite runs with
it off (RUIN_QT_MOTION=0, tests/conftest.py), so these tests turn it on
(the ``motion_on`` fixture)."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ruin_qt.bench import ui as bench_ui
from ruin_qt.rules.components import load_components
from ruin_qt.rules.game import Event
from ruin_qt.session.intents import Confirm, MoveTo, PlacePiece
from ruin_qt.ui.sheet import motion
from ruin_qt.ui.sheet.sheet_boxes import Track
from ruin_qt.ui.sheet.sheet_items import cell_centre
from ruin_qt.ui.table.card_line import LeavingCard

from .. import driver
from ..app.test_solo_game import pick_draw

LETTERS = {L: tuple(cell) for L, cell in load_components().letters.items()}


def longest() -> int:
    return max((m.duration() for m in motion.running()), default=0)


def solo(table):
    """A solo game at its first draw on ``table``: the window, or the sheet alone
    (``sheet_table``) where the side column's cards and tracks play no part."""
    bench_ui.start_solo(table, QApplication.instance())
    return table.model, table.view, table.scene


def test_the_suite_runs_with_motion_off_and_every_state_is_final_at_once(sheet_table):
    assert not motion.enabled()
    motion.set_enabled(True)  # as a window applying its settings would: the suite's switch holds
    assert not motion.enabled()
    m, view, scene = solo(sheet_table)
    kind, cells = pick_draw(m)
    assert m.act(PlacePiece(kind, cells))
    assert all(scene.cells[tuple(c)].stroke == 1.0 for c in cells) and not motion.running()
    target = max(m.view().turn.reach().items(), key=lambda kv: kv[1])[0]
    assert m.act(MoveTo(target))
    assert scene.pawn.pos() == cell_centre(*target)  # no walk to wait for
    assert not motion.running()


def test_a_piece_is_stroked_in_and_a_click_meanwhile_lands_at_once(sheet_table, motion_on):
    m, view, scene = solo(sheet_table)
    kind, cells = pick_draw(m)
    driver.place_piece(view, scene, kind, cells)
    drawn = [scene.cells[tuple(c)] for c in cells]
    assert all(item.state == kind for item in drawn)  # the state at once...
    assert any(item.stroke < 1.0 for item in drawn) and motion.running()  # ...the picture on its way
    reach = m.view().turn.reach()
    target = max(reach, key=reach.get)
    driver.click(view, target)  # input during the stroke-in
    assert m.view().sheet.pawn_cell == target  # handled immediately
    assert all(item.stroke == 1.0 for item in drawn)  # and the stroke-in jumped to its end
    assert longest() <= motion.MAX_MS
    view.setFocus()
    driver.key(view, Qt.Key.Key_Left)  # a key ends the walk just as well
    assert scene.pawn.pos() == cell_centre(*target) and not scene.pawn.walking()


def test_every_animation_lasts_at_most_300_ms_and_ends_final(window, qtbot, motion_on):
    m, view, scene = solo(window)
    seat = m.view().seat
    kind, cells = pick_draw(m)
    assert m.act(PlacePiece(kind, cells))  # a piece stroked in
    scene.pawn.walk([(r, 0) for r in range(11)])  # a long walk still takes at most 300 ms
    v = m.view()
    new = next(L for L in LETTERS if L not in v.active and L not in v.resolved)
    m.destinations_changed.emit(seat, [*v.active, new], list(v.resolved), [])  # a destination traced
    collected = v.active[0]
    m.destinations_changed.emit(seat, [new] + [L for L in v.active if L != collected], [*v.resolved, collected], [])
    m.announced.emit(3, (Event("stage", detail="2"),))  # the rectangle a square bonus scored
    window.player_panel.gems.set_count(3, animate=True)  # a track filling
    kinds = {type(x.owner).__name__ for x in motion.running()}
    assert {"SheetScene", "PawnItem", "Track"} <= kinds
    assert 0 < longest() <= 300
    assert scene.cells[LETTERS[new]].trace < 1.0 and scene.cells[LETTERS[collected]].flash < 1.0
    assert scene.square_item is not None and scene.square_item.t < 1.0
    qtbot.waitUntil(lambda: not motion.running(), timeout=2000)
    assert all(scene.cells[tuple(c)].stroke == 1.0 for c in cells)
    assert scene.cells[LETTERS[new]].trace == 1.0 and scene.cells[LETTERS[collected]].flash == 1.0
    assert scene.pawn.pos() == cell_centre(10, 0) and scene.square_item.t == 1.0
    assert window.player_panel.gems.progress == {}


def test_turning_motion_off_finishes_what_runs(sheet_table, motion_on):
    m, view, scene = solo(sheet_table)
    kind, cells = pick_draw(m)
    assert m.act(PlacePiece(kind, cells))
    scene.pawn.walk([(5, 6), (5, 7)])
    assert motion.running()
    motion.set_enabled(False)
    assert not motion.running()
    assert all(scene.cells[tuple(c)].stroke == 1.0 for c in cells)
    assert scene.pawn.pos() == cell_centre(5, 7)


def test_the_ruins_discarded_cards_slide_away(window, qtbot, motion_on):
    m, view, scene = solo(window)
    line = window.card_line
    active = m.public().line[0]
    assert m.act(PlacePiece(*pick_draw(m)))
    assert m.act(Confirm())  # the round: the active card goes to the discard pile
    leaving = line.findChildren(LeavingCard)
    assert [c.letter for c in leaving][:1] == [active] and active in m.public().discard
    assert line.faces[0].letter == m.public().line[0]  # the line itself is already the new one
    assert longest() <= 300
    qtbot.waitUntil(lambda: not line.findChildren(LeavingCard), timeout=2000)


def test_no_slide_with_motion_off(window):
    m, view, scene = solo(window)
    assert m.act(PlacePiece(*pick_draw(m)))
    assert m.act(Confirm())
    assert not window.card_line.findChildren(LeavingCard)


def test_a_gem_fills_the_track_with_its_mark_only_for_the_same_seat(qtbot, motion_on):
    track = Track("gem")
    qtbot.addWidget(track)
    track.set_count(2)  # a new viewer's marks: shown, not animated
    assert track.progress == {} and not motion.running()
    track.set_count(3, animate=True)
    assert 0.0 <= track.progress[2] < 1.0
    qtbot.waitUntil(lambda: track.progress == {}, timeout=2000)


def test_the_square_bonus_is_outlined_when_stage_2_begins_until_the_seat_draws(sheet_table):
    m, view, scene = solo(sheet_table)
    m.announced.emit(4, (Event("gem", seat=0, letter="A"), Event("stage", detail="2")))
    rect = m.view().sheet.square_bonus_rect()
    assert scene.square_item is not None and scene.square_item.rect == rect
    assert str(rect[2] * rect[3]) in scene.square_item.text and scene.square_item.t == 1.0  # motion off: at once
    assert m.act(PlacePiece(*pick_draw(m)))
    assert scene.square_item is None  # the seat draws on in stage 2: the outline has been seen


def test_a_seat_back_at_its_sheet_sees_what_changed_while_away(sheet_table, motion_on):
    m, view, scene = solo(sheet_table)
    seat = m.view().seat
    filled = next(cell for cell, item in scene.cells.items() if item.state != "empty")
    letter = m.view().active[0]
    # what the seat saw when it last looked: that cell still empty, that letter not yet traced
    seen = {cell: (item.state, item.dest) for cell, item in scene.cells.items()}
    seen[filled] = ("empty", None)
    seen[LETTERS[letter]] = (seen[LETTERS[letter]][0], None)
    scene.story.seen[seat] = seen
    m.viewer_changed.emit(seat)  # the sheet shown again, as after a hand-off
    assert scene.cells[filled].stroke < 1.0 and scene.cells[LETTERS[letter]].trace < 1.0
    others = [item for cell, item in scene.cells.items() if cell not in (filled, LETTERS[letter])]
    assert all(item.stroke == 1.0 and item.trace == 1.0 for item in others)


def test_a_frame_of_animation_paints_quickly(sheet_table, motion_on):
    """A smoke test of the measurement in bench_ui (the target is in the report)."""
    m, view, scene = solo(sheet_table)
    kind, cells = pick_draw(m)
    assert m.act(PlacePiece(kind, cells))
    times = bench_ui.paint_scene(sheet_table, runs=3)
    assert len(times) == 3 and all(t > 0 for t in times)
    assert motion.running()  # measured mid-animation


def test_random_seat_moves_never_wait_for_a_walk(sheet_table, motion_on):
    """Walk after walk, the model's pawn is where the last gesture put it."""
    m, view, scene = solo(sheet_table)
    assert m.act(PlacePiece(*pick_draw(m)))
    rng = random.Random(2)
    for _ in range(5):
        reach = [cell for cell in m.view().turn.reach() if cell != m.view().sheet.pawn_cell]
        target = rng.choice(reach)
        assert m.act(MoveTo(target))
        assert m.view().sheet.pawn_cell == target
        assert scene.pawn.walking() or scene.pawn.pos() == cell_centre(*target)
