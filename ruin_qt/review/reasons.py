"""Why the better decision is better, in parts of the score (no words: the
window and the command line say them in their own language).

Both decisions are valued in the same futures, each ending on the seat's
score parts (``expert_api.ScoreParts``); the mean difference of each part
is what the better decision gains: gems, penalties avoided, objective routes
completed, a larger rectangle, an earlier escape, and what is left, the
evaluation's outlook for the rounds after the lookahead.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from ..ai.expert_api import ScoreParts
from ..rules.scoring import GEM_VP, PENALTY_VP, ROUTE_VP

KINDS = ("gems", "penalties", "route", "rectangle", "escape", "outlook")
MIN_VP = 1.0  # a part that moves less than this on average says nothing
MIN_SHARE = 0.5  # a route or an escape named must differ in at least half the futures
MOST = 3  # reasons told for one decision


@dataclass(frozen=True)
class Reason:
    """One part the better decision gains: ``vp`` expected VP; ``amount`` in
    the part's own unit (gems, penalties, share of futures, rounds; VP for
    a rectangle and the outlook); ``detail``: a route "B-U", the stage of
    a rectangle, or the destinations of gems gained ("D", "D,F")."""

    kind: str
    vp: float
    amount: float
    detail: str = ""

    def to_json(self) -> dict:
        return {"kind": self.kind, "vp": self.vp, "amount": self.amount, "detail": self.detail}

    @staticmethod
    def from_json(d: dict) -> Reason:
        if d["kind"] not in KINDS:
            raise ValueError(f"unknown reason {d['kind']!r}")
        return Reason(str(d["kind"]), float(d["vp"]), float(d["amount"]), str(d["detail"]))


def _mean(xs) -> float:
    return statistics.fmean(xs) if xs else 0.0


def _destinations(a: list[ScoreParts], b: list[ScoreParts], gems: float) -> str:
    """The destinations whose gems the better decision holds and the played
    one does not, in at least half the futures: most often first, as many
    as the gems it gains ("D" or "D,F"; empty when none is that sure)."""
    share: dict[str, float] = {}
    for x, y in zip(a, b):
        for letter in set(y.collected) - set(x.collected):
            share[letter] = share.get(letter, 0.0) + 1 / len(a)
    sure = sorted((letter for letter, v in share.items() if v >= MIN_SHARE), key=lambda k: (-share[k], k))
    return ",".join(sure[:max(1, round(gems))])


def reasons(played: list[tuple[float, ScoreParts]], better: list[tuple[float, ScoreParts]]) -> tuple[Reason, ...]:
    """What ``better`` gains over ``played``, largest first: each a list of
    (value, parts) of the same futures, in the same order."""
    if not played or len(played) != len(better):
        return ()
    a = [p for _, p in played]
    b = [p for _, p in better]
    out: list[Reason] = []
    gems = _mean([y.gems - x.gems for x, y in zip(a, b)])
    out.append(Reason("gems", GEM_VP * gems, gems, _destinations(a, b, gems)))
    pens = _mean([x.penalties - y.penalties for x, y in zip(a, b)])
    out.append(Reason("penalties", -PENALTY_VP * pens, pens))
    for route in sorted({r for p in a + b for r in p.routes}):
        share = _mean([(route in y.routes) - (route in x.routes) for x, y in zip(a, b)])
        if share >= MIN_SHARE:
            out.append(Reason("route", ROUTE_VP * share, share, route))
    for stage, part in ((1, "square1"), (2, "square2")):
        vp = _mean([getattr(y, part) - getattr(x, part) for x, y in zip(a, b)])
        out.append(Reason("rectangle", vp, vp, str(stage)))
    if any(p.escaped_round is not None for p in a + b):
        def when(p: ScoreParts) -> int:  # not escaped yet: at best the round after the future stopped
            return p.escaped_round if p.escaped_round is not None else p.round + 1
        earlier = _mean([when(x) - when(y) for x, y in zip(a, b)])
        if earlier >= MIN_SHARE:
            out.append(Reason("escape", _mean([y.escape_vp - x.escape_vp for x, y in zip(a, b)]), earlier))
    told = [r for r in out if r.vp >= MIN_VP or (r.kind == "escape" and r.amount >= MIN_SHARE)]
    # The rest of the difference is the evaluation's outlook beyond the lookahead.
    gain = _mean([v - u for (u, _), (v, _) in zip(played, better)])
    rest = gain - _mean([y.total - x.total for x, y in zip(a, b)])
    if rest >= MIN_VP or not told:
        told.append(Reason("outlook", rest, rest))
    told.sort(key=lambda r: (-r.vp, KINDS.index(r.kind), r.detail))
    return tuple(Reason(r.kind, round(r.vp, 2), round(r.amount, 2), r.detail) for r in told[:MOST])
