"""What every self-test feature check uses: its failure, a check, and a
bounded wait on Qt's event loop (``run``, ``access``, ``net`` and ``relay`` import it)."""

from __future__ import annotations

import time
from collections.abc import Callable


class SelfTestFailure(Exception):
    pass


def check(cond: bool, what: str) -> None:
    if not cond:
        raise SelfTestFailure(what)


def wait_until(cond: Callable[[], bool], timeout_s: float) -> bool:
    """Run Qt's event loop until ``cond()`` holds or the time is up (bounded)."""
    from PySide6.QtCore import QEventLoop, QTimer

    deadline = time.monotonic() + timeout_s
    while not cond():
        if time.monotonic() > deadline:
            return False
        loop = QEventLoop()
        QTimer.singleShot(20, loop.quit)
        loop.exec()
    return True
