"""``python -m tools.compare``: two simulator runs paired seed by seed."""

import json

from tools import compare


def _run(totals: dict[int, int]) -> dict:
    return {"games": [{"seed": s, "seats": [{"total": t}]} for s, t in totals.items()]}


def test_pairs_only_the_shared_seeds_and_counts_better_equal_worse():
    rows, s = compare.paired(_run({1: 100, 2: 200, 3: 300, 4: 50}), _run({2: 210, 3: 300, 4: 40, 5: 999}))
    assert rows == [(2, 200, 210), (3, 300, 300), (4, 50, 40)]
    assert s["games"] == 3 and s["mean_diff"] == 0.0
    assert (s["better"], s["equal"], s["worse"]) == (1, 1, 1)
    lo, hi = s["ci95"]
    assert lo < 0 < hi


def test_cli_prints_a_line_per_seed_and_the_summary(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(_run({7: 250, 8: 260})))
    b.write_text(json.dumps(_run({7: 255, 8: 262})))
    assert compare.main([str(a), str(b)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[1].split() == ["7", "250", "255", "+5"]
    assert json.loads(lines[-1])["mean_diff"] == 3.5
