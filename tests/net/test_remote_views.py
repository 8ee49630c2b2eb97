"""On a joining screen: the ``RemoteTable``'s seat view is made
by the same ``session.views.seat_view``, so it carries the route plans (R11.4)
and the special actions' payments (R4.3) as the rules compute them from the
host's frames; once the game is over its public view carries the R11.5
tie-break of the host's final scores."""

from __future__ import annotations

import json

from ruin_qt.net.codec import read
from ruin_qt.net.contents import Revealed
from ruin_qt.net.messages import parse_host
from ruin_qt.net.remote_table import RemoteTable
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules.scoring import tie_break

from ..session.test_views import check_seat_view
from .test_deal_privacy import SPY, play


def test_R11_4_R4_3_R11_5_a_joining_screens_views_carry_what_the_rules_compute():
    checked = 0
    # The deal's secret is the host's own, so each game differs: one where the spy held almost no cards
    # (10 checked once in a loop of runs; 42 the fewest in 25 games) is followed by another.
    for _game in range(3):
        host = TableHost(["remote", "remote", "ai:random"], 9, "test42")
        spied, _w = play(host)
        table = RemoteTable(lambda *_: None)
        for m in spied:
            if m["type"] == "state":
                table.receive(parse_host(json.dumps(m)))
                if table.public().phase == "play":
                    checked += check_seat_view(table.view(SPY))
                    assert table.public().decision is None
            elif m["type"] == "over":
                table.finish(m["record"], read(Revealed, m["deal"]))
        if checked > 30:
            break
    assert checked > 30
    pub = table.public()
    assert pub.phase == "over" and pub.decision == tie_break(pub.final)
    assert list(pub.decision.winners) == host.session.live.winners()
    for seat in range(pub.n):
        check_seat_view(table.view(seat))  # every final sheet, compared in the open
