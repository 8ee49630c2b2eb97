"""The review's level: search values to expected final VP per phase, seat
count and depth (``review.levels``), and the honest width of its curve."""

from __future__ import annotations

import pytest

from ruin_qt.review import levels
from ruin_qt.review.quality import QUALITIES


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_every_seat_count_has_an_offset_and_a_width_for_every_phase_the_presets_search(seats):
    depths = {(q.depth, q.depth2) if seats == 1 else (2, 2) for q in QUALITIES.values()}
    for depth1, depth2 in depths:
        for phase, depth in (("setup", depth1), (1, depth1), (2, depth2)):
            knots = levels.OFFSETS[(phase, seats, depth)]
            assert knots and all(a[0] < b[0] for a, b in zip(knots, knots[1:]))
    for phase in ("setup", 1, 2):
        assert 5.0 <= levels.SPREADS[(phase, seats)] <= 40.0


def test_more_seats_mean_fewer_vp_to_come_at_setup():
    # R5.2: each seat takes 2 cards of stage 1's deck, and rivals take gems.
    setup = [levels.OFFSETS[("setup", n, 2)][0][1] for n in (2, 3, 4)]
    assert setup == sorted(setup, reverse=True)
