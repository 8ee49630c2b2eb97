"""The autosave: the game in play and the choices confirmed in its unfinished
setup or round, kept as one row of an SQLite database and replaced in one
transaction after every step, so a kill at any instant leaves exactly the
last step whose save completed.

Durability: ``journal_mode=WAL`` with ``synchronous=NORMAL``.  A commit is in
the WAL file before COMMIT returns, so it survives a killed or crashed
process; a power cut may lose the last steps but never leaves the database
inconsistent.  (``FULL`` would sync every step, several ms on many disks.)

A database that fails its integrity check is renamed aside byte for byte; a
row whose record or side part cannot be used has that part written to a
file beside it, and the rest of the game is kept.  Earlier versions kept
two files (``autosave.json`` and ``autosave.pending.json``); they are read
if the database holds no game, and removed once it does.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from ...rules import record
from ...rules.game import Game
from . import probe
from .faults import (
    DAMAGED,
    Fault,
    StorageError,
    ensure_folder,
    fault_of,
    keep_aside,
    set_aside_database,
    unused_name,
)
from .record_files import read_capped
from .saves import Resumable, SaveError, load_game

FILENAME = "autosave.sqlite3"
LEGACY, LEGACY_PENDING = "autosave.json", "autosave.pending.json"
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE autosave (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),  -- one game at a time
    saved_at TEXT NOT NULL,                      -- ISO 8601, UTC
    finished INTEGER NOT NULL,                   -- 1 once the game is over (waiting for the history)
    record TEXT NOT NULL,                        -- ruin-qt-record/1 JSON
    pending TEXT NOT NULL                        -- JSON: confirmed choices of the unfinished setup/round, app facts
);
"""
UPSERT = ("INSERT INTO autosave (slot, saved_at, finished, record, pending) VALUES (1, ?, ?, ?, ?)"
          " ON CONFLICT(slot) DO UPDATE SET saved_at = excluded.saved_at, finished = excluded.finished,"
          " record = excluded.record, pending = excluded.pending")
SIDE_CAP = 1 << 20  # the side part of a real game is a few kB


class _Damaged(Exception):
    pass


