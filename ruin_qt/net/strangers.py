"""Strangers guessing a table's join code, held back without Qt or sockets.

Per address (the transport's ``address_key``: an IPv4 address, an IPv6 /64):
``FREE_TRIES`` wrong codes, then a pause before the next code is even looked
at, doubled by each further wrong code.  Per table: at most ``TABLE_TRIES``
wrong codes in ``TRIES_WINDOW_S`` from every address together, so many
addresses guess no faster than a few.  The numbers are in docs/PROTOCOL.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

FREE_TRIES = 5  # wrong codes an address may give before it must pause
PAUSE_S = 2.0  # the first pause; each further wrong code doubles it ...
MAX_PAUSE_S = 300.0  # ... up to this
TABLE_TRIES = 30  # wrong codes the whole table takes in TRIES_WINDOW_S, from every address together
TRIES_WINDOW_S = 60.0
FORGET_S = 900.0  # an address that has given no wrong code for this long starts afresh
MAX_ADDRESSES = 4096  # addresses remembered at most (the longest quiet are forgotten first)


@dataclass
class Tries:
    """One address's wrong join codes."""

    wrong: int = 0
    last: float = 0.0
    until: float = 0.0  # no code from this address is looked at before this


class CodeGuard:
    def __init__(self) -> None:
        self.tries: dict[str, Tries] = {}
        self.recent: deque[float] = deque()  # the table's wrong codes in the last TRIES_WINDOW_S

    def wait(self, address: str, now: float) -> float:
        """Seconds before a code from ``address`` is looked at again (0: now)."""
        t = self.tries.get(address)
        wait = t.until - now if t is not None else 0.0
        while self.recent and now - self.recent[0] >= TRIES_WINDOW_S:
            self.recent.popleft()
        if len(self.recent) >= TABLE_TRIES:
            wait = max(wait, self.recent[0] + TRIES_WINDOW_S - now)
        return max(wait, 0.0)

    def wrong(self, address: str, now: float) -> None:
        tries = self.tries
        t = tries.get(address)
        if t is None or now - t.last > FORGET_S:
            t = tries[address] = Tries()
            if len(tries) > MAX_ADDRESSES:
                for old in sorted(tries, key=lambda a: tries[a].last)[: len(tries) - MAX_ADDRESSES]:
                    del tries[old]
        t.wrong, t.last = t.wrong + 1, now
        if t.wrong >= FREE_TRIES:
            t.until = now + min(MAX_PAUSE_S, PAUSE_S * 2 ** (t.wrong - FREE_TRIES))
        self.recent.append(now)

    def right(self, address: str) -> None:
        """The right code: this address starts afresh (the table's count stays)."""
        self.tries.pop(address, None)
