"""The hand-off policy of one shared screen (``SharedScreen``), decided at the
session: the cover between human seats, nobody's side between decisions, no
computer seat's side ever, every sheet once the game is over (R12.1, R11.5).
The window's part (the cover widget, the texts on screen, the Seats tab) is
tests/ui/table/test_pass_and_play.py."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.session.views import Changes

from .test_screen import TABLE, answer_computers, play_to_the_end, table


def test_R12_1_the_cover_between_humans_and_nobodys_side_between_decisions():
    """Was checked through the window (test_cover_between_humans_hides_private_sides)."""
    s, screen, ch = table(TABLE, seed=4)
    rng, cpu = random.Random(9), random.Random(4)
    viewers = [screen.viewer]
    covers = 0
    for _decision in range(8):  # 2 setups, then 3 rounds of two human turns
        while s.thinking():  # the computer seat answers as soon as it is asked
            ch = answer_computers(s, screen, s.thinking(), cpu)
            viewers.append(screen.viewer)
        assert screen.awaiting_handoff and screen.viewer == -1 and screen.view() is None
        seat = screen.actor
        assert seat in (0, 1) and seat == min(s.may_act())  # the humans in seat order
        covers += 1
        ch = screen.follow(screen.accept_handoff())
        viewers.append(screen.viewer)
        assert ch.viewer and screen.viewer == seat and screen.view().seat == seat and screen.deciding_here
        for hidden in (1 - seat, 2):
            with pytest.raises(PermissionError):
                screen.view_of(hidden)  # R12.1: the other seats' sides stay private
        v = screen.view()
        decision = random_setup(v.obs, rng) if v.step == "setup" else random_turn(v.obs, rng)
        assert v.step in ("setup", "draw")
        screen.follow(s.act(seat, TakeDecision(decision)))
        assert screen.viewer == seat
        ch = screen.follow(s.act(seat, Confirm()))
        viewers.append(screen.viewer)
        if s.game.over:
            break
        # Straight after confirming, the sheet is gone before anyone else looks.
        assert screen.viewer == -1 and screen.view() is None
    assert covers >= 6
    assert 2 not in viewers, "a computer seat's sheet was shown"


def test_R11_5_every_sheet_may_be_looked_at_once_the_game_is_over_and_none_before():
    """Was checked through the model (test_after_the_game_every_sheet_can_be_looked_at)."""
    s, screen, ch = table([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=4)
    play_to_the_end(s, screen, ch, random.Random(4))
    for seat in (0, 1):
        screen.follow(screen.view_final_sheet(seat))
        assert screen.viewer == seat and screen.view().seat == seat
    fresh, fresh_screen, _ch = table([("A", "human"), ("B", "human")], seed=1)
    assert fresh_screen.view_final_sheet(1) == Changes()  # not during play
    assert fresh_screen.viewer == -1 and not fresh.game.over


def test_R11_5_a_finished_pass_and_play_game_shows_a_winners_sheet():
    """R12's secrecy ends with the game: the screen shows a winning human's
    sheet, any other on demand, and a new game hides them again.  Was checked
    through the window (test_a_finished_pass_and_play_game_shows_a_winners_sheet_and_the_seats)."""
    seats = [("Aki", "human"), ("Bo", "human")]
    s, screen, ch = table(seats, seed=4)
    play_to_the_end(s, screen, ch, random.Random(3))
    assert screen.viewer == s.game.winners()[0] and screen.view() is not None
    other = 1 - screen.viewer
    assert screen.follow(screen.view_final_sheet(other)).viewer and screen.viewer == other
    ch = screen.follow(s.new_game(seats, seed=5))
    assert ch.viewer and screen.viewer == -1 and screen.awaiting_handoff and ch.handoff == 0


def test_R12_1_only_the_seat_on_the_screen_may_ask_for_a_hint():
    """The model's Hint is allowed while a seat decides on the screen
    (``deciding_here``) and computed from that seat's own observation.
    Twin of the model's test_no_hint_for_a_seat_that_is_not_deciding."""
    s, screen, _ch = table([("A", "human"), ("B", "human")], seed=2)
    assert not screen.deciding_here  # the cover is up: nobody's turn is visible
    screen.follow(screen.accept_handoff())
    assert screen.deciding_here and screen.seat_here() == 0
    assert s.hint_observation(0) is not None and s.hint_observation(0).seat == 0
    screen.follow(s.act(0, TakeDecision(random_setup(s.view(0).obs, random.Random(2)))))
    screen.follow(s.act(0, Confirm()))
    assert s.hint_observation(0) is None  # a confirmed seat has no decision to hint
    assert not screen.deciding_here and screen.awaiting_handoff and screen.actor == 1
