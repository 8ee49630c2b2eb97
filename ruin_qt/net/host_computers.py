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

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table_host import HostSeat, Takeover


class ComputerSeats:
    """``TableHost``'s seats taken over (it has the seats and the takeover these read)."""

    seats: list[HostSeat]
    takeover: Takeover | None

    def takeover_level(self, seat: int) -> str | None:
        """The level a computer plays ``seat`` at now, its player away (None: the player's own)."""
        s = self.seats[seat]
        if not s.taken_over:
            return None
        return s.takeover_level or (self.takeover.level if self.takeover is not None else None)
