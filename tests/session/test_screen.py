"""The shared screen (pass-and-play) on top of the session: one seat's side
at a time, a cover between human seats, the final sheets in the open."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.rules import record
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.session.screen import SharedScreen
from ruin_qt.session.table import NotDeciding, TableSession
from ruin_qt.session.views import Changes

TABLE = [("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")]


def table(seats, seed):
    s = TableSession()
    screen = SharedScreen(s)
    return s, screen, screen.follow(s.new_game(seats, seed))


def answer_computers(s, screen, seats, rng) -> Changes:
    ch = Changes()
    for seat in seats:
        obs = s.observation_for(seat)
        decision = random_setup(obs, rng) if obs.phase == "setup" else random_turn(obs, rng)
        ch |= screen.follow(s.submit_computer(seat, decision, f"fallback:{seat}"))
    return ch


def decide_here(s, screen, rng) -> Changes:
    """The seat on the screen takes a random legal decision and confirms."""
    seat = screen.seat_here()
    v = screen.view()
    decision = random_setup(v.obs, rng) if v.setup is not None else random_turn(v.obs, rng)
    screen.follow(s.act(seat, TakeDecision(decision)))
    return screen.follow(s.act(seat, Confirm()))


def play_to_the_end(s, screen, ch, rng, on_step=None) -> None:
    for _ in range(2000):
        if s.game.over:
            return
        if s.thinking():
            answer_computers(s, screen, s.thinking(), rng)
        elif screen.awaiting_handoff:
            screen.follow(screen.accept_handoff())
        else:
            if on_step:
                on_step()
            decide_here(s, screen, rng)
    pytest.fail("the game did not end")


def test_R12_1_each_human_decides_behind_the_cover_in_seat_order():
    s, screen, ch = table(TABLE, seed=4)
    assert ch.started and ch.thinking and s.thinking() == [2] and ch.handoff == 0
    assert screen.viewer == -1 and screen.awaiting_handoff and screen.actor == 0 and screen.view() is None
    with pytest.raises(NotDeciding):
        screen.seat_here()  # the cover is up: nobody's draft takes gestures here
    with pytest.raises(PermissionError):
        screen.view_of(0)
    ch = screen.follow(screen.accept_handoff())
    assert ch.viewer and screen.viewer == 0 and screen.view().step == "setup"
    with pytest.raises(PermissionError):
        screen.view_of(1)
    ch = decide_here(s, screen, random.Random(1))
    assert ch.handoff == 1 and ch.viewer and screen.viewer == -1
    screen.follow(screen.accept_handoff())
    ch = decide_here(s, screen, random.Random(2))
    assert s.game.phase == "setup" and screen.viewer == -1 and screen.actor is None and ch.new_draft
    ch = answer_computers(s, screen, (2,), random.Random(3))
    assert s.game.phase == "play" and ch.phase and ch.announced[0][0] == 0
    assert ch.handoff == 0 and ch.thinking and s.thinking() == [2]  # round 1 begins at once
    assert screen.public().awaiting_handoff and screen.public().actor == 0 and screen.public().acting == {0, 1}


def test_a_seat_deciding_elsewhere_does_not_move_this_screen():
    s, screen, ch = table(TABLE, seed=5)
    screen.follow(screen.accept_handoff())
    ch = screen.follow(s.act(1, TakeDecision(random_setup(s.view(1).obs, random.Random(5)))))
    assert not ch.draft and not ch.viewer and screen.viewer == 0  # seat 1's draft is not this screen's
    ch = screen.follow(s.act(1, Confirm()))
    assert screen.viewer == 0 and screen.actor == 0 and not ch.handoff
    ch = decide_here(s, screen, random.Random(6))
    assert screen.actor is None and screen.viewer == -1  # nobody left to decide here


def test_solo_the_human_keeps_the_screen_and_each_round_starts_a_new_draft():
    s, screen, ch = table([("Aki", "human")], seed=9)
    assert ch.handoff is None and screen.viewer == 0 and ch.new_draft
    rounds = []

    def check():
        assert screen.viewer == 0 and not screen.awaiting_handoff
        assert not screen.view().drawn_cells  # nothing carried over
        rounds.append(s.game.round)

    play_to_the_end(s, screen, ch, random.Random(9), check)
    assert rounds == [0] + list(range(len(rounds) - 1)) and len(rounds) > 10  # setup, then one decision a round
    assert s.public().final is not None and s.public().winners == (0,)


def test_R11_5_once_the_game_is_over_every_sheet_may_be_shown():
    s, screen, ch = table(TABLE, seed=11)
    play_to_the_end(s, screen, ch, random.Random(11))
    p = screen.public()
    assert p.phase == "over" and screen.viewer in p.humans
    assert screen.viewer in [w for w in p.winners if w in p.humans] or not set(p.winners) & set(p.humans)
    for seat in range(3):
        assert screen.view_of(seat).score == p.final[seat]
        assert screen.view_final_sheet(seat).viewer or screen.viewer == seat


def test_R11_5_a_finished_game_opened_from_a_file_shows_a_final_sheet():
    s, screen, ch = table([("CPU 1", "ai:random"), ("Aki", "human")], seed=15)
    play_to_the_end(s, screen, ch, random.Random(15))
    again = TableSession()
    other = SharedScreen(again)
    ch = other.follow(again.resume(record.replay(record.to_record(s.game))))
    assert ch.over and ch.viewer and other.viewer == 1  # the human's sheet, not a blank table
    assert other.view().score == again.public().final[1]
