"""The table session, without Qt: every seat's intents, drafts and undo, who
may act, what each seat may see (R12), computer seats, resume."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules import record
from ruin_qt.rules.bitboard import cells_of
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.observation import observe
from ruin_qt.rules.turn import SetupChoice, Turn
from ruin_qt.session.intents import (
    Clear,
    Confirm,
    MoveTo,
    PlaceC,
    PlacePiece,
    Redo,
    SetEscape,
    TakeDecision,
    TakeNone,
    TakeSpecial,
    ToggleKeep,
    Undo,
)
from ruin_qt.session.table import NotDeciding, TableSession
from ruin_qt.session.views import Changes

TABLE = [("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")]


def build(session: TableSession, seat: int, rng: random.Random) -> Changes:
    """``seat`` builds a random legal decision gesture by gesture, from its own view."""
    v = session.view(seat)
    if v.setup is not None:
        choice = random_setup(v.obs, rng)
        ch = Changes()
        for card in choice.keep:
            ch |= session.act(seat, ToggleKeep(card))
        for card, cells in list(choice.roads) + list(choice.walls):
            kind = "road" if (card, cells) in choice.roads else "wall"
            ch |= session.act(seat, PlacePiece(kind, cells, card))
        return ch
    t = random_turn(v.obs, rng)
    if t.action in ("A", "B"):
        ch = session.act(seat, PlacePiece(t.draw_kind, t.cells))
    elif t.action == "C":
        ch = session.act(seat, PlaceC(t.cells[0]))
    else:
        ch = session.act(seat, TakeNone())
    # The rest of the turn (special action, walk, escape) in one step.
    return ch | session.act(seat, TakeDecision(t))


def answer_computers(session: TableSession, seats, rng: random.Random) -> Changes:
    ch = Changes()
    for seat in seats:
        obs = session.observation_for(seat)
        decision = random_setup(obs, rng) if obs.phase == "setup" else random_turn(obs, rng)
        ch |= session.submit_computer(seat, decision, f"fallback:{seat}")
    return ch


def play_to_the_end(session: TableSession, ch: Changes, rng: random.Random) -> int:
    """Every open seat builds its draft before any confirms; computers answer last.
    Returns the rounds in which two human seats had open drafts at once."""
    together = 0
    for _ in range(500):
        if session.game.over:
            return together
        acting = sorted(session.may_act())
        if len(acting) >= 2:
            together += 1
        for seat in acting:
            build(session, seat, rng)
        for seat in acting:
            ch |= session.act(seat, Confirm())
        ch = answer_computers(session, session.thinking(), rng) if session.thinking() else Changes()
    pytest.fail("the game did not end")


def test_R5_R6_two_humans_and_a_computer_play_to_the_end_through_the_session_alone():
    s = TableSession()
    ch = s.new_game(TABLE, seed=4)
    assert ch.started and ch.thinking and s.thinking() == [2] and s.may_act() == {0, 1}
    together = play_to_the_end(s, ch, random.Random(4))
    g = s.game
    assert g.over and s.public().phase == "over" and s.public().final is not None and together > 5
    assert s.may_act() == frozenset() and s.thinking() == []
    again = record.replay(record.to_record(g))  # what was played is a legal record
    assert again.scores() == g.scores()


def test_R4_two_seats_build_drafts_in_the_same_round_and_confirm_in_any_order():
    s = TableSession()
    rng = random.Random(5)
    ch = s.new_game(TABLE, seed=5)
    for seat in (1, 0):  # seat 1 decides its setup before seat 0
        build(s, seat, rng)
        s.act(seat, Confirm())
    answer_computers(s, s.thinking(), rng)
    assert s.game.phase == "play" and s.may_act() == {0, 1}
    build(s, 0, rng)
    build(s, 1, rng)
    d0, d1 = s.draft(0), s.draft(1)
    assert d0.action is not None and d1.action is not None
    ch = s.act(1, Confirm())
    assert ch.confirmed == (1,) and s.may_act() == {0} and s.draft(0) is d0  # seat 0's draft is untouched
    with pytest.raises(NotDeciding):
        s.act(1, PlaceC((0, 0)))  # a confirmed seat makes no more gestures
    ch = s.act(0, Confirm())
    assert not ch.round_advanced and s.game.round == 0  # the computer has not answered yet
    ch = answer_computers(s, (2,), rng)
    assert ch.round_advanced and s.game.round == 1 and ch.announced[0][0] == 1
    assert s.may_act() == {0, 1} and set(ch.new_drafts) == {0, 1}


def test_R2_2_R4_2_a_refused_draw_names_its_rule_and_changes_nothing():
    s = TableSession()
    s.new_game([("Aki", "human")], seed=7)
    s.act(0, TakeDecision(random_setup(s.view(0).obs, random.Random(7))))
    s.act(0, Confirm())
    before = s.draft(0)
    with pytest.raises(RuleError) as e:
        s.act(0, PlacePiece("road", [(0, 0), (0, 1)]))
    assert e.value.rule == "R2.2" and e.value.code  # not the active card's piece
    assert s.draft(0) is before and s.view(0).sheet.state_key() == s.game.seats[0].sheet.state_key()
    with pytest.raises(RuleError) as e:
        s.act(0, Confirm())  # nothing drawn yet
    assert e.value.rule == "R4.2"
    with pytest.raises(RuleError) as e:
        s.act(0, MoveTo((8, 8)))  # movement comes after the draw
    assert e.value.rule == "R4.2" and e.value.code == "draw_first"
    with pytest.raises(RuleError) as e:
        s.act(0, TakeNone())  # drawing nothing only when A, B and C are all impossible
    assert e.value.rule == "R4.2"
    assert s.draft(0) is before and not s.can_undo(0)  # no refusal left a step in the history


def test_R4_3_R4_5_R5_refused_specials_escape_and_setup_gestures():
    s = TableSession()
    s.new_game([("Aki", "human")], seed=8)
    with pytest.raises(RuleError) as e:
        s.act(0, PlaceC((1, 1)))  # no action C in setup
    assert e.value.rule == "R5"
    with pytest.raises(RuleError) as e:
        s.act(0, ToggleKeep(999))
    assert e.value.rule == "R5.3"
    s.act(0, TakeDecision(random_setup(s.view(0).obs, random.Random(8))))
    s.act(0, Confirm())
    with pytest.raises(RuleError) as e:
        s.act(0, TakeSpecial("extra", s.view(0).hand[0]))  # the draw comes first
    assert e.value.rule == "R4.3"
    d = s.draft(0)
    s.act(0, PlaceC(cells_of(d.start.sheet.c_cells(d.before))[0]))
    with pytest.raises(RuleError) as e:
        s.act(0, SetEscape(True))  # no escape in stage 1
    assert e.value.rule == "R4.5" and e.value.code == "escape_stage_1"
    with pytest.raises(RuleError) as e:
        s.act(0, ToggleKeep(s.view(0).hand[0]))
    assert e.value.rule == "R5"


def test_undo_and_redo_through_the_session():
    s = TableSession()
    s.new_game([("Aki", "human"), ("Bo", "human")], seed=9)
    rng = random.Random(9)
    for seat in (0, 1):
        s.act(seat, TakeDecision(random_setup(s.view(seat).obs, rng)))
        s.act(seat, Confirm())
    start = s.draft(0)
    cell = cells_of(start.start.sheet.c_cells(start.before))[0]
    assert not s.can_undo(0) and s.act(0, Undo()) == Changes()
    assert s.act(0, PlaceC(cell)).drafts == (0,)
    drawn = s.draft(0)
    other = s.draft(1)
    reach = drawn.reach()
    target = next(c for c in reach if c != drawn.start_cell)
    s.act(0, MoveTo(target))
    assert s.act(0, Undo()).drafts == (0,) and s.draft(0) == drawn
    assert s.act(0, Undo()) and s.draft(0) == start and not s.can_undo(0)
    assert s.draft(1) is other  # seat 1's draft has its own history
    assert s.act(0, Redo()) and s.draft(0) == drawn
    assert s.act(0, Redo()) and s.draft(0).path[-1] == target and not s.can_redo(0)
    s.act(0, Undo())
    s.act(0, Clear())  # a new gesture forgets what was undone
    assert s.draft(0) == start and not s.can_redo(0) and s.can_undo(0)
    s.act(0, Undo())
    assert s.draft(0) == drawn
    assert s.draft(0).can_confirm()
    s.act(0, Confirm())
    with pytest.raises(NotDeciding):
        s.act(0, Undo())  # a confirmed decision has no history any more


def test_R12_1_each_seat_view_carries_its_own_private_side_only():
    s = TableSession()
    rng = random.Random(6)
    s.new_game(TABLE, seed=6)
    for seat in (0, 1):
        s.act(seat, TakeDecision(random_setup(s.view(seat).obs, rng)))
        s.act(seat, Confirm())
    answer_computers(s, s.thinking(), rng)
    d = s.draft(0)
    s.act(0, PlaceC(cells_of(d.start.sheet.c_cells(d.before))[0]))
    g = s.game
    for seat in (0, 1, 2):
        v = s.view(seat)
        assert v.seat == seat and v.obs == observe(g, seat)
        assert v.hand == tuple(g.seats[seat].hand)
        others = [o for o in range(3) if o != seat]
        assert all(v.obs.hand != tuple(g.seats[o].hand) or g.seats[o].hand == g.seats[seat].hand for o in others)
    assert s.view(0).draft is s.draft(0) and s.view(0).penalties == g.seats[0].penalties + 1  # R4.2
    v1 = s.view(1)
    assert v1.draft is s.draft(1) and not v1.drawn_cells and v1.penalties == g.seats[1].penalties
    assert v1.sheet.state_key() == g.seats[1].sheet.state_key()  # nothing of seat 0's draft
    assert s.view(2).draft is None and not s.view(2).acting
    with pytest.raises(PermissionError):
        s.observation_for(0)  # only computer seats being asked get an observation
    with pytest.raises(PermissionError):
        s.view(3)


def test_a_broken_computer_answer_is_replaced_by_a_legal_random_one():
    s = TableSession()
    ch = s.new_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=10)
    assert ch.thinking and s.thinking() == [0, 1] and s.may_act() == frozenset()
    s.submit_computer(0, RuntimeError("the brain crashed"), "fallback:0")
    s.submit_computer(1, Turn("A", ((0, 0),)), "fallback:1")  # not even a setup
    assert s.game.phase == "play" and all(c is not None for c in s.game.setup_choices)
    assert s.thinking() == [0, 1]  # round 1
    s.submit_computer(0, None, "fallback:0")
    assert s.submit_computer(0, None, "x") == Changes()  # an answer nobody waits for


def test_pending_state_survives_a_resume():
    s = TableSession()
    ch = s.new_game(TABLE, seed=12)
    rng = random.Random(12)
    for seat in (0, 1):
        s.act(seat, TakeDecision(random_setup(s.view(seat).obs, rng)))
        s.act(seat, Confirm())
    answer_computers(s, s.thinking(), rng)
    first = 1
    s.act(first, TakeDecision(random_turn(s.view(first).obs, rng)))
    s.act(first, Confirm())
    pending = s.pending_state()
    assert pending["round"] == s.game.round + 1 and list(pending["turns"]) == [str(first)]

    again = TableSession()
    ch = again.resume(record.replay(record.to_record(s.game)), pending)
    assert ch.started and again.pending_state() == pending
    ch = again.begin()
    assert ch.thinking and again.thinking() == [2] and again.may_act() == {0}  # the confirmed seat is not asked again
    assert again.view(first).draft.turn() == s.view(first).draft.turn() and not again.view(first).acting
    broken = TableSession()
    broken.resume(record.replay(record.to_record(s.game)), {"round": s.game.round + 1, "turns": {"0": {"x": 1}}})
    assert broken.pending_state()["turns"] == {}


def test_setup_confirmed_before_a_kill_is_shown_to_its_seat_after_resume():
    s = TableSession()
    s.new_game([("Aki", "human"), ("CPU", "ai:random")], seed=13)
    s.act(0, TakeDecision(random_setup(s.view(0).obs, random.Random(13))))
    s.act(0, Confirm())
    assert s.game.phase == "setup" and s.may_act() == frozenset()
    shown = s.view(0).sheet.state_key()
    again = TableSession()
    again.resume(record.replay(record.to_record(s.game)), s.pending_state())
    again.begin()
    assert again.may_act() == frozenset() and again.view(0).sheet.state_key() == shown


def test_public_view_carries_nothing_private():
    s = TableSession()
    s.new_game(TABLE, seed=14)
    p = s.public()
    dealt = {c for seat in s.game.seats for c in seat.dealt_explore}
    assert dealt <= set(p.unseen_cards())  # the setup cards are not told apart from the deck
    assert p.final is None and p.winners == ()
    assert {f for f in vars(p)} >= {"seats", "line", "deck_size", "discard"}
    assert not any(isinstance(x, (SetupChoice, Turn)) for x in vars(p).values())
    assert observe(s.game, 0).seat == 0




def test_a_resumed_game_tells_its_whole_announcement_history():
    """Resumed (an autosave, a host restarted on its data folder): every round's announcements, not only
    the last round's, so the log shows the whole game as before the interruption."""
    from ruin_qt.rules.game import Game

    rng = random.Random(4)
    game = Game([("Aki", "human"), ("Bo", "human")], 4)
    for i in range(2):
        game.submit_setup(i, random_setup(observe(game, i), rng))
    for _ in range(4):
        game.play_round([None if s.escaped else random_turn(observe(game, i), rng) for i, s in enumerate(game.seats)])
    assert len(game.log) == 5
    ch = TableSession().resume(game)
    assert [rnd for rnd, _events in ch.announced] == [0, 1, 2, 3, 4]
    assert [tuple(events) for _rnd, events in ch.announced] == [tuple(r) for r in game.log]
