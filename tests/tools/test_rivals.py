"""The rival report (``python -m tools.rivals``) that checks the
phantom model's rates against recorded seats (R8.2, R11.3)."""

import json

import pytest

from ruin_qt.ai.match import play_game
from ruin_qt.rules import record
from tools import rivals


def _records(tmp_path, levels, seeds):
    games = []
    for seed in seeds:
        game, _ = play_game(levels, seed)
        (tmp_path / f"game_{seed}.json").write_text(record.dumps(game), encoding="utf-8")
        games.append(game)
    return games


@pytest.mark.slow
def test_r8_2_r11_3_rival_report_counts_every_gem_and_escape(tmp_path):
    levels = ["standard", "standard", "beginner"]
    games = _records(tmp_path, levels, [41, 42, 43])
    out = rivals.measure(sorted(tmp_path.glob("*.json")))
    assert out["games"] == 3 and set(out["levels"]) == {"standard", "beginner"}
    for level in ("standard", "beginner"):
        seats = [g.seats[i] for g in games for i, lv in enumerate(levels) if lv == level]
        s = out["levels"][level]
        assert s["seats"] == len(seats)
        # Gems come only in rounds a seat stays in (an escaping seat collects none, R8.1).
        gems = sum(seat.gems for seat in seats)
        rounds = s["seat_rounds"]
        rate = s["gem_rate"]
        assert round(rate["stage1"] * rounds["stage1"] + rate["stage2"] * rounds["stage2"]) == gems
        # Every escape lands in one stage-2 round, counted once.
        escaped = sum(seat.escaped for seat in seats)
        assert sum(h["escapes"] for h in s["escape_hazard"]) == escaped
        assert s["never_escaped"] == len(seats) - escaped
        assert all(0.0 <= h["hazard"] <= 1.0 for h in s["escape_hazard"] if h["seats"])
        # Seats still in only decrease as stage 2 goes on.
        at_risk = [h["seats"] for h in s["escape_hazard"]]
        assert at_risk == sorted(at_risk, reverse=True) and at_risk[0] == len(seats)


def test_rival_report_cli_text_json_and_bad_input(tmp_path, capsys):
    _records(tmp_path, ["standard", "standard"], [7])
    assert rivals.main([str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "standard: 2 seats" in text and "model" in text
    assert rivals.main([str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["levels"]["standard"]["seats"] == 2
    # An unfinished game (a save) is left out: its seats still in have not
    # "never escaped".
    rec = json.loads((tmp_path / "game_7.json").read_text(encoding="utf-8"))
    rec["rounds"] = rec["rounds"][:5]
    (tmp_path / "save.json").write_text(json.dumps(rec), encoding="utf-8")
    assert rivals.main([str(tmp_path)]) == 0
    assert "1 finished game (1 unfinished left out)" in capsys.readouterr().out
    (tmp_path / "save.json").unlink()
    # A foreign file or an empty folder is a clear error, not a crash.
    empty = tmp_path / "empty"
    empty.mkdir()
    assert rivals.main([str(empty)]) == 2
    assert "no game records" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("{\"format\": \"something else\"}", encoding="utf-8")
    assert rivals.main([str(tmp_path)]) == 2
    assert "cannot read the records" in capsys.readouterr().err
