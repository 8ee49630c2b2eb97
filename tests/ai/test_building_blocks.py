"""The evaluation's pieces: distances respect R3.4, fast paths are exact."""

import random

from ruin_qt.ai import evaluation, greedy
from ruin_qt.ai.determinize import sample_game
from ruin_qt.ai.distances import build_cost, buildable, cost_levels
from ruin_qt.ai.match import play_game
from ruin_qt.ai.standard import StandardBrain
from ruin_qt.rules import record
from ruin_qt.rules.bitboard import bit, mask_of
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe


def test_a_letter_boxed_in_by_roads_is_not_buildable():
    # Roads at (1,1), (1,2), (2,1): one more road at (2,2) would make a 2x2 (R3.4).
    roads = mask_of([(1, 1), (1, 2), (2, 1)])
    assert not buildable(roads, 0) & bit(2, 2)
    assert build_cost(bit(1, 1), bit(2, 2), roads, buildable(roads, 0)) is None
    assert build_cost(bit(1, 1), bit(1, 3), roads, buildable(roads, 0)) == 1


def test_walls_block_distances():
    roads = mask_of([(5, c) for c in range(3)])
    walls = mask_of([(r, 3) for r in range(11)])
    build = buildable(roads, walls)
    assert build_cost(bit(5, 0), bit(5, 6), roads, build) is None
    levels = cost_levels(bit(5, 2), roads, build)
    assert levels[0] == bit(5, 2) and levels[1] & bit(5, 1)  # a road step costs 1
    assert levels[2] & bit(4, 2)  # a cell still to build costs 2


def test_wall_cache_changes_no_decision(monkeypatch):
    def records():
        out = []
        for seed in (1, 2):
            game, _ = play_game(["standard"], seed, [StandardBrain()])
            out.append(record.dumps(game))
        return out

    cached = records()
    plain = evaluation.evaluate
    monkeypatch.setattr(greedy, "evaluate", lambda ctx, r, w, p, cache=None, new=0: plain(ctx, r, w, p))
    assert records() == cached


def test_determinized_game_keeps_everything_the_seat_knows():
    game = Game([("a", "ai"), ("b", "ai")], 6)
    brains = [StandardBrain(), StandardBrain()]
    rng = random.Random(0)
    for i, b in enumerate(brains):
        game.submit_setup(i, b.decide_setup(observe(game, i), rng))
    for _ in range(3):
        game.play_round([b.decide_turn(observe(game, i), rng) for i, b in enumerate(brains)])
    obs = observe(game, 0)
    sim = sample_game(obs, random.Random(1))
    assert sim.seats[0].sheet == obs.sheet and tuple(sim.seats[0].hand) == obs.hand
    assert tuple(sim.line) == obs.line and tuple(sim.discard) == obs.discard
    assert sorted(sim.deck) == sorted(game.deck)  # same cards, sampled order
    assert set(sim.revealed) == set(obs.revealed) and sim.resolved == set(obs.resolved)
    # The sampled future is playable by the rules engine.
    sim.play_round([brains[0].decide_turn(observe(sim, 0), rng)])
