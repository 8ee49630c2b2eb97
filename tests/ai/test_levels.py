"""Computer levels: legal decisions (seeded sweep) and reproducibility.

Every decision goes through ``Game.submit_setup`` / ``Game.play_round``,
which validate it (RuleError on anything illegal), and is re-checked with
``check_turn`` before it is played.  The Expert runs with a fixed, tiny
rollout count so the sweep stays fast and deterministic.
"""

import pickle
import random
from types import SimpleNamespace

import pytest

from ruin_qt.ai import expert as expert_module
from ruin_qt.ai import greedy
from ruin_qt.ai.base import LEVELS, make_brain
from ruin_qt.ai.beginner import BeginnerBrain
from ruin_qt.ai.determinize import sample_game
from ruin_qt.ai.expert import ExpertBrain
from ruin_qt.ai.match import play_game
from ruin_qt.ai.standard import StandardBrain
from ruin_qt.model.processes import close_pool, new_pool
from ruin_qt.rules import record
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe

from .helpers import standard_game


def tiny_expert() -> ExpertBrain:
    # Solo the sweep exercises the screened deep search, at 2-4 seats the table search.
    return ExpertBrain(rollouts=1, top_k=2, horizon=2)


def brain(level: str):
    return tiny_expert() if level == "expert" else make_brain(level)


def checked_game(levels: list[str], seed: int) -> Game:
    """A whole game between these levels.  ``Game.play_round`` checks every
    seat's decision (R3-R4) and raises a RuleError naming the round and seat
    of an illegal one, so finishing is the proof of legality."""
    return play_game(levels, seed, [brain(lv) for lv in levels])[0]


def test_player_facing_levels_are_registered():
    for level in ("beginner", "standard", "expert", "random"):
        assert level in LEVELS
    assert isinstance(make_brain("beginner"), BeginnerBrain)
    assert isinstance(make_brain("standard"), StandardBrain)
    assert isinstance(make_brain("expert"), ExpertBrain)
    with pytest.raises(ValueError):
        make_brain("grandmaster")


@pytest.mark.parametrize(
    "levels,seed",
    [
        (["beginner"], 11),
        (["beginner"], 12),
        (["standard"], 21),
        (["standard"], 22),
        (["beginner", "standard"], 31),
        (["standard", "beginner", "standard"], 41),
        (["standard", "standard", "beginner", "beginner"], 51),
        pytest.param(["expert"], 61, marks=pytest.mark.slow),
        (["expert", "beginner"], 71),
    ],
)
def test_levels_play_only_legal_decisions(levels, seed):
    game = checked_game(levels, seed)
    assert game.over
    for sc in game.scores():
        assert sc.square1 is not None and sc.square2 is not None


@pytest.mark.slow
def test_four_seat_mixed_table_is_legal():
    game = checked_game(["expert", "standard", "standard", "beginner"], 81)
    assert game.over


@pytest.mark.parametrize("level", ["beginner", "standard", pytest.param("expert", marks=pytest.mark.slow)])
def test_same_seed_same_decisions(level):
    def run():
        game, _ = play_game([level, "beginner"] if level != "beginner" else [level], 5, [brain(level)] +
                            ([brain("beginner")] if level != "beginner" else []))
        return record.dumps(game)

    assert run() == run()


def test_levels_are_purposeful_not_random():
    """Even the Beginner collects gems and escapes; Standard beats it."""
    _, beg = play_game(["beginner"], 3, [make_brain("beginner")])
    _, std = play_game(["standard"], 3, [make_brain("standard")])
    assert beg[0].gems >= 2
    assert std[0].total > 150
    assert std[0].escape_vp == 30


@pytest.mark.slow
def test_expert_with_a_rollout_count_is_deterministic():
    game = Game([("a", "ai:expert")], 9)
    rng = random.Random(1)
    game.submit_setup(0, make_brain("standard").decide_setup(observe(game, 0), rng))
    obs = observe(game, 0)
    a = ExpertBrain(rollouts=3, top_k=3, horizon=2).decide_turn(obs, random.Random(7))
    b = ExpertBrain(rollouts=3, top_k=3, horizon=2).decide_turn(obs, random.Random(7))
    assert a == b
    game.check_turn(0, a)


