"""Where the square bonus's rectangle lies (the view outlines it, R11.1)."""

from __future__ import annotations

import random

from ruin_qt.rules.bitboard import SIZE, bit, largest_rectangle, largest_rectangle_at, mask_of


def test_the_rectangle_found_has_the_largest_area_and_only_set_cells():
    rng = random.Random(4)
    for _ in range(300):
        density = rng.choice([0.3, 0.6, 0.85])
        m = mask_of((r, c) for r in range(SIZE) for c in range(SIZE) if rng.random() < density)
        at = largest_rectangle_at(m)
        assert at is not None
        r0, c0, h, w = at
        assert h * w == largest_rectangle(m)
        assert all(m & bit(r, c) for r in range(r0, r0 + h) for c in range(c0, c0 + w))


def test_no_rectangle_on_an_empty_sheet_and_a_known_one():
    assert largest_rectangle_at(0) is None
    m = mask_of((r, c) for r in range(2, 5) for c in range(3, 10))  # 3 x 7 = 21, the rulebook's example
    assert largest_rectangle_at(m | bit(0, 0)) == (2, 3, 3, 7)
