"""Bitboard distances the evaluation needs, all respecting what can still
become road.

A cell can still become road only if it is empty and one road there would not
complete a 2x2 block of roads (R3.4): a letter boxed in by roads is dead even
though it is empty.  Walls never become road.  Everything here works on whole
masks (``bitboard``); no per-cell Python loops.
"""

from __future__ import annotations

from ..rules.bitboard import BOARD, flood
from ..rules.sheet import single_road_2x2

ROUTE_LIMIT = 12  # build costs above this count as impossible (``build_cost_ex``)


def buildable(roads: int, walls: int) -> int:
    """Empty cells where a road may still be drawn (R3.4 respected)."""
    return BOARD & ~(roads | walls) & ~single_road_2x2(roads)


def cost_levels(src: int, roads: int, build: int, max_cost: int = 40, stop: int = 0) -> list[int]:
    """Cells by travel cost from ``src``: stepping onto a road costs 1, onto a
    cell that still has to be built costs 2 (it needs a piece first).

    ``levels[k]`` is the mask of cells at cost k.  A bucket queue over masks:
    the whole frontier of one cost expands in a few shifts.  With ``stop``,
    the search ends once every cell of ``stop`` has a cost (hot path).
    """
    # Steps cost 1 or 2, so only the next two buckets are ever open: ``cur``
    # holds cost k, ``nxt`` what is known of cost k + 1 so far.
    open_ = roads | build  # inside the board, so shifts need no masking
    cur, nxt = src, 0
    levels: list[int] = []
    append = levels.append
    for _ in range(max_cost + 1):
        append(cur)
        if cur:
            open_ &= ~cur
            if stop:
                stop &= ~cur
                if not stop:
                    break
            nb = ((cur << 1) | (cur >> 1) | (cur << 16) | (cur >> 16)) & open_
            cur, nxt = (nxt | (nb & roads)) & open_, nb & build
        elif nxt:
            cur, nxt = nxt & open_, 0
        else:
            break
    return levels


def build_cost(a: int, b: int, roads: int, build: int, limit: int = ROUTE_LIMIT) -> int | None:
    """Fewest cells still to build to join ``a`` and ``b`` by roads, or None.

    Road cells are free, buildable cells cost 1 (a 0-1 BFS over masks)."""
    return build_cost_ex(a, b, roads, build, limit)[0]


def build_cost_ex(a: int, b: int, roads: int, build: int, limit: int = ROUTE_LIMIT) -> tuple[int | None, int]:
    """``build_cost`` and the cells the search looked at: removing buildable
    cells outside that mask (new walls) cannot change the answer."""
    passable = roads | build
    if not (a & passable and b & passable):
        return None, 0
    if a & roads:
        reached, k = flood(a, roads), 0
    else:
        reached, k = flood(a, roads | a), 1
    while k <= limit:
        if reached & b:
            return k, reached
        new = ((reached << 1) | (reached >> 1) | (reached << 16) | (reached >> 16)) & build & ~reached
        if not new:
            return None, reached
        # The new cells, and the roads they join that are not reached yet.
        reached |= flood(new, (roads & ~reached) | new)
        k += 1
    return None, reached
