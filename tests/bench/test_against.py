"""Kept fast: ``python -m ruin_qt bench --against REV`` measures
this checkout and REV side by side, interleaved, each figure for both with its
spread and the ratio.  No timing is asserted: only that both sides and a ratio
are printed for every figure, and that the temporary worktree goes away."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from ruin_qt.bench import against

ROOT = Path(against.__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (ROOT / ".git").exists() or shutil.which("git") is None,
                                reason="needs a git checkout and git")


def worktrees() -> str:
    return subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True).stdout


def bench(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruin_qt", "bench", *args], cwd=ROOT, capture_output=True,
                          text=True, **kw)


@pytest.mark.slow
def test_against_head_prints_both_sides_and_a_ratio_per_figure():
    r = bench("--against", "HEAD", "--figures", "startup,sheet", "--rounds", "1", "--quick", "--startups", "1",
              timeout=180)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "this (" in lines[0] and "HEAD (" in lines[0] and "ratio" in lines[0]
    rows = {line.split("  ")[0]: re.split(r"\s{2,}", line) for line in lines[2:]
            if line and not line.startswith(("ratio", " "))}
    assert set(rows) == {"start-up to a shown window", "start-up to a ready table",
                         "start-up: CPU time of the process (to its exit)", "sheet: whole sheet painted"}, r.stdout
    for name, (_, this, rev, ratio, _per_round) in rows.items():
        unit = "s" if name.startswith("start-up") else "ms"
        for side in (this, rev):  # a median for each side, with its unit and spread
            assert re.fullmatch(rf"\d[\d.e+-]* {unit} \(one run\)", side), rows[name]
        assert float(ratio) > 0, rows[name]
    assert "ruin-qt-against-" not in worktrees()  # the temporary worktree is gone


def temporary_folders() -> set[Path]:
    return set(Path(tempfile.gettempdir()).glob("ruin-qt-against-*"))


@pytest.mark.slow
def test_against_removes_its_worktree_when_stopped():
    before = temporary_folders()
    p = subprocess.Popen([sys.executable, "-m", "ruin_qt", "bench", "--against", "HEAD", "--figures", "startup",
                          "--rounds", "50"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in p.stderr:  # the rounds have begun: the worktree is there
            if "interleaved" in line:
                break
        assert "ruin-qt-against-" in worktrees()
        time.sleep(0.6)  # the probe is starting the game again and again by now (three start-ups a run)
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=60) == 130
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert "ruin-qt-against-" not in worktrees()
    time.sleep(1)  # a game process left running would write into its data folder again by now
    assert temporary_folders() <= before  # the temporary folder went (and no game process left writing into it)


def test_against_refuses_what_it_cannot_measure():
    r = bench("--against", "no-such-revision-59", timeout=60)
    assert r.returncode == 2 and "not a commit" in r.stderr
    r = bench("--against", "HEAD", "--figures", "startup,nonsense", timeout=60)
    assert r.returncode == 2 and "figures are some of" in r.stderr


def test_a_figure_one_side_lacks_is_na_with_why():
    a, b = against.Side("this", ROOT, ROOT), against.Side("old", ROOT, ROOT)
    for side, values in ((a, [1.0, 3.0, 2.0]), (b, [4.0, 4.0])):  # the old side's third round failed
        side.order.append("sheet: whole sheet painted")
        side.units["sheet: whole sheet painted"] = "ms"
        side.values["sheet: whole sheet painted"] = values
        side.rounds["sheet: whole sheet painted"] = dict(enumerate(values))
    trip = "round trip: intent -> view, median"
    a.order.append(trip)
    a.units[trip], a.values[trip] = "ms", [0.5]
    b.order.append(trip)
    b.units[trip], b.why[trip] = "ms", "LookupError: no ruin_qt.net"  # an old tree without the network
    out = against.table(a, b)
    sheet = next(line for line in out.splitlines() if line.startswith("sheet"))
    assert "2 ms (1-3)" in sheet and "4 ms (4-4)" in sheet
    assert re.search(r" 0\.50 +0\.50 \(0\.25-0\.75\)$", sheet)  # the per-round ratio pairs rounds 1 and 2 only
    trip = next(line for line in out.splitlines() if line.startswith("round trip"))
    assert "0.5 ms (one run)" in trip and trip.count("n/a") == 2  # the old side's figure and the ratio
    assert "old, round trip: intent -> view, median: LookupError: no ruin_qt.net" in out


def test_per_round_ratio_pairs_each_round_with_its_own():
    # Round 2 ran on a busier machine: both sides slower, the pair's ratio unchanged.
    assert against.paired([1.0, 2.0, 1.1], [2.0, 4.0, 2.0]) == "0.50 (0.50-0.55)"
    assert against.paired([1.0], [2.0]) == "-"  # one round: nothing to pair over
    assert against.paired([1.0, 2.0], [2.0]) == "-"  # a side missing a round


def test_json_keeps_every_round_and_why_a_side_has_none():
    import argparse

    a, b = against.Side("this", ROOT, ROOT), against.Side("old", ROOT, ROOT)
    trip = "round trip: intent -> view, median"
    a.order, a.units, a.values = [trip], {trip: "ms"}, {trip: [0.9, 0.8]}
    b.order, b.why = [trip], {trip: "not in this revision"}  # an old tree without the network
    doc = against.as_json(a, b, "f" * 40, argparse.Namespace(against="old", rounds=2))
    assert doc["figures"] == [{"figure": trip, "unit": "ms", "this": [0.9, 0.8], "rev": [],
                               "why": {"rev": "not in this revision"}}]
