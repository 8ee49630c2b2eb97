"""One running instance per data folder: a second one would overwrite the
first one's autosave step by step.

QLockFile knows a lock left by a killed process (its process id is gone)
from one held by a live one, but a lock file it cannot parse (garbage, empty,
cut short) it treats as held for ever.  So a refused lock is judged here too:
one that cannot be read or parsed, names no live process of ours, or is
older than the machine's uptime is stale and removed.  Qt removes it only
while no live process holds the file's native lock, so a misjudged live
instance keeps its lock."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from PySide6.QtCore import QLockFile

LOCKFILE = "ruin-qt.lock"
MAX_LOCK_BYTES = 4096  # a real lock is a few short lines

OWNER, TAKEN, UNAVAILABLE = "owner", "taken", "unavailable"

log = logging.getLogger(__name__)


def boot_time() -> float | None:
    """When the machine started (seconds since the epoch), if known."""
    try:
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return time.time() - uptime


def process_is_ours(pid: int) -> bool | None:
    """True/False if the process is known to be (not) an In the Ruin; None if unknown."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        pass  # alive, someone else's: its command line says whose
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False if Path("/proc/self").exists() else None
    except OSError:
        return None
    return b"ruin" in cmdline.lower()


def stale_reason(path: Path) -> str | None:
    """Why the lock file at ``path`` is stale, or None if it may be held."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_LOCK_BYTES + 1)
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return None  # gone meanwhile: the next try takes it
    except OSError as e:
        return f"it cannot be read ({e.strerror or type(e).__name__})"
    lines = data.decode("utf-8", "replace").splitlines()
    if len(data) > MAX_LOCK_BYTES or not lines or not lines[0].strip().isdigit():
        return "it is not a lock file"
    pid = int(lines[0])
    if pid <= 0:
        return "it names no process"
    booted = boot_time()
    if booted is not None and mtime < booted - 60:  # a minute of slack for coarse clocks
        return "it is older than the machine's uptime"
    ours = process_is_ours(pid)
    if ours is False:
        return f"process {pid} is not a running In the Ruin"
    return None


class InstanceLock:
    def __init__(self, folder: Path):
        self.path = Path(folder) / LOCKFILE
        self._lock = QLockFile(str(self.path))
        self._lock.setStaleLockTime(0)  # held for the whole session: never stale by age alone
        self.cleared = ""  # set when a stale lock was removed: what was done, in one line

    def acquire(self) -> str:
        """OWNER, TAKEN (another live instance holds it) or UNAVAILABLE (the
        folder cannot hold a lock file: nothing there can be written anyway)."""
        if self._lock.tryLock(0):
            return OWNER
        if self._lock.error() != QLockFile.LockError.LockFailedError:
            return UNAVAILABLE
        reason = stale_reason(self.path)
        if reason is not None and self._lock.removeStaleLockFile() and self._lock.tryLock(0):
            self.cleared = f"removed the stale lock {self.path}: {reason}"
            log.warning("%s", self.cleared)
            return OWNER
        return TAKEN

    def holder(self) -> int | None:
        """The process id of the instance holding the lock, if known."""
        try:
            info = self._lock.getLockInfo()
        except (RuntimeError, TypeError):
            return None
        pid: object = info[0] if isinstance(info, tuple) and info else None
        if isinstance(pid, bool):  # some bindings return (found, pid, host, app)
            pid = info[1] if pid and len(info) > 1 else None
        return pid if isinstance(pid, int) and pid > 0 else None

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()
