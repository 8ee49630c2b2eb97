"""The Standard level: the tuned greedy policy (see ``greedy.py``)."""

from __future__ import annotations

import random

from ..rules.observation import Observation
from ..rules.turn import SetupChoice, Turn
from .greedy import GreedyPolicy


class StandardBrain:
    level = "standard"

    def __init__(self, weights=None) -> None:
        self.policy = GreedyPolicy(weights)

    def decide_setup(self, obs: Observation, rng: random.Random) -> SetupChoice:
        return self.policy.decide_setup(obs, rng)

    def decide_turn(self, obs: Observation, rng: random.Random) -> Turn:
        return self.policy.decide_turn(obs, rng)
