"""R11: square bonuses, gems, honour (penalties and escape), routes, winner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

GEM_VP = 10
PENALTY_VP = -10
ROUTE_VP = 15
NOT_ESCAPED_VP = -20
SOLO_ESCAPE_VP = 30
RANK_VP = {1: 30, 2: 10}  # 3rd and later: 0


@dataclass(frozen=True)
class Score:
    square1: int | None
    square2: int | None
    gems: int  # gem count, not VP
    penalties: int
    escape_vp: int
    routes: int  # VP of completed objective cards
    roads: int  # road/gate cells, the tie-break

    @property
    def gem_vp(self) -> int:
        return GEM_VP * self.gems

    @property
    def honour(self) -> int:
        return PENALTY_VP * self.penalties + self.escape_vp

    @property
    def total(self) -> int:
        return (self.square1 or 0) + (self.square2 or 0) + self.gem_vp + self.honour + self.routes


def rank_value(rank: int, group: int) -> int:
    """R11.3: a group of two or more scores the value of the rank below its own."""
    return RANK_VP.get(rank + 1 if group >= 2 else rank, 0)


def escape_vp(game: "Game", seat: int) -> int:
    s = game.seats[seat]
    if s.escaped_round is None:
        return NOT_ESCAPED_VP
    if game.solo:
        return SOLO_ESCAPE_VP
    rounds = [t.escaped_round for t in game.seats if t.escaped_round is not None]
    earlier = sum(1 for r in rounds if r < s.escaped_round)
    group = sum(1 for r in rounds if r == s.escaped_round)
    return rank_value(earlier + 1, group)


def route_vp(game: "Game", seat: int, sheet=None, hand=None) -> int:
    s = game.seats[seat]
    sheet = s.sheet if sheet is None else sheet
    letters = game.comps.letters
    done = 0
    for card in s.hand if hand is None else hand:
        a, b = game.comps.objectives[card].letters
        if sheet.connected(letters[a], letters[b]):
            done += 1
    return ROUTE_VP * done


def seat_score(game: "Game", seat: int, preview: bool = False, *, sheet=None, hand=None,
               penalties: int | None = None) -> Score:
    """R11 for one seat.  ``sheet``, ``hand`` and ``penalties`` replace the
    seat's own to score a hypothetical position (a turn being drafted)."""
    s = game.seats[seat]
    sheet = s.sheet if sheet is None else sheet
    hand = s.hand if hand is None else hand
    sq1 = s.square1
    sq2 = s.square2
    if preview:
        # "If the game ended now": unscored boxes take the sheet as it is.
        if sq1 is None:
            sq1 = sheet.square_bonus()
        if sq2 is None:
            sq2 = sheet.square_bonus() if game.stage == 2 else 0
    return Score(
        square1=sq1,
        square2=sq2,
        gems=s.gems,
        penalties=s.penalties if penalties is None else penalties,
        escape_vp=escape_vp(game, seat),
        routes=route_vp(game, seat, sheet, hand),
        roads=sheet.road_count(),
    )


def final_scores(game: "Game", preview: bool = False) -> list[Score]:
    return [seat_score(game, i, preview) for i in range(game.n)]


def winners(scores: list[Score]) -> list[int]:
    """R11.5: highest total, then more road/gate cells, then a shared win."""
    best = max((sc.total, sc.roads) for sc in scores)
    return [i for i, sc in enumerate(scores) if (sc.total, sc.roads) == best]
