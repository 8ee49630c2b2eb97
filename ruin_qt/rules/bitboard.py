"""Bitboards for the 11x11 sheet.

A sheet layer is a Python int; cell (r, c) is bit ``r * STRIDE + c``.  The
stride is 16, wider than the grid, so that shifting a piece up to five
columns to the right lands in guard bits (always zero) instead of wrapping
onto the next row.  That lets whole placement sets be computed with a few
shifts instead of a loop over positions.
"""

from __future__ import annotations

from collections.abc import Iterator

SIZE = 11
STRIDE = 16
ROW_BITS = (1 << SIZE) - 1
BOARD = 0
for _r in range(SIZE):
    BOARD |= ROW_BITS << (_r * STRIDE)
del _r

Cell = tuple[int, int]


def bit(r: int, c: int) -> int:
    return 1 << (r * STRIDE + c)


def index(r: int, c: int) -> int:
    return r * STRIDE + c


def cell_of(i: int) -> Cell:
    return (i >> 4, i & 15)


def on_grid(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def mask_of(cells) -> int:
    m = 0
    for r, c in cells:
        m |= 1 << (r * STRIDE + c)
    return m


def neighbours(m: int) -> int:
    """Cells orthogonally adjacent to any cell of ``m`` (may include ``m``)."""
    return ((m << 1) | (m >> 1) | (m << STRIDE) | (m >> STRIDE)) & BOARD


def dilate8(m: int) -> int:
    """``m`` and every cell a king's move from it."""
    h = m | (m << 1) | (m >> 1)
    return (h | (h << STRIDE) | (h >> STRIDE)) & BOARD


def has_2x2(m: int) -> bool:
    return bool(m & (m >> 1) & (m >> STRIDE) & (m >> (STRIDE + 1)))


def bits(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def nth_bit(m: int, k: int) -> int:
    """Index of the k-th (from 0, lowest first) set bit of ``m``."""
    for _ in range(k):
        m &= m - 1
    return (m & -m).bit_length() - 1


def cells_of(m: int) -> list[Cell]:
    return [(i >> 4, i & 15) for i in bits(m)]


def flood(seed: int, passable: int) -> int:
    """All cells of ``passable`` connected to ``seed`` (seed included if passable)."""
    # Inlined shifts (a hot loop of the AI): with ``passable`` inside the
    # board, shifted-out bits land in guard columns or past the last row and
    # are dropped by the mask, so no ``& BOARD`` per step.
    passable &= BOARD
    reached = frontier = seed & passable
    while frontier:
        frontier = ((frontier << 1) | (frontier >> 1) | (frontier << 16) | (frontier >> 16)) & passable & ~reached
        reached |= frontier
    return reached


def row_bits(m: int, r: int) -> int:
    return (m >> (r * STRIDE)) & ROW_BITS


def largest_rectangle(m: int) -> int:
    """Area of the largest axis-aligned rectangle of set cells.

    Height by height over the whole board at once: ``v`` holds the cells
    whose column of set cells reaches ``h`` rows down, so the longest
    horizontal run in ``v`` (the guard columns keep rows apart) is the widest
    rectangle of that height.  Widths only shrink as ``h`` grows, so the
    search stops once even the full height at this width could not win.
    (The AI's evaluation calls this thousands of times per decision: a few
    big-int operations per height beat a Python loop over row pairs.)"""
    best = 0
    v = m & BOARD
    h = 0
    while v:
        h += 1
        x, w = v, 0
        while x:
            x &= x >> 1
            w += 1
        if w * h > best:
            best = w * h
        if w * SIZE <= best:
            break
        v &= v >> STRIDE
    return best


def largest_rectangle_at(m: int) -> tuple[int, int, int, int] | None:
    """Where a largest rectangle of set cells lies, as (row, col, height,
    width) (the first found, top rows first), or None if ``m`` is empty.
    Its area is ``largest_rectangle(m)``; a view outlines it."""
    best: tuple[int, int, int, int] | None = None
    for r0 in range(SIZE):
        v = row_bits(m, r0)
        for r1 in range(r0, SIZE):
            if r1 > r0:
                v &= row_bits(m, r1)
            if not v:
                break
            h, run = r1 - r0 + 1, 0
            for col in range(SIZE + 1):  # the longest run of set columns
                if col < SIZE and v >> col & 1:
                    run += 1
                    continue
                if run and (best is None or h * run > best[2] * best[3]):
                    best = (r0, col - run, h, run)
                run = 0
    return best
