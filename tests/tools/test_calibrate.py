"""The evaluation's calibration report (``python -m tools.calibrate``):
paired branches on common random numbers, and the summary's arithmetic."""

import json

from tools import calibrate
from tools.calibrate import Pair, game_pairs, summarize


def test_branches_replay_the_game_on_the_same_deck():
    # Each branch is a copy of the game, RNG and deck order included, so
    # continuing the policy's own choice must end exactly as the game does:
    # the two branches of a pair differ only by the decision.  A fresh
    # future reshuffles what the seat has not seen, the same for both
    # branches.  A few sampled rounds keep this quick; the research runs
    # are in docs/ai-journal.md.
    pairs, total = game_pairs(420001, share=0.08, futures=2)
    assert pairs and {p.choice_total for p in pairs} == {total}
    assert all(len(p.futures) == 1 for p in pairs)
    assert game_pairs(420001, share=0.08, futures=2)[0] == pairs  # reproducible


def test_summary_reads_slope_correlation_and_escape_error():
    pairs = [Pair(1, r, 1, float(x), 2 * x, "", 0) for r, x in enumerate([-6, -2, 0, 3, 5])]
    pairs.append(Pair(1, 9, 2, 4.0, 4, "", 0))
    pairs.append(Pair(1, 10, 2, -1.0, -1, "", 0))
    # The choice escaped (exact); the alternative stayed and did 3 VP better
    # than its leaf promised: staying was undervalued by 3.
    pairs.append(Pair(1, 11, 2, -5.0, -2, "choice", 0))
    # The alternative escaped and did 1 VP better than promised against the
    # staying choice: staying was overvalued by 1.
    pairs.append(Pair(1, 12, 2, 2.0, 3, "alternative", 0))
    out = summarize(pairs)
    s1 = out["stages"]["stage1"]
    assert s1["pairs"] == 5 and s1["slope"] == 2.0 and s1["correlation"] == 1.0
    assert s1["alternative_better"] == 0.4
    assert out["stages"]["stage2"]["slope"] == 1.0
    assert out["escape_vs_leaf"]["pairs"] == 2
    assert out["escape_vs_leaf"]["stay_undervalued_by"] == 1.0


def test_cli_prints_json_summary(capsys):
    assert calibrate.main(["--games", "1", "--seed", "420001", "--share", "0.08", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1 and out["weights"] == "expert" and out["pairs"] > 0


def test_decision_value_reproduces_the_ranking_for_every_decision():
    # The term split re-values the leaf's decision under other weights with
    # its pawn cell fixed; under the same weights it must give the ranking's
    # own value, special actions, walls of action C and escapes included.
    from ruin_qt.ai.greedy import GreedyPolicy
    from ruin_qt.ai.weights import EXPERT_WEIGHTS
    from ruin_qt.rules.observation import observe
    from tools.calibrate import decision_value

    from ..ai.helpers import standard_game

    policy = GreedyPolicy(EXPERT_WEIGHTS)
    kinds = set()
    for stage, rounds, seed in ((1, 4, 17), (2, 7, 11), (2, 7, 19)):
        game, _, _ = standard_game(1, seed, until_stage=stage, rounds=rounds)
        obs = observe(game, 0)
        for c in policy.ranked(obs):
            assert abs(decision_value(policy, obs, c) - c.value) < 1e-6, c
            kinds.add((c.action, c.extra is not None or c.warp, c.escape))
    assert any(special for _, special, _ in kinds) and any(esc for _, _, esc in kinds)
    assert {"C", "none"} & {action for action, _, _ in kinds}


def test_reliability_splits_the_expected_difference_from_the_futures():
    # Pairs whose expected difference is t, each played in 4 futures with
    # noise of sd 2 around it, against t's own sd of 2: one playout carries
    # half its variance as signal, and a prediction equal to t correlates
    # fully with the expected difference (not with any single playout).
    import random

    from tools.calibrate import reliability

    rng = random.Random(7)
    pairs = []
    for i in range(4000):
        t = rng.gauss(0, 2)
        playouts = [round(100 * (t + rng.gauss(0, 2))) for _ in range(4)]
        pairs.append(Pair(1, i, 1, 100 * t, playouts[0], "", 0, futures=playouts[1:]))
    out = reliability(pairs)
    assert out["futures"] == 4 and out["pairs"] == 4000
    assert abs(out["one_playout"]["value"] - 0.5) < 0.04
    assert abs(out["sd_expected"]["value"] - 200) < 10 and abs(out["sd_noise"]["value"] - 200) < 10
    assert out["leaf"]["value"] > 0.97
    lo, hi = out["one_playout"]["ci95"]
    assert lo < 0.5 < hi
    # A single future cannot split anything.
    assert reliability([Pair(1, 0, 1, 0.0, 1, "", 0)] * 20) is None
