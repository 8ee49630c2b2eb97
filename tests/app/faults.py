"""Real storage faults for tests: a tiny disk that fills up and a read-only
folder.  As root (CI containers) both are tmpfs mounts, since root writes
through any file mode; elsewhere a tiny disk cannot be made (the tests then
patch the database into a size limit) and a read-only folder is chmod 555."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path


def _mount(*args: str) -> bool:
    if sys.platform != "linux" or os.geteuid() != 0:
        return False
    try:
        return subprocess.run(["mount", *args], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _umount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True, timeout=20)


@contextlib.contextmanager
def tiny_disk(folder: Path, kb: int = 256):
    """A folder on a ``kb`` kB tmpfs, or None where none can be mounted."""
    folder.mkdir(parents=True, exist_ok=True)
    if not _mount("-t", "tmpfs", "-o", f"size={kb}k", "tmpfs", str(folder)):
        yield None
        return
    try:
        yield folder
    finally:
        _umount(folder)


def fill(folder: Path) -> Path:
    """Take every free byte of ``folder``'s disk; remove the file to free it."""
    filler = folder / "filler.bin"
    with open(filler, "ab", buffering=0) as f:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    f.write(b"\0" * size)
            except OSError:
                pass
    return filler


@contextlib.contextmanager
def read_only(folder: Path):
    """Make ``folder`` (already filled as the test wants) read-only; its
    files stay readable.  Yields how: "mount" or "chmod"."""
    if _mount("--bind", str(folder), str(folder)):
        if _mount("-o", "remount,ro,bind", str(folder)):
            try:
                yield "mount"
            finally:
                _umount(folder)
            return
        _umount(folder)
    if os.geteuid() == 0:  # root ignores file modes: nothing to test with
        yield None
        return
    modes = {p: p.stat().st_mode for p in [folder, *folder.iterdir()]}
    for p in modes:
        p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        yield "chmod"
    finally:
        for p, mode in modes.items():
            p.chmod(mode)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file's bytes: to show nothing healthy was touched."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
