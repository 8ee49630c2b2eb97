"""GameModel emits the documented signals with the right payloads."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.model.game_model import GameModel
from ruin_qt.rules.bitboard import bits
from ruin_qt.rules.components import load_components
from ruin_qt.rules.observation import observe
from ruin_qt.session.intents import Clear, Confirm, MoveTo, PlaceC, PlacePiece, Redo, TakeDecision, Undo


def solo_model(runner, qtbot, seed):
    m = GameModel(runner=runner)
    m.new_game([("Aki", "human")], seed=seed)
    choice = random_setup(observe(m.session.game, 0), random.Random(seed))
    assert m.act(TakeDecision(choice))
    assert m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=3000)
    return m


class Recorder:
    def __init__(self, m: GameModel):
        self.events = []
        for name in ("cell_changed", "gems_changed", "penalties_changed", "hand_changed", "pawn_moved",
                     "destinations_changed", "line_changed", "stage_changed", "announced"):
            getattr(m, name).connect(lambda *a, name=name: self.events.append((name, a)))

    def of(self, name):
        return [a for n, a in self.events if n == name]


def test_placement_emits_cell_changes(qtbot, runner):
    m = solo_model(runner, qtbot, 1)
    rec = Recorder(m)
    sheet = m.session.game.seats[0].sheet
    p = sheet.legal_placements(m.public().active_card, "road", sheet.filled)[0]
    assert m.act(PlacePiece("road", p.cells))
    assert sorted(rec.of("cell_changed")) == sorted((0, r, c, "road") for r, c in p.cells)
    rec.events.clear()
    m.undo_stack.undo()  # undo sends the cells back to empty
    assert sorted(rec.of("cell_changed")) == sorted((0, r, c, "empty") for r, c in p.cells)
    m.shutdown()


def test_penalty_emits_penalty_count(qtbot, runner):
    m = solo_model(runner, qtbot, 2)
    rec = Recorder(m)
    sheet = m.session.game.seats[0].sheet
    i = next(bits(sheet.c_cells(sheet.filled)))
    cell = (i >> 4, i & 15)
    assert m.act(PlaceC(cell))
    assert rec.of("penalties_changed") == [(0, 1)]
    assert rec.of("cell_changed") == [(0, cell[0], cell[1], "wall")]
    assert m.act(Confirm())
    qtbot.waitUntil(lambda: m.session.game.round == 1)
    assert m.session.game.seats[0].penalties == 1
    assert rec.of("penalties_changed") == [(0, 1)]  # confirmed: same count, no second emission
    m.shutdown()


def find_gem_turn(m):
    """A draw and a target that puts the pawn on an active destination."""
    g = m.session.game
    sheet = g.seats[0].sheet
    letters = load_components().letters
    dests = {letters[L]: L for L in g.active_destinations()}
    steps = load_components().explore[g.active_card].number
    for kind in ("road", "wall"):
        for p in sheet.legal_placements(g.active_card, kind, sheet.filled):
            s = sheet.copy()
            s.draw(kind, p.mask)
            for cell in s.reachable(steps):
                if cell in dests:
                    return kind, p.cells, cell, dests[cell]
    return None


def test_gem_emits_gems_destinations_and_announcement(qtbot, runner):
    for seed in range(1, 60):
        m = solo_model(runner, qtbot, seed)
        found = find_gem_turn(m)
        if found:
            break
        m.shutdown()
    else:
        pytest.fail("no seed gives a gem in round 1")
    kind, cells, target, letter = found
    rec = Recorder(m)
    assert m.act(PlacePiece(kind, cells))
    assert m.act(MoveTo(target))
    path = rec.of("pawn_moved")[-1]
    assert path[0] == 0 and path[1][-1] == target
    hand_before = len(m.session.game.seats[0].hand)
    rec.events.clear()
    assert m.act(Confirm())
    qtbot.waitUntil(lambda: m.session.game.round == 1)
    assert rec.of("gems_changed") == [(0, 1)]
    (rnd, events), = rec.of("announced")
    assert rnd == 1 and any(e.kind == "gem" and e.seat == 0 and e.letter == letter for e in events)
    seat, active, resolved, walled = rec.of("destinations_changed")[-1]
    assert seat == 0 and letter in resolved and letter not in active and letter not in walled
    state = m.session.game.seats[0].sheet.state(*target)
    assert (0, target[0], target[1], state) in rec.of("cell_changed")  # road -> gate, else wall (R8.3)
    hand = m.session.game.seats[0].hand
    assert rec.of("hand_changed")[-1] == (0, hand) and len(hand) == hand_before + 1
    line, deck = rec.of("line_changed")[-1]
    assert line == m.session.game.line and deck == len(m.session.game.deck)
    m.shutdown()


def test_R12_1_private_views_refuse_other_seats(qtbot, runner):
    m = GameModel(runner=runner)
    m.new_game([("Aki", "human"), ("Bo", "human")], seed=3)
    assert m.screen.viewer == -1 and m.step() == "handoff" and m.view() is None
    with pytest.raises(PermissionError):
        m.screen.view_of(0)
    m.accept_handoff()
    assert m.view().seat == 0
    with pytest.raises(PermissionError):
        m.screen.view_of(1)
    m.shutdown()


def test_the_undo_stack_is_the_face_of_the_session_history(qtbot, runner):
    """A gesture through the model is the session's intent; the menu's undo
    and redo step the session's own history for that seat."""
    m = solo_model(runner, qtbot, 4)
    s = m.session
    sheet = s.game.seats[0].sheet
    p = sheet.legal_placements(m.public().active_card, "road", sheet.filled)[0]
    start = s.draft(0)
    assert m.act(PlacePiece("road", p.cells))
    drawn = s.draft(0)
    assert drawn.action == "A" and s.can_undo(0) and m.undo_stack.count() == 1
    m.undo_stack.undo()
    assert s.draft(0) == start and s.can_redo(0)
    m.undo_stack.redo()
    assert s.draft(0) == drawn and not s.can_redo(0)
    assert m.act(Clear()) and s.draft(0) == start and m.undo_stack.count() == 2
    assert not m.act(PlacePiece("road", [(0, 0)]))  # refused by the rules: no step, nothing changed
    assert m.undo_stack.count() == 2 and s.draft(0) == start
    m.shutdown()


