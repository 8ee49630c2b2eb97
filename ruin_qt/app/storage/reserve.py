"""Room kept for a finished game on a disk that fills: a small file of real
blocks in the data folder, made while there is space and given back when a
finished game must be kept aside and the disk has no byte left (the history
and the pending file cannot be written otherwise).  Made again once the game
is in the history.  Every step is best-effort: a folder that cannot hold it
only loses this safety net."""

from __future__ import annotations

import os
from pathlib import Path

NAME = ".reserve"
SIZE = 64 * 1024  # a finished 4-seat game's pending file is under 16 kB


def path(folder: Path) -> Path:
    return Path(folder) / NAME


def make(folder: Path) -> bool:
    """The reserve in ``folder`` (True if it is there now)."""
    target = path(folder)
    try:
        if target.is_file() and target.stat().st_size >= SIZE:
            return True
        tmp = target.with_name(f"{NAME}.{os.getpid()}.tmp")  # a killed write's leftover: faults.clean_temporary
        try:
            with open(tmp, "wb") as f:
                f.write(b"\0" * SIZE)  # written, not truncated: a sparse file would hold no blocks (no fsync: the
                # file system takes the blocks at write time, and the reserve needs no durability)
            os.replace(tmp, target)
        except OSError:
            tmp.unlink(missing_ok=True)
            return False
    except OSError:
        return False
    return True


def release(folder: Path) -> bool:
    """Give the reserve's space back (True if there was one)."""
    try:
        path(folder).unlink()
    except OSError:
        return False
    return True
