"""Every byte through the mailbox server and the transit relay during a whole game played by invites:
taps in front of both real servers keep what passes; none of it holds a seat token, a
player's name, the table's join code, an objective id list, a draft's cells or a card order in clear,
and the game went through the relay (both sides offered no direct address)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .tables import ENV, ROOT, WAIT, finish
from .wire_tap import WireTap, game_secrets
from .wormhole_servers import invite_host

pytestmark = pytest.mark.xdist_group("net-processes")


@pytest.mark.slow
def test_nothing_of_a_game_played_by_invites_passes_the_mailbox_or_the_relay_in_clear(tmp_path, servers):
    mport, rport = int(servers.mailbox.rsplit(":", 1)[1].split("/")[0]), int(servers.relay.rsplit(":", 1)[1])
    mailbox_tap, relay_tap = WireTap(mport), WireTap(rport)
    via = ["--mailbox", f"ws://127.0.0.1:{mailbox_tap.port}/v1", "--relay", f"tcp:127.0.0.1:{relay_tap.port}",
           "--relay-only"]
    names = ["Aki Hanazono", "Bo Lindqvist"]
    host, _out, invites = invite_host(2, 9, "--code", "TEST42", *via)
    try:
        bots = [subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", "--wormhole", invites[seat], "--bot",
                                  "random", "--name", names[seat], "--state", str(tmp_path / f"bot{seat}.json"),
                                  "--record", str(tmp_path / f"record{seat}.json"), *via],
                                 cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for seat in (0, 1)]
        errs = finish(bots)
        assert [b.returncode for b in bots] == [0, 0], errs
        assert host.wait(WAIT) == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
        mailbox_tap.close()
        relay_tap.close()
    for b in bots:  # the relay carried it: no side offered a direct address
        paths = {json.loads(line)["path"] for line in b.out.splitlines() if '"path"' in line}
        assert paths == {"relay"}, b.out
    relayed, mailed = bytes(relay_tap.seen), bytes(mailbox_tap.seen)
    assert len(relayed) > 50_000  # the whole game went through the relay
    rec = json.loads((tmp_path / "record0.json").read_text(encoding="utf-8"))
    tokens = [json.loads((tmp_path / f"bot{i}.json").read_text(encoding="utf-8"))["token"] for i in range(2)]
    secrets = [*game_secrets(rec, tokens, names, "TEST42"), '"table_code"']
    found = {where: [s for s in secrets if s.encode() in data] for where, data in
             (("relay", relayed), ("mailbox", mailed))}
    assert found == {"relay": [], "mailbox": []}, f"in clear: {found}"
