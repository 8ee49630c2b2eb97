"""Motion that tells the story: short animations of what just happened.

The rule every animation here follows: the logical state changes at once and
only the painting catches up.  A ``Motion`` drives a 0 → 1 progress into a
paint callback; it never lasts more than ``MAX_MS``; ``finish`` (or any input
on the sheet, or ``finish_all``) jumps it to 1, the final look; and with the
switch off (``set_enabled(False)``: the app's setting, and the test suite)
nothing animates and every callback sees 1 at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QEasingCurve, QObject, QVariantAnimation

MAX_MS = 300  # each animation at most 300 ms

# RUIN_QT_MOTION=0 keeps motion off whatever the settings say (the test suite sets it).
_forced_off = os.environ.get("RUIN_QT_MOTION") == "0"
_enabled = not _forced_off
_running: list[Motion] = []  # strong references while running (Python owns parentless ones)


def set_enabled(on: bool) -> None:
    """Turn animations on or off; off finishes any that run (the app stores the setting)."""
    global _enabled
    _enabled = bool(on) and not _forced_off
    if not _enabled:
        finish_all()


def enabled() -> bool:
    return _enabled


def running(owner: QObject | None = None) -> list[Motion]:
    _running[:] = [m for m in _running if shiboken6.isValid(m)]  # an owner deleted mid-motion took it along
    return [m for m in _running if owner is None or m.owner is owner]


def finish_all(owner: QObject | None = None) -> None:
    """Jump every running animation (of ``owner``, else all) to its end."""
    for m in running(owner):
        m.finish()


Apply = Callable[[Any, float], None]  # (target, progress 0..1)


class Motion(QVariantAnimation):
    """One animation over a few targets (the cells of a piece, say).

    Each target gets its own progress, started ``stagger_ms`` after the
    previous one; the whole stays within ``MAX_MS``.  ``apply(target, t)``
    paints ``target`` at progress ``t`` and is always called last with 1."""

    def __init__(self, owner: QObject, ms: int, apply: Apply, stagger_ms: int = 0,
                 easing: QEasingCurve.Type = QEasingCurve.Type.OutCubic):
        super().__init__(owner)
        self.owner = owner
        self.apply = apply
        self.targets: list[Any] = []
        self.ms = min(ms, MAX_MS)
        self.stagger_ms = stagger_ms
        self.curve = QEasingCurve(easing)
        self.setStartValue(0.0)
        self.setEndValue(1.0)
        self.setDuration(self.ms)
        self.valueChanged.connect(self._tick)
        self.finished.connect(self._done)

    def add(self, target: Any) -> None:
        """Animate ``target`` too (before the first tick: one burst, one motion)."""
        self.targets.append(target)
        extra = self.stagger_ms * (len(self.targets) - 1)
        if self.ms + extra > MAX_MS:  # squeeze the stagger, never the limit
            self.stagger_ms = (MAX_MS - self.ms) // max(len(self.targets) - 1, 1)
            extra = self.stagger_ms * (len(self.targets) - 1)
        self.setDuration(self.ms + extra)
        self.apply(target, 0.0)

    def fresh(self) -> bool:
        """Started in this burst of signals (no frame painted yet)."""
        return self.state() == QVariantAnimation.State.Running and self.currentTime() == 0

    def begin(self) -> Motion:
        _running.append(self)
        self.start()
        return self

    def _tick(self, value) -> None:
        elapsed = float(value) * self.duration()
        for i, target in enumerate(self.targets):
            local = (elapsed - i * self.stagger_ms) / max(self.ms, 1)
            self.apply(target, self.curve.valueForProgress(min(max(local, 0.0), 1.0)))

    def finish(self) -> None:
        """The final look at once (input arrived, or the switch was turned off)."""
        if self in _running:
            self.stop()
            self._done()

    def _done(self) -> None:
        if self in _running:
            _running.remove(self)
        for target in self.targets:
            self.apply(target, 1.0)
        self.targets = []


def animate(owner: QObject, ms: int, apply: Apply, targets=(), stagger_ms: int = 0,
            easing: QEasingCurve.Type = QEasingCurve.Type.OutCubic) -> Motion | None:
    """Start a motion over ``targets``; with motion off, paint them final at once."""
    if not _enabled:
        for target in targets:
            apply(target, 1.0)
        return None
    m = Motion(owner, ms, apply, stagger_ms, easing)
    for target in targets:
        m.add(target)
    return m.begin()


class Burst:
    """Targets arriving one signal at a time (a piece's cells) joined into one
    motion, as long as it has not painted a frame yet."""

    def __init__(self, owner: QObject, ms: int, apply: Apply, stagger_ms: int = 0,
                 easing: QEasingCurve.Type = QEasingCurve.Type.OutCubic):
        self.owner, self.ms, self.apply, self.stagger_ms, self.easing = owner, ms, apply, stagger_ms, easing
        self.current: Motion | None = None

    def add(self, target: Any) -> None:
        if not _enabled:
            self.apply(target, 1.0)
            return
        if self.current is None or not self.current.fresh():
            self.current = animate(self.owner, self.ms, self.apply, (), self.stagger_ms, self.easing)
        assert self.current is not None
        self.current.add(target)