def test_expert_compares_sibling_decisions_in_one_sampled_future(monkeypatch):
    # Inside the lookahead, sibling decisions are played in the same sampled
    # future (common random numbers), so the max over them picks the better
    # decision, not the luckier draw of the deck: a decision listed twice
    # must get the same value twice.
    real_game, _, _ = standard_game(1, 5, until_stage=1, rounds=3)
    game = sample_game(observe(real_game, 0), random.Random(1))
    policy = greedy.GreedyPolicy(expert_module.EXPERT_WEIGHTS)
    monkeypatch.setattr(expert_module, "select_candidates", lambda ranked, k=8: [ranked[0], ranked[0]])
    leaves = []
    real = expert_module.lookahead_leaf  # the recursion; ``lookahead`` is its value

    def spy(g, depth, *args, **kwargs):
        value, leaf = real(g, depth, *args, **kwargs)
        if depth == 1:
            leaves.append(value)
        return value, leaf

    monkeypatch.setattr(expert_module, "lookahead_leaf", spy)
    for seed in range(4):
        leaves.clear()
        real(game, 2, (2,), policy, random.Random(seed), None)
        assert len(leaves) == 2 and leaves[0] == leaves[1]


def test_expert_two_workers_decide_like_one():
    game = Game([("a", "ai:expert")], 10)
    game.submit_setup(0, make_brain("standard").decide_setup(observe(game, 0), random.Random(0)))
    obs = observe(game, 0)
    one = ExpertBrain(rollouts=1, top_k=3, horizon=2)
    pool = new_pool(2)
    try:
        two = ExpertBrain(rollouts=1, top_k=3, horizon=2, workers=2, pool=pool)
        assert one.decide_turn(obs, random.Random(3)) == two.decide_turn(obs, random.Random(3))
    finally:
        close_pool(pool)


def test_a_search_over_workers_is_handed_its_pool():
    """No module-global pool; the caller owns the processes (the
    app's runner, the simulator for its games) and brains share it."""
    with pytest.raises(ValueError, match="pool"):
        ExpertBrain(rollouts=1, workers=2)
    assert not hasattr(expert_module, "shared_pool") and not hasattr(expert_module, "_POOLS")
    pickled = pickle.loads(pickle.dumps(ExpertBrain(rollouts=1, workers=2, pool=object.__new__(_FakePool))))
    assert pickled.pool is None and pickled.workers == 1  # sent to a worker process, it searches there alone


class _FakePool:
    def map(self, fn, jobs):
        return [fn(j) for j in jobs]


def test_expert_averages_more_futures_while_time_remains(monkeypatch):
    # Sample 0 favours candidate 1, the three further samples candidate 0:
    # the choice follows the mean over every sample, not the first draw.
    game = Game([("a", "ai:expert")], 12)
    game.submit_setup(0, make_brain("standard").decide_setup(observe(game, 0), random.Random(0)))
    obs = observe(game, 0)
    offsets = []

    def values(self, obs, turns, depth, base_seed, deadline, offset, shape):
        offsets.append((depth, offset))
        vals = [0.0] * len(turns)
        if offset == 0:
            vals[1] = 10.0
        else:
            vals[0] = 10.0
        return vals

    monkeypatch.setattr(ExpertBrain, "_values", values)
    brain = ExpertBrain(budget_s=60.0, top_k=3)
    ranked = expert_module.policy_for(brain.shape(obs).weights).ranked(obs)
    chosen = brain.choose(obs, random.Random(5))
    assert offsets == [(2, 0), (3, 0), (3, 1), (3, 2), (3, 3)]
    assert brain.last_stats["samples"] == expert_module.MAX_SAMPLES == 4
    assert chosen == ranked[0]

    # With a single sample the first draw decides.
    monkeypatch.setattr(expert_module, "MAX_SAMPLES", 1)
    assert brain.choose(obs, random.Random(5)) != ranked[0]


def test_expert_lookahead_tries_fewer_specials_in_solo_only(monkeypatch):
    # Solo searches are clock-bound, so their lookahead tries a special action
    # on the best draw only; the table search keeps Standard's full ranking.
    tops = []

    def values(self, obs, turns, depth, base_seed, deadline, offset, shape):
        tops.append(shape.special_top)
        return [0.0] * len(turns)

    monkeypatch.setattr(ExpertBrain, "_values", values)
    for seats, expected in ((1, expert_module.LOOKAHEAD_SPECIAL_TOP), (4, greedy.SPECIAL_TOP)):
        tops.clear()
        game, _, _ = standard_game(seats, 3, until_stage=1, rounds=2)
        ExpertBrain(budget_s=60.0, top_k=3).choose(observe(game, 0), random.Random(5))
        assert tops and set(tops) == {expected}
    assert expert_module.LOOKAHEAD_SPECIAL_TOP < greedy.SPECIAL_TOP


