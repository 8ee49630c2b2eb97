"""R11: square bonuses, gems, honour (penalties and escape), routes, winner.

What needs a whole game (the escape race, every seat's score) is in ``game``;
this module scores from a seat's parts, so it imports nothing of ``game``."""

from __future__ import annotations

from dataclasses import dataclass

from .components import load_components

GEM_VP = 10
PENALTY_VP = -10
ROUTE_VP = 15
NOT_ESCAPED_VP = -20
SOLO_ESCAPE_VP = 30
RANK_VP = {1: 30, 2: 10}  # 3rd and later: 0


class _Parts:
    """VP of the parts R11 counts as numbers: gems and penalties are counts."""

    gems: int
    penalties: int
    escape_vp: int

    @property
    def gem_vp(self) -> int:
        return GEM_VP * self.gems

    @property
    def penalty_vp(self) -> int:
        return PENALTY_VP * self.penalties

    @property
    def honour(self) -> int:
        return self.penalty_vp + self.escape_vp


@dataclass(frozen=True)
class Score(_Parts):
    square1: int | None
    square2: int | None
    gems: int  # gem count, not VP
    penalties: int
    escape_vp: int
    routes: int  # VP of completed objective cards
    roads: int  # road/gate cells, the tie-break

    @property
    def total(self) -> int:
        return (self.square1 or 0) + (self.square2 or 0) + self.gem_vp + self.honour + self.routes


@dataclass(frozen=True)
class Breakdown(_Parts):
    """A finished seat's score as the simulator reports it and the history
    keeps it: each part's VP, gems and penalties as counts, and the total."""

    square1: int
    square2: int
    gems: int
    penalties: int
    escape_vp: int
    routes: int
    total: int

    @staticmethod
    def parts(score: Score) -> dict[str, int]:
        """``score``'s breakdown fields, for building a ``Breakdown`` (or a subclass)."""
        return {"square1": score.square1 or 0, "square2": score.square2 or 0, "gems": score.gems,
                "penalties": score.penalties, "escape_vp": score.escape_vp, "routes": score.routes,
                "total": score.total}

    @property
    def squares(self) -> int:
        return self.square1 + self.square2

    def to_json(self) -> dict[str, int]:
        return {"total": self.total, "square1": self.square1, "square2": self.square2, "gems": self.gems,
                "penalties": self.penalties, "escape_vp": self.escape_vp, "routes": self.routes}


def rank_value(rank: int, group: int) -> int:
    """R11.3: a group of two or more scores the value of the rank below its own."""
    return RANK_VP.get(rank + 1 if group >= 2 else rank, 0)


def route_status(sheet, hand) -> list[tuple[int, str, str, bool]]:
    """R11.4 per objective card in ``hand``: (card, letter, letter, complete)."""
    comps = load_components()
    out = []
    for card in hand:
        a, b = comps.objectives[card].letters
        out.append((card, a, b, sheet.connected(comps.letters[a], comps.letters[b])))
    return out


def route_vp(sheet, hand) -> int:
    return ROUTE_VP * sum(1 for *_, done in route_status(sheet, hand) if done)


def sheet_score(sheet, hand, *, gems: int, penalties: int, escape_vp: int, square1: int | None,
                square2: int | None, stage: int, preview: bool = False) -> Score:
    """R11 for one seat from its parts.  ``preview``: "if the game ended now",
    unscored square boxes take the sheet as it is."""
    if preview:
        if square1 is None:
            square1 = sheet.square_bonus()
        if square2 is None:
            square2 = sheet.square_bonus() if stage == 2 else 0
    return Score(square1=square1, square2=square2, gems=gems, penalties=penalties, escape_vp=escape_vp,
                 routes=route_vp(sheet, hand), roads=sheet.road_count())


@dataclass(frozen=True)
class TieBreak:
    """How R11.5 decided: the seats on the top total, and the winners among them."""

    top: int
    tied: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def by_roads(self) -> bool:
        return len(self.tied) > 1


def tie_break(scores: list[Score] | tuple[Score, ...]) -> TieBreak:
    """R11.5: highest total, then more road/gate cells, then a shared win."""
    top = max(s.total for s in scores)
    tied = tuple(i for i, s in enumerate(scores) if s.total == top)
    most = max(scores[i].roads for i in tied)
    return TieBreak(top, tied, tuple(i for i in tied if scores[i].roads == most))


def winners(scores: list[Score] | tuple[Score, ...]) -> list[int]:
    """R11.5's winners (``tie_break``)."""
    return list(tie_break(scores).winners)
