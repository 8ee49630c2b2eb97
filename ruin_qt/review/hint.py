"""The hint: the review's own search for the decision at hand.

    hint(obs) -> the Turn or SetupChoice the review at ``quality`` would
    suggest, from the seat's own observation only (R12.3: nothing hidden,
    no seed but what the seat knows)

It is ``search.suggest`` in the futures the review gives the same decision
(``search.futures_seed``), run here on one core: a decision played as
hinted is the suggestion of the review's search at that quality, so that
review calls it best, never a loss.
"""

from __future__ import annotations

from ..rules.observation import Observation
from ..rules.turn import SetupChoice, Turn
from .quality import Quality, resolve_quality
from .scheduler import drive
from .search import decision_index, futures_seed, suggest


def hint(obs: Observation, quality: str | Quality = "default") -> SetupChoice | Turn:
    """The decision the review at ``quality`` suggests for ``obs``'s seat."""
    q = resolve_quality(quality)
    seed = futures_seed(obs, decision_index(obs), q.futures)
    return drive(suggest(obs, q, seed))
