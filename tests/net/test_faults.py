"""Faults a table survives, with real processes on loopback: a bot killed
mid-round rejoins with its token and finds its draft; a host killed mid-round
resumes from its autosave and the bots rejoin.  Either way the game ends as
it would have: the decision interrupted is taken again as it was, and the
deal goes on from the same secret key, which the bots check at the end
against the commitment they were given before the kill."""

from __future__ import annotations

import json
import signal

import pytest

from ruin_qt.rules import deal, record

from .tables import deal_verdict, finish, restart_host, same_game, start_bot, start_host

pytestmark = pytest.mark.slow


def wait_for_take(bot, key: str) -> None:
    """Read the bot's trace until it has taken (not yet confirmed) the decision ``key``."""
    for line in bot.stdout:
        if json.loads(line).get("took") == key:
            return
    raise AssertionError("the bot ended before " + key)


def records(tmp_path, seats=(0, 1)) -> list[dict]:
    return [json.loads((tmp_path / f"r{i}.json").read_text(encoding="utf-8")) for i in seats]


def test_a_bot_killed_mid_round_rejoins_with_its_draft_and_the_game_ends_as_without_the_kill(tmp_path):
    levels, seed = ["standard", "random"], 21
    host, port = start_host("remote,remote", seed, tmp_path / "host")
    a = start_bot(port, levels[0], 0, tmp_path / "r0.json")
    state = ["--state", str(tmp_path / "b.json"), "--think", "0.5"]
    b = start_bot(port, levels[1], 1, tmp_path / "r1.json", *state)
    wait_for_take(b, "play:3")
    b.send_signal(signal.SIGKILL)
    b.wait()
    b2 = start_bot(port, levels[1], 1, tmp_path / "r1.json", *state)
    errs = finish([a, b2, host])
    assert a.returncode == b2.returncode == 0, errs
    rejoined = next(line for line in errs[1].splitlines() if "rejoined seat 1" in line)
    draft = json.loads(rejoined.split("draft ", 1)[1])
    assert draft["kind"] == "turn" and draft["complete"], rejoined  # the draft as it was left, unconfirmed
    got = records(tmp_path)
    assert same_game(got[0], got[1]) and record.replay(got[0]).over
    assert got[0]["rounds"][3]["turns"][1] == draft["turn"]  # "play:3" is round 4: decided as before the kill
    assert [deal_verdict(x)["verified"] for x in (a, b2)] == [True, True], errs


def test_a_host_killed_mid_round_resumes_from_its_autosave_and_the_players_rejoin(tmp_path):
    levels, seed = ["random", "standard", "beginner"], 33
    data = tmp_path / "host"
    host, port = start_host("remote,remote,ai:beginner", seed, data)
    # --retry 110: a host restarted on a loaded machine may take a while to listen again (the guard is 120 s)
    bots = [start_bot(port, levels[i], i, tmp_path / f"r{i}.json", "--state", str(tmp_path / f"s{i}.json"),
                      "--think", "0.5", "--retry", "110") for i in (0, 1)]
    wait_for_take(bots[1], "play:4")
    host.send_signal(signal.SIGKILL)
    host.wait()
    saved = json.loads((data / "table.json").read_text(encoding="utf-8"))
    assert saved["record"]["rounds"] and all(s["token"] for s in saved["seats"][:2])
    assert saved["drafts"]["1"]["complete"]  # killed while seat 1's decision was taken, not confirmed
    key, salt = saved["deal"]["key"], saved["deal"]["salt"]
    committed = json.loads((tmp_path / "s0.json").read_text(encoding="utf-8"))["commitment"]
    assert deal.commitment(key, salt) == committed  # the bots were told it before the kill
    host2 = restart_host(data, port)
    errs = finish(bots + [host2])
    assert [b.returncode for b in bots] == [0, 0], "\n---\n".join(errs)
    assert all("rejoined seat" in err for err in errs[:2])
    got = records(tmp_path)
    assert same_game(got[0], got[1]) and record.replay(got[0]).over
    assert got[0]["rounds"][4]["turns"][1] == saved["drafts"]["1"]["turn"]  # "play:4": round 5
    before = saved["record"]
    assert got[0]["shuffles"][:len(before["shuffles"])] == before["shuffles"]
    assert len(got[0]["shuffles"]) > len(before["shuffles"])  # shuffled after the restart too (R10.2)...
    assert deal.verify(got[0], key, salt, committed)[0]  # ...from the same key
    assert [deal_verdict(b)["verified"] for b in bots] == [True, True], errs
