"""One running instance per data folder: a second one would overwrite the
first one's autosave step by step.  QLockFile knows a lock left by a killed
process (its process id is gone) from one held by a live one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLockFile

LOCKFILE = "ruin-qt.lock"

OWNER, TAKEN, UNAVAILABLE = "owner", "taken", "unavailable"


class InstanceLock:
    def __init__(self, folder: Path):
        self.path = Path(folder) / LOCKFILE
        self._lock = QLockFile(str(self.path))
        self._lock.setStaleLockTime(0)  # held for the whole session: never stale by age, only by a dead owner

    def acquire(self) -> str:
        """OWNER, TAKEN (another live instance holds it) or UNAVAILABLE (the
        folder cannot hold a lock file: nothing there can be written anyway)."""
        if self._lock.tryLock(0):
            return OWNER
        return TAKEN if self._lock.error() == QLockFile.LockError.LockFailedError else UNAVAILABLE

    def holder(self) -> int | None:
        """The process id of the instance holding the lock, if known."""
        try:
            info = self._lock.getLockInfo()
        except (RuntimeError, TypeError):
            return None
        pid = info[0] if isinstance(info, tuple) and info else None
        if isinstance(pid, bool):  # some bindings return (found, pid, host, app)
            pid = info[1] if pid and len(info) > 1 else None
        return pid if isinstance(pid, int) and pid > 0 else None

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()
