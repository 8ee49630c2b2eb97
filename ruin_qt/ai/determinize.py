"""Determinized futures for the Expert's rollouts.

From one seat's ``Observation`` only, build a playable ``Game`` whose hidden
parts are sampled consistently with what the seat knows: the explore deck is
a shuffle of the cards it has not seen (R12: it knows the deck's contents, not
its order), the objective deck and discard are drawn from the cards not in
its hand.  Other seats' sheets are unknown, so the simulation keeps only this
seat (a solo-shaped game from this position): in multi-seat games it ignores
rivals' gems and escapes, an approximation the Expert accepts.
"""

from __future__ import annotations

import random

from ..rules.components import load_components
from ..rules.game import Game
from ..rules.observation import Observation


def sample_game(obs: Observation, rng: random.Random) -> Game:
    comps = load_components()
    g = Game([("sim", "ai:rollout")], seed=rng.getrandbits(48))
    deck = obs.unseen_explore()
    rng.shuffle(deck)
    g.deck = deck
    g.line = list(obs.line)
    g.discard = list(obs.discard)
    g.revealed = list(obs.revealed)
    g.resolved = set(obs.resolved)
    g.stage = obs.stage
    g.round = obs.round
    g.phase = "play"
    s = g.seats[0]
    s.sheet = obs.sheet.copy()
    s.hand = list(obs.hand)
    s.penalties = obs.penalties
    s.gems = obs.gems[obs.seat]
    # Objective cards outside this hand: which are in the deck and which in
    # the discard pile is hidden, only the sizes are public.
    others = [c for c in sorted(comps.objectives) if c not in obs.hand]
    rng.shuffle(others)
    nd = min(obs.objective_deck_size, len(others))
    g.obj_deck = others[:nd]
    g.obj_discard = others[nd:nd + obs.objective_discard_size]
    g.setup_choices = [None]
    return g


def banked_vp(game: Game, seat: int = 0) -> int:
    """VP no future play can change: gems, penalties, a scored square1."""
    s = game.seats[seat]
    return 10 * s.gems - 10 * s.penalties + (s.square1 or 0)
