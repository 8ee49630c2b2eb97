"""Saving and loading game records, and the autosave that survives a crash.

Every write is atomic (write a temporary file, flush, rename), so a killed
process leaves either the old file or the new one, never half of one.  Saves
the player asks for are also synced to the disk (QSaveFile); the autosave,
rewritten after every step, is not (see ``write_atomic``).  Reading never
writes: a file that cannot be used is reported and left
exactly as it was; a broken autosave is moved aside (renamed), not replaced.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSaveFile

from ..rules import record
from ..rules.errors import RuleError
from ..rules.game import Game

AUTOSAVE = "autosave.json"
# Beside the record: choices already confirmed in the setup or round being
# played (the record format stores whole rounds only) and what kind of game
# it is (a daily challenge).
PENDING = "autosave.pending.json"


class SaveError(Exception):
    """A save or load that failed; ``message`` is in the user's language."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule


def write_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` all at once.  ``durable`` also syncs to
    the disk (survives a power cut); without it the write survives a killed
    or crashed process, which is what the per-step autosave is for, at a
    fraction of the cost (a sync takes several ms on many disks)."""
    if not durable:
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
            os.replace(tmp, path)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise SaveError(QCoreApplication.translate("Saves", "Cannot write %1: %2")
                            .replace("%1", str(path)).replace("%2", e.strerror or str(e))) from None
        return
    f = QSaveFile(str(path))
    if not f.open(QSaveFile.OpenModeFlag.WriteOnly):
        raise SaveError(QCoreApplication.translate("Saves", "Cannot write %1: %2")
                        .replace("%1", str(path)).replace("%2", f.errorString()))
    f.write(data)
    if not f.commit():
        raise SaveError(QCoreApplication.translate("Saves", "Cannot write %1: %2")
                        .replace("%1", str(path)).replace("%2", f.errorString()))


def _not_a_record(detail: str) -> str:
    return QCoreApplication.translate(
        "Saves", "This file is not an In the Ruin game record, or it is damaged (%1)."
    ).replace("%1", detail)


def explain(e: RuleError) -> str:
    """A refusal from the record reader, told in the user's language."""
    if e.rule == "format":
        return _not_a_record(e.message)
    where = QCoreApplication.translate("Saves", "round %1, seat %2").replace(
        "%1", "-" if e.round is None else str(e.round)).replace("%2", "-" if e.seat is None else str(e.seat + 1))
    return QCoreApplication.translate(
        "Saves", "This game record breaks rule %1 (%2): %3"
    ).replace("%1", e.rule).replace("%2", where).replace("%3", e.message)


def save_game(game: Game, path: Path) -> None:
    write_atomic(Path(path), record.dumps(game).encode("utf-8"))


def load_game(path: Path) -> Game:
    """A replayed game, or SaveError with a readable reason (the file untouched)."""
    try:
        return record.load_game(path)
    except RuleError as e:
        raise SaveError(explain(e), e.rule) from None
    except Exception as e:  # noqa: BLE001 - a file must never crash the app
        raise SaveError(_not_a_record(type(e).__name__), "format") from None


@dataclass
class Resumable:
    game: Game
    extra: dict  # the sidecar: GameModel.pending_state() plus app facts such as "daily"


class Autosave:
    """The current game, rewritten after every step; found again at start-up."""

    def __init__(self, folder: Path | None = None):
        if folder is None:
            from .settings import data_dir

            folder = data_dir()
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._written: dict[str, bytes] = {}  # what this session last wrote, per file

    @property
    def path(self) -> Path:
        return self.folder / AUTOSAVE

    @property
    def pending_path(self) -> Path:
        return self.folder / PENDING

    def write(self, game: Game, extra: dict | None = None) -> None:
        # A step changes one of the two files, rarely both (the record only
        # grows by whole rounds): unchanged bytes are not written again, so a
        # step costs one synced write.  The sidecar goes first: a kill between
        # the two leaves a sidecar naming a round the record has not reached,
        # which the resume checks and ignores.
        side = json.dumps(extra, ensure_ascii=False).encode("utf-8") if extra else b""
        if side != self._written.get("side"):
            if side:
                write_atomic(self.pending_path, side, durable=False)
            elif self.pending_path.exists():
                self.pending_path.unlink()
            self._written["side"] = side
        data = record.dumps(game).encode("utf-8")
        if data != self._written.get("record") or not self.path.exists():
            write_atomic(self.path, data, durable=False)
            self._written["record"] = data

    def clear(self) -> None:
        for p in (self.path, self.pending_path):
            if p.exists():
                p.unlink()
        self._written.clear()

    def exists(self) -> bool:
        return self.path.exists()

    def load(self) -> Resumable:
        """The autosaved game; a broken one is renamed aside and reported."""
        try:
            game = load_game(self.path)
        except SaveError as e:
            aside = self.set_aside()
            raise SaveError(e.message + " " + QCoreApplication.translate(
                "Saves", "The file was kept as %1.").replace("%1", aside.name), e.rule) from None
        extra: dict = {}
        if self.pending_path.exists():
            try:
                raw = json.loads(self.pending_path.read_bytes()[: 1 << 20])
                extra = raw if isinstance(raw, dict) else {}
            except (ValueError, OSError, RecursionError):
                extra = {}
        return Resumable(game, extra)

    def set_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.folder / f"autosave.broken-{stamp}.json"
        n = 1
        while aside.exists():
            aside = self.folder / f"autosave.broken-{stamp}-{n}.json"
            n += 1
        self.path.rename(aside)
        if self.pending_path.exists():
            self.pending_path.unlink()
        self._written.clear()
        return aside
