"""A program started without standard streams: a Windows windowed executable
(PyInstaller's ``console=False``), a ``pythonw`` start, a menu launcher that
gives none.  There ``sys.stdout`` and ``sys.stderr`` are ``None``: a print
raises (``.write``, ``.encoding``, ``.isatty`` of None), argparse's help and
errors vanish, and ``faulthandler.enable()`` refuses.

``attach()``, first thing at start, puts a stream in place of each missing one
that writes to ``output.log`` in the data folder, the place README names for a
windowed program's output and errors.  The file is opened on the first line
written (a start that says nothing leaves nothing), each run's lines come under
a header naming the run, and a file grown past ``KEEP_BYTES`` is moved to
``output.log.1`` first.  The game window's own errors (a wrong option) also go
to a message box: ``tell()``.  No Qt is imported here unless a box is shown.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import sys
from pathlib import Path
from typing import TextIO

LOG_NAME = "output.log"
KEEP_BYTES = 256 * 1024

_attached = False


def log_path() -> Path:
    from .storage.folders import data_dir

    return data_dir() / LOG_NAME


class _LogFile:
    """The one file both streams share, opened on first use."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.file: TextIO | None = None

    def open(self) -> TextIO:
        if self.file is None:
            self.file = self._open()
        return self.file

    def _open(self) -> TextIO:
        try:
            path = log_path()
            try:
                if path.stat().st_size > KEEP_BYTES:
                    os.replace(path, path.with_name(LOG_NAME + ".1"))
            except OSError:
                pass  # none yet
            fh = open(path, "a", encoding="utf-8", errors="backslashreplace", buffering=1)  # noqa: SIM115
        except OSError:
            # A data folder that cannot be written: the output is lost, never the program.
            return open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
        from ..paths import program_name

        stamp = dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
        fh.write(f"=== {stamp} {' '.join([program_name(), *self.argv])} (process {os.getpid()})\n")
        return fh


class LogStream(io.TextIOBase):
    """A text stream in place of a missing ``sys.stdout`` or ``sys.stderr``."""

    def __init__(self, shared: _LogFile, name: str) -> None:
        super().__init__()
        self._shared = shared
        self.name = name

    @property
    def encoding(self) -> str:  # type: ignore[override]  # read-only: TextIOBase's stub has an attribute
        return "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]  # read-only: TextIOBase's stub has an attribute
        return "backslashreplace"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        try:
            return self._shared.open().write(text)
        except (OSError, ValueError):
            return len(text)  # a full disk: the line is lost, not the command

    def flush(self) -> None:
        if self._shared.file is not None:
            try:
                self._shared.file.flush()
            except (OSError, ValueError):
                pass

    def fileno(self) -> int:
        # faulthandler and subprocess ask for a descriptor: the log's own.
        return self._shared.open().fileno()


def attach(argv: list[str]) -> bool:
    """Streams for the missing ones (True if any was missing)."""
    global _attached
    if sys.stdout is not None and sys.stderr is not None:
        return False
    shared = _LogFile(list(argv))
    if sys.stdout is None:
        sys.stdout = LogStream(shared, "<stdout>")
    if sys.stderr is None:
        sys.stderr = LogStream(shared, "<stderr>")
    _attached = True
    return True


def windowed() -> bool:
    """This run had no streams: nobody sees what goes to the log unless told where."""
    return _attached


def tell(text: str) -> None:
    """A message box with ``text`` (the window's own start-up errors; it is in the log too)."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "ruin-qt"])
    assert isinstance(app, QApplication)  # made here, or the running one: a widget application either way
    box = QMessageBox(QMessageBox.Icon.Critical, app.applicationDisplayName() or "ruin-qt", text)
    box.exec()
