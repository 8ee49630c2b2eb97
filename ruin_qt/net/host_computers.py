"""The host's computer seats and the seats it plays for players away (no Qt).

A decision is made in two steps, so a host with a window can think off its
UI thread: ``plan`` takes what the brain needs from the table now (pure
from then on: ``Plan.run``), ``settle`` applies the answer on the host's
thread unless the table moved on meanwhile.  A headless host ``decide``s
both at once.  ``TableHost`` is one of these.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..ai.base import Brain, level_of, make_brain
from ..rules.errors import RuleError
from ..session.intents import Clear, Confirm, TakeDecision
from ..session.table import NotDeciding


@dataclass
class Plan:
    """One computer decision to make: pure once built (``run``)."""

    seat: int
    key: tuple[str, int]  # (phase, round) it is for
    computer: bool  # a computer seat (else a seat taken over)
    brain: Brain
    obs: object
    rng: random.Random

    def run(self):
        b, obs = self.brain, self.obs
        return b.decide_setup(obs, self.rng) if obs.phase == "setup" else b.decide_turn(obs, self.rng)


def _copy(rng: random.Random) -> random.Random:
    out = random.Random()
    out.setstate(rng.getstate())
    return out


class ComputerSeats:
    """``TableHost``'s computer decisions (it has the session, seats, RNGs,
    takeover, secret and ``_apply`` these read)."""

    def work(self) -> int | None:
        """A seat the host's computer must decide for now, or None."""
        if not self.started or self.session.live.over:
            return None
        thinking = self.session.thinking()
        if thinking and self.computers:
            return thinking[0]
        acting = self.session.may_act()
        return next((i for i, s in enumerate(self.seats) if s.taken_over and i in acting), None)

    def decide(self, seat: int) -> None:
        """Decide ``seat``'s setup or step 1 here and now (a headless host)."""
        plan = self.plan(seat)
        if plan is not None:
            self.settle(plan, plan.run())

    def plan(self, seat: int) -> Plan | None:
        """What deciding ``seat`` takes: its brain, observation and a copy of its
        RNG (a computer seat's own, from ``secrets`` and kept in the autosave; a
        takeover's from the host's secret).  ``Plan.run`` is pure, so a window's
        host runs it off the UI thread; ``settle`` applies the answer on the host's thread."""
        s, g = self.session, self.session.live
        if seat in s.thinking():
            level = level_of(self.seats[seat].kind) or "random"
            return Plan(seat, (g.phase, g.round), True, self._brain(seat, level), s.observation_for(seat),
                        _copy(self.rngs[seat]))
        obs = s.hint_observation(seat)
        if obs is None or self.takeover is None:
            return None
        rng = random.Random(f"ruin-qt-takeover:{self.secret}:{seat}:{g.phase}:{g.round}")
        return Plan(seat, (g.phase, g.round), False, self._brain(seat, self.takeover.level), obs, rng)

    def settle(self, plan: Plan, decision) -> None:
        """Apply ``plan``'s decision, unless the table moved on meanwhile."""
        s, g, seat = self.session, self.session.live, plan.seat
        if (g.phase, g.round) != plan.key:
            return
        if plan.computer:
            if seat not in s.thinking():
                return
            self.rngs[seat] = plan.rng  # the seat's RNG advanced as the brain drew from it
            self._apply(s.submit_computer(seat, decision, f"fallback:{self.secret}:{seat}:{g.round}"))
            return
        if not self.seats[seat].taken_over or s.hint_observation(seat) is None or decision is None:
            return  # the player came back meanwhile (the seat is theirs), or the brain gave nothing
        try:
            self._apply(s.act(seat, TakeDecision(decision)) | s.act(seat, Confirm()))
        except (RuleError, NotDeciding):
            self._apply(s.act(seat, Clear()))

    def _brain(self, seat: int, level: str) -> Brain:
        brain = self._brains.get((seat, level))
        if brain is None:
            brain = self._brains[(seat, level)] = make_brain(level)
        return brain
