"""The evaluation's pieces: distances respect R3.4, fast paths are exact."""

import dataclasses
import random

import pytest

from ruin_qt.ai import determinize, draw_cache, evaluation, greedy, rectangles, weights
from ruin_qt.ai.determinize import sample_game
from ruin_qt.ai.distances import build_cost, buildable, cost_levels
from ruin_qt.ai.match import play_game
from ruin_qt.ai.standard import StandardBrain
from ruin_qt.rules import record
from ruin_qt.rules.bitboard import bit, mask_of
from ruin_qt.rules.components import load_components
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe
from ruin_qt.rules.scoring import ROUTE_VP
from ruin_qt.rules.sheet import Sheet

from .helpers import standard_game


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


def test_draw_cache_changes_no_decision(monkeypatch):
    def records():
        out = []
        for seed in (1, 2):
            game, _ = play_game(["standard"], seed, [StandardBrain()])
            out.append(record.dumps(game))
        return out

    cached = records()
    plain = evaluation.evaluate
    monkeypatch.setattr(greedy, "evaluate", lambda ctx, r, w, p, *cache_args: plain(ctx, r, w, p))
    setup_value = greedy._setup_value
    monkeypatch.setattr(greedy, "_setup_value", lambda ctx, r, w, i, *cache_args: setup_value(ctx, r, w, i))
    assert records() == cached


@pytest.mark.parametrize("stage, seed", [(1, 3), (1, 4), (2, 5), (2, 6)])
def test_draw_cache_gives_every_road_and_wall_draw_its_exact_value(stage, seed):
    # New roads make cells free and may make their neighbours unbuildable
    # (R3.4); the cache must notice both, for every legal draw.
    # The same pawn cells for every draw, so the destination searches are
    # reused too (as in the setup, whose pawn is always on the exit).
    game, brains, rng = standard_game(1, seed, until_stage=stage, rounds=1)
    policy = greedy.GreedyPolicy()
    seen = set()
    for _ in range(3):
        obs = observe(game, 0)
        ctx = policy.context(obs)
        sheet = obs.sheet
        pawns = sheet.reachable_mask(4)
        cache = draw_cache.DrawCache(ctx, sheet.roads, sheet.walls, pawns)
        for action, m in policy.draws(obs):
            seen.add(action)
            if action == "A":
                got = evaluation.evaluate(ctx, sheet.roads | m, sheet.walls, pawns, cache, 0, m)
                assert got == evaluation.evaluate(ctx, sheet.roads | m, sheet.walls, pawns)
            else:
                got = evaluation.evaluate(ctx, sheet.roads, sheet.walls | m, pawns, cache, m)
                assert got == evaluation.evaluate(ctx, sheet.roads, sheet.walls | m, pawns)
        game.play_round([brains[0].decide_turn(obs, rng)])
    assert seen == {"A", "B"}


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
    determinize.play_round(sim, brains[0].decide_turn(observe(sim, 0), rng), rng)


def test_a_determinized_stage_2_keeps_the_seats_square1():
    # A search that resamples a future past the stage change (a lookahead
    # node) must still count the square bonus banked there (R10.2).
    game, brains, rng = standard_game(1, 8, until_stage=2, rounds=1)
    obs = observe(game, 0)
    assert obs.square1 == game.seats[0].square1 is not None
    sim = sample_game(obs, random.Random(1))
    assert sim.seats[0].square1 == obs.square1
    assert determinize.banked_vp(sim) == determinize.banked_vp(game)


def test_rivals_become_phantoms_with_their_public_state():
    game, brains, rng = standard_game(3, 11)
    obs = observe(game, 1)
    sim = sample_game(obs, random.Random(2))
    assert sim.n == 3
    # The searching seat is seat 0 of the sample; rivals keep public counts.
    assert sim.seats[0].sheet == obs.sheet and tuple(sim.seats[0].hand) == obs.hand
    assert [s.gems for s in sim.seats] == [obs.gems[1], obs.gems[0], obs.gems[2]]
    assert [len(s.hand) for s in sim.seats] == [obs.hand_sizes[1], obs.hand_sizes[0], obs.hand_sizes[2]]
    # Rivals' hands come from cards this seat cannot see, never its own.
    assert not set(sim.seats[1].hand + sim.seats[2].hand) & set(obs.hand)
    # Their sheets are not sampled from the real ones (R12.3).
    assert sim.seats[1].sheet.filled == 0


