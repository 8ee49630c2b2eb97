"""One player: the history keeps the player profile on
the seat it played; a version 1 history is brought to version 2 without
losing a row; the earlier names merge into the profile."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.storage import unfiled
from ruin_qt.app.storage.faults import StorageError
from ruin_qt.app.storage.history import History
from ruin_qt.app.storage.profile import Player, cleaned
from ruin_qt.app.storage.settings import Settings

# The version 1 schema exactly as the released versions made it (before profiles).
V1_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, finished_at TEXT NOT NULL, seed INTEGER NOT NULL, daily TEXT,
    seats INTEGER NOT NULL, rounds INTEGER NOT NULL, record TEXT NOT NULL);
CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    name TEXT NOT NULL, kind TEXT NOT NULL, square1 INTEGER NOT NULL, square2 INTEGER NOT NULL, gems INTEGER NOT NULL,
    penalties INTEGER NOT NULL, escape_vp INTEGER NOT NULL, routes INTEGER NOT NULL, total INTEGER NOT NULL,
    winner INTEGER NOT NULL, PRIMARY KEY (game_id, seat));
CREATE INDEX games_finished ON games(finished_at);
CREATE INDEX games_daily ON games(daily);
PRAGMA user_version = 1;
"""
PID = "0123456789abcdef0123456789abcdef"


def game(n: int, seed: int, *names: str, kinds: tuple[str, ...] = ()):
    g = play_random_game(n, seed)
    for i, seat in enumerate(g.seats):
        seat.name = names[i] if i < len(names) else f"CPU {i}"
        seat.kind = kinds[i] if i < len(kinds) else ("human" if i < len(names) else "ai:standard")
    return g


def v1_history(path, games: list) -> None:
    """A history written the way version 1 wrote it, one row per seat."""
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    for gid, (g, daily) in enumerate(games, 1):
        db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (gid, f"2026-01-{gid:02d}T00:00:00+00:00", g.seed, daily, g.n, g.round, "{}"))
        for i, (s, sc) in enumerate(zip(g.seats, g.scores())):
            db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (gid, i, s.name, s.kind, sc.square1, sc.square2, sc.gems, sc.penalties, sc.escape_vp,
                        sc.routes, sc.total, int(i in g.winners())))
    db.execute("CREATE TABLE reviews (key TEXT PRIMARY KEY, json TEXT NOT NULL)")
    db.execute("INSERT INTO reviews VALUES ('k', '{}')")
    db.commit()
    db.close()


def dump(path) -> tuple[list, list, list]:
    db = sqlite3.connect(path)
    out = (db.execute("SELECT * FROM games ORDER BY id").fetchall(),
           db.execute("SELECT game_id, seat, name, kind, square1, square2, gems, penalties, escape_vp, routes, total,"
                      " winner FROM seats ORDER BY game_id, seat").fetchall(),
           db.execute("SELECT * FROM reviews").fetchall())
    db.close()
    return out


def earlier_games():
    """A history as players had it: the tutorial's "Player", New Game's "Player 1", the Japanese Daily's
    "プレイヤー", and a pass-and-play game with a guest."""
    return [(game(1, 1, "Player"), None), (game(1, 2, "Player 1"), None), (game(1, 3, "プレイヤー"), "2026-01-03"),
            (game(2, 4, "Player 1", "Bo"), None), (game(2, 5, "Player 1", kinds=("human", "ai:expert")), None)]


# -- the schema migration ------------------------------------------------------------------

def test_a_version_1_history_is_brought_to_version_2_with_every_row_kept(tmp_path):
    path = tmp_path / "history.sqlite3"
    v1_history(path, earlier_games())
    before = dump(path)
    h = History(path)
    assert h.problem is None and not h.degraded
    assert h.db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert dump(path) == before  # not a row lost or changed, reviews included
    rows = h.results()
    assert len(rows) == 1 + 1 + 1 + 2 + 2 and all(r.profile is None for r in rows)
    assert [r.total for r in rows] == [row[10] for row in before[1]]
    gid = h.add_game(game(1, 9, "Aki"), player=(PID, 0))  # and it takes new games with their profile
    assert h.results()[-1].profile == PID and h.count() == 6
    h.close()
    again = History(path)  # a current history is opened as it is
    assert again.problem is None and again.count() == 6 and again.results()[-1].game_id == gid


