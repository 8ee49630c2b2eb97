"""Loopback, real processes: a headless host and bot clients play whole games.
Every bot ends with the same record, which replays by the rules, and checks
the host's secret deal against the commitment it was given at the start: the host's ``--seed`` deals nothing."""

from __future__ import annotations

import json

import pytest

from ruin_qt.rules import record
from ruin_qt.rules.game import Game

from .tables import deal_verdict, finish, same_game, start_bot, start_host

TABLES = [
    (["random", "standard"], ["remote", "remote"], 3),
    pytest.param(["beginner", "random", "standard"], ["remote", "remote", "ai:standard"], 11, marks=pytest.mark.slow),
    pytest.param(["standard", "random", "beginner", "random"], ["remote", "remote", "remote", "ai:random"], 5,
                 marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("levels", "kinds", "seed"), TABLES)
def test_bots_over_the_network_play_a_whole_game_and_verify_the_deal(tmp_path, levels, kinds, seed):
    host, port = start_host(",".join(k if k == "remote" else f"ai:{lv}" for k, lv in zip(kinds, levels)), seed,
                            tmp_path / "host")
    bots = [start_bot(port, lv, i, tmp_path / f"record{i}.json") for i, (lv, k) in enumerate(zip(levels, kinds))
            if k == "remote"]
    errs = finish(bots + [host])
    assert [b.returncode for b in bots] == [0] * len(bots), errs
    assert all(deal_verdict(b) == {"verified": True, "reason": "every shuffle follows from the secret the host "
                                                              "committed to at the start"} for b in bots), errs
    got = [json.loads((tmp_path / f"record{i}.json").read_text(encoding="utf-8"))
           for i, k in enumerate(kinds) if k == "remote"]
    assert all(same_game(g, got[0]) for g in got)
    game = record.replay(got[0])
    assert game.over and [s["kind"] for s in got[0]["seats"]] == [k if k != "remote" else "human" for k in kinds]
    assert got[0]["shuffles"][0] != Game([(s.name, s.kind) for s in game.seats], seed).shuffles[0]
    assert host.returncode == 0, errs[-1]
