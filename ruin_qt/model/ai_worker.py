"""Computer seats think on a worker thread and answer with one signal.

The job gets an ``Observation`` snapshot taken on the UI thread (R12.3: never
the ``Game``), so the worker shares no mutable state with the window.
"""

from __future__ import annotations

import random
import sys

from PySide6.QtCore import QObject, QRunnable, Signal

from ..ai import base as ai_base
from ..rules.observation import Observation


def known_levels() -> list[str]:
    """Read at run time: other levels register themselves in ``LEVELS``."""
    return list(ai_base.LEVELS)


# A worker thread running pure Python holds the GIL for up to the switch
# interval (5 ms by default) before the UI thread may run again; each UI
# event needs the GIL many times, so a shorter interval keeps the window
# fluid while a computer seat thinks.
UI_SWITCH_INTERVAL = 0.001


def keep_ui_responsive() -> None:
    if sys.getswitchinterval() > UI_SWITCH_INTERVAL:
        sys.setswitchinterval(UI_SWITCH_INTERVAL)


class _JobSignals(QObject):
    # token, seat; the decision itself stays on the job (``DecisionJob.result``):
    # plain ints cross the thread boundary without Python objects in the queue.
    decided = Signal(int, int)


class DecisionJob(QRunnable):
    def __init__(self, token: int, seat: int, what: str, obs: Observation, level: str, seed: str):
        super().__init__()
        self.setAutoDelete(False)  # the model keeps it until the answer arrives
        self.signals = _JobSignals()
        self.token, self.seat, self.what, self.obs, self.level, self.seed = token, seat, what, obs, level, seed
        self.result: object = None
        self.finished = False
        keep_ui_responsive()

    def run(self) -> None:
        try:
            level = self.level if self.level in ai_base.LEVELS else "random"
            brain = ai_base.make_brain(level)
            rng = random.Random(self.seed)
            if self.what == "setup":
                result = brain.decide_setup(self.obs, rng)
            else:
                result = brain.decide_turn(self.obs, rng)
        except Exception as e:  # reported back; the model falls back to "random"
            result = e
        self.result = result
        self.signals.decided.emit(self.token, self.seat)
        self.finished = True  # from now on the model may drop its reference
