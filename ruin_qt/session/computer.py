"""A computer's decision for a seat: the one road, whoever asks (no Qt).

A computer seat, or a player's seat a host's computer plays while they are
away (a takeover), is decided in three steps.  ``plan`` takes from the table
what the brain needs (the level's brain, the seat's own observation, R12.3,
and its seed) into a picklable value; ``decide(plan)`` runs in a worker
process (the runner's: ``model.runner.decider``), the same for a local table,
a window host and a headless host; ``settle`` applies the answer back on the
table's thread, unless the table moved on meanwhile.

One ``Driver`` takes a table's decisions down that road, whoever hosts the
table: a local game's model, a host's service (with a window or without).
It reads the work from the table itself (``due``: the computer seats it
waits on, the seats played for players away), not from the change notices,
so a watcher of a table never has to know about scheduling.

One seeding scheme: a decision's RNG is seeded from the table's secret, the
seat and the round (``seed``), so a game is the same game again from its
secret.  A local table's secret is its game seed (what its record keeps); a
host's is its own ``secrets`` value, kept in its autosave and sent to no seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..ai.base import LEVELS, Brain, level_of, make_brain
from ..rules.errors import RuleError
from ..rules.observation import Observation
from ..rules.turn import SetupChoice, Turn
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


def due(session: TableSession, level: Callable[[int], str | None]) -> list[int]:
    """The seats a computer decides for now: the computer seats the table waits on, then each
    player's seat that may act and that ``level(seat)`` says a computer plays (a takeover)."""
    g = session.game
    if g is None or g.over:
        return []
    return session.thinking() + [seat for seat in sorted(session.may_act()) if level(seat) is not None]


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


def decide(plan: Plan) -> SetupChoice | Turn:
    """``plan``'s decision (a SetupChoice or a Turn), in the worker process, its
    RNG from the plan's seed.  An error is ``settle``'s to replace."""
    brain, rng = plan.brain, random.Random(plan.seed)
    return brain.decide_setup(plan.obs, rng) if plan.obs.phase == "setup" else brain.decide_turn(plan.obs, rng)


def settle(session: TableSession, plan: Plan, decision: SetupChoice | Turn | BaseException | None) -> Changes:
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
    from .intents import Clear, Confirm, TakeDecision  # with the first gesture, not at start-up

    try:
        return session.act(plan.seat, TakeDecision(decision)) | session.act(plan.seat, Confirm())
    except (RuleError, NotDeciding):
        return session.act(plan.seat, Clear())


class Asked(Protocol):
    """A decision on its way (the runner's ``Operation``)."""

    def cancel(self) -> None: ...


Done = Callable[[SetupChoice | Turn | BaseException], None]
# decide(plan, done): ``decide(plan)`` off the table's thread (a runner's worker process), then
# ``done(decision)`` later on the table's thread (the exception, if the brain failed); what it
# hands back cancels it (None: nothing to cancel, no answer coming).
Decide = Callable[[Plan, Done], Asked | None]


def _nobody(_seat: int) -> str | None:
    return None


class Driver:
    """The one driver of a table's computer decisions, whoever hosts the table.

    It watches ``session`` and, after every change (and whenever its host calls
    ``poke``: a seat taken over changes no table), asks ``decide`` for each seat
    ``due`` that is not asked yet, and settles each answer on the table.  A new
    game or the game's end drops what was asked (``forget``).  ``secret()``
    seeds the decisions; ``level(seat)``: the level a computer plays a
    player's seat at now, its player away (None: the player's own; a local
    table has no takeovers); ``settle_with(fn)`` runs each settling (a host's
    service: inside its call into the host); ``failed(plan, error)`` hears of
    a brain that failed (the rules' fallback decides a computer seat then)."""

    def __init__(self, session: TableSession, decide: Decide, secret: Callable[[], str],
                 level: Callable[[int], str | None] = _nobody,
                 settle_with: Callable[[Callable[[], object]], None] | None = None,
                 failed: Callable[[Plan, BaseException], None] | None = None) -> None:
        self.session, self._decide, self._secret, self._level = session, decide, secret, level
        self._settle_with = settle_with
        self._failed = failed
        self._asked: dict[int, Asked | None] = {}  # seat -> its decision on the way
        self._era = 0  # answers to decisions asked before the last ``forget`` are dropped
        self._stopped = False
        session.watch(self._changed)  # held weakly: the driver lives as long as its host keeps it

    def _changed(self, ch: Changes) -> None:
        if ch.started or ch.over:
            self.forget()
        self.poke()

    def poke(self) -> None:
        """Ask for each decision due now that is not on its way yet (the plans first, then the asking:
        once a worker runs, the table's thread should not be slowed mid-snapshot)."""
        if self._stopped:
            return
        s, secret = self.session, None
        plans = []
        for seat in due(s, self._level):
            if seat in self._asked:
                continue
            secret = secret if secret is not None else self._secret()
            p = plan(s, seat, secret, self._level(seat))
            if p is not None:
                plans.append(p)
        for p in plans:
            self._asked[p.seat] = None  # asked (``decide`` answers later, never from within this call)
            self._asked[p.seat] = self._decide(p, self._done(self._era, p))

    def asked(self) -> list[int]:
        """The seats whose decision is on its way."""
        return sorted(self._asked)

    def retry(self) -> None:
        """Ask again for the decisions asked of nothing (no ``decide`` to hand them to until now)."""
        for seat in [seat for seat, asked in self._asked.items() if asked is None]:
            del self._asked[seat]
        self.poke()

    def forget(self) -> None:
        """Drop every decision on its way: no answer asked before now is settled."""
        self._era += 1
        asked, self._asked = self._asked, {}
        for a in asked.values():
            if a is not None:
                a.cancel()

    def stop(self) -> None:
        """The host is done with the table: nothing more is asked or settled."""
        self._stopped = True
        self.forget()
        self.session.unwatch(self._changed)

    def _done(self, era: int, p: Plan) -> Done:
        return lambda decision: self._answered(era, p, decision)

    def _answered(self, era: int, p: Plan, decision: SetupChoice | Turn | BaseException) -> None:
        if era != self._era or p.seat not in self._asked:
            return  # forgotten meanwhile
        if isinstance(decision, BaseException) and self._failed is not None:
            self._failed(p, decision)
        # Still asked while it settles: a takeover's decision is taken, then confirmed (two changes),
        # and the change between them must not ask for the seat again.
        if not p.takeover or self._level(p.seat) is not None:  # else the player came back: the seat is theirs
            if self._settle_with is not None:
                self._settle_with(lambda: settle(self.session, p, decision))
            else:
                settle(self.session, p, decision)
        if era == self._era:
            del self._asked[p.seat]
        self.poke()
