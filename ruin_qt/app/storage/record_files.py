"""Record files on disk: a regular file's bytes, capped and read without
blocking, parsed and replayed by ``rules.record`` (which does no I/O).
Every failure is a ``RuleError`` ``format`` (``record.file_error``), as the
record's own are."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from ...rules.game import Game
from ...rules.record import MAX_BYTES, file_error, loads, replay_checked

_NOT_REGULAR = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
                (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


def read_capped(path: str | Path) -> bytes:
    """A regular file's bytes, at most MAX_BYTES, or RuleError ``format``.
    The file is opened without blocking (a FIFO with no writer would wait
    forever) and checked on the open descriptor; the cap is enforced while
    reading, since /dev/zero or /proc files report a size of 0."""
    too_big = f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise file_error(f"cannot read the file ({e.strerror or e})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            what = next((name for test, name in _NOT_REGULAR if test(mode)), "not a regular file")
            raise file_error(f"not a regular file ({what})")
        if os.fstat(fd).st_size > MAX_BYTES:
            raise file_error(too_big)
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise file_error(too_big)
        return b"".join(chunks)
    except OSError as e:
        raise file_error(f"cannot read the file ({e.strerror or e})") from None
    finally:
        os.close(fd)


def read_record(path: str | Path) -> Any:
    """A record file's JSON, not yet checked; every failure to read it is a RuleError."""
    return loads(read_capped(path))


def load_game(path: str | Path) -> Game:
    """Read and replay a record file; every failure is a RuleError."""
    return replay_checked(read_record(path))