def test_the_undo_stack_is_built_from_the_gesture_values(qtbot, runner):
    """Each undo step holds the value the session took and is named by its label;
    act(Undo()) and act(Redo()) step the same stack the menu steps."""
    m = solo_model(runner, qtbot, 4)
    s = m.session
    sheet = s.game.seats[0].sheet
    p = sheet.legal_placements(m.public().active_card, "road", sheet.filled)[0]
    start = s.draft(0)
    assert m.act(PlacePiece("road", [list(c) for c in p.cells]))  # cells as a view hands them: lists
    drawn = s.draft(0)
    assert m.act(Clear())
    assert [m.undo_stack.command(i).intent for i in range(2)] == [PlacePiece("road", p.cells), Clear()]
    assert [m.undo_stack.text(i) for i in range(2)] == ["Action A: roads", "Start over"]
    assert m.act(Undo()) and s.draft(0) == drawn and m.undo_stack.index() == 1
    assert m.act(Undo()) and s.draft(0) == start and not m.act(Undo())
    assert m.act(Redo()) and s.draft(0) == drawn
    m.shutdown()


def test_a_seat_deciding_elsewhere_reaches_this_screen_only_through_public_signals(qtbot, runner):
    """The session lets both humans act; the shared screen shows one, and a
    gesture of the other seat (another screen's) emits nothing private here."""
    m = GameModel(runner=runner)
    m.new_game([("Aki", "human"), ("Bo", "human")], seed=6)
    m.accept_handoff()
    private = []
    for name in ("cell_changed", "hand_changed", "penalties_changed", "pawn_moved"):
        getattr(m, name).connect(lambda *a, name=name: private.append((name, a)))
    other = m.session.view(1)
    m.session.act(1, TakeDecision(random_setup(other.obs, random.Random(6))))  # told to the model by the table
    assert private == [] and m.screen.viewer == 0 and m.view().seat == 0
    m.shutdown()


def test_undo_is_off_at_the_end_of_a_table_game_the_other_seat_ended(qtbot, runner):
    """At a table across laptops this screen confirms first and another seat's last decision ends
    the game: this screen's last gestures stayed on the stack, Undo lit after "The game is over"."""
    from ruin_qt.ai.random_policy import random_turn
    from ruin_qt.net.codec import read
    from ruin_qt.net.contents import Seen
    from ruin_qt.net.table_host import TableHost
    from ruin_qt.rules import record
    from ruin_qt.rules.turn import SetupChoice
    from ruin_qt.session.screen import SeatScreen

    from ..net.hosting import Wire, fixed

    w = Wire(fixed(TableHost(["local", "remote"], 9, "test42", names=["Aki", "Bo"]), 10))
    conn = w.join(seat=1)[0]
    session = w.host.session
    m = GameModel(session, screen=SeatScreen(session, 0), runner=runner)
    m.catch_up()  # the game started as the other seat sat down
    rng, ids = random.Random(9), 0
    while not session.live.over:
        if 0 in session.may_act():  # this screen first...
            obs = session.hint_observation(0)
            d = random_setup(obs, rng) if obs.phase == "setup" else random_turn(obs, rng)
            assert m.act(TakeDecision(d))
            assert m.act(Confirm())
            w.host.publish()
            w.pump()
        state = w.last_state(conn)
        if state["view"]["acting"]:  # ...the other seat last
            obs = read(Seen, state["view"]["observation"]).value()
            d = random_setup(obs, rng) if obs.phase == "setup" else random_turn(obs, rng)
            js = {"setup": record.setup_to_json(d)} if isinstance(d, SetupChoice) else {"turn": record.turn_to_json(d)}
            ids += 2
            w.send(conn, {"type": "intent", "id": ids, "seat": 1, "intent": "take_decision", "args": {"decision": js}})
            w.send(conn, {"type": "intent", "id": ids + 1, "seat": 1, "intent": "confirm"})
    assert m.public().phase == "over"
    assert not m.undo_stack.canUndo() and not m.undo_stack.canRedo()
    m.shutdown()
