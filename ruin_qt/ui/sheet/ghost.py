"""Where the ghost piece sits for a pointer cell: under the pointer.

The piece is held by its grab cell (the cell nearest its middle), which goes
on the cell under the pointer; near the edge of the sheet another cell of the
piece takes the pointer's cell instead, the one nearest the grab cell that
keeps the piece on the sheet, so the cell pointed at is always covered.
Pure geometry on (row, col) cells; no Qt."""

from __future__ import annotations

SIZE = 11
Cell = tuple[int, int]


def grab_cell(shape) -> Cell:
    """The cell of a normalised shape nearest its middle (the first such, in order)."""
    cells = sorted(shape)
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


def _fits(shape, origin: Cell) -> bool:
    r0, c0 = origin
    return all(0 <= r0 + r < SIZE and 0 <= c0 + c < SIZE for r, c in shape)


def origin_under(shape, cursor: Cell) -> Cell:
    """Top-left offset placing ``shape`` over ``cursor``, as the module says."""
    g = grab_cell(shape)
    for ar, ac in sorted(shape, key=lambda rc: ((rc[0] - g[0]) ** 2 + (rc[1] - g[1]) ** 2, rc)):
        origin = (cursor[0] - ar, cursor[1] - ac)
        if _fits(shape, origin):
            return origin
    h = max(r for r, _ in shape) + 1
    w = max(c for _, c in shape) + 1
    return (min(max(cursor[0] - g[0], 0), SIZE - h), min(max(cursor[1] - g[1], 0), SIZE - w))


def shifted(shape, origin: Cell, dr: int, dc: int) -> Cell | None:
    """The origin one keyboard step away, or None where the sheet ends."""
    moved = (origin[0] + dr, origin[1] + dc)
    return moved if _fits(shape, moved) else None


def cells_at(shape, origin: Cell) -> list[Cell]:
    return [(origin[0] + r, origin[1] + c) for r, c in shape]
