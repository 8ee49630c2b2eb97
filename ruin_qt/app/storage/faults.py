"""Storage faults told apart, so each can be told once in plain words.

A write to the data folder can fail because the disk is full, the folder is
read-only or not ours to write, the folder's path is a file, another program
holds a lock, or a file is damaged.  Only the last is the file's fault: it is
set aside (renamed, kept byte for byte); the others leave every file alone.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

FULL = "full"
READ_ONLY = "read-only"
PERMISSION = "permission"
NOT_A_FOLDER = "not-a-folder"
LOCKED = "locked"
DAMAGED = "damaged"
OTHER = "other"

_ERRNO = {
    errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EFBIG: FULL,
    errno.EROFS: READ_ONLY,
    errno.EACCES: PERMISSION, errno.EPERM: PERMISSION,
    errno.ENOTDIR: NOT_A_FOLDER, errno.EEXIST: NOT_A_FOLDER,
    errno.EAGAIN: LOCKED, errno.EBUSY: LOCKED,
}
# SQLite's primary result codes (the low byte of sqlite_errorcode).
_SQLITE = {13: FULL, 8: READ_ONLY, 3: PERMISSION, 23: PERMISSION, 5: LOCKED, 6: LOCKED, 11: DAMAGED, 26: DAMAGED}


@dataclass(frozen=True)
class Fault:
    kind: str
    path: Path
    detail: str = ""  # the system's own words, shown only for OTHER

    def reason(self) -> str:
        """One sentence in the user's language: what is wrong."""
        where = str(self.path)
        if self.kind == FULL:
            text = QCoreApplication.translate("Storage", "The disk is full.")
        elif self.kind == READ_ONLY:
            text = QCoreApplication.translate("Storage", "The folder %1 is read-only.")
        elif self.kind == PERMISSION:
            text = QCoreApplication.translate("Storage", "There is no permission to write in %1.")
        elif self.kind == NOT_A_FOLDER:
            text = QCoreApplication.translate("Storage", "%1 is a file, not a folder.")
        elif self.kind == LOCKED:
            text = QCoreApplication.translate("Storage", "Another program is using %1.")
        elif self.kind == DAMAGED:
            text = QCoreApplication.translate("Storage", "%1 is damaged.")
        else:
            text = QCoreApplication.translate("Storage", "%1 could not be written (%2).").replace("%2", self.detail)
        return text.replace("%1", where)


class StorageError(Exception):
    def __init__(self, fault: Fault):
        super().__init__(f"{fault.kind}: {fault.path} {fault.detail}".strip())
        self.fault = fault


def probe_folder(folder: Path) -> str | None:
    """Why nothing can be written in ``folder``, or None if it looks usable."""
    for p in (folder, *folder.parents):
        if p.exists():
            if not p.is_dir():
                return NOT_A_FOLDER
            break
    if not folder.is_dir():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return _ERRNO.get(e.errno or 0, OTHER)
    try:
        st = os.statvfs(folder) if hasattr(os, "statvfs") else None
    except OSError:
        st = None
    if st is not None and st.f_flag & getattr(os, "ST_RDONLY", 1):
        return READ_ONLY
    if not os.access(folder, os.W_OK):
        return PERMISSION
    if st is not None and st.f_bavail == 0:
        return FULL
    return None


def fault_of(exc: BaseException, path: Path) -> Fault:
    """The fault behind an exception raised while writing ``path``."""
    folder = path if path.is_dir() else path.parent
    if isinstance(exc, StorageError):
        return exc.fault
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        kind = _SQLITE.get(code & 0xFF) if isinstance(code, int) else None
        if kind is None and "disk is full" in str(exc):
            kind = FULL
        if kind is None:  # "unable to open", disk I/O: ask the folder
            kind = probe_folder(folder) or OTHER
        return Fault(kind, folder if kind in (READ_ONLY, PERMISSION, NOT_A_FOLDER) else path, str(exc))
    if isinstance(exc, OSError):
        kind = _ERRNO.get(exc.errno or 0) or probe_folder(folder) or OTHER
        return Fault(kind, folder if kind in (READ_ONLY, PERMISSION, NOT_A_FOLDER) else path,
                     exc.strerror or str(exc))
    return Fault(OTHER, path, f"{type(exc).__name__}: {exc}")


def ensure_folder(folder: Path) -> Fault | None:
    """Create ``folder`` if need be; the fault if it cannot be used."""
    kind = probe_folder(folder)
    return Fault(kind, folder) if kind else None


def keep_aside(folder: Path, stem: str, suffix: str, data: bytes) -> Path:
    """Write ``data`` (a damaged or declined part) to a new, never reused
    file ``stem.DATE[-n]suffix`` beside the others; OSError if it cannot."""
    path = unused_name(folder, stem, suffix)
    with open(path, "xb") as f:
        f.write(data)
    return path


def unused_name(folder: Path, stem: str, suffix: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stem}-{stamp}{suffix}"
    n = 1
    while path.exists() or Path(str(path) + "-wal").exists():
        path = folder / f"{stem}-{stamp}-{n}{suffix}"
        n += 1
    return path


def set_aside_database(path: Path, stem: str) -> Path:
    """Rename a damaged SQLite file and its journals (byte for byte) out of
    the way; OSError if it cannot be moved."""
    aside = unused_name(path.parent, stem, path.suffix)
    path.rename(aside)
    for extra in ("-wal", "-shm", "-journal"):
        side = Path(str(path) + extra)
        if side.exists():
            side.rename(Path(str(aside) + extra))
    return aside


def clean_temporary(folder: Path) -> list[Path]:
    """Remove what an earlier run killed mid-write left behind: the
    ``.NAME.PID.tmp`` files of the old two-file autosave.  Only called by
    the instance that holds the folder's lock, so none of them is live."""
    removed: list[Path] = []
    try:
        leftovers = [p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]
    except OSError:
        return removed
    for p in leftovers:
        try:
            if p.is_file():
                p.unlink()
                removed.append(p)
        except OSError:
            pass
    return removed
