"""The simulator command and the Expert's clock, solo and at tables."""

import json
import random

import pytest

from ruin_qt.ai import sim
from ruin_qt.ai.base import make_brain
from ruin_qt.ai.expert import ExpertBrain
from ruin_qt.app.storage.record_files import load_game
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe
from ruin_qt.rules.turn import Turn

BREAKDOWN = ("total", "square1", "square2", "gems", "penalties", "escape_vp", "routes")
SUMMARY = ("mean", "ci95", "median", "share_300", "win_rate", "median_decision_s", "p95_decision_s")


def test_sim_json_fields_and_records(tmp_path, capsys):
    rc = sim.main(["--seats", "standard,beginner", "--games", "2", "--seed", "7", "--json",
                   "--workers", "1", "--records", str(tmp_path)])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in out["games"]] == [7, 8]
    for g in out["games"]:
        assert len(g["seats"]) == 2
        for s in g["seats"]:
            for key in BREAKDOWN:
                assert isinstance(s[key], int)
            assert s["total"] == (s["square1"] + s["square2"] + 10 * s["gems"] - 10 * s["penalties"]
                                  + s["escape_vp"] + s["routes"])
    for level in ("standard", "beginner"):
        summary = out["summary"][level]
        for key in SUMMARY:
            assert key in summary
        lo, hi = summary["ci95"]
        assert lo <= summary["mean"] <= hi
        assert 0 <= summary["share_300"] <= 1 and 0 <= summary["win_rate"] <= 1
        assert summary["median_decision_s"] <= summary["p95_decision_s"]
    # Every game is saved as a record that replays to the same totals.
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    game = load_game(files[0])
    assert [sc.total for sc in game.scores()] == [s["total"] for s in out["games"][0]["seats"]]


def test_sim_same_seed_same_games(capsys):
    sim.main(["--seats", "beginner", "--games", "2", "--seed", "3", "--json", "--workers", "1"])
    a = json.loads(capsys.readouterr().out)["games"]
    sim.main(["--seats", "beginner", "--games", "2", "--seed", "3", "--json", "--workers", "1"])
    b = json.loads(capsys.readouterr().out)["games"]
    assert a == b


def test_sim_rejects_unknown_levels(capsys):

    with pytest.raises(SystemExit):
        sim.main(["--seats", "nobody", "--games", "1"])


def test_summary_statistics():
    s = sim.summarise([300, 280, 320, 310], [True, False, True, True], [0.01, 0.02, 0.03, 1.0])
    assert s["mean"] == 302.5 and s["median"] == 305
    assert s["share_300"] == 0.75 and s["win_rate"] == 0.75
    assert s["ci95"][0] < 302.5 < s["ci95"][1]


def test_a_clocked_expert_with_little_time_still_decides_legally():
    # The app's Expert (and its Hint) searches on a clock; a search the clock
    # cuts short must still answer with a complete, legal step 1.
    game = Game([("me", "human")], 12)
    game.submit_setup(0, make_brain("standard").decide_setup(observe(game, 0), random.Random(0)))
    t = ExpertBrain(budget_s=0.05).decide_turn(observe(game, 0), random.Random(1))
    assert isinstance(t, Turn)
    game.check_turn(0, t)


def _table_candidates(budget_s: float):
    """An Expert's first decision at a two-seat table with this budget, and
    the candidates of the table ranking it searches."""
    from ruin_qt.ai.expert import ExpertBrain, select_candidates
    from ruin_qt.ai.greedy import GreedyPolicy, to_turn
    from ruin_qt.ai.weights import TABLE_WEIGHTS

    game = Game([("a", "ai"), ("b", "ai")], 4)
    for i in range(2):
        game.submit_setup(i, make_brain("standard").decide_setup(observe(game, i), random.Random(0)))
    obs = observe(game, 0)
    expert = ExpertBrain(budget_s=budget_s)
    turn = expert.decide_turn(obs, random.Random(2))
    cands = [to_turn(obs, c) for c in select_candidates(GreedyPolicy(TABLE_WEIGHTS).ranked(obs))]
    return expert, turn, cands


def test_expert_at_a_table_searches_two_rounds_on_its_table_evaluation():
    from ruin_qt.ai import expert as expert_module

    expert, turn, cands = _table_candidates(budget_s=30.0)
    # The table ranking's candidates, searched to the table's depth with its
    # number of futures (no clock cut with this budget).
    assert turn in cands
    assert expert.last_stats["depth"] == expert_module.TABLE_DEPTH
    assert expert.last_stats["samples"] == expert_module.TABLE_SAMPLES
    assert expert.last_stats["candidates"] == len(cands)


def test_expert_at_a_table_stops_searching_when_its_time_is_up():
    # The table search's leaves never look at the clock, so the schedule
    # itself must: with no time at all the Expert plays the table ranking's
    # first choice and has searched nothing.
    expert, turn, cands = _table_candidates(budget_s=0.0)
    assert turn == cands[0]
    assert expert.last_stats["depth"] == 1
    assert expert.last_stats["samples"] == 0
