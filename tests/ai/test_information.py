"""R12.3: a computer seat decides from its own observation only.

The brain interface hands over nothing but an ``Observation`` and an RNG.  The
tests show (1) the observation carries no deck order, no other sheet and no
other hand, and (2) changing all of that hidden state leaves every level's
decision unchanged: a brain cannot use what it is never given.
"""

import copy
import dataclasses
import random

import pytest

from ruin_qt.ai.base import make_brain
from ruin_qt.ai.expert import ExpertBrain
from ruin_qt.ai.match import play_game
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import Observation, observe
from ruin_qt.rules.sheet import Sheet


def mid_game(seed: int = 4, rounds: int = 4) -> Game:
    game = Game([("a", "ai"), ("b", "ai"), ("c", "ai")], seed)
    brains = [make_brain("standard") for _ in range(3)]
    rng = random.Random(seed)
    for i, b in enumerate(brains):
        game.submit_setup(i, b.decide_setup(observe(game, i), rng))
    for _ in range(rounds):
        game.play_round([b.decide_turn(observe(game, i), rng) for i, b in enumerate(brains)])
    return game


def scrambled(game: Game, seat: int) -> Game:
    """The same game as ``seat`` sees it, with every hidden part changed."""
    g = copy.deepcopy(game)
    rng = random.Random(99)
    rng.shuffle(g.deck)  # deck order (R12: hidden)
    while g.deck == game.deck and len(g.deck) > 1:
        rng.shuffle(g.deck)
    rng.shuffle(g.obj_deck)
    for i, s in enumerate(g.seats):
        if i == seat:
            continue
        other = Sheet()  # another seat's sheet: replaced wholesale
        other.walls = s.sheet.walls | s.sheet.roads
        s.sheet = other
        s.hand = list(reversed(s.hand))
        s.penalties += 3
    return g


def test_observation_has_no_hidden_fields():
    names = {f.name for f in dataclasses.fields(Observation)}
    # Only the deck's size is public, never its order; no field holds
    # another seat's sheet or hand.
    assert "deck" not in names and "deck_size" in names
    assert not any("sheets" in n or "hands" == n for n in names)
    game = mid_game()
    obs = observe(game, 1)
    assert obs.sheet == game.seats[1].sheet
    assert obs.hand == tuple(game.seats[1].hand)
    assert obs.deck_size == len(game.deck)
    # The unseen-card set is the deck's contents, sorted: no order leaks.
    assert obs.unseen_explore() == sorted(game.deck)
    for value in dataclasses.asdict(obs).values():
        assert value != game.deck or not game.deck


def test_hidden_state_changes_nothing_a_brain_receives():
    game = mid_game()
    for seat in range(3):
        assert observe(scrambled(game, seat), seat) == observe(game, seat)


@pytest.mark.parametrize("level", ["beginner", "standard", "expert"])
def test_decisions_ignore_hidden_state(level):
    game = mid_game()
    for seat in range(3):
        other = scrambled(game, seat)
        b1 = ExpertBrain(rollouts=1, top_k=3, horizon=2) if level == "expert" else make_brain(level)
        b2 = ExpertBrain(rollouts=1, top_k=3, horizon=2) if level == "expert" else make_brain(level)
        t1 = b1.decide_turn(observe(game, seat), random.Random(seat))
        t2 = b2.decide_turn(observe(other, seat), random.Random(seat))
        assert t1 == t2


def test_game_loop_hands_brains_only_observations():
    seen = []

    class Spy:
        level = "spy"

        def __init__(self):
            self.inner = make_brain("beginner")

        def decide_setup(self, obs, rng):
            seen.append(type(obs))
            return self.inner.decide_setup(obs, rng)

        def decide_turn(self, obs, rng):
            seen.append(type(obs))
            assert isinstance(rng, random.Random)
            return self.inner.decide_turn(obs, rng)

    play_game(["spy", "spy"], 2, [Spy(), Spy()])
    assert seen and set(seen) == {Observation}