class Autosave:
    """The current game, rewritten after every step; found again at start-up."""

    def __init__(self, folder: Path | None = None):
        if folder is None:
            from .settings import data_dir

            folder = data_dir()
        self.folder = Path(folder)
        self.path = self.folder / FILENAME
        self.notes: list[str] = []  # damaged files set aside while opening, for the player
        self._db: sqlite3.Connection | None = None
        self._last: tuple[str, str] | None = None  # what this process last wrote
        self._count = 0  # saves written by this process (the probe numbers them)

    # -- the connection --------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            fault = ensure_folder(self.folder)
            if fault is not None:
                raise StorageError(fault)
            try:
                self._db = self._open()
            except _Damaged as e:
                self._set_aside(str(e))
                self._db = self._open()
        return self._db

    def _open(self) -> sqlite3.Connection:
        if self.path.exists() and not self.path.is_file():
            raise _Damaged("not a database file")  # a folder: set aside as the history does
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._create()
        try:
            db = sqlite3.connect(self.path, timeout=0.1, isolation_level=None)
        except sqlite3.Error as e:
            raise StorageError(fault_of(e, self.path)) from None
        try:
            ok = db.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise _Damaged(f"integrity check failed: {ok[0] if ok else '?'}")
            tables = db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if tables and version != SCHEMA_VERSION:
                raise _Damaged(f"unknown autosave schema version {version}")
            if not tables:
                # A database without our table (a disk that filled while an earlier version made it): it
                # holds no game; made again, whole, in its place.
                db.close()
                self._create()
                return self._open()
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
        except (_Damaged, StorageError):
            db.close()
            raise
        except sqlite3.Error as e:
            db.close()
            fault = fault_of(e, self.path)
            if fault.kind == DAMAGED:
                raise _Damaged(str(e)) from None
            raise StorageError(fault) from None
        return db

    def _create(self) -> None:
        """The database made whole beside its place and renamed into it: a disk that fills meanwhile leaves
        the autosave as it was (none, or the empty one), never a database without its table."""
        tmp = self.folder / f".{FILENAME}.{os.getpid()}.tmp"  # a killed run's leftover: faults.clean_temporary
        try:
            db = sqlite3.connect(tmp, isolation_level=None)
            try:
                db.executescript(f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
            finally:
                db.close()
            os.replace(tmp, self.path)
        except (sqlite3.Error, OSError) as e:
            for leftover in (tmp, Path(f"{tmp}-journal")):
                leftover.unlink(missing_ok=True)
            raise StorageError(fault_of(e, self.path)) from None

    def _set_aside(self, reason: str) -> None:
        try:
            aside = set_aside_database(self.path, "autosave.broken")
        except OSError as e:
            raise StorageError(Fault(DAMAGED, self.path, str(e))) from None
        note = QCoreApplication.translate(
            "Saves", "The autosave could not be read (%1). It was kept as %2 and a new one was started.")
        self.notes.append(note.replace("%1", reason).replace("%2", aside.name))

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- writing ----------------------------------------------------------------
    def write(self, game: Game, extra: dict | None = None) -> bool:
        """Save the game and its side part as one unit; False if nothing
        changed since the last write.  StorageError if it cannot be written
        (the previous save is then still whole)."""
        record_text = record.dumps(game)
        pending = dict(extra or {})
        pending_text = json.dumps(pending, ensure_ascii=False, sort_keys=True)
        if (record_text, pending_text) == self._last:
            return False
        self._count += 1
        n = self._count
        if probe.ENABLED:
            state = "over" if game.over else "playing"
            probe.report(f"save {n} serialized {probe.digest(record_text, pending)} "
                         f"{probe.confirmed_steps(game, pending)} {state}", n, "serialized")
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            probe.report(f"save {n} transaction", n, "transaction")
            db.execute(UPSERT, (dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), int(game.over),
                                record_text, pending_text))
            probe.report(f"save {n} written", n, "written")
            db.execute("COMMIT")
        except (sqlite3.Error, UnicodeError, ValueError) as e:
            self._rollback()
            raise StorageError(fault_of(e, self.path)) from None
        probe.report(f"save {n} committed", n, "committed")
        self._last = (record_text, pending_text)
        self._remove_legacy()
        return True

    def _rollback(self) -> None:
        if self._db is not None and self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def clear(self) -> None:
        """The game is over or discarded: nothing to offer back."""
        if self.path.exists():
            try:
                self._connect().execute("DELETE FROM autosave")
            except sqlite3.Error as e:
                raise StorageError(fault_of(e, self.path)) from None
        self._remove_legacy()
        self._last = None
        probe.report("cleared")

    def _remove_legacy(self) -> None:
        for name in (LEGACY, LEGACY_PENDING):
            p = self.folder / name
            if p.exists():
                try:
                    p.unlink()
                except OSError:
                    pass

    # -- reading ----------------------------------------------------------------
    def _row(self) -> tuple[str, str, int] | None:
        """(record, pending, finished) of the saved game, or None.  A folder
        we cannot write to is still read, through a copy."""
        if not self.path.exists():
            return None
        try:
            return self._connect().execute("SELECT record, pending, finished FROM autosave").fetchone()
        except StorageError:
            return self._row_from_copy()
        except sqlite3.Error as e:
            raise StorageError(fault_of(e, self.path)) from None

    def _row_from_copy(self):
        with tempfile.TemporaryDirectory(prefix="ruin-qt-autosave-") as tmp:
            copy = Path(tmp) / FILENAME
            try:
                for suffix in ("", "-wal"):
                    src = Path(str(self.path) + suffix)
                    if src.exists():
                        shutil.copyfile(src, str(copy) + suffix)
                db = sqlite3.connect(copy)
                try:
                    if not db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'autosave'").fetchone()[0]:
                        return None  # a database without its table holds no game
                    return db.execute("SELECT record, pending, finished FROM autosave").fetchone()
                finally:
                    db.close()
            except (OSError, sqlite3.Error) as e:
                raise StorageError(fault_of(e, self.path)) from None

    def state(self) -> str:
        """"none", "playing" or "finished" (a game over, not yet in the history)."""
        row = self._row()
        if row is not None:
            return "finished" if row[2] else "playing"
        return "playing" if (self.folder / LEGACY).is_file() else "none"

    def exists(self) -> bool:
        try:
            return self.state() != "none"
        except StorageError:
            return False

    def load(self) -> Resumable:
        """The autosaved game.  SaveError if its record cannot be used (the
        record is then kept in a file beside it); a damaged side part is
        kept the same way and noted, and the game resumes without it."""
        row = self._row()
        if row is None:
            return self._load_legacy()
        record_text, pending_text, _ = row
        try:
            game = record.replay(record.loads(record_text))
        except Exception as e:  # noqa: BLE001 - any failure of the saved record is reported, never raised
            message = str(getattr(e, "message", "")) or type(e).__name__
            kept = self._keep("autosave.broken", ".json", record_text)
            if kept is not None:
                try:
                    self.clear()
                except StorageError:
                    pass  # kept in the file; the next save replaces the row
            why = QCoreApplication.translate("Saves", "The autosave could not be read (%1).").replace("%1", message)
            raise SaveError(why + " " + kept_text(kept), "format") from None
        extra, ok = parse_side(pending_text)
        notes = []
        if not ok:
            kept = self._keep("autosave.broken", ".pending.json", pending_text)
            notes.append(damaged_side_text(kept))
        return Resumable(game, extra, notes)

    def _keep(self, stem: str, suffix: str, text: str) -> Path | None:
        try:
            return keep_aside(self.folder, stem, suffix, text.encode("utf-8", "surrogatepass"))
        except OSError:
            return None

    def _load_legacy(self) -> Resumable:
        path, side = self.folder / LEGACY, self.folder / LEGACY_PENDING
        try:
            game = load_game(path)
        except SaveError as e:
            try:
                aside = path.rename(self.folder / path.name.replace("autosave", "autosave.broken-"
                                                                     + dt.datetime.now().strftime("%Y%m%d-%H%M%S")))
            except OSError:
                aside = None
            raise SaveError(e.message + " " + kept_text(aside), e.rule) from None
        extra: dict = {}
        ok, notes = True, []
        if side.is_file():
            try:
                extra, ok = parse_side(read_capped(side)[:SIDE_CAP].decode("utf-8"))
            except Exception:  # noqa: BLE001 - a side file must never stop the resume
                extra, ok = {}, False
        if not ok:  # out of the way of the next save, which removes the old files
            try:
                kept: Path | None = side.rename(unused_name(self.folder, "autosave.broken", ".pending.json"))
            except OSError:
                kept = None
            notes.append(damaged_side_text(kept))
        return Resumable(game, extra, notes)

    def keep_declined(self) -> Path | None:
        """The player chose not to resume: the game goes to a record file
        (Game ▸ Open Game can continue it) and the autosave is cleared.
        StorageError (the autosave left as it was) if it cannot be kept."""
        row = self._row()
        if row is None:
            legacy = self.folder / LEGACY
            if not legacy.is_file():
                return None
            try:
                aside = legacy.rename(self.folder / f"autosave.declined-{dt.datetime.now():%Y%m%d-%H%M%S}.json")
            except OSError as e:
                raise StorageError(fault_of(e, legacy)) from None
            self._remove_legacy()
            return aside
        try:
            aside = keep_aside(self.folder, "autosave.declined", ".json", row[0].encode("utf-8", "surrogatepass"))
        except OSError as e:
            raise StorageError(fault_of(e, self.folder / "autosave.declined.json")) from None
        self.clear()
        return aside


