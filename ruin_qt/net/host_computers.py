"""The seats a host's computer plays for players away (no Qt).

A host's computer seats and the seats it takes over are decided by the
table's one driver (``session.computer.Driver``, its service's): ``plan``
takes what the brain needs from the table, a worker process of the app's
runner decides (a headless host's as a window's), and the answer is settled
on the host's thread unless the table moved on meanwhile.  What the host
adds is which player's seat a computer plays now, and at which level
(``takeover_level``); every decision is seeded from the host's ``secret``
(kept in its autosave, sent to no seat).  ``TableHost`` is one of these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class _Seat(Protocol):
    @property
    def taken_over(self) -> bool: ...

    @property
    def takeover_level(self) -> str: ...


class _Takeover(Protocol):
    @property
    def level(self) -> str: ...


class _Host(Protocol):
    """What this reads of a ``TableHost`` (which imports this module, not the other way round)."""

    @property
    def seats(self) -> Sequence[_Seat]: ...

    @property
    def takeover(self) -> _Takeover | None: ...


class ComputerSeats:
    """``TableHost``'s seats taken over."""

    def takeover_level(self: _Host, seat: int) -> str | None:
        """The level a computer plays ``seat`` at now, its player away (None: the player's own)."""
        s = self.seats[seat]
        if not s.taken_over:
            return None
        return s.takeover_level or (self.takeover.level if self.takeover is not None else None)
