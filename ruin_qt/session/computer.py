"""A computer's decision for a seat: the one road, whoever asks (no Qt).

A computer seat, or a player's seat a host's computer plays while they are
away (a takeover), is decided in three steps.  ``plan`` takes from the table
what the brain needs (the level's brain, the seat's own observation, R12.3,
and its seed) into a picklable value; ``decide(plan)`` runs in a worker
process (the runner's: ``model.computer_seats``), the same for a local table,
a window host and a headless host; ``settle`` applies the answer back on the
table's thread, unless the table moved on meanwhile.

One seeding scheme: a decision's RNG is seeded from the table's secret, the
seat and the round (``seed``), so a game is the same game again from its
secret.  A local table's secret is its game seed (what its record keeps); a
host's is its own ``secrets`` value, kept in its autosave and sent to no seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..ai.base import LEVELS, Brain, level_of, make_brain
from ..rules.errors import RuleError
from ..rules.observation import Observation
from .intents import Clear, Confirm, TakeDecision
from .table import NotDeciding, TableSession
from .views import Changes


@dataclass(frozen=True)
class Plan:
    """One computer decision to make, pickled to a worker process."""

    seat: int
    key: tuple[str, int]  # the (phase, round) it is for
    takeover: bool  # a player's seat played while they are away (else a computer seat)
    brain: Brain  # made here, by the one factory: a level registered at run time plays in the worker too
    obs: Observation
    seed: str  # the brain's RNG
    fallback: str  # the random fallback's seed, should the brain fail (a computer seat's)


def seed(secret: str, seat: int, rnd: int) -> str:
    return f"ruin-qt-ai:{secret}:{seat}:{rnd}"


def plan(session: TableSession, seat: int, secret: str, takeover: str | None = None) -> Plan | None:
    """What deciding ``seat`` takes now: a computer seat that is asked, or,
    with ``takeover`` (a level), a player's seat that may act; else None."""
    g = session.live
    if seat in session.thinking():
        level = level_of(session.public().seats[seat].kind) or "random"
        obs, taken = session.observation_for(seat), False
    else:
        hint_obs = session.hint_observation(seat)
        if hint_obs is None or takeover is None:
            return None
        level, obs, taken = takeover, hint_obs, True
    brain = make_brain(level if level in LEVELS else "random")  # an unknown level plays as "random"
    return Plan(seat, (g.phase, g.round), taken, brain, obs, seed(secret, seat, g.round),
                f"fallback:{secret}:{seat}:{g.round}")


def decide(plan: Plan):
    """``plan``'s decision (a SetupChoice or a Turn), in the worker process, its
    RNG from the plan's seed.  An error is ``settle``'s to replace."""
    brain, rng = plan.brain, random.Random(plan.seed)
    return brain.decide_setup(plan.obs, rng) if plan.obs.phase == "setup" else brain.decide_turn(plan.obs, rng)


def settle(session: TableSession, plan: Plan, decision) -> Changes:
    """Apply ``plan``'s ``decision`` (an exception: the brain failed), unless
    the table moved on meanwhile (then nothing changes).  A computer seat's
    failed or illegal answer is replaced by the rules' random fallback; a
    takeover's is dropped, its draft started over."""
    g = session.live
    if (g.phase, g.round) != plan.key:
        return Changes()
    if not plan.takeover:
        return session.submit_computer(plan.seat, decision, plan.fallback)
    if session.hint_observation(plan.seat) is None or decision is None or isinstance(decision, BaseException):
        return Changes()  # the decision was made meanwhile, or the brain gave nothing
    try:
        return session.act(plan.seat, TakeDecision(decision)) | session.act(plan.seat, Confirm())
    except (RuleError, NotDeciding):
        return session.act(plan.seat, Clear())