def test_a_migration_cut_short_leaves_version_1_whole(tmp_path, monkeypatch):
    """One transaction: a failure after the new column was added rolls it back."""
    from ruin_qt.app.storage import history

    path = tmp_path / "history.sqlite3"
    v1_history(path, earlier_games())
    before = dump(path)
    monkeypatch.setattr(history, "INDEXES", "CREATE INDEX broken ON nowhere(x)")  # fails after the ALTER
    h = History(path)
    assert h.degraded and h.problem is not None and h.problem.aside is None  # read as it is, not set aside
    assert [r.total for r in h.results()] == [row[10] for row in before[1]]
    assert all(r.profile is None for r in h.results())
    with pytest.raises(StorageError):
        h.add_game(game(1, 9, "Aki"))
    h.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "profile" not in {r[1] for r in db.execute("PRAGMA table_info(seats)")}
    db.close()
    assert dump(path) == before and sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]
    monkeypatch.undo()
    assert History(path).db.execute("PRAGMA user_version").fetchone()[0] == 2  # done at the next start


def test_a_version_1_history_locked_by_another_program_is_read_as_it_is(tmp_path):
    path = tmp_path / "history.sqlite3"
    v1_history(path, earlier_games())
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # a writer elsewhere: reading works, writing waits
    try:
        h = History(path, timeout=0.1)
        assert h.degraded and h.problem.kind == "locked"
        assert len(h.results()) == 7 and h.solo_best("Player") is not None and h.profiles() == []
        assert h.lone_names()  # the merge can be offered; it is refused (and asked again) until writable
        with pytest.raises(StorageError):
            h.attach(PID, ["Player"])
        h.close()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert History(path).db.execute("PRAGMA user_version").fetchone()[0] == 2


