"""Saves and the autosave: atomic, never overwrite what they cannot read."""

import json
import sqlite3

import pytest

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.storage.autosave import Autosave
from ruin_qt.app.storage.saves import SaveError, load_game, save_game
from ruin_qt.rules import record


def test_save_and_load_round_trip(tmp_path):
    g = play_random_game(3, 8)
    f = tmp_path / "game.json"
    save_game(g, f)
    assert json.loads(f.read_text())["format"] == "ruin-qt-record/1"
    assert record.summary(load_game(f)) == record.summary(g)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind


def test_load_refusal_is_readable_and_leaves_the_file(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text('{"format": "something-else/9"}')
    with pytest.raises(SaveError) as e:
        load_game(f)
    assert e.value.rule == "format" and "not an In the Ruin game record" in e.value.message
    assert f.read_text() == '{"format": "something-else/9"}'


def test_autosave_resumes_with_pending_turns(tmp_path):
    g = play_random_game(2, 9)
    a = Autosave(tmp_path)
    extra = {"phase": "play", "round": g.round + 1, "turns": {"0": {"draw": {"action": "none"}}}, "daily": None}
    assert a.write(g, extra)
    assert not a.write(g, extra)  # nothing changed: nothing written
    r = Autosave(tmp_path).load()
    assert record.summary(r.game) == record.summary(g) and r.extra == extra and r.notes == []
    a.write(g)
    assert Autosave(tmp_path).load().extra == {}
    a.clear()
    assert not a.exists() and not Autosave(tmp_path).exists()


def test_the_record_and_its_side_part_are_one_row_in_a_wal_database(tmp_path):
    """One transaction holds both parts: no kill can leave one without the other."""
    g = play_random_game(2, 9)
    a = Autosave(tmp_path)
    a.write(g, {"phase": "play", "round": g.round + 1, "turns": {}})
    db = sqlite3.connect(tmp_path / "autosave.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    rows = db.execute("SELECT record, pending, finished FROM autosave").fetchall()
    assert len(rows) == 1 and json.loads(rows[0][0]) == record.to_record(g) and rows[0][2] == int(g.over)
    db.close()
    a.close()


def test_a_damaged_record_in_the_autosave_is_kept_aside_byte_for_byte(tmp_path):
    a = Autosave(tmp_path)
    a.write(play_random_game(1, 4), {})
    broken = '{"format": "ruin-qt-record/1", "seed"'
    a._connect().execute("UPDATE autosave SET record = ?", (broken,))
    with pytest.raises(SaveError) as e:
        Autosave(tmp_path).load()
    assert "autosave.broken-" in e.value.message
    kept = list(tmp_path.glob("autosave.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == broken
    assert not Autosave(tmp_path).exists()


def test_a_legacy_two_file_autosave_is_offered_then_replaced(tmp_path):
    g = play_random_game(2, 12)
    (tmp_path / "autosave.json").write_text(record.dumps(g))
    (tmp_path / "autosave.pending.json").write_text(json.dumps({"phase": "play", "round": g.round + 1, "turns": {}}))
    a = Autosave(tmp_path)
    assert a.exists() and a.state() == "playing"
    r = a.load()
    assert record.summary(r.game) == record.summary(g) and r.extra["round"] == g.round + 1
    a.write(r.game, r.extra)
    assert not (tmp_path / "autosave.json").exists() and not (tmp_path / "autosave.pending.json").exists()
    assert record.summary(Autosave(tmp_path).load().game) == record.summary(g)


def test_a_broken_legacy_autosave_is_set_aside(tmp_path):
    a = Autosave(tmp_path)
    (tmp_path / "autosave.json").write_bytes(b'{"format": "ruin-qt-record/1", "seed"')
    with pytest.raises(SaveError) as e:
        a.load()
    assert "autosave.broken-" in e.value.message
    kept = list(tmp_path.glob("autosave.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == b'{"format": "ruin-qt-record/1", "seed"'
    assert not a.exists()


def test_bad_file_corpus_is_refused_without_touching_the_files(tmp_path):
    from .bad_files import corpus

    files = corpus(tmp_path / "bad")
    assert len(files) >= 20
    for name, path in files:
        before = path.read_bytes() if path.is_file() else None
        with pytest.raises(SaveError) as e:
            load_game(path)
        assert e.value.message and e.value.rule, name
        if before is not None:
            assert path.read_bytes() == before, name
