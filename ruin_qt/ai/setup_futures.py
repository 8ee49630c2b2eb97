"""Sampled futures of a setup decision (R5), for the game review.

At setup a seat knows its own dealt cards and the line; the other seats'
dealt cards, both decks' orders and the objective cards returned are hidden.
A future deals those at random (the same deal for every layout compared:
common random numbers), lets the other seats set up at random (their sheets
do not matter: ``determinize`` turns them into phantoms; their setup letters
do), applies the layout judged and values the position at the start of
round 1 with the Expert's lookahead.
"""

from __future__ import annotations

import random

from ..rules.components import load_components
from ..rules.game import Game
from ..rules.observation import Observation, observe
from ..rules.turn import SetupChoice
from .determinize import sample_game
from .expert import WIDTHS, Valuation, lookahead_leaf, policy_for
from .random_policy import random_setup


def dealt_game(obs: Observation, rng: random.Random) -> Game:
    """A game at setup consistent with ``obs``: what the seat was dealt and
    the line as they are, everything else dealt from a shuffle."""
    comps = load_components()
    per = len(obs.dealt_explore)
    unseen = obs.unseen_explore()
    rng.shuffle(unseen)
    explore: list[str] = []
    for i in range(obs.n_seats):
        if i == obs.seat:
            explore += obs.dealt_explore
        else:
            explore += unseen[:per]
            unseen = unseen[per:]
    explore += list(obs.line) + unseen
    others = [c for c in sorted(comps.objectives) if c not in obs.dealt_objectives]
    rng.shuffle(others)
    objectives: list[int] = []
    for i in range(obs.n_seats):
        if i == obs.seat:
            objectives += obs.dealt_objectives
        else:
            objectives += others[:4]
            others = others[4:]
    objectives += others
    seats = [("sim", "ai:rollout")] * obs.n_seats
    game = Game(seats, rng.getrandbits(48), recorded_shuffles=[{"deck": "explore", "order": explore},
                                                               {"deck": "objective", "order": objectives}])
    game.stop_replaying()  # the returned cards' shuffle (R5.3) comes from the seed
    return game


def setup_leaves(job: Valuation) -> list[tuple[float, Game]]:
    """The lookahead value of one setup choice in each of its futures and
    the leaf game it came from (no clock: reviews are unhurried)."""
    obs, policy, choice = job.observation, policy_for(job.weights), job.decision
    if not isinstance(choice, SetupChoice):
        raise TypeError("a setup's futures are valued for a SetupChoice")
    out = []
    for s in range(job.first, job.first + job.count):
        world = random.Random(f"setup:{job.seed}:{s}")
        game = dealt_game(obs, world)
        for i in range(obs.n_seats):
            if i != obs.seat:
                game.submit_setup(i, random_setup(observe(game, i), world))
        game.submit_setup(obs.seat, choice)
        future = sample_game(observe(game, obs.seat), random.Random(f"future:{job.seed}:{s}"))
        out.append(lookahead_leaf(future, job.depth - 1, WIDTHS, policy, random.Random(f"{job.seed}:{s}"), None,
                             job.special_top))
    return out
