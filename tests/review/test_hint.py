"""The hint and the review tell one story.  The hint is
the review's own search for the decision at hand, in the futures the review
gives that decision, seeded from the seat's observation alone (R12.3): a
decision played exactly as hinted is the review's best at that quality."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ruin_qt import review
from ruin_qt.ai.base import make_brain
from ruin_qt.review.hint import hint
from ruin_qt.review.search import decision_index
from ruin_qt.rules import record
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe

from .helpers import TINY, game_record


def hinted_game(levels: list[str], seed: int, rounds: int, quality) -> Game:
    """Seat 0 plays every decision from the hint at ``quality``; the others
    are computer levels."""
    game = Game([(f"{lv.capitalize()} {i + 1}", f"ai:{lv}") for i, lv in enumerate(levels)], seed)
    brains = [None] + [make_brain(lv) for lv in levels[1:]]
    rngs = [random.Random(f"{seed}:{i}") for i in range(len(levels))]

    def decide(i: int, setup: bool):
        obs = observe(game, i)
        if i == 0:
            return hint(obs, quality)
        return brains[i].decide_setup(obs, rngs[i]) if setup else brains[i].decide_turn(obs, rngs[i])

    for i in range(len(levels)):
        game.submit_setup(i, decide(i, True))
    while not game.over and game.round < rounds:
        game.play_round([None if game.seats[i].escaped else decide(i, False) for i in range(len(levels))])
    return game


def test_the_hint_seeds_a_decision_as_the_review_does():
    """The index the hint seeds with is the record's decision index, setup
    included, at every seat of a table and past a seat's escape."""
    for levels, seed in ((["standard"], 4), (["standard", "beginner", "standard"], 5)):
        rec = game_record(levels, seed)
        for seat in range(len(levels)):
            decisions = review.seat_decisions(rec, seat).decisions
            assert [decision_index(d.observation) for d in decisions] == [d.index for d in decisions]


@pytest.mark.slow
@pytest.mark.parametrize("levels, seed, rounds", [(["expert"], 58001, 4), (["expert", "standard"], 58001, 3)],
                         ids=["solo", "two-seats"])
def test_a_game_played_entirely_from_hints_has_no_decision_below_good(levels, seed, rounds):
    """Reviewed at the hint's quality: every decision is the review's best
    (so none is below good), solo and at a table."""
    rec = record.to_record(hinted_game(levels, seed, rounds=rounds, quality=TINY))
    r = review.review(rec, 0, TINY)
    assert len(r.decisions) == rounds + 1  # the setup and each round
    assert [(d.round, d.category, d.loss) for d in r.decisions] == [(d.round, "best", 0.0) for d in r.decisions]
    # Something to hold: the same decisions judged in other futures are not all
    # best, so a hint seeded apart from the review's futures could be judged a loss.
    other = review.review(rec, 0, dataclasses.replace(TINY, futures=1))
    assert any(d.category != "best" for d in other.decisions)


@pytest.mark.slow
def test_hinted_decisions_at_the_apps_quality_are_the_reviews_best():
    """The app's one quality: the hint as the player gets it, then the review."""
    rec = record.to_record(hinted_game(["expert"], 58003, rounds=2, quality="default"))
    r = review.review(rec, 0, "default")
    assert [d.category for d in r.decisions] == ["best"] * 3
