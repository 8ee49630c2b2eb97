"""Piece orientations (R2.2) and precomputed masks for fast enumeration."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .bitboard import STRIDE, Cell, mask_of
from .components import load_components


def normalise(cells) -> tuple[Cell, ...]:
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def turned(cells, quarters: int = 1) -> tuple[Cell, ...]:
    """The piece turned a quarter ``quarters`` times (negative: the other way),
    normalised (R2.2): the one rotation the rules, the sheet and the cards use."""
    shape = [tuple(x) for x in cells]
    for _ in range(quarters % 4):
        shape = [(c, -r) for r, c in shape]
    return normalise(shape)


def mirrored(cells) -> tuple[Cell, ...]:
    """The piece's mirror image, normalised (R2.2): the one reflection there is."""
    return normalise([(r, -c) for r, c in cells])


def orientations_of(cells) -> list[tuple[Cell, ...]]:
    """Every distinct rotation and reflection of a polyomino, normalised."""
    seen: list[tuple[Cell, ...]] = []
    for shape in (normalise(cells), mirrored(cells)):
        for _ in range(4):
            shape = turned(shape)
            if shape not in seen:
                seen.append(shape)
    return seen


@dataclass(frozen=True)
class Orientation:
    cells: tuple[Cell, ...]
    offsets: tuple[int, ...]  # bit offsets from the anchor (top-left of the box)
    mask: int  # the piece anchored at bit 0
    # Each pattern lists the bit offsets (relative to the anchor, may be
    # negative) of existing roads that would complete a 2x2 block with this
    # piece.  ``always_2x2`` marks a piece that is a 2x2 block by itself.
    block_patterns: tuple[tuple[int, ...], ...]
    always_2x2: bool


def _block_patterns(cells: tuple[Cell, ...]) -> tuple[tuple[tuple[int, ...], ...], bool]:
    own = set(cells)
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    patterns: set[tuple[int, ...]] = set()
    always = False
    for qr in range(-1, h):
        for qc in range(-1, w):
            square = {(qr, qc), (qr, qc + 1), (qr + 1, qc), (qr + 1, qc + 1)}
            if not square & own:
                continue
            need = square - own
            if not need:
                always = True
                continue
            patterns.add(tuple(sorted(r * STRIDE + c for r, c in need)))
    # A pattern that contains another is implied by it.
    minimal = [p for p in patterns if not any(set(q) < set(p) for q in patterns)]
    return tuple(sorted(minimal)), always


def make_orientation(cells: tuple[Cell, ...]) -> Orientation:
    patterns, always = _block_patterns(cells)
    return Orientation(
        cells=cells,
        offsets=tuple(r * STRIDE + c for r, c in cells),
        mask=mask_of(cells),
        block_patterns=patterns,
        always_2x2=always,
    )


@cache
def card_orientations(letter: str) -> tuple[Orientation, ...]:
    card = load_components().explore[letter]
    return tuple(make_orientation(o) for o in orientations_of(card.cells))


@cache
def orientation_index(letter: str) -> dict[int, int]:
    """Normalised piece mask -> orientation index."""
    return {o.mask: i for i, o in enumerate(card_orientations(letter))}


def match_orientation(letter: str, cells) -> tuple[int, Cell] | None:
    """(orientation index, anchor) if ``cells`` is an orientation of the card."""
    if not cells:
        return None
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    m = 0
    for r, c in cells:
        if r - r0 > 5 or c - c0 > 5:
            return None  # larger than any piece (and no giant shifts from hostile input)
        b = 1 << ((r - r0) * STRIDE + (c - c0))
        if m & b:
            return None  # a repeated cell
        m |= b
    idx = orientation_index(letter).get(m)
    return None if idx is None else (idx, (r0, c0))
