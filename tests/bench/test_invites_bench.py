"""``bench --invites`` runs whole, its figures all there (not how fast they are: that is the bench's to say):
the LAN channel, an invite direct and one through the relay, each with a return after the joiner's kill."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("net-processes")]


def test_the_invites_bench_measures_each_way_and_the_return_after_a_kill(qapp):
    # qapp: the QApplication first (the bench makes a QCoreApplication where none is, and a widget test
    # later in this worker would then abort).
    from ruin_qt.bench import invites

    got = invites.run(samples=3)
    assert set(got) == {"lan", "direct", "relay"}
    for name, r in got.items():
        assert len(r["times"]) == 3 and r["first_state_s"] is not None, (name, r)
        assert r["return_s"] is not None and r["return_s"] > 0, (name, r)  # back in the seat after the kill
    assert got["relay"]["path"] == "relay"