def test_phantom_rivals_take_destinations_first(monkeypatch):
    # R8.2-R8.4 in a sampled future: a phantom on an active destination
    # collects it, the letter resolves on the searching seat's sheet and a
    # card is discarded.
    game, brains, rng = standard_game(2, 5)
    obs = observe(game, 0)
    sim = sample_game(obs, random.Random(3))
    sim.phantom_rates = [None, 1.0]
    before = set(sim.active_destinations())
    cards = len(sim.line) + len(sim.deck)
    determinize.play_round(sim, brains[0].decide_turn(observe(sim, 0), rng), random.Random(4))
    taken = set(sim.seats[1].collected)
    assert len(taken) == 1 and taken <= before & sim.resolved
    assert sim.seats[1].gems == obs.gems[1] + 1
    for letter in taken:
        b = sim.comps.letter_bit(letter)
        assert sim.seats[0].sheet.filled & b  # now a gate or a wall (R8.3)
    assert len(sim.line) + len(sim.deck) < cards - 1


def test_phantom_rivals_escape_and_collapse_the_ruin(monkeypatch):
    # R9 in a sampled future: an escaped phantom discards a card each round.
    game, brains, rng = standard_game(2, 8, until_stage=2, rounds=1)
    assert game.stage == 2 and not any(s.escaped for s in game.seats)
    monkeypatch.setattr(evaluation, "ESCAPE_HAZARD", (1.0,))
    sim = sample_game(observe(game, 0), random.Random(5))
    sim.phantom_rates = [None, 0.0]
    cards = len(sim.line) + len(sim.deck)
    determinize.play_round(sim, brains[0].decide_turn(observe(sim, 0), rng), random.Random(6))
    assert sim.seats[1].escaped_round == sim.round
    gems = sim.seats[0].gems - game.seats[0].gems
    assert len(sim.line) + len(sim.deck) == cards - 1 - gems - 1
    # The searching seat now ranks behind the phantom when it escapes.
    obs = observe(sim, 0)
    assert evaluation.Context(obs, evaluation.Weights()).escape_now == 10


def _stage2_context(n: int, seed: int, **weights):
    game, _, _ = standard_game(n, seed, until_stage=2, rounds=1)
    obs = observe(game, 0)
    return obs, evaluation.Context(obs, evaluation.Weights(**weights))


def test_r4_5_walk_back_to_the_exit_costs_the_rounds_it_takes():
    # Late in stage 2 every round stayed costs a penalty (R4.2): a pawn far
    # from the exit must pay for the rounds back; near the exit it need not.
    obs, ctx = _stage2_context(1, 3)
    roads = mask_of([(5, c) for c in range(11)])
    ctx.dest_bits = []  # no destinations: only the way out counts
    ctx.late_rate = 1.0
    near, far = bit(5, 6).bit_length() - 1, bit(5, 10).bit_length() - 1
    vals = ctx.pawn_values(roads, 0, (1 << near) | (1 << far), buildable(roads, 0))
    assert vals[near] > vals[far] + 5
    # When staying is free the two cells are worth the same: both get out.
    ctx.late_rate = 0.0
    vals = ctx.pawn_values(roads, 0, (1 << near) | (1 << far), buildable(roads, 0))
    assert vals[near] == pytest.approx(vals[far], abs=0.01)


def test_rounds_to_uses_the_public_line_first():
    obs, ctx = _stage2_context(1, 3)
    steps = ctx.next_steps
    assert steps and ctx.rounds_to(0) == 0
    assert ctx.rounds_to(steps[0]) == 1
    assert ctx.rounds_to(steps[0] + 1) > 1


@pytest.mark.slow
def test_r11_3_escape_race_makes_later_escapes_worth_less():
    obs, ctx = _stage2_context(4, 21, race=1.0)
    assert ctx.escape_now == 30 and ctx.rivals_in == 3
    ctx.stage2_round = 6  # rivals are leaving by now
    assert ctx.escape_later(0) == 30
    assert 10 < ctx.escape_later(1) < 30
    assert ctx.escape_later(3) < ctx.escape_later(1)
    # Standard's weights leave the race out; solo has none.
    _, plain = _stage2_context(4, 21)
    assert plain.race == 0 and plain.escape_later(3) == 30
    _, solo = _stage2_context(1, 21, race=1.0)
    assert solo.race == 0 and solo.escape_now == 30


