"""The history database round-trips games and sets a broken one aside."""

import datetime as dt
import sqlite3

import pytest

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.storage.faults import StorageError
from ruin_qt.app.storage.history import History, daily_seed
from ruin_qt.rules import record


def test_history_round_trips_finished_games(tmp_path):
    h = History(tmp_path / "h.sqlite3")
    assert h.problem is None and h.count() == 0
    games = [play_random_game(n, 40 + n) for n in (1, 2, 4)]
    for i, g in enumerate(games):
        h.add_game(g, daily="2026-11-22" if i == 0 else None,
                   finished_at=dt.datetime(2026, 11, 20 + i, tzinfo=dt.UTC))
    h.close()
    h = History(tmp_path / "h.sqlite3")
    assert h.count() == 3
    rows = h.results()
    assert len(rows) == 1 + 2 + 4
    for g, gid in zip(games, sorted({r.game_id for r in rows})):
        mine = [r for r in rows if r.game_id == gid]
        scores = g.scores()
        assert [r.total for r in mine] == [s.total for s in scores]
        assert [r.winner for r in mine] == [i in g.winners() for i in range(g.n)]
        assert [(r.square1, r.square2, r.gems, r.penalties, r.escape_vp, r.routes) for r in mine] == [
            (s.square1, s.square2, s.gems, s.penalties, s.escape_vp, s.routes) for s in scores]
        assert record.summary(record.replay(h.record_of(gid))) == record.summary(g)
    assert rows[0].daily == "2026-11-22"


def test_daily_challenge_seed_and_best(tmp_path):
    assert daily_seed(dt.date(2026, 11, 22)) == 20261122
    h = History(tmp_path / "h.sqlite3")
    g = play_random_game(1, daily_seed(dt.date(2026, 11, 22)))
    g.seats[0].kind = "human"
    h.add_game(g, daily="2026-11-22")
    assert h.daily_best("2026-11-22") == g.scores()[0].total
    assert h.daily_best("2026-11-21") is None


def test_results_against_computer_levels(tmp_path):
    h = History(tmp_path / "h.sqlite3")
    g = play_random_game(2, 3)
    g.seats[0].kind = "human"
    g.seats[1].kind = "ai:standard"
    h.add_game(g)
    won = 0 in g.winners()
    assert h.results_against_computers() == {"ai:standard": (1, int(won))}


def test_corrupt_database_is_set_aside_not_wiped(tmp_path):
    path = tmp_path / "history.sqlite3"
    garbage = b"SQLite format 3\x00" + b"\x13" * 5000
    path.write_bytes(garbage)
    h = History(path)
    assert h.problem is not None and h.problem.aside is not None
    assert h.problem.aside.read_bytes() == garbage  # kept as it was
    assert h.count() == 0  # a fresh, working database
    h.add_game(play_random_game(1, 1))
    assert h.count() == 1


def test_foreign_schema_is_set_aside(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (x)")
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    h = History(path)
    assert h.problem is not None and "schema" in h.problem.reason
    assert sqlite3.connect(h.problem.aside).execute("PRAGMA user_version").fetchone()[0] == 99


def test_locked_database_is_reported_and_left_alone(tmp_path):
    """Another program's lock is no damage: nothing is renamed, writes are
    refused for now, and the same file opens normally once the lock is gone."""
    path = tmp_path / "history.sqlite3"
    History(path).add_game(play_random_game(1, 2))
    before = path.read_bytes()
    locker = sqlite3.connect(path)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        h = History(path, timeout=0.2)
        assert h.problem is not None and h.problem.kind == "locked" and h.problem.aside is None
        assert h.degraded and h.count() == 0  # an empty stand-in while it is locked
        with pytest.raises(StorageError):
            h.add_game(play_random_game(1, 3))
    finally:
        locker.rollback()
        locker.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]
    assert path.read_bytes() == before
    again = History(path)
    assert again.problem is None and again.count() == 1


def test_a_creation_cut_short_is_completed_not_set_aside(tmp_path):
    """A kill while the schema was being created left some tables and no version."""
    from ruin_qt.app.storage.history import SCHEMA

    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(SCHEMA.split(";")[0] + ";")  # the games table only
    db.close()
    h = History(path)
    assert h.problem is None and not h.degraded
    h.add_game(play_random_game(1, 2))
    assert h.count() == 1 and sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]
