"""Loopback, real processes: a headless host and bot clients play whole games,
and the record is the one ``sim`` plays with the same seed and brains."""

from __future__ import annotations

import json

import pytest

from .tables import finish, same_game, sim_record, start_bot, start_host

TABLES = [
    (["random", "standard"], ["remote", "remote"], 3),
    pytest.param(["beginner", "random", "standard"], ["remote", "remote", "ai:standard"], 11, marks=pytest.mark.slow),
    pytest.param(["standard", "random", "beginner", "random"], ["remote", "remote", "remote", "ai:random"], 5,
                 marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("levels", "kinds", "seed"), TABLES)
def test_bots_over_the_network_play_the_game_sim_plays(tmp_path, levels, kinds, seed):
    host, port = start_host(",".join(k if k == "remote" else f"ai:{lv}" for k, lv in zip(kinds, levels)), seed,
                            tmp_path / "host")
    bots = [start_bot(port, lv, i, tmp_path / f"record{i}.json") for i, (lv, k) in enumerate(zip(levels, kinds))
            if k == "remote"]
    errs = finish(bots + [host])
    assert [b.returncode for b in bots] == [0] * len(bots), errs
    expected = sim_record(levels, seed)
    for i, k in enumerate(kinds):
        if k == "remote":
            got = json.loads((tmp_path / f"record{i}.json").read_text(encoding="utf-8"))
            assert same_game(got, expected)
            assert got["seats"][i]["kind"] == "human"
    assert host.returncode == 0, errs[-1]
