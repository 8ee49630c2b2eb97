"""Determinized futures for the Expert's search.

From one seat's ``Observation`` only, build a playable ``Game`` whose hidden
parts are sampled consistently with what the seat knows: the explore deck is
a shuffle of the cards it has not seen (R12: it knows the deck's contents, not
its order), the objective deck, discard and rivals' hands are drawn from the
cards not in its hand.  The searching seat is always seat 0 of the sample.

Rivals' sheets are hidden, so at tables of 2-4 seats each rival becomes a
*phantom*: a seat with a blank sheet whose only effects are the public ones
the searching seat feels -- it takes destinations first (its pawn is placed
on an active destination at its observed gem rate: the letter resolves on
every sheet and a card is discarded, R8.2-R8.4), and in stage 2 it escapes
(ranking the escapes, R11.3, and collapsing the ruin, R9).  Without phantoms
a sampled future is a solo game: no gem races, every escape worth the solo
30 and no collapse, which misjudges exactly the decisions that matter at a
full table.
"""

from __future__ import annotations

import random

from ..rules.components import load_components
from ..rules.game import Game
from ..rules.observation import Observation
from ..rules.sheet import Sheet
from ..rules.turn import Turn
from .evaluation import hazard
from .evaluation import stage2_start as announced_stage2_start


class Sample(Game):
    """A sampled future: a ``Game`` whose rivals are phantoms, with what ``play_round`` reads of it."""

    stage2_start: int | None  # the round stage 2 began in (None: not yet)
    phantom_rates: list[float]  # per seat, a phantom's chance of taking a destination in a round


def sample_game(obs: Observation, rng: random.Random, stage2_start: int | None = None) -> Sample:
    """A playable game consistent with ``obs``.  ``stage2_start``: the round
    stage 2 began in, when ``obs`` is itself from a sampled future (whose
    announcements start at the sample, not at the real game's setup)."""
    comps = load_components()
    order = [obs.seat] + [i for i in range(obs.n_seats) if i != obs.seat]
    g = Sample([("sim", "ai:rollout")] + [("rival", "ai:phantom")] * (obs.n_seats - 1), seed=rng.getrandbits(48))
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
    # Objective cards outside this hand: which are in the deck, the discard
    # pile or rivals' hands is hidden; only the sizes are public.
    others = [c for c in sorted(comps.objectives) if c not in obs.hand]
    rng.shuffle(others)
    for k, i in enumerate(order):
        s = g.seats[k]
        s.gems = obs.gems[i]
        s.escaped_round = obs.escaped_rounds[i]
        if k == 0:
            s.sheet = obs.sheet.copy()
            s.hand = list(obs.hand)
            s.penalties = obs.penalties
            # Banked at the stage change: a future's values and totals count it (a
            # lookahead node that crossed the change inside a future resamples it).
            s.square1 = obs.square1
        else:
            n = min(obs.hand_sizes[i], len(others))
            s.hand, others = others[:n], others[n:]
    nd = min(obs.objective_deck_size, len(others))
    g.obj_deck = others[:nd]
    g.obj_discard = others[nd:nd + obs.objective_discard_size]
    g.setup_choices = [None] * g.n
    g.stage2_start = stage2_start if stage2_start is not None else announced_stage2_start(obs)
    # The sample's own announcements start here, so observations inside it
    # time the escape race (R11.3) from the sample, not from the real start
    # of stage 2: ``TABLE_WEIGHTS`` were tuned with this timing, and copying
    # the history in did not gain.
    # Per phantom, the chance it takes a destination in a round (used by
    # ``play_round``): its observed gem rate, smoothed toward 0.7 in stage 1
    # and capped at 0.25 in stage 2 (set from early games; ``tools/rivals.py``
    # measures real seats' rates, and using them changed nothing).
    g.phantom_rates = [0.0]  # seat 0 searches: no phantom
    for i in order[1:]:
        prior = 0.7 if obs.stage == 1 else 0.25
        rate = (obs.gems[i] + 2 * prior) / (obs.round + 2)
        g.phantom_rates.append(min(1.0, rate if obs.stage == 1 else min(rate, prior)))
    return g


def play_round(game: Sample, turn: Turn, rng: random.Random) -> None:
    """One round of a sampled future: seat 0 plays ``turn``, phantoms act."""
    turns: list[Turn | None] = [turn]
    active = game.active_destinations()
    for k in range(1, game.n):
        s = game.seats[k]
        if s.escaped:
            turns.append(None)
            continue
        sheet = Sheet()  # blank each round: nothing to draw, so "none" is legal
        escape = False
        if game.stage == 2:
            start = game.stage2_start or game.round
            played = max(0, game.round - start + 1)
            # Every phantom escapes with the same hazard, a Beginner's too
            # (scaling it by the phantom's gem rate changed nothing).
            escape = rng.random() < hazard(played)
        if not escape and active and rng.random() < game.phantom_rates[k]:
            sheet.pawn = game.comps.letter_bit(rng.choice(active)).bit_length() - 1
        s.sheet = sheet
        turns.append(Turn("none", (), None, None, False, (), escape))
    game.play_round(turns)
    if game.stage == 2 and game.stage2_start is None:
        game.stage2_start = game.round + 1


def banked_vp(game: Game, seat: int = 0) -> int:
    """VP no future play can change: gems, penalties, a scored square1."""
    s = game.seats[seat]
    return 10 * s.gems - 10 * s.penalties + (s.square1 or 0)
