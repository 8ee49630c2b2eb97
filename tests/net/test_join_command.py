"""``join`` as a person runs it: a game that ends normally leaves nothing on
stderr (it printed "the game is over: the host has closed the table" as if
something had gone wrong), and ``--seat`` counts from 1 (the seat asked for is
the one taken; the protocol's own numbering, from 0, stays inside)."""

from __future__ import annotations

import json

from .tables import finish, start_bot, start_host


def test_a_normal_end_says_nothing_on_stderr_and_the_seat_asked_is_taken(tmp_path):
    host, port = start_host("ai:random,remote", 4, tmp_path / "host")
    state = tmp_path / "bot-state.json"
    bot = start_bot(port, "random", 1, tmp_path / "record.json", "--state", str(state))  # --seat 2
    errs = finish([bot, host])
    assert bot.returncode == 0 and host.returncode == 0, errs
    assert errs[0] == "", errs[0]
    assert json.loads(state.read_text(encoding="utf-8"))["seat"] == 1  # the second seat, as the protocol counts
    rec = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    assert [s["kind"] for s in rec["seats"]] == ["ai:random", "human"]
