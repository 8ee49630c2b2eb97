"""The table session, without Qt: whose turn it is, drafts, the hand-off, who
may see what (R12), computer seats, resume."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules import record
from ruin_qt.rules.bitboard import cells_of
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.observation import observe
from ruin_qt.rules.turn import SetupChoice, Turn
from ruin_qt.session.table import NotDeciding, TableSession
from ruin_qt.session.views import Changes

TABLE = [("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")]


def decide(session: TableSession, rng: random.Random) -> Changes:
    """The acting seat takes a random legal decision, built from its own view, and confirms."""
    v = session.view(session.actor)
    d = session.draft()
    if v.setup is not None:
        new = d.replay(random_setup(v.obs, rng))
    else:
        new = d.replay(random_turn(v.obs, rng))
    session.set_draft(new)
    return session.confirm()


def answer_computers(session: TableSession, seats, rng: random.Random) -> Changes:
    ch = Changes()
    for seat in seats:
        obs = session.observation_for(seat)
        decision = random_setup(obs, rng) if obs.phase == "setup" else random_turn(obs, rng)
        ch |= session.submit_computer(seat, decision, f"fallback:{seat}")
    return ch


def through_setup(session: TableSession, ch: Changes, rng: random.Random) -> Changes:
    while session.game.phase == "setup":
        if ch.requests:
            ch = answer_computers(session, ch.requests, rng)
        elif session.awaiting_handoff:
            ch = session.accept_handoff()
        else:
            ch = decide(session, rng)
    return ch


def play_to_the_end(session: TableSession, ch: Changes, rng: random.Random, on_step=None) -> None:
    for _ in range(2000):
        if session.game.over:
            return
        if ch.requests:
            ch = answer_computers(session, ch.requests, rng)
            continue
        if session.awaiting_handoff:
            ch = session.accept_handoff()
            continue
        if on_step:
            on_step(session)
        ch = decide(session, rng)
    pytest.fail("the game did not end")


def test_R5_each_human_decides_behind_the_cover_and_the_computer_is_asked_at_once():
    s = TableSession()
    ch = s.new_game(TABLE, seed=4)
    assert ch.started and ch.requests == (2,) and ch.handoff == 0
    assert s.viewer == -1 and s.awaiting_handoff and s.actor == 0
    with pytest.raises(NotDeciding):
        s.draft()  # the cover is up: nobody's draft takes gestures
    ch = s.accept_handoff()
    assert ch.viewer and s.viewer == 0 and s.view(0).step == "setup"
    ch = decide(s, random.Random(1))
    assert ch.handoff == 1 and ch.viewer and s.viewer == -1
    s.accept_handoff()
    decide(s, random.Random(2))
    assert s.game.phase == "setup" and s.thinking() == [2]
    ch = answer_computers(s, (2,), random.Random(3))
    assert s.game.phase == "play" and ch.phase and ch.announced[0][0] == 0
    assert ch.handoff == 0 and ch.requests == (2,)  # round 1 begins at once


def test_R12_1_a_seat_view_is_only_for_the_seat_viewing():
    s = TableSession()
    s.new_game(TABLE, seed=5)
    for seat in (0, 1, 2):
        with pytest.raises(PermissionError):
            s.view(seat)  # cover up
    s.accept_handoff()
    v = s.view(0)
    assert v.seat == 0 and v.obs.seat == 0 and v.hand == tuple(s.game.seats[0].dealt_objectives)
    for seat in (1, 2):
        with pytest.raises(PermissionError):
            s.view(seat)
    with pytest.raises(PermissionError):
        s.observation_for(0)  # only computer seats being asked get an observation


def test_R12_a_confirmed_turn_is_shown_to_its_own_seat_only():
    s = TableSession()
    ch = s.new_game(TABLE, seed=6)
    rng = random.Random(6)
    ch = through_setup(s, ch, rng)
    s.accept_handoff()
    first = s.actor
    d = s.draft()
    cell = cells_of(d.start.sheet.c_cells(d.before))[0]
    s.set_draft(d.draw_c(cell))
    assert s.view(first).penalties == s.game.seats[first].penalties + 1  # the draft's penalty, R4.2
    s.confirm()
    assert s.viewer == -1 and s.awaiting_handoff and s.actor != first
    s.accept_handoff()
    other = s.view(s.actor)
    assert other.draft.action is None and not other.drawn_cells  # nothing of the first seat's turn
    assert s.public().seats[first].hand_size == len(s.game.seats[first].hand)
    with pytest.raises(PermissionError):
        s.view(first)


def test_R4_a_refused_gesture_names_its_rule_and_changes_nothing():
    s = TableSession()
    s.new_game([("Aki", "human")], seed=7)
    d = s.draft()
    setup = random_setup(s.view(0).obs, random.Random(7))
    s.set_draft(d.replay(setup))
    s.confirm()
    before = s.draft()
    with pytest.raises(RuleError) as e:
        s.propose(lambda d: d.draw("road", [(0, 0), (0, 1)]))
    assert e.value.rule.startswith("R") and e.value.code
    assert s.draft() is before and s.view(0).sheet.state_key() == s.game.seats[0].sheet.state_key()
    with pytest.raises(RuleError) as e:
        s.confirm()  # nothing drawn yet
    assert e.value.rule == "R4.2"


def test_a_draft_of_another_decision_is_refused():
    s = TableSession()
    s.new_game([("Aki", "human")], seed=8)
    old = s.draft()
    s.set_draft(old.replay(random_setup(s.view(0).obs, random.Random(8))))
    s.confirm()
    with pytest.raises(ValueError):
        s.set_draft(old)  # a setup draft, in round 1


def test_solo_the_human_keeps_the_screen_and_each_round_starts_a_new_draft():
    s = TableSession()
    ch = s.new_game([("Aki", "human")], seed=9)
    assert ch.handoff is None and s.viewer == 0 and ch.new_draft
    rng = random.Random(9)
    rounds = []

    def check(session):
        assert session.viewer == 0 and not session.awaiting_handoff
        assert session.view(0).draft == session.fresh_draft()  # nothing carried over
        rounds.append(session.game.round)

    play_to_the_end(s, ch, rng, check)
    assert rounds == [0] + list(range(len(rounds) - 1)) and len(rounds) > 10  # setup, then one decision a round
    assert s.public().final is not None and s.public().winners == (0,)


def test_a_broken_computer_answer_is_replaced_by_a_legal_random_one():
    s = TableSession()
    ch = s.new_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=10)
    assert ch.requests == (0, 1) and s.viewer == -1
    s.submit_computer(0, RuntimeError("the brain crashed"), "fallback:0")
    s.submit_computer(1, Turn("A", ((0, 0),)), "fallback:1")  # not even a setup
    assert s.game.phase == "play" and all(c is not None for c in s.game.setup_choices)
    assert s.thinking() == [0, 1]  # round 1
    s.submit_computer(0, None, "fallback:0")
    assert s.submit_computer(0, None, "x") == Changes()  # an answer nobody waits for


def test_R11_5_once_the_game_is_over_every_sheet_may_be_shown():
    s = TableSession()
    ch = s.new_game(TABLE, seed=11)
    play_to_the_end(s, ch, random.Random(11))
    p = s.public()
    assert p.phase == "over" and s.viewer in p.humans
    assert s.viewer in [w for w in p.winners if w in p.humans] or not set(p.winners) & set(p.humans)
    for seat in range(3):
        v = s.view(seat)
        assert v.score == p.final[seat]
        assert s.view_final_sheet(seat).viewer or s.viewer == seat


def test_pending_state_survives_a_resume():
    s = TableSession()
    ch = s.new_game(TABLE, seed=12)
    rng = random.Random(12)
    ch = through_setup(s, ch, rng)
    s.accept_handoff()
    first = s.actor
    decide(s, rng)
    pending = s.pending_state()
    assert pending["round"] == s.game.round + 1 and list(pending["turns"]) == [str(first)]

    again = TableSession()
    ch = again.resume(record.replay(record.to_record(s.game)), pending)
    assert ch.started and again.pending_state() == pending
    ch = again.begin()
    assert set(ch.requests) == {2} and again.actor != first  # the confirmed seat is not asked again
    broken = TableSession()
    broken.resume(record.replay(record.to_record(s.game)), {"round": s.game.round + 1, "turns": {"0": {"x": 1}}})
    assert broken.pending_state()["turns"] == {}


def test_setup_confirmed_before_a_kill_is_shown_to_its_seat_after_resume():
    s = TableSession()
    s.new_game([("Aki", "human"), ("CPU", "ai:random")], seed=13)
    s.set_draft(s.draft().replay(random_setup(s.view(0).obs, random.Random(13))))
    s.confirm()
    assert s.game.phase == "setup" and s.viewer == 0
    shown = s.view(0).sheet.state_key()
    again = TableSession()
    again.resume(record.replay(record.to_record(s.game)), s.pending_state())
    again.begin()
    assert again.viewer == 0 and again.view(0).sheet.state_key() == shown


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


def test_R11_5_a_finished_game_opened_from_a_file_shows_a_final_sheet():
    s = TableSession()
    ch = s.new_game([("CPU 1", "ai:random"), ("Aki", "human")], seed=15)
    play_to_the_end(s, ch, random.Random(15))
    again = TableSession()
    ch = again.resume(record.replay(record.to_record(s.game)))
    assert ch.over and ch.viewer and again.viewer == 1  # the human's sheet, not a blank table
    assert again.view(again.viewer).score == again.public().final[1]
