"""The game review's research tools: its level fit (``tools.review_levels``)
and its calibration (``tools.review_calibration``)."""

import random

import pytest

from ruin_qt.review.decisions import seat_decisions
from ruin_qt.review.scheduler import run
from ruin_qt.review.search import decision_seed, judge
from tools.review_calibration import _stats, realize
from tools.review_levels import fit, hat

from ..review.helpers import TINY, game_record


def test_the_level_fit_finds_a_piecewise_linear_offset():
    rows = [{"cards_left": x, "raw": 100.0, "final": 100.0 + 10 * min(x, 10) + e}
            for x in range(0, 21) for e in (-3, 3)]
    out = fit(rows, (0, 10, 20))
    assert [k for k, _ in out["knots"]] == [0, 10, 20]
    assert [v for _, v in out["knots"]] == pytest.approx([0.0, 100.0, 100.0], abs=0.1)
    assert out["residual_sd"] == pytest.approx(3.0, abs=0.01)
    assert hat(25, (0, 10, 20)) == [0.0, 0.0, 1.0] and hat(5, (0, 10, 20)) == [0.5, 0.5, 0.0]


@pytest.mark.slow
def test_calibration_pairs_the_two_decisions_on_the_same_futures():
    game = seat_decisions(game_record(["beginner"], 34, rounds=4), 0)
    turns = [d for d in game.decisions if not d.is_setup]
    reviews = run([lambda d=d: judge(d, TINY, decision_seed(d)) for d in turns], 1, lambda: False, lambda _: None)
    d, r = next(((d, r) for d, r in zip(turns, reviews) if not r.is_best), (turns[0], reviews[0]))
    row = realize((d, r, 2))
    assert row["predicted"] == r.loss and row["round"] == d.round
    if r.is_best:
        assert row["realized"] == 0  # one decision, the same futures: the same totals
    out = _stats([dict(row, predicted=p, realized=p + random.Random(p).random()) for p in range(5)])
    assert out["n"] == 5 and 0.9 < out["correlation"] <= 1.0


def test_the_stability_tool_counts_agreement_and_best_mistake_flips():
    from tools.review_stability import compare, interval

    a = [["best", "good", "mistake", "unclear"], ["best"]]
    b = [["best", "unclear", "best", "blunder"], ["blunder"]]
    out = compare(a, b)
    assert out["decisions"] == 5 and out["same"] == 20.0
    assert out["best_mistake_flips"] == 2  # mistake/best and best/blunder; unclear/blunder is no flip
    assert out["best_inaccuracy_flips"] == 2  # the same two: no inaccuracy here
    assert out["within_one"] == 40.0  # best-best, good-unclear
    assert interval([1.0, 3.0])["mean"] == 2.0 and interval([])["n"] == 0


def test_the_level_fit_reads_kept_rows_and_fits_each_seat_count_apart(tmp_path, capsys):
    import json

    from tools.review_levels import main

    rows = [{"record": f"g{g}", "phase": 1, "seats": n, "cards_left": x, "raw": 100.0, "final": 100.0 + 30 * n + g}
            for n in (2, 4) for g in range(3) for x in (0, 8, 16)]
    kept = tmp_path / "rows.json"
    kept.write_text(json.dumps(rows), encoding="utf-8")
    assert main(["--from", str(kept), "--json"]) == 0
    fits = json.loads(capsys.readouterr().out)["fits"]
    assert set(fits) == {"2 seats stage 1", "4 seats stage 1"}
    assert fits["2 seats stage 1"]["knots"][0][1] == pytest.approx(61.0)  # 30 * 2 + the mean game's 1
    assert fits["4 seats stage 1"]["knots"][0][1] == pytest.approx(121.0)
