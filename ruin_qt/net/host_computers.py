"""The host's computer seats and the seats it plays for players away (no Qt).

A decision takes the one road of ``session.computer``: ``plan`` here takes
what the brain needs from the table, the host's service has it decided in a
worker process (its runner's, for a headless host as for a window's), and
``settle`` applies the answer on the host's thread unless the table moved on
meanwhile.  Every decision is seeded from the host's ``secret`` (kept in its
autosave, sent to no seat).  ``TableHost`` is one of these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..session import computer
from ..session.table import TableSession


class _Seat(Protocol):
    taken_over: bool
    takeover_level: str  # "": the table's takeover level


class _Takeover(Protocol):
    @property
    def level(self) -> str: ...


class _Host(Protocol):
    """What of ``TableHost`` these read (a Protocol: table_host imports this module, not the other way)."""

    computers: bool
    secret: str

    @property
    def started(self) -> bool: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def seats(self) -> Sequence[_Seat]: ...

    @property
    def takeover(self) -> _Takeover | None: ...


class ComputerSeats:
    """``TableHost``'s computer decisions (it has the session, seats,
    takeover and secret these read; the session tells the host what changed)."""

    def work(self: _Host) -> int | None:
        """A seat the host's computer must decide for now, or None."""
        if not self.started or self.session.live.over:
            return None
        thinking = self.session.thinking()
        if thinking and self.computers:
            return thinking[0]
        acting = self.session.may_act()
        return next((i for i, s in enumerate(self.seats) if s.taken_over and i in acting), None)

    def plan(self: _Host, seat: int) -> computer.Plan | None:
        """What deciding ``seat`` takes now (None: nothing to decide there)."""
        s = self.seats[seat]
        level = (s.takeover_level or (self.takeover.level if self.takeover is not None else None)) \
            if s.taken_over else None
        return computer.plan(self.session, seat, self.secret, level)

    def settle(self: _Host, plan: computer.Plan, decision: object) -> None:
        """Apply ``plan``'s decision, unless the table moved on meanwhile."""
        if plan.takeover and not self.seats[plan.seat].taken_over:
            return  # the player came back meanwhile: the seat is theirs
        computer.settle(self.session, plan, decision)
