"""Tables fitted on the Expert's weights, tied to them by a hash.

The review's level offsets, its spreads and the evaluation's error
(``levels``) were measured on the Expert's search with the weights of
``ai/weights.py``; tuned weights make them stale.  Each table carries the
hash of the weights it was fitted with (``expert_api.search_weights_hash``)
and the command that refits it: any use of a table whose hash no longer
matches, or a look-up of a key it has no fit for, raises ``StaleFit`` with
both.  The refit commands themselves review with whatever table is there
and take it out again (``refitting``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from ..ai.expert_api import search_weights_hash

K = TypeVar("K")
V = TypeVar("V")

_refitting = 0


class StaleFit(LookupError):
    """A fitted table asked for a key it has no fit for, or fitted with other weights."""


@contextmanager
def refitting() -> Iterator[None]:
    """While the refit commands measure anew: stale hashes pass and a key
    with no fit is left to the caller (``is_refitting``)."""
    global _refitting
    _refitting += 1
    try:
        yield
    finally:
        _refitting -= 1


def is_refitting() -> bool:
    return _refitting > 0


class FittedTable(Mapping[K, V]):
    """A read-only table fitted on the search's weights ``where`` it plays
    ("solo", "tables"), with the hash of those weights at the fit."""

    def __init__(self, name: str, where: tuple[str, ...], weights_hash: str, refit: str, values: dict[K, V]):
        self.name, self.where, self.weights_hash, self.refit = name, where, weights_hash, refit
        self._values = dict(values)

    def check(self) -> None:
        """Raise ``StaleFit`` if the weights changed since the fit."""
        now = search_weights_hash(*self.where)
        if now != self.weights_hash and not is_refitting():
            raise StaleFit(f"{self.name} was fitted with the Expert's {'/'.join(self.where)} weights "
                           f"{self.weights_hash}, which are now {now} (ai/weights.py changed): refit it with "
                           f"{self.refit} and paste the table and its weights_hash")

    def __getitem__(self, key: K) -> V:
        self.check()
        try:
            return self._values[key]
        except KeyError:
            raise StaleFit(f"{self.name} has no fit for {key!r}: fit it with {self.refit} "
                           f"and add it to the table") from None

    def __contains__(self, key: object) -> bool:
        self.check()
        return key in self._values

    def __iter__(self) -> Iterator[K]:
        self.check()
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"FittedTable({self.name!r}, {self.where!r}, {self.weights_hash!r}, {len(self)} entries)"
