"""How hard a review searches: the one preset, part of a cached review's key.

One quality: the hint is this search (``hint``), so a decision
played as hinted is the review's best, and a player gets one review, not
two that disagreed on a third of the decisions (docs/ai-journal.md).  The
tests and the research tools build smaller or other ``Quality`` values."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Quality:
    """The search's shape (see ``search``)."""

    name: str
    screen: int  # the Expert ranking's best decisions screened at 2 rounds in one future
    keep: int  # the best screened searched at full depth (the played one always is)
    depth: int  # rounds of lookahead, this one included: solo stage 1 (tables: at most TABLE_DEPTH)
    depth2: int  # solo stage 2 (quicker rounds, as the Expert searches it)
    samples: int  # futures per decision in the full-depth search
    verify: int  # fresh futures behind the reported values and the loss
    layouts: int  # setup: the greedy setup ranking's best layouts compared
    # Which sampled futures: 0 for the app's reviews; another number reviews
    # the same game in other futures (the stability checks: a verdict must not
    # depend on them).
    futures: int = 0

    def to_json(self) -> dict:
        return {"name": self.name, "screen": self.screen, "keep": self.keep, "depth": self.depth,
                "depth2": self.depth2, "samples": self.samples, "verify": self.verify, "layouts": self.layouts,
                "futures": self.futures}

    @staticmethod
    def from_json(d: dict) -> Quality:
        return Quality(str(d["name"]), screen=int(d["screen"]), keep=int(d["keep"]), depth=int(d["depth"]),
                       depth2=int(d["depth2"]), samples=int(d["samples"]), verify=int(d["verify"]),
                       layouts=int(d["layouts"]), futures=int(d.get("futures", 0)))


# The figures behind it are in docs/ai-journal.md (game review).
QUALITIES = {
    "default": Quality("default", screen=24, keep=6, depth=3, depth2=4, samples=3, verify=6, layouts=4),
}


def at_depths(depth: int | None, depth2: int | None, name: str = "default") -> Quality:
    """The quality ``name`` searching ``depth`` rounds (solo stage 2:
    ``depth2``) where given: the research tools refit the fitted tables'
    shallower rows with it (the tests' small searches use them)."""
    q = resolve_quality(name)
    if depth is None and depth2 is None:
        return q
    depth, depth2 = depth or q.depth, depth2 or q.depth2
    if not (1 < depth and 1 < depth2):
        raise ValueError(f"a review searches at least 2 rounds, not {depth} (stage 2: {depth2})")
    return dataclasses.replace(q, name=f"{q.name} at depth {depth} (stage 2: {depth2})", depth=depth, depth2=depth2)


def resolve_quality(name_or_quality: str | Quality) -> Quality:
    if isinstance(name_or_quality, Quality):
        return name_or_quality
    try:
        return QUALITIES[name_or_quality]
    except KeyError:
        raise ValueError(f"unknown review quality {name_or_quality!r}; known: {sorted(QUALITIES)}") from None