@pytest.mark.parametrize("seed, rounds", [(31, 2), (32, 5), (33, 8)])
def test_r8_4_future_destinations_count_unrevealed_letters_by_cells_to_build(seed, rounds):
    # Gems reveal the letters of discarded cards (R8.4): each letter not yet
    # revealed is worth ``fut`` decayed by the cells still to build between
    # it and the road network (R3.4 respected), nothing beyond FUT_REACH.
    game, _, _ = standard_game(1, seed, until_stage=1, rounds=rounds)
    obs = observe(game, 0)
    assert obs.stage == 1
    w = dataclasses.replace(weights.STANDARD_WEIGHTS, fut=2.0, fut_decay=0.5)
    ctx = evaluation.Context(obs, w)
    roads, walls = obs.sheet.roads, obs.sheet.walls
    build = buildable(roads, walls)
    comps = load_components()
    expected, counted = 0.0, 0
    for letter in comps.letters:
        b = comps.letter_bit(letter)
        if letter in obs.revealed or b & walls:
            continue
        k = 0 if b & roads else build_cost(roads, b, roads, build, evaluation.FUT_REACH)
        if k is not None:
            expected += 2.0 * 0.5 ** k
            counted += 1
    assert counted  # the position has letters to count
    assert ctx.future_destinations(roads, walls) == pytest.approx(expected)
    # Stage 1 only, and only with a weight: the sheet's value moves by exactly that.
    plain = evaluation.Context(obs, dataclasses.replace(w, fut=0.0))
    assert ctx.sheet_value(roads, walls, []) - plain.sheet_value(roads, walls, []) == pytest.approx(expected)


def test_r8_4_future_destinations_leave_stage_2_alone():
    obs, ctx = _stage2_context(1, 3)
    w = dataclasses.replace(ctx.w, fut=2.0)
    sheet = obs.sheet
    assert evaluation.Context(obs, w).sheet_value(sheet.roads, sheet.walls, []) == pytest.approx(
        ctx.sheet_value(sheet.roads, sheet.walls, []))


def test_r11_1_target_rectangles_avoid_traced_letters_that_are_not_road():
    # A 3x4 block of walls with two holes: the full block is the target.
    sheet = Sheet()
    block = mask_of([(r, c) for r in range(6, 9) for c in range(1, 5)])
    holes = bit(7, 2) | bit(8, 4)
    sheet.walls = block & ~holes
    targets = rectangles.target_rectangles(sheet, cost=1.5)
    assert sheet.square_bonus() == 4
    assert targets and all(area - 1.5 * (m & ~sheet.filled).bit_count() > 4 for area, m in targets)
    assert targets[0] == (12, block)
    # A traced letter cell that is wall cuts every rectangle through it (R11.1).
    sheet.traced = bit(7, 3)
    assert all(not m & bit(7, 3) for _, m in rectangles.target_rectangles(sheet, cost=1.5))
    # The same letter as road is part of the rectangle like any filled cell.
    sheet.walls &= ~bit(7, 3)
    sheet.roads = bit(7, 3)
    assert any(m & block == block for _, m in rectangles.target_rectangles(sheet, cost=1.5))


def test_r11_1_plan_values_filling_the_target_rectangle():
    # The largest rectangle is a 3x3 corner either way; one more wall inside
    # a 5x5 target that is 9 cells short is worth more than one elsewhere.
    obs, ctx = _stage2_context(1, 3, plan2=1.0, rect_soft=0.0, letter_risk=0.0)
    ctx.traced = 0
    corner = mask_of([(r, c) for r in range(3) for c in range(3)])
    target = mask_of([(r, c) for r in range(6, 11) for c in range(6, 11)])
    holes = mask_of([(6, 7), (6, 9), (7, 6), (7, 8), (7, 10), (8, 7), (8, 9), (9, 6), (9, 8)])
    walls = corner | (target & ~holes)
    sheet = Sheet()
    sheet.walls = walls
    ctx.targets = rectangles.target_rectangles(sheet, cost=1.5)
    assert ctx.targets[0] == (25, target)
    inside = ctx.sheet_value(0, walls | bit(9, 8), [])
    outside = ctx.sheet_value(0, walls | bit(2, 9), [])
    assert inside == pytest.approx(outside + 1.5)
    ctx.targets = []
    assert ctx.sheet_value(0, walls | bit(9, 8), []) == ctx.sheet_value(0, walls | bit(2, 9), [])


def test_r5_4_setup_ranks_every_role_assignment():
    # Solo: two of the four dealt cards as roads (the first over the exit),
    # the other two as walls (R5.4); every assignment gets a whole layout.
    obs = observe(Game([("a", "ai")], 15), 0)
    w = StandardBrain().policy.w
    ranked = greedy.setup_layouts(obs, w)
    orders = greedy._setup_orders(list(obs.dealt_explore), True)
    assert len(ranked) == len(orders) >= 6
    assert ranked[0][1] == greedy.greedy_setup(obs, w)
    assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
    assert len({tuple(c for c, _ in choice.roads) for _, choice in ranked}) == len(orders)
    for _, choice in ranked:  # every ranked setup is legal (R5.4)
        Game([("a", "ai")], 15).submit_setup(0, choice)


