"""Kill-anywhere: real app processes SIGKILLed at every step of the autosave
and at random instants; each restart resumes exactly the last save that
completed, and no temporary file is left (tools/kill_anywhere.py)."""

import sys

import pytest

from tools import kill_anywhere

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")]


def test_thirty_kills_over_the_whole_save_path_lose_nothing(tmp_path):
    kills = kill_anywhere.run(30, tmp_path / "data", seed=11)
    out = kill_anywhere.summary(kills)
    assert out["kills"] == 30
    assert out["landed_inside_the_write"] >= 10, out
    assert out["by_aim"]["committed"] >= 5 and out["by_aim"]["random"] >= 5, out
    bad = [k for k in kills if not k.ok or k.leftovers]
    assert not bad, bad
    assert out["lost_steps"] == 0