def test_a_newer_or_foreign_history_is_set_aside_as_before(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE games (x); PRAGMA user_version = 3;")
    db.close()
    h = History(path)
    assert h.problem is not None and "unknown history schema version 3" in h.problem.reason
    assert h.problem.aside is not None and h.problem.aside.exists() and h.count() == 0


def test_a_creation_cut_short_is_completed_with_the_profile_column(tmp_path):
    from ruin_qt.app.storage.history import SCHEMA

    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(SCHEMA.split(";")[0] + ";")  # the games table only, version 0
    db.close()
    h = History(path)
    assert h.problem is None and h.add_game(game(1, 3, "Aki"), player=(PID, 0)) == 1
    assert h.results()[0].profile == PID


# -- bests and merging by profile -------------------------------------------------------------

def test_bests_count_the_profile_whatever_the_name_typed(tmp_path):
    """The final sheet players once saw: a 210 VP game under another name is the profile's best all the same."""
    h = History(tmp_path / "h.sqlite3")
    a, b, guest = game(1, 11, "Player"), game(1, 12, "Aki"), game(1, 13, "Bo")
    ga = h.add_game(a, player=(PID, 0), daily="2026-11-27")
    gb = h.add_game(b, player=(PID, 0))
    h.add_game(guest)
    ta, tb = a.scores()[0].total, b.scores()[0].total
    assert h.solo_best("anything", profile=PID) == max(ta, tb)
    assert h.solo_best_before(gb) == ta and h.solo_best_before(ga) == tb
    assert h.solo_best("Bo") == guest.scores()[0].total and h.solo_best("Aki") is None  # "Aki" is no guest
    assert h.daily_best("2026-11-27", PID) == ta and h.daily_best("2026-11-27", "f" * 32) is None
    assert h.profiles() == [PID]


def test_attach_gives_the_chosen_names_to_the_profile_one_seat_a_game(tmp_path):
    path = tmp_path / "history.sqlite3"
    v1_history(path, earlier_games())
    h = History(path)
    h.add_game(game(2, 6, "Player 1", "Player", kinds=("human", "human")))
    assert dict(h.lone_names()) == {"Player 1": 2, "Player": 1, "プレイヤー": 1}  # Bo never played alone
    assert h.attach(PID, ["Player 1", "Player", "プレイヤー"]) == 6
    mine = [r for r in h.results() if r.profile == PID]
    assert sorted((r.game_id, r.seat) for r in mine) == [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]
    assert h.lone_names() == [] and h.attach(PID, ["Player"]) == 0  # a seat already given is not given twice
    assert h.attach(PID, []) == 0


# -- the profile itself -------------------------------------------------------------------------

def test_the_profile_id_is_kept_and_found_again_in_the_history(tmp_path):
    h = History(tmp_path / "h.sqlite3")
    s = Settings(tmp_path / "settings.ini")
    p = Player(s, lambda: h)
    assert p.needs_name() and p.merge_pending()
    pid = p.id
    assert len(pid) == 32 and Player(Settings(tmp_path / "settings.ini"), lambda: h).id == pid
    h.add_game(game(1, 3, "Aki"), player=(pid, 0))
    lost = Player(Settings(tmp_path / "other.ini"), lambda: h)  # the settings lost: the history knows the player
    assert lost.id == pid and Settings(tmp_path / "other.ini").profile_id() == pid
    assert Player(Settings(tmp_path / "third.ini"), lambda: History(tmp_path / "new.sqlite3")).id != pid


def test_the_profiles_seat_is_its_name_and_a_resumed_game_keeps_it(tmp_path):
    s = Settings(tmp_path / "settings.ini")
    p = Player(s, lambda: History(tmp_path / "h.sqlite3"))
    assert p.rename("  アキ  ") and p.name == "アキ"
    assert not p.rename("   ") and not p.rename("x" * 41) and not p.rename("A\tB") and p.name == "アキ"
    seats = [("Bo", "human"), ("アキ", "ai:standard"), (" アキ ", "human")]
    assert p.seat_of(seats) == 2 and p.playing(seats) == (p.id, 2)
    assert p.seat_of([("AKI", "human")]) is None and Player(s, lambda: None).seat_of([("akI", "human")]) is None
    p.rename("Aki")
    assert p.seat_of([("Bo", "human"), ("AKI", "human")]) == 1  # case and spaces aside
    assert p.playing(seats, {"me": 0}) == (p.id, 0)  # kept with the autosave: a rename since changes nothing
    for wrong in (1, 3, -1, True, "0", None):  # a computer seat, out of range, not a seat
        assert p.playing([("Bo", "human"), ("X", "ai:random")], {"me": wrong}) is None


def test_system_names_are_cleaned_to_seat_names():
    assert cleaned("  Aki Tanaka \x07") == "Aki Tanaka" and cleaned("x" * 100) == "x" * 40
    assert cleaned("\x00\x01") == "" and cleaned(None) == ""


def test_a_pending_game_keeps_its_profile_seat(tmp_path):
    g = game(2, 8, "Bo", "Aki", kinds=("human", "human"))
    path = unfiled.write(tmp_path, unfiled.Unfiled(g, None, player=(PID, 1)))
    assert unfiled.found(tmp_path)[0].player == (PID, 1)
    data = json.loads(path.read_text(encoding="utf-8"))
    for wrong in ([PID, 2], [PID, True], [5, 1], "x", [PID, 0, 1]):
        data["player"] = wrong
        path.write_text(json.dumps(data), encoding="utf-8")
        assert unfiled.found(tmp_path)[0].player is None
    del data["player"]  # a file of an earlier version
    path.write_text(json.dumps(data), encoding="utf-8")
    assert unfiled.found(tmp_path)[0].player is None
