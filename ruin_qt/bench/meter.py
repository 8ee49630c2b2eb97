"""What the UI benchmarks measure with: a timer on the UI thread."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QElapsedTimer, QEvent, QTimer


class GapMeter:
    """Gaps (ms) between ticks of a 2 ms timer on the UI thread: how long the
    thread was kept from its event loop."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.gaps: list[int] = []
        self.timer = QTimer()
        self.timer.setInterval(2)
        self.timer.timeout.connect(self._tick)
        self._last = 0

    def start(self) -> None:
        # Objects deleted earlier (deleteLater) die in the next event loop: not the work measured here.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        self.clock.start()
        self._last = self.clock.elapsed()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _tick(self) -> None:
        now = self.clock.elapsed()
        self.gaps.append(now - self._last)
        self._last = now

    def max_gap(self) -> float:
        return max(self.gaps) if self.gaps else 0.0
