"""What a computer seat (or the hint) runs on the runner's worker thread.

The work gets an ``Observation`` snapshot taken on the UI thread (R12.3: never
the ``Game``), so the worker shares no mutable state with the window.
"""

from __future__ import annotations

import random

from ..ai import base as ai_base
from ..rules.observation import Observation


def known_levels() -> list[str]:
    """Read at run time: other levels register themselves in ``LEVELS``."""
    return list(ai_base.LEVELS)


def decide(obs: Observation, level: str, seed: str):
    """The brain's decision (a SetupChoice or a Turn) for ``obs``'s seat.  An
    unknown level plays as "random"; an error is the caller's to replace."""
    brain = ai_base.make_brain(level if level in ai_base.LEVELS else "random")
    rng = random.Random(seed)
    if obs.phase == "setup":
        return brain.decide_setup(obs, rng)
    return brain.decide_turn(obs, rng)
