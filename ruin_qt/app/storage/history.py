"""The history of finished games: a local SQLite database.

One row per game (date, seed, daily challenge, the whole record) and one per
seat (level, breakdown, total, winner, and the player profile that played
it: NULL for a guest, a computer or a game from before profiles).  A version 1
history (no profiles) is brought to version 2 in one transaction when it is
opened; one that cannot be written then is read as it is (every seat a
guest).  A database that fails its integrity check or has an unknown schema
(a newer version's), or is no file at all (a folder), is renamed aside and
reported, never wiped.
One that merely cannot be written now (a full disk, a read-only folder, a
lock held by another program) is left alone: it is read if it can be, else
an empty history stands in, and every write is refused (``degraded``).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from ...rules import record
from ...rules.game import Game
from ...rules.scoring import Breakdown
from .faults import DAMAGED, OTHER, Fault, StorageError, fault_of, set_aside_database

FILENAME = "history.sqlite3"
SCHEMA_VERSION = 2
OLDER = (1,)  # versions brought up to date as they are opened

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,      -- ISO 8601, UTC
    seed INTEGER NOT NULL,
    daily TEXT,                     -- the challenge's date (YYYY-MM-DD) or NULL
    seats INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    record TEXT NOT NULL            -- ruin-qt-record/1 JSON
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,             -- "human" or "ai:<level>"
    square1 INTEGER NOT NULL,
    square2 INTEGER NOT NULL,
    gems INTEGER NOT NULL,
    penalties INTEGER NOT NULL,
    escape_vp INTEGER NOT NULL,
    routes INTEGER NOT NULL,
    total INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    profile TEXT,                   -- the player profile's id, NULL for any other seat
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS games_finished ON games(finished_at);
CREATE INDEX IF NOT EXISTS games_daily ON games(daily);
"""
INDEXES = "CREATE INDEX IF NOT EXISTS seats_profile ON seats(profile);"


class HistoryError(Exception):
    """The database could not be used: ``kind`` is a storage fault
    (faults.DAMAGED: it was set aside as ``aside``, if it could be moved)."""

    def __init__(self, reason: str, aside: Path | None, kind: str = DAMAGED, fault: Fault | None = None):
        super().__init__(reason)
        self.reason = reason
        self.aside = aside
        self.kind = kind
        self.fault = fault


class _Damaged(Exception):
    pass


def _unopenable(path: Path, fault: Fault) -> bool:
    """A file there that SQLite cannot open though its folder is usable (no full disk, no
    read-only folder, no lock): none of ours, set aside like a damaged one."""
    return fault.kind == OTHER and path.is_file() and "unable to open" in fault.detail


@dataclass(frozen=True)
class SeatResult(Breakdown):
    """One seat of one game of the history: its breakdown (``Breakdown``) and where it stands."""

    game_id: int = 0
    finished_at: str = ""
    daily: str | None = None
    seats: int = 0
    seat: int = 0
    name: str = ""
    kind: str = ""
    winner: bool = False
    profile: str | None = None  # the player profile that played the seat (None: a guest, a computer)


_ROW = ("game_id", "finished_at", "daily", "seats", "seat", "name", "kind")
_BREAKDOWN = ("square1", "square2", "gems", "penalties", "escape_vp", "routes", "total")  # the columns' order


def _stored(parts: dict[str, int]) -> tuple[int, ...]:
    return tuple(parts[k] for k in _BREAKDOWN)


def _bring_up_to_date(db: sqlite3.Connection) -> None:
    """Create what is missing and give the seats their profile column: all of
    it in one transaction or nothing (a kill or a full disk halfway leaves the
    older version whole).  Another instance may have done it meanwhile: the
    version is read again under the lock."""
    db.isolation_level = None  # the transaction below is ours, not the module's
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                if "profile" not in _columns(db, "seats"):
                    db.execute("ALTER TABLE seats ADD COLUMN profile TEXT")
                db.execute(INDEXES)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # SQLite may have rolled it back already (a full disk)
                db.execute("ROLLBACK")
            raise
    finally:
        db.isolation_level = ""


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in db.execute(f"PRAGMA table_info({table})")}