def kept_text(path: Path | None) -> str:
    if path is None:
        return QCoreApplication.translate("Saves", "It could not be copied aside and was left as it was.")
    return QCoreApplication.translate("Saves", "The file was kept as %1.").replace("%1", path.name)


def damaged_side_text(path: Path | None) -> str:
    return QCoreApplication.translate(
        "Saves", "The choices confirmed in the unfinished round could not be read; that round starts again."
    ) + " " + kept_text(path)


def parse_side(text: str) -> tuple[dict, bool]:
    """The side part as a dict, and whether it was whole: a wrong shape is
    damage (reported), not a reason to stop the resume."""
    try:
        side = json.loads(text) if text.strip() else {}
    except (ValueError, RecursionError):
        return {}, False
    if not isinstance(side, dict):
        return {}, False
    ok = side.get("daily") is None or isinstance(side.get("daily"), str)
    phase = side.get("phase")
    if phase == "setup":
        ok = ok and _numbered(side.get("setup"), dict)
    elif phase == "play":
        ok = ok and isinstance(side.get("round"), int) and _numbered(side.get("turns"), (dict, type(None)))
    elif phase is not None:
        ok = False
    return (side if ok else {k: v for k, v in side.items() if k == "daily" and isinstance(v, str)}), ok


def _numbered(x, kinds) -> bool:
    return isinstance(x, dict) and all(isinstance(k, str) and k.isdigit() and isinstance(v, kinds)
                                       for k, v in x.items())
