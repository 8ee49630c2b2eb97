"""The decision interface of computer seats.

A brain sees only an ``Observation`` (R12.3) and its own RNG, and returns a
complete decision: a ``SetupChoice`` during setup, a ``Turn`` each round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..rules.observation import Observation
from ..rules.seat_kind import computer_level as level_of  # noqa: F401 - the model asks the brains' module
from ..rules.turn import SetupChoice, Turn


class Brain(Protocol):
    level: str

    def decide_setup(self, obs: Observation, rng: random.Random) -> SetupChoice: ...

    def decide_turn(self, obs: Observation, rng: random.Random) -> Turn: ...


class RandomBrain:
    level = "random"

    def decide_setup(self, obs: Observation, rng: random.Random) -> SetupChoice:
        from .random_policy import random_setup

        return random_setup(obs, rng)

    def decide_turn(self, obs: Observation, rng: random.Random) -> Turn:
        from .random_policy import random_turn

        return random_turn(obs, rng)


def _beginner() -> Brain:
    from .beginner import BeginnerBrain

    return BeginnerBrain()


def _standard() -> Brain:
    from .standard import StandardBrain

    return StandardBrain()


def _expert() -> Brain:
    from .expert import ExpertBrain

    return ExpertBrain()


# level name -> factory.  The player-facing levels are "beginner",
# "standard" and "expert"; "random" is the benchmark's and tests' player.
# Factories import lazily so that importing this module stays cheap.
LEVELS: dict[str, Callable[[], Brain]] = {
    "random": RandomBrain,
    "beginner": _beginner,
    "standard": _standard,
    "expert": _expert,
}


def make_brain(level: str) -> Brain:
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; known: {sorted(LEVELS)}") from None
