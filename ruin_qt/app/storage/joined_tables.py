"""The tables across laptops this app has joined and not yet seen end.

For each one: the host's address (host, port), this player's seat, the
seat's token (the only way back into the seat: the host gives a new one at
every welcome, and the newest is kept), the player's name and a label (who
sits at the table).  Kept in one small JSON file in the data folder, readable
by the user only (0600), written atomically (a kill mid-write leaves the
previous file whole), until the game is over, then forgotten.

A file that cannot be read (damaged, hand-edited, from another program) is
set aside byte for byte beside it and told once in plain words: the app
starts with no table to return to, never with a crash.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from ...rules.record import is_text
from .faults import fault_of, unused_name

FILE = "joined-tables.json"
FORMAT = "ruin-qt-joined/1"
MAX_BYTES = 64 * 1024  # a few tables are a few hundred bytes
MAX_TABLES = 16  # the oldest go first past this
LIMITS = {"host": 255, "token": 256, "name": 40, "label": 200, "commitment": 64, "code": 32, "back": 32,
          "mailbox": 255, "relay": 255}
INVITE_HOST = "invite"  # a table reached through an invite has no address: it is kept under its way back


def invite_key(back: str) -> tuple[str, int]:
    """The (host, port) an invite table is kept under: stable for its way back, never a real address."""
    return INVITE_HOST, 1 + int(back[:8], 16) % 65535


@dataclass(frozen=True)
class JoinedTable:
    host: str
    port: int
    seat: int  # 0-based
    token: str
    name: str = ""
    label: str = ""  # the names at the table, for the player's eyes
    saved_at: str = ""  # ISO 8601, UTC
    commitment: str = ""  # the deal's, as this seat was first told it: the end's check holds the host to it
    code: str = ""  # the join code: it keys the table's encrypted channel, a rejoin's too
    back: str = ""  # reached through an invite: the seat's way back (a secret; no address then)
    gen: int = 0  # the way back's generation last told
    mailbox: str = ""  # the invite servers it was reached through ("": the public ones)
    relay: str = ""

    @property
    def address(self) -> str:
        if self.back:
            return ""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


class BrokenFile(ValueError):
    pass


def checked(x: object) -> JoinedTable:
    """One entry of the file as a JoinedTable; BrokenFile (why) if it is not one."""
    if not isinstance(x, dict):
        raise BrokenFile("an entry is not an object")
    for key, limit in LIMITS.items():
        v = x.get(key, "")
        if not isinstance(v, str) or len(v) > limit or not is_text(v):
            raise BrokenFile(f"{key} is not a text of at most {limit} characters")
    for key, low, high in (("port", 1, 65535), ("seat", 0, 3)):
        v = x.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise BrokenFile(f"{key} is not a whole number {low}-{high}")
    if not x["host"] or not x["token"]:
        raise BrokenFile("an entry has no host or no token")
    back, gen = x.get("back", ""), x.get("gen", 0)
    if back and (len(back) != 32 or any(c not in "0123456789abcdef" for c in back)):
        raise BrokenFile("back is not a way back")
    if not isinstance(gen, int) or isinstance(gen, bool) or not 0 <= gen <= 10**6:
        raise BrokenFile("gen is not a whole number 0-1000000")
    saved = x.get("saved_at", "")
    return JoinedTable(x["host"], x["port"], x["seat"], x["token"], x.get("name", ""), x.get("label", ""),
                       saved if isinstance(saved, str) and len(saved) <= 40 else "", x.get("commitment", ""),
                       x.get("code", ""), back, gen, x.get("mailbox", ""), x.get("relay", ""))


def parse(data: bytes) -> list[JoinedTable]:
    """The file's tables; BrokenFile if it is not such a file."""
    if len(data) > MAX_BYTES:
        raise BrokenFile(f"the file is over {MAX_BYTES} bytes")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise BrokenFile(f"not JSON: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("tables"), list):
        raise BrokenFile(f"not a {FORMAT} file")
    return [checked(x) for x in doc["tables"][:MAX_TABLES]]


class JoinedTables:
    """The store, on one folder.  Nothing here raises: a problem comes back as
    a message for the player (``remember``/``forget``) or waits in
    ``take_problem()`` (a broken file set aside while reading)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.path = self.folder / FILE
        self._problem: str | None = None
        self.changed: Callable[[], None] = lambda: None  # after every write (the welcome page's offer follows)

    # -- reading ---------------------------------------------------------------------
    def tables(self) -> list[JoinedTable]:
        """The tables kept, newest first; [] if none (or the file was broken: it is set aside)."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as e:
            reason = fault_of(e, self.path).reason()
            self._problem = QCoreApplication.translate(
                "JoinedTables", "The tables you joined cannot be read. %1").replace("%1", reason)
            return []
        try:
            return parse(data)
        except BrokenFile as e:
            self._set_aside(str(e))
            return []

    def find(self, host: str, port: int) -> JoinedTable | None:
        return next((t for t in self.tables() if (t.host, t.port) == (host, port)), None)

    def take_problem(self) -> str | None:
        """The last problem met while reading (told once), or None."""
        p, self._problem = self._problem, None
        return p

    def _set_aside(self, reason: str) -> None:
        try:
            aside = unused_name(self.folder, "joined-tables.broken", ".json")
            self.path.rename(aside)
            kept = QCoreApplication.translate("JoinedTables", "It was kept as %1.").replace("%1", aside.name)
        except OSError:
            kept = QCoreApplication.translate("JoinedTables", "It could not be moved aside and was left as it was.")
        self._problem = QCoreApplication.translate(
            "JoinedTables", "The list of tables you joined could not be read (%1). %2 To return to a table, join "
                            "it again with its code.").replace("%1", reason).replace("%2", kept)

    # -- writing ---------------------------------------------------------------------
    def remember(self, host: str, port: int, seat: int, token: str, name: str = "", label: str = "",
                 commitment: str = "", code: str = "", invite: dict | None = None) -> str | None:
        """Keep (or update) the seat at ``host:port``; a message if it could not be written, else None.
        ``invite``: a table reached through an invite, its ``back``, ``gen``, ``mailbox`` and ``relay``."""
        try:
            entry = checked({"host": host, "port": port, "seat": seat, "token": token, "name": name[:40],
                             "label": label[:200], "commitment": commitment or "", "code": code or "",
                             **(invite or {})})
        except BrokenFile as e:
            return QCoreApplication.translate("JoinedTables", "The table could not be kept (%1).").replace("%1", str(e))
        now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        entry = JoinedTable(**{**asdict(entry), "saved_at": now})
        others = [t for t in self.tables() if (t.host, t.port) != (host, port)]
        return self._write([entry, *others][:MAX_TABLES])

    def forget(self, host: str, port: int) -> str | None:
        """That table's game is over (or the player let it go): it is no longer offered."""
        tables = self.tables()
        kept = [t for t in tables if (t.host, t.port) != (host, port)]
        if len(kept) == len(tables):
            return None
        return self._write(kept)

    def _write(self, tables: list[JoinedTable]) -> str | None:
        problem = self._write_file(tables)
        if problem is None:
            self.changed()
        return problem

    def _write_file(self, tables: list[JoinedTable]) -> str | None:
        if not tables:
            try:
                self.path.unlink(missing_ok=True)
            except OSError as e:
                return self._fault(e)
            return None
        text = json.dumps({"format": FORMAT, "tables": [asdict(t) for t in tables]}, ensure_ascii=False, indent=1)
        tmp = self.folder / f".{FILE}.{os.getpid()}.tmp"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as f:
                if hasattr(os, "fchmod"):
                    os.fchmod(fd, 0o600)  # an old temporary file of another mode is made ours alone
                f.write(text.encode("utf-8"))
                f.flush()
                os.fsync(fd)
            os.replace(tmp, self.path)
        except OSError as e:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            return self._fault(e)
        return None

    def _fault(self, e: OSError) -> str:
        return QCoreApplication.translate(
            "JoinedTables", "The table you joined could not be kept for a return after a restart. %1").replace(
            "%1", fault_of(e, self.path).reason())
