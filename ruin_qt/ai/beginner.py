"""The Beginner level: purposeful but weak.

It plays like a newcomer: it heads for destinations and grabs gems, but it
barely plans routes or rectangles, never uses special actions, and often
takes a nearly-best move instead of the best one.  It never makes absurd
moves: it only picks among the top few of the greedy ranking, and when a gem
is in reach it usually takes it.
"""

from __future__ import annotations

import random

from ..rules.observation import Observation
from ..rules.turn import SetupChoice, Turn
from .evaluation import Weights
from .greedy import GreedyPolicy, greedy_setup, to_turn

# Short-sighted weights: destinations and gems dominate, plans barely count.
BEGINNER_WEIGHTS = Weights(
    rect1=0.4, rect2=0.6, filled=0.0, gem_now=25.0, dest=6.0, dest_decay=0.6,
    route=4.0, route_decay=0.5, card=1.0, esc_scale=1.0, esc_margin=0.5, late_penalty=1.0, grow2=0.0,
    special_margin=100.0,
)
TOP_K = 4  # how many near-best moves it may pick from
SLIP = 0.5  # chance of not taking the best move


class BeginnerBrain:
    level = "beginner"

    def __init__(self) -> None:
        self.policy = GreedyPolicy(BEGINNER_WEIGHTS, specials=False)

    def decide_setup(self, obs: Observation, rng: random.Random) -> SetupChoice:
        choice = greedy_setup(obs, BEGINNER_WEIGHTS)
        # Newcomers keep objective cards without much thought.
        keep = tuple(rng.sample(list(obs.dealt_objectives), 2))
        return SetupChoice(tuple(sorted(keep)), choice.roads, choice.walls)

    def decide_turn(self, obs: Observation, rng: random.Random) -> Turn:
        ranked = self.policy.ranked(obs)
        pick = ranked[0]
        if len(ranked) > 1 and rng.random() < SLIP:
            pick = rng.choice(ranked[1:TOP_K])
        return to_turn(obs, pick)
