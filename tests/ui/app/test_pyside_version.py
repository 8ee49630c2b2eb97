"""PySide6 6.12.0 drops a reference to True on every Python signal emit and
aborts the interpreter after a few thousand; pyproject excludes it.  This
test fails loudly if such a build sneaks into an environment."""

import sys

from PySide6.QtCore import QObject, Signal


class _Probe(QObject):
    fired = Signal(int)  # dummy payload


def test_signal_emit_keeps_references():
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(200):
        probe.fired.emit(0)
    assert sys.getrefcount(True) >= before - 5
