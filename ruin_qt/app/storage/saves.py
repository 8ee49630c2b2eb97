"""Record files: the portable ``ruin-qt-record/1`` saves the player asks for.

A save is written with QSaveFile (a temporary file, synced, then renamed), so
a killed process leaves the old file or the new one, never half of one.
Reading never writes, opens only regular files and reads at most the
record's size cap: a file that cannot be used is reported and left exactly
as it was.  The autosave lives in ``autosave.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSaveFile

from ...rules import record
from ...rules.errors import RuleError
from ...rules.game import Game
from . import record_files
from .faults import OTHER, Fault, probe_folder


class SaveError(Exception):
    """A save or load that failed; ``message`` is in the user's language."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule


def write_file(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once, synced to the disk."""
    f = QSaveFile(str(path))
    ok = f.open(QSaveFile.OpenModeFlag.WriteOnly) and f.write(data) == len(data) and f.commit()
    if not ok:
        detail = f.errorString()
        f.cancelWriting()
        kind = probe_folder(path.parent) or OTHER
        fault = Fault(kind, path.parent if kind != OTHER else path, detail)
        raise SaveError(QCoreApplication.translate("Saves", "The game could not be saved as %1. %2")
                        .replace("%1", str(path)).replace("%2", fault.reason()))


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
    write_file(Path(path), record.dumps(game).encode("utf-8"))


def load_game(path: Path) -> Game:
    """A replayed game, or SaveError with a readable reason (the file untouched)."""
    try:
        return record_files.load_game(path)
    except RuleError as e:
        raise SaveError(explain(e), e.rule) from None
    except Exception as e:  # noqa: BLE001 - a file must never crash the app
        raise SaveError(_not_a_record(type(e).__name__), "format") from None


def read_record(path: Path) -> dict:
    """A record's JSON to replay (a regular file, capped, read once), or SaveError."""
    try:
        rec = record.loads(record_files.read_capped(path))
    except RuleError as e:
        raise SaveError(explain(e), e.rule) from None
    if not isinstance(rec, dict):
        raise SaveError(_not_a_record("the file is not a JSON object"), "format")
    return rec


@dataclass
class Resumable:
    game: Game
    extra: dict  # the sidecar: GameModel.pending_state() plus app facts such as "daily"
    notes: list[str] = field(default_factory=list)  # damaged parts set aside, for the player
