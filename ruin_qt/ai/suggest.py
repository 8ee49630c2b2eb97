"""The hint API for the app: what would the Expert do here?

``suggest(obs, rng, budget_s)`` returns a complete, legal step-1 ``Turn``
for the observed seat, searched for about ``budget_s`` seconds.  It reads
only the observation (R12.3), so a hint never leaks hidden information.
Call it off the UI thread (ARCHITECTURE.md: work off the UI thread, then
one signal back).
"""

from __future__ import annotations

from .expert import suggest

__all__ = ["suggest"]
