"""Files that are no record files: a FIFO, a folder, /dev/zero, a sparse
16 GB file, a lone surrogate in a name.  ``replay`` exits 2 with one line;
the reader never blocks on them and never reads past the size cap."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.storage.record_files import load_game, read_capped
from ruin_qt.rules import record
from ruin_qt.rules.errors import RuleError


def hostile(tmp_path) -> dict[str, str]:
    """name -> path of each hostile file that this system can make."""
    out = {}
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "game.json.fifo"
        os.mkfifo(fifo)
        out["fifo"] = str(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    out["folder"] = str(folder)
    if os.path.exists("/dev/zero"):
        out["/dev/zero"] = "/dev/zero"
    sparse = tmp_path / "sparse.json"
    with open(sparse, "wb") as f:
        f.truncate(16 * 1024**3)  # 16 GB that take no room on disk
    out["sparse 16 GB"] = str(sparse)
    rec = record.to_record(play_random_game(2, 21))
    rec["seats"][0]["name"] = "A\ud800"
    surrogate = tmp_path / "surrogate.json"
    surrogate.write_text(json.dumps(rec))  # ASCII JSON: the surrogate is a \ud800 escape
    out["lone surrogate"] = str(surrogate)
    return out


def test_replay_refuses_each_with_exit_2_and_one_line(tmp_path):
    for name, path in hostile(tmp_path).items():
        r = subprocess.run([sys.executable, "-m", "ruin_qt", "replay", path, "--json"], capture_output=True,
                           text=True, timeout=30)
        assert r.returncode == 2, (name, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("round -, seat -: format "), (name, r.stderr)
        assert r.stdout == ""


def test_the_reader_refuses_them_at_once(tmp_path):
    for name, path in hostile(tmp_path).items():
        with pytest.raises(RuleError) as e:
            load_game(path)
        assert e.value.rule == "format"
        if name == "lone surrogate":  # well-formed JSON: the replay refuses it
            snaps, error = record.replay_snapshots(record.loads(read_capped(path)))
            assert snaps == [] and error.rule == "format"
        else:
            with pytest.raises(RuleError):
                read_capped(path)


def test_the_cap_holds_while_reading_not_by_the_reported_size(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (record.MAX_BYTES + 1))
    real = os.fstat
    # A file that claims to be empty (as /proc files and devices do) is still cut at the cap.
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((*real(fd)[:6], 0, *real(fd)[7:])))
    with pytest.raises(RuleError) as e:
        read_capped(big)
    assert "larger than" in e.value.message


def test_every_string_of_a_record_is_checked_for_lone_surrogates():
    rec = record.to_record(play_random_game(2, 21))
    for patch in (lambda r: r["seats"][1].__setitem__("kind", "human\udc80"),
                  lambda r: r["shuffles"][0]["order"].__setitem__(0, "\ud800"),
                  lambda r: r["setup"][0]["roads"][0].__setitem__("card", "\udfff")):
        bad = json.loads(json.dumps(rec))
        patch(bad)
        with pytest.raises(RuleError) as e:
            record.replay(bad)
        assert e.value.rule == "format"


def test_replay_prints_names_a_terminal_cannot_show(tmp_path):
    g = play_random_game(1, 5)
    g.seats[0].name = "アキ"
    path = tmp_path / "ja.json"
    path.write_text(record.dumps(g), encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    for extra in (["--json"], []):
        r = subprocess.run([sys.executable, "-m", "ruin_qt", "replay", str(path), *extra], capture_output=True,
                           text=True, timeout=30, env=env)
        assert r.returncode == 0, r.stderr
    assert json.loads(subprocess.run([sys.executable, "-m", "ruin_qt", "replay", str(path), "--json"],
                                     capture_output=True, text=True, timeout=30, env=env).stdout)["seats"][0][
        "name"] == "アキ"
