"""How far an objective card's route is from complete (R11.4): the best path
between its two letters as the sheet stands, how many cells of it still have
to be drawn as roads, or why it can never be completed.

A cell can still become a road if it is empty and one road there would not
close a 2x2 block (R3.4); walls are never erased (R1.3).  Roads drawn later
can close more blocks, so a gap is what the route needs at best, not a
promise."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .bitboard import BOARD, Cell, bit, bits, cell_of, index, neighbours
from .components import load_components
from .scoring import ROUTE_VP
from .sheet import Sheet, single_road_2x2


@dataclass(frozen=True)
class RoutePlan:
    card: int
    letters: tuple[str, str]
    cells: tuple[Cell, Cell]
    complete: bool
    path: tuple[Cell, ...]  # the best path between the letters, both included (empty if blocked)
    gap: int | None  # cells of that path still to draw as road; None when the route is blocked
    blocked: str | None  # "walled" | "boxed" | "cut_off": why it can never be completed
    blocked_letter: str | None = None  # the letter a "walled" or "boxed" reason is about


def route_plan(sheet: Sheet, card: int) -> RoutePlan:
    comps = load_components()
    letters = comps.objectives[card].letters
    cells = (comps.letters[letters[0]], comps.letters[letters[1]])
    roads = sheet.roads
    buildable = sheet.empty & ~single_road_2x2(roads) & BOARD

    def plan(**kw) -> RoutePlan:
        return RoutePlan(card, letters, cells, **kw)

    for letter, cell in zip(letters, cells):
        b = bit(*cell)
        if sheet.walls & b:
            return plan(complete=False, path=(), gap=None, blocked="walled", blocked_letter=letter)
        if not roads & b and not buildable & b:
            return plan(complete=False, path=(), gap=None, blocked="boxed", blocked_letter=letter)
    path = _cheapest_path(index(*cells[0]), index(*cells[1]), roads, buildable)
    if path is None:
        return plan(complete=False, path=(), gap=None, blocked="cut_off")
    gap = sum(1 for i in path if not roads >> i & 1)
    return plan(complete=gap == 0, path=tuple(cell_of(i) for i in path), gap=gap, blocked=None)


@dataclass(frozen=True)
class Payment:
    """An objective card offered to pay for a special action (R4.3) and what
    giving it up costs now: a completed route's VP, nothing otherwise."""

    plan: RoutePlan
    vp_lost: int

    @property
    def card(self) -> int:
        return self.plan.card


def payments(plans) -> tuple[Payment, ...]:
    """The cards of a hand as payments, cheapest first: a route that can never
    be completed, then the one farthest from complete; a completed route (its
    VP lost, R11.4) last."""
    def cost(p: RoutePlan) -> tuple:
        if p.complete:
            return (2, 0)
        if p.blocked is not None:
            return (0, 0)
        return (1, -(p.gap or 0))
    return tuple(Payment(p, ROUTE_VP if p.complete else 0) for p in sorted(plans, key=cost))


def _cheapest_path(start: int, goal: int, roads: int, buildable: int) -> list[int] | None:
    """0-1 breadth-first search: a road costs nothing, a cell still to draw costs 1."""
    passable = roads | buildable
    dist = {start: 0 if roads >> start & 1 else 1}
    parent: dict[int, int] = {}
    todo = deque([start])
    while todo:
        i = todo.popleft()
        if i == goal:
            break
        for j in bits(neighbours(1 << i) & passable):
            d = dist[i] + (0 if roads >> j & 1 else 1)
            if d < dist.get(j, 1 << 30):
                dist[j] = d
                parent[j] = i
                (todo.appendleft if d == dist[i] else todo.append)(j)
    if goal not in dist:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return path[::-1]
