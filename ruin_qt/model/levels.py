"""The computer levels the dialogs offer (a computer's decision itself is
``session.computer``'s, run by ``runner.decider``; the hint is the review's
search: ``review.hint``)."""

from __future__ import annotations

from ..ai import base as ai_base


def known_levels() -> list[str]:
    """Read at run time: other levels register themselves in ``LEVELS``."""
    return list(ai_base.LEVELS)
