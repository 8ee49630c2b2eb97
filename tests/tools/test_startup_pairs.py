"""tools/startup_pairs: the packaged program and the venv's started in pairs,
their own lines read, the ratio per pair.  Stand-in programs print fixed lines:
nothing here measures time."""

from __future__ import annotations

import json
import sys

from tools import startup_pairs


def _stand_in(tmp_path, name: str, shown: float, ready: float):
    script = tmp_path / f"{name}.py"
    script.write_text(f"print('shown after {shown:.3f} s')\nprint('table ready after {ready:.3f} s')\n")
    return [sys.executable, str(script)]


def test_the_figures_are_read_from_the_programs_own_lines():
    assert startup_pairs.figures("x\nshown after 0.412 s\ntable ready after 0.600 s\n") == {
        "shown": 0.412, "table ready": 0.6}
    assert startup_pairs.figures("shown after soon s\n") == {}


def test_pairs_give_the_ratio_of_each_pair(tmp_path, capsys):
    packaged = _stand_in(tmp_path, "packaged", 0.5, 0.8)
    venv = _stand_in(tmp_path, "venv", 1.0, 1.6)
    runs = startup_pairs.pairs(packaged, venv, 3)
    assert len(runs) == 3 and runs[0]["packaged"] == {"shown": 0.5, "table ready": 0.8}
    s = startup_pairs.summary(runs)
    assert s["shown"]["ratio_median"] == 0.5 and s["table ready"]["ratio_max"] == 0.5


def test_a_program_that_says_nothing_stops_it(tmp_path):
    import pytest

    silent = [sys.executable, "-c", "pass"]
    with pytest.raises(SystemExit, match="did not report"):
        startup_pairs.pairs(silent, silent, 1)


def test_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(startup_pairs, "pairs", lambda program, venv, n: [
        {"packaged": {"shown": 0.9, "table ready": 1.2}, "venv": {"shown": 1.0, "table ready": 1.0}}] * n)
    program = tmp_path / "ruin-qt"
    program.write_text("")
    assert startup_pairs.main(["--pairs", "2", "--program", str(program), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["table ready"]["ratio_median"] == 1.2 and len(out["pairs"]) == 2
