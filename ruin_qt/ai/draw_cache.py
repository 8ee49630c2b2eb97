"""Searches on the sheet before a draw, kept across the many placements of
one card (``evaluation.evaluate``'s ``cache``)."""

from __future__ import annotations

import math
from typing import Protocol

from ..rules.bitboard import dilate8
from .distances import build_cost_ex, buildable, cost_levels


class _Weights(Protocol):
    @property
    def gem_now(self) -> float: ...


class Context(Protocol):
    """What the cache reads of an ``evaluation.Context`` (the evaluation
    imports this module, not the other way round)."""

    stage: int
    hand_bits: list[tuple[int, int]]
    dest_bits: list[int]
    dest_mask: int
    dest_value: list[float]  # a destination's value by travel cost
    exit_bit: int

    @property
    def w(self) -> _Weights: ...

    def route_ceiling(self, c: int | None) -> float: ...


class DrawCache:
    """Searches on the sheet before a draw, with the cells each one looked
    at, so that the many placements of one card reuse them.

    Walls only remove buildable cells, so a search that never looked at the
    new walls gives the same answer after the draw.  New roads make their
    cells free to cross and may make cells next to them unbuildable (R3.4),
    so a search keeps its answer only if no new road lies within a king's
    move of the cells it looked at (``*_zone``): every path that leaves
    those cells already costs more than the answer.  Destination searches
    stop once they reach the pawn cells, so they are reused only for the same
    ``pawns``."""

    def __init__(self, ctx: Context, roads: int, walls: int, pawns: int):
        build = buildable(roads, walls)
        self.pawns = pawns
        self.roads = roads
        self.route_cost, self.route_seen, self.route_zone = [], [], []
        for a, b in ctx.hand_bits:
            c, seen = build_cost_ex(a, b, roads, build)
            self.route_cost.append(c)
            self.route_seen.append(seen)
            self.route_zone.append(dilate8(seen | a | b))
        self.dest_levels, self.dest_seen, self.dest_zone = [], [], []
        for d in ctx.dest_bits:
            levels = cost_levels(d, roads, build, 30, pawns & ~d)
            self.dest_levels.append(levels)
            seen = _union(levels)
            self.dest_seen.append(seen)
            self.dest_zone.append(dilate8(seen))
        self.exit_levels, self.exit_seen, self.exit_zone = [], 0, 0
        if ctx.stage == 2:
            self.exit_levels = cost_levels(ctx.exit_bit, roads, build, 40, pawns)
            self.exit_seen = _union(self.exit_levels)
            self.exit_zone = dilate8(self.exit_seen)

    def wall_ceiling(self, ctx: Context, pawn_i: int, top: int | None = None) -> float:
        """An upper bound, in stage 1, on the route values (the best ``top``
        of them) plus the destination value of pawn cell ``pawn_i`` on any
        sheet that is this one plus walls.  Walls only remove buildable
        cells, so every search can only get longer; the bound is the best
        value at this length or longer, so it holds for any weights.  The
        cache must have been built for the pawn cell alone."""
        if ctx.stage != 1 or self.pawns != 1 << pawn_i:
            return math.inf
        routes = sorted((ctx.route_ceiling(c) for c in self.route_cost), reverse=True)
        total = sum(routes if top is None else routes[:top])
        pawn = self.pawns
        for n, d in enumerate(ctx.dest_bits):
            k = None
            for j, m in enumerate(self.dest_levels[n]):
                if m & pawn & ~d:
                    k = j
                    break
            if k is not None and not d & pawn:
                k += 0 if d & self.roads else 1
                total += max(ctx.dest_value[k:] + [0.0])  # 0: unreachable
        if pawn & ctx.dest_mask:
            total += ctx.w.gem_now
        return total


def _union(levels: list[int]) -> int:
    m = 0
    for x in levels:
        m |= x
    return m
