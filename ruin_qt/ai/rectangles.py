"""The square bonus's plan (R11.1): the rectangles worth growing toward from
a sheet, and the growth the best of them still promises."""

from __future__ import annotations

from ..rules.sheet import Sheet


# Every axis-aligned rectangle of the sheet as (area, mask), largest first.
def _all_rectangles() -> list[tuple[int, int]]:
    out = []
    for top in range(11):
        for bottom in range(top, 11):
            for left in range(11):
                for right in range(left, 11):
                    row = ((1 << (right - left + 1)) - 1) << left
                    m = 0
                    for r in range(top, bottom + 1):
                        m |= row << (16 * r)
                    out.append(((bottom - top + 1) * (right - left + 1), m))
    out.sort(key=lambda x: -x[0])
    return out


RECTANGLES = _all_rectangles()
PLAN_TARGETS = 3


def target_rectangles(sheet: Sheet, cost: float, k: int = PLAN_TARGETS,
                      rect: int | None = None) -> list[tuple[int, int]]:
    """The ``k`` rectangles with the best area less ``cost`` per missing
    cell that no traced non-road letter cuts (R11.1): the rectangles worth
    growing toward from this sheet.  ``rect``: its square bonus, if known."""
    filled = sheet.filled
    blocked = sheet.traced & ~sheet.roads
    if rect is None:
        rect = sheet.square_bonus()
    best: list[tuple[float, int, int]] = []
    floor = float(rect)
    for area, m in RECTANGLES:
        if area <= floor:
            break  # sorted by area: no smaller rectangle can score above the floor
        if m & blocked:
            continue
        score = area - cost * (m & ~filled).bit_count()
        if score > floor:
            best.append((score, area, m))
            if len(best) > 4 * k:
                best.sort(key=lambda x: -x[0])
                del best[k:]
                floor = max(float(rect), best[-1][0])
    best.sort(key=lambda x: -x[0])
    return [(area, m) for _, area, m in best[:k]]


def plan_growth(targets: list[tuple[int, int]], allowed: int, rect: int, cost: float) -> float:
    """Square bonus the best target still promises over ``rect``: a
    rectangle grows toward a target only cell by cell, so each cell it still
    misses costs ``cost``.  ``allowed``: the filled cells a rectangle may use."""
    plan = max(area - cost * (area - (allowed & m).bit_count()) for area, m in targets)
    return max(0.0, plan - rect)