class History:
    def __init__(self, path: Path, timeout: float = 2.0):
        self.path = Path(path)
        self.timeout = timeout  # how long to wait for another program's lock
        self.problem: HistoryError | None = None
        self.degraded = False  # read-only or empty stand-in: add_game refuses
        self.db = self._open()
        # A version 1 history read as it is (it could not be brought up to date): every seat a guest.
        self._profile = "s.profile" if "profile" in _columns(self.db, "seats") else "NULL"

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except _Damaged as e:
            reason = str(e)
        except sqlite3.Error as e:
            fault = fault_of(e, self.path)
            if fault.kind != DAMAGED and not _unopenable(self.path, fault):
                self.problem = HistoryError(str(e), None, fault.kind, fault)
                return self._stand_in()
            reason = str(e)
        try:
            aside = set_aside_database(self.path, f"{self.path.stem}.broken") if self.path.exists() else None
        except OSError as e:
            self.problem = HistoryError(reason, None, DAMAGED, fault_of(e, self.path))
            return self._stand_in(readable=False)
        self.problem = HistoryError(reason, aside)
        try:
            return self._connect()
        except (sqlite3.Error, _Damaged) as e:
            fault = fault_of(e, self.path)
            self.problem = HistoryError(str(e), aside, fault.kind, fault)
            return self._stand_in(readable=False)

    def _connect(self) -> sqlite3.Connection:
        if self.path.exists() and not self.path.is_file():
            raise _Damaged("not a database file")  # a folder, a device: set aside
        db = sqlite3.connect(self.path, timeout=self.timeout)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            ok = db.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise _Damaged(f"integrity check failed: {ok[0] if ok else '?'}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            # Version 0 with some of our tables: a creation cut short by a kill
            # (before it was one transaction); it is completed, not set aside.
            if (tables and version != SCHEMA_VERSION and version not in OLDER
                    and not (version == 0 and tables <= {"games", "seats"})):
                raise _Damaged(f"unknown history schema version {version}")
            if version != SCHEMA_VERSION:  # a healthy, current history is never written at start-up
                _bring_up_to_date(db)
        except (sqlite3.Error, _Damaged):
            db.close()
            raise
        return db

    def _stand_in(self, readable: bool = True) -> sqlite3.Connection:
        """The history read-only if it can be read, else an empty one in memory."""
        self.degraded = True
        if readable and self.path.is_file():
            try:
                db = sqlite3.connect(f"file:{quote(str(self.path))}?mode=ro", uri=True, timeout=0.2)
                ok = db.execute("PRAGMA quick_check").fetchone()
                if ok and ok[0] == "ok" and db.execute("SELECT count(*) FROM games").fetchone() is not None:
                    return db
                db.close()
            except sqlite3.Error:
                pass
        db = sqlite3.connect(":memory:")
        db.executescript(SCHEMA)
        return db

    def close(self) -> None:
        """Close the file.  A statistics window may outlive its main window by
        a few events: it then reads an empty history instead of failing."""
        self.db.close()
        self.db = sqlite3.connect(":memory:")
        self.db.executescript(SCHEMA)
        self.degraded = True
        self._profile = "s.profile"

    # -- writing -----------------------------------------------------------
    def add_game(self, game: Game, daily: str | None = None, finished_at: dt.datetime | None = None,
                 player: tuple[str, int] | None = None) -> int:
        """The new game's id; StorageError if the history cannot be written.
        ``player``: (profile id, seat) of the player profile's seat, if one played."""
        if not game.over:
            raise ValueError("only finished games go into the history")
        if self.degraded:
            p = self.problem
            raise StorageError(p.fault if p is not None and p.fault is not None else Fault(DAMAGED, self.path))
        try:
            return self._insert(game, daily, finished_at, player)
        except sqlite3.Error as e:
            raise StorageError(fault_of(e, self.path)) from None

    def holds(self, game: Game) -> bool:
        """Whether ``game`` is in the history already (a pending file left by a kill after adding it)."""
        text = record.dumps(game)
        return self.db.execute("SELECT 1 FROM games WHERE record = ? LIMIT 1", (text,)).fetchone() is not None

    def _insert(self, game: Game, daily: str | None, finished_at: dt.datetime | None,
                player: tuple[str, int] | None) -> int:
        when = (finished_at or dt.datetime.now(dt.UTC)).isoformat(timespec="seconds")
        scores = game.scores()
        winners = set(game.winners())
        pid, me = player if player is not None else (None, -1)
        with self.db:
            cur = self.db.execute(
                "INSERT INTO games (finished_at, seed, daily, seats, rounds, record) VALUES (?, ?, ?, ?, ?, ?)",
                (when, game.seed, daily, game.n, game.round, record.dumps(game)),
            )
            gid = cur.lastrowid
            self.db.executemany(
                "INSERT INTO seats (game_id, seat, name, kind, square1, square2, gems, penalties, escape_vp, routes,"
                " total, winner, profile) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(gid, i, s.name, s.kind, *_stored(Breakdown.parts(sc)), int(i in winners),
                  pid if i == me and s.kind == "human" else None)
                 for i, (s, sc) in enumerate(zip(game.seats, scores))],
            )
        return int(gid)

    # -- reading -----------------------------------------------------------
    def count(self) -> int:
        return self.db.execute("SELECT count(*) FROM games").fetchone()[0]

    def results(self, humans_only: bool = False) -> list[SeatResult]:
        """Every seat of every game, oldest first."""
        q = ("SELECT g.id, g.finished_at, g.daily, g.seats, s.seat, s.name, s.kind, s.square1, s.square2,"
             f" s.gems, s.penalties, s.escape_vp, s.routes, s.total, s.winner, {self._profile}"
             " FROM seats s JOIN games g ON g.id = s.game_id")
        if humans_only:
            q += " WHERE s.kind = 'human'"
        q += " ORDER BY g.finished_at, g.id, s.seat"
        return [SeatResult(**dict(zip(_ROW, row[:7])), **dict(zip(_BREAKDOWN, row[7:14])), winner=bool(row[14]),
                           profile=row[15]) for row in self.db.execute(q)]

    def record_of(self, game_id: int) -> dict | None:
        row = self.db.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def daily_best(self, day: str, profile: str | None = None) -> int | None:
        """The best human total of ``day``'s challenge (the profile's own, if one is given)."""
        mine = f" AND {self._profile} = ?" if profile is not None else ""
        row = self.db.execute(
            "SELECT max(s.total) FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.daily = ? AND s.kind = 'human'" + mine, (day, *([profile] if profile is not None else []))
        ).fetchone()
        return row[0] if row else None

    def solo_best(self, name: str, exclude_game: int | None = None, profile: str | None = None) -> int | None:
        """The best solo total (the rulebook's solo goal is to beat it) of the
        player ``profile``, whatever names it played under, or else of the
        guest ``name``; ``exclude_game``: the game just added, to compare it
        with the ones before."""
        who = f"{self._profile} = ?" if profile is not None else f"s.name = ? AND {self._profile} IS NULL"
        row = self.db.execute(
            "SELECT max(s.total) FROM seats s JOIN games g ON g.id = s.game_id"
            f" WHERE g.seats = 1 AND s.kind = 'human' AND {who} AND g.id IS NOT ?",
            (profile if profile is not None else name, exclude_game)).fetchone()
        return row[0] if row else None

    def solo_best_before(self, game_id: int) -> int | None:
        """The best solo total before the solo game ``game_id``, of whoever played it (its profile, or its
        guest's name)."""
        row = self.db.execute(f"SELECT s.name, {self._profile} FROM seats s WHERE s.game_id = ? AND s.seat = 0",
                              (game_id,)).fetchone()
        return None if row is None else self.solo_best(row[0], exclude_game=game_id, profile=row[1])

    # -- player profiles ---------------------------------------------------
    def profiles(self) -> list[str]:
        """Every profile id that played a seat, most recent first."""
        return [r[0] for r in self.db.execute(
            f"SELECT {self._profile} AS p FROM seats s WHERE p IS NOT NULL GROUP BY p ORDER BY max(s.game_id) DESC")]

    def lone_names(self) -> list[tuple[str, int]]:
        """The names of guest seats (no profile) that played as the only human at
        their table (solo, tutorial, daily, against computers), with their game
        counts, the most played first: the names a profile may be offered to take."""
        q = (f"SELECT s.name, count(*) FROM seats s WHERE s.kind = 'human' AND {self._profile} IS NULL"
             " AND (SELECT count(*) FROM seats o WHERE o.game_id = s.game_id AND o.kind = 'human') = 1"
             " GROUP BY s.name ORDER BY count(*) DESC, s.name")
        return [(name, n) for name, n in self.db.execute(q)]

    def attach(self, profile: str, names: list[str]) -> int:
        """Give the guest seats named ``names`` to ``profile`` (at most one seat
        a game: the first such seat); how many seats it took.  StorageError if
        the history cannot be written."""
        if not names:
            return 0
        if self.degraded or self._profile == "NULL":
            p = self.problem
            raise StorageError(p.fault if p is not None and p.fault is not None else Fault(DAMAGED, self.path))
        marks = ", ".join("?" * len(names))
        try:
            with self.db:
                cur = self.db.execute(
                    f"UPDATE seats SET profile = ? WHERE kind = 'human' AND profile IS NULL AND name IN ({marks})"
                    " AND NOT EXISTS (SELECT 1 FROM seats o WHERE o.game_id = seats.game_id AND o.profile IS NOT NULL)"
                    " AND seat = (SELECT min(o.seat) FROM seats o WHERE o.game_id = seats.game_id"
                    f" AND o.kind = 'human' AND o.profile IS NULL AND o.name IN ({marks}))",
                    (profile, *names, *names))
        except sqlite3.Error as e:
            raise StorageError(fault_of(e, self.path)) from None
        return cur.rowcount

    def results_against_computers(self) -> dict[str, tuple[int, int]]:
        """Per computer level met by a human: (games, human wins)."""
        out: dict[str, tuple[int, int]] = {}
        q = ("SELECT DISTINCT c.kind, h.game_id, h.winner FROM seats h JOIN seats c"
             " ON c.game_id = h.game_id AND c.kind LIKE 'ai:%' WHERE h.kind = 'human'")
        for kind, _gid, won in self.db.execute(q):
            games, wins = out.get(kind, (0, 0))
            out[kind] = (games + 1, wins + int(won))
        return out


class ReviewCache:
    """Game reviews kept beside the games they judged, so one opens again at
    once.  A cache: when it cannot be read or written, nothing is lost."""

    def __init__(self, history: History):
        self.history = history

    def get(self, key: str) -> str | None:
        try:
            row = self.history.db.execute("SELECT json FROM reviews WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            return None  # no review kept yet (or an unreadable history)
        return row[0] if row else None

    def put(self, key: str, text: str) -> None:
        if self.history.degraded:
            return
        try:
            with self.history.db:
                self.history.db.execute("CREATE TABLE IF NOT EXISTS reviews (key TEXT PRIMARY KEY, json TEXT NOT NULL)")
                self.history.db.execute("INSERT OR REPLACE INTO reviews VALUES (?, ?)", (key, text))
        except sqlite3.Error:
            pass


def daily_seed(day: dt.date) -> int:
    """The daily challenge's seed: the same deal for everyone on that date."""
    return day.year * 10000 + day.month * 100 + day.day
