"""What a computer seat runs in the runner's worker process (the hint is the review's search: ``review.hint``).

The work gets an ``Observation`` snapshot taken on the UI thread (R12.3: never
the ``Game``), pickled to the process, so it shares no state with the window.
"""

from __future__ import annotations

import random

from ..ai import base as ai_base
from ..rules.observation import Observation


def known_levels() -> list[str]:
    """Read at run time: other levels register themselves in ``LEVELS``."""
    return list(ai_base.LEVELS)


def brain_for(level: str) -> ai_base.Brain:
    """The level's brain, made here (it is pickled to the worker process with
    its settings); an unknown level plays as "random"."""
    return ai_base.make_brain(level if level in ai_base.LEVELS else "random")


def decide(brain: ai_base.Brain, obs: Observation, seed: str):
    """``brain``'s decision (a SetupChoice or a Turn) for ``obs``'s seat; an
    error is the caller's to replace."""
    rng = random.Random(seed)
    if obs.phase == "setup":
        return brain.decide_setup(obs, rng)
    return brain.decide_turn(obs, rng)
