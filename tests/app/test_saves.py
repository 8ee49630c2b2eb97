"""Saves and the autosave: atomic, never overwrite what they cannot read."""

import json

import pytest

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.saves import Autosave, SaveError, load_game, save_game
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
    a.write(g, extra)
    r = a.load()
    assert record.summary(r.game) == record.summary(g) and r.extra == extra
    a.write(g)
    assert not a.pending_path.exists() and a.load().extra == {}
    a.clear()
    assert not a.exists()


def test_broken_autosave_is_set_aside(tmp_path):
    a = Autosave(tmp_path)
    a.path.write_bytes(b'{"format": "ruin-qt-record/1", "seed"')
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
