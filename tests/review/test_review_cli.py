"""``python -m ruin_qt review FILE --seat N [--json]``."""

from __future__ import annotations

import json

from ruin_qt.__main__ import main

from .helpers import game_record


def write(tmp_path, rec) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return str(path)


def test_the_review_command_prints_the_review(tmp_path, capsys):
    path = write(tmp_path, game_record(["standard"], 31, rounds=1))
    assert main(["review", path, "--seat", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of Standard 1 (seat 1), 2 decisions, default quality")
    for words in ("setup:", "round 1 (stage 1, card", "played", "Expected loss", "accuracy", "Key moments",
                  "Expected final score by round"):
        assert words in out


def test_the_json_review_is_valid_json(tmp_path, capsys):
    path = write(tmp_path, game_record(["standard", "beginner"], 32, rounds=1))
    assert main(["review", path, "--seat", "2", "--json", "--workers", "1"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["format"] == "ruin-qt-review" and r["seat"] == 1 and r["quality"]["name"] == "default"
    assert [d["round"] for d in r["decisions"]] == [0, 1]
    for d in r["decisions"]:
        assert {"played", "suggested", "played_value", "suggested_value", "loss", "loss_se", "category"} <= set(d)
    assert set(r["summary"]) >= {"total_loss", "accuracy", "counts"} and len(r["curve"]) == 2


def test_a_broken_record_exits_2_with_one_line(tmp_path, capsys):
    rec = game_record(["standard"], 33, rounds=2)
    rec["rounds"][1]["turns"][0]["path"] = [[0, 0]]  # not a road next to the pawn
    path = write(tmp_path, rec)
    assert main(["review", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("round 2, seat 1: R4.4 ")
    # The same line as the replay command prints.
    assert main(["replay", path]) == 2
    assert capsys.readouterr().err == err


def test_a_file_that_is_not_a_record_exits_2(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["review", str(path)]) == 2
    assert capsys.readouterr().err.startswith("round -, seat -: format ")
