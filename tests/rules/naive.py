"""A deliberately slow, independent scorer over plain cell grids: the
property tests compare the bitboard engine against it (R11)."""

from collections import deque

from ruin_qt.rules.components import load_components

COMPS = load_components()


def grid(sheet):
    return {(r, c): sheet.state(r, c) for r in range(11) for c in range(11)}


def naive_square(sheet, traced_letters):
    g = grid(sheet)
    traced = {COMPS.letters[L] for L in traced_letters}
    ok = {cell for cell, st in g.items()
          if st != "empty" and not (cell in traced and st not in ("road", "gate"))}
    best = 0
    for r0 in range(11):
        for r1 in range(r0, 11):
            for c0 in range(11):
                for c1 in range(c0, 11):
                    area = (r1 - r0 + 1) * (c1 - c0 + 1)
                    if area <= best:
                        continue
                    if all((r, c) in ok for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)):
                        best = area
    return best


def naive_connected(sheet, a, b):
    g = grid(sheet)
    road = {cell for cell, st in g.items() if st in ("road", "gate")}
    if a not in road or b not in road:
        return False
    seen, todo = {a}, deque([a])
    while todo:
        r, c = todo.popleft()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in road and n not in seen:
                seen.add(n)
                todo.append(n)
    return b in seen


def naive_escape_vp(escape_rounds, seat, solo):
    mine = escape_rounds[seat]
    if mine is None:
        return -20
    if solo:
        return 30
    earlier = sum(1 for r in escape_rounds if r is not None and r < mine)
    group = sum(1 for r in escape_rounds if r == mine)
    rank = earlier + 1 + (1 if group >= 2 else 0)
    return {1: 30, 2: 10}.get(rank, 0)


def naive_total(square1, square2, gems, penalties, escape_vp, routes):
    return square1 + square2 + 10 * gems - 10 * penalties + escape_vp + routes