def test_expert_averages_more_futures_in_solo_stage_2(monkeypatch):
    # Solo stage-2 decisions are quick, so the clock buys a fourth round
    # and up to STAGE2_SAMPLES futures there (stage 1 keeps MAX_DEPTH and
    # MAX_SAMPLES).
    game, _, _ = standard_game(1, 3, until_stage=2, rounds=0)
    assert not game.over and not game.seats[0].escaped
    obs = observe(game, 0)
    offsets = []

    def values(self, obs, turns, depth, base_seed, deadline, offset, shape):
        offsets.append((depth, offset))
        return [0.0] * len(turns)

    monkeypatch.setattr(ExpertBrain, "_values", values)
    brain = ExpertBrain(budget_s=60.0, top_k=3)
    brain.choose(obs, random.Random(5))
    assert expert_module.STAGE2_SAMPLES == 8 > expert_module.MAX_SAMPLES
    assert expert_module.STAGE2_DEPTH == 4 > expert_module.MAX_DEPTH
    assert offsets == [(2, 0), (3, 0), (4, 0)] + [(4, k) for k in range(1, 8)]
    assert brain.last_stats["samples"] == 8


def test_expert_spends_time_a_deeper_pass_could_not_use_on_more_futures(monkeypatch):
    # A pass cut by the clock is lost: when a fourth round (2.5x the third's
    # time, DEEPEN_GROWTH) cannot end within the budget, the time left buys
    # more futures at three rounds instead.
    game, _, _ = standard_game(1, 3, until_stage=2, rounds=0)
    obs = observe(game, 0)
    clock = [0.0]
    monkeypatch.setattr(expert_module, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    cost = {2: 0.1, 3: 0.5, 4: 1.5}
    passes = []

    def values(self, obs, turns, depth, base_seed, deadline, offset, shape):
        clock[0] += cost[depth]
        if clock[0] > deadline:
            raise TimeoutError
        passes.append((depth, offset))
        return [0.0] * len(turns)

    monkeypatch.setattr(ExpertBrain, "_values", values)
    brain = ExpertBrain(budget_s=1.75, top_k=3)
    brain.choose(obs, random.Random(5))
    # 0.1 + 0.5 s done; a fourth round would end near 0.6 + 2.5 * 0.5 > 1.75.
    assert passes == [(2, 0), (3, 0), (3, 1), (3, 2)]
    assert brain.last_stats["depth"] == 3 and brain.last_stats["samples"] == 3
    # With time for it, the fourth round is played.
    clock[0], passes[:] = 0.0, []
    ExpertBrain(budget_s=4.0, top_k=3).choose(obs, random.Random(5))
    assert passes[:3] == [(2, 0), (3, 0), (4, 0)]


def test_expert_screens_a_wider_list_solo_and_searches_its_best_deeper(monkeypatch):
    # Solo, the first pass (2 rounds) values ``screen_k`` decisions; deeper
    # passes value the Standard choice and the screen's best ``top_k - 1``,
    # so a decision far down the Standard ranking can be chosen.  The table
    # search values ``top_k`` decisions throughout.
    passes = []

    def values(self, obs, turns, depth, base_seed, deadline, offset, shape):
        passes.append((depth, len(turns)))
        return [float(i) for i in range(len(turns))]  # the last listed is best

    monkeypatch.setattr(ExpertBrain, "_values", values)
    game, _, _ = standard_game(1, 3, until_stage=1, rounds=2)
    obs = observe(game, 0)
    brain = ExpertBrain(rollouts=1, top_k=3, screen_k=6, horizon=3)
    wide = expert_module.select_candidates(expert_module.policy_for(brain.shape(obs).weights).ranked(obs), 6)
    assert len(wide) == 6
    assert brain.choose(obs, random.Random(5)) == wide[5]
    assert passes == [(2, 6), (3, 3)]

    passes.clear()
    game, _, _ = standard_game(4, 3, until_stage=1, rounds=2)
    ExpertBrain(rollouts=1, top_k=3, screen_k=6, horizon=3).choose(observe(game, 0), random.Random(5))
    assert passes == [(2, 3)]