def test_r4_2_an_escape_may_first_draw_the_extra_cell_of_a_special_action():
    # Seed 330002: Standard's escape round draws one more wall for the final
    # rectangle, paid with a card that is not a finished route (worth
    # nothing after the escape, R11.4).  The cell is drawn before the pawn
    # leaves (R4.2), so the turn is legal and the rectangle counts it.
    game = Game([("s", "ai")], 330002)
    brain, rng = StandardBrain(), random.Random(0)
    game.submit_setup(0, brain.decide_setup(observe(game, 0), rng))
    policy = greedy.GreedyPolicy()
    while True:
        obs = observe(game, 0)
        best = policy.ranked(obs)[0]
        if best.escape:
            break
        game.play_round([greedy.to_turn(obs, best)])
    assert best.extra is not None and best.extra[0] == "wall"
    assert best.discard is not None
    ctx = policy.context(obs)
    routes = ctx.route_values(obs.sheet.roads, buildable(obs.sheet.roads, obs.sheet.walls))
    assert routes[obs.hand.index(best.discard)] < ROUTE_VP
    before = obs.sheet.square_bonus()
    assert game.check_turn(0, greedy.to_turn(obs, best)).square_bonus() > before


@pytest.mark.parametrize("weights", ["standard", "odd"])
@pytest.mark.parametrize("seed", [3, 8])
def test_wall_ceiling_bounds_every_wall_draw(seed, weights):
    # R3.4: walls only remove buildable cells, so routes and destinations
    # can only get further; the ceiling must hold even for weights whose
    # values do not fall with distance ("odd").
    game, brains, rng = standard_game(1, seed, until_stage=1, rounds=1)
    policy = greedy.GreedyPolicy()
    if weights == "odd":
        policy.w = evaluation.Weights(dest_decay=1.1, route=20.0, route_decay=1.05)
    tight = 0
    for _ in range(4):
        obs = observe(game, 0)
        ctx = policy.context(obs)
        sheet = obs.sheet
        pawn_i = sheet.pawn
        cache = draw_cache.DrawCache(ctx, sheet.roads, sheet.walls, 1 << pawn_i)
        ceiling = cache.wall_ceiling(ctx, pawn_i, top=2)
        for action, m in policy.draws(obs):
            if action != "B":
                continue
            walls = sheet.walls | m
            build = buildable(sheet.roads, walls)
            routes = sorted(ctx.route_values(sheet.roads, build), reverse=True)[:2]
            value = sum(routes) + ctx.pawn_values(sheet.roads, walls, 1 << pawn_i, build)[pawn_i]
            assert value <= ceiling + 1e-9
            tight += value == pytest.approx(ceiling)
        game.play_round([brains[0].decide_turn(obs, rng)])
    if weights == "standard":  # values fall with distance: walls away from every search leave it exact
        assert tight


@pytest.mark.slow
def test_r5_4_setup_walls_are_the_best_of_every_placement(monkeypatch):
    # The bounded wall step must pick what valuing every placement picks.
    def exhaustive(ctx, roads, walls, masks, pawn_i, cache):
        choice = None
        for m in masks:
            v = greedy._setup_value(ctx, roads, walls | m, pawn_i)
            if choice is None or v > choice[0]:
                choice = (v, m)
        return choice

    w = StandardBrain().policy.w
    observations = [observe(Game([("a", "ai")] * seats, seed), 0) for seats in (1, 2) for seed in range(20, 26)]
    bounded = [greedy.setup_layouts(obs, w) for obs in observations]
    monkeypatch.setattr(greedy, "_best_wall", exhaustive)
    assert [greedy.setup_layouts(obs, w) for obs in observations] == bounded


def test_r4_2_a_special_action_does_not_lift_the_penalty_of_a_forced_wall():
    # No draw of the active card fits, so action C (a wall and a penalty)
    # is forced; a special action on top of it changes the cells, not the
    # penalty, so every such decision is valued with the penalty paid.
    from tools.calibrate import decision_value

    game, _, _ = standard_game(1, 11, until_stage=2, rounds=7)
    obs = observe(game, 0)
    policy = greedy.GreedyPolicy(weights.EXPERT_WEIGHTS)
    ranked = policy.ranked(obs)
    forced = [c for c in ranked if c.action == "C"]
    specials = [c for c in forced if c.extra is not None or c.warp]
    assert forced and specials and not [c for c in ranked if c.action in ("A", "B")]
    for c in specials:
        assert abs(decision_value(policy, obs, c) - c.value) < 1e-6
