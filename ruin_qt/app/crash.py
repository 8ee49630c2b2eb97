"""A crash leaves a trace.

While the app runs, ``session-<pid>.log`` in the data folder holds a short
ring of the player's last actions (menu actions, dialogs answered) and is
the file ``faulthandler`` writes a fatal error into (a segfault, an abort:
every thread's Python stack).  A clean exit removes it.  At the next start,
a left-over log of a process that is gone and holds a fatal error becomes
``crash-<date>.txt`` and the player is told where it is in one line; one
without (a killed process, a power cut) is removed.

Only what the player did goes in: action and dialog names, never a hand,
a sheet or anything another seat could not see.
"""

from __future__ import annotations

import datetime as dt
import faulthandler
import logging
import os
from collections import deque
from pathlib import Path
from typing import TextIO

from .instance import process_is_ours

RING = 40  # the last actions kept
FATAL = b"Fatal Python error"
CRASH_FOR_TEST = "RUIN_QT_CRASH_FOR_TEST"  # the crash test's switch: segfault once the window is up

log = logging.getLogger(__name__)


class CrashTrace:
    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.path = self.folder / f"session-{os.getpid()}.log"
        self.actions: deque[str] = deque(maxlen=RING)
        self._file: TextIO | None = None
        self._handler = False  # faulthandler pointed at this run's log by start()

    # -- the previous run -----------------------------------------------------
    def collect(self) -> list[Path]:
        """Left-over logs of processes that are gone: the crashed ones become
        reports (returned), the others are removed."""
        reports = []
        try:
            logs = sorted(self.folder.glob("session-*.log"))
        except OSError:
            return []
        for old in logs:
            pid = old.stem.removeprefix("session-")
            if old == self.path or not pid.isdigit() or process_is_ours(int(pid)) is not False:
                continue  # this run's, or a live instance's
            try:
                crashed = FATAL in old.read_bytes()[-1_000_000:]
                if crashed:
                    stamp = dt.datetime.fromtimestamp(old.stat().st_mtime).strftime("%Y-%m-%d-%H%M%S")
                    report = self.folder / f"crash-{stamp}-{pid}.txt"
                    old.rename(report)
                    reports.append(report)
                else:
                    old.unlink()
            except OSError as e:
                log.warning("crash trace: %s cannot be read or moved (%s)", old, e)
        return reports

    # -- this run --------------------------------------------------------------
    def start(self, handler: bool = True) -> bool:
        """Open this run's log and point faulthandler at it (False if the
        folder cannot hold it: faulthandler then writes to stderr).
        ``handler=False`` keeps the ring only (a test inside a test run,
        whose own faulthandler must stay where it is)."""
        try:
            self._file = open(self.path, "w+", encoding="utf-8")  # noqa: SIM115 - open for the whole run
        except OSError as e:
            log.warning("crash trace: %s cannot be written (%s); crashes go to the terminal only", self.path, e)
            if handler:
                _enable_on_stderr()
            return False
        self._write()
        if handler:
            faulthandler.enable(file=self._file, all_threads=True)
            self._handler = True
        return True

    def note(self, what: str) -> None:
        """One user action, in a line (the oldest falls out of the ring)."""
        stamp = dt.datetime.now().strftime("%H:%M:%S")
        self.actions.append(f"{stamp} {' '.join(what.split())[:200]}")
        self._write()

    def _write(self) -> None:
        if self._file is None:
            return
        try:
            self._file.seek(0)
            self._file.truncate()
            self._file.write(f"In the Ruin, process {os.getpid()}. The last actions, oldest first:\n")
            self._file.write("".join(a + "\n" for a in self.actions))
            self._file.write("-- end of actions --\n")
            self._file.flush()
        except (OSError, ValueError):
            pass  # a full disk: the trace is lost, not the game

    def stop(self) -> None:
        """A clean exit: no trace left."""
        if self._file is None:
            return
        if self._handler:
            faulthandler.disable()
            self._handler = False
        try:
            self._file.close()
            self.path.unlink(missing_ok=True)
        except OSError:
            pass
        self._file = None


def _enable_on_stderr() -> bool:
    """faulthandler on stderr, when there is one with a descriptor: a windowed program has none
    (``sys.stderr`` None: ``enable()`` raises RuntimeError), and then a crash goes unwritten."""
    try:
        faulthandler.enable(all_threads=True)
    except (RuntimeError, AttributeError, ValueError, OSError):  # io.UnsupportedOperation is an OSError
        return False
    return True


def watch(window, trace: CrashTrace) -> None:
    """Note every menu and keyboard action of the window and every dialog answered."""
    from ..ui.dialogs import boxes

    # Every action of the window sits in a menu (the Turn menu's come later, with the game table), and a menu
    # passes each trigger of its actions, by mouse or by shortcut, up to the menu bar: one connection for all,
    # where a connection per action wrapped every object of the window in Python to find them.
    window.menuBar().triggered.connect(lambda a: trace.note(f"action: {a.text().replace('&', '')}"))
    boxes.listeners.append(lambda text: trace.note(f"dialog: {text}"))
