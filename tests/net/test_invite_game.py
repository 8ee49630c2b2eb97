"""A whole game by invites through the real mailbox server and transit relay on loopback:
a headless host invites two seats; a computer brain joins one with ``join --wormhole``, and the
window's client the other, typing the invite in Game ▸ Join a Table… of an app in its own process
and data folder.  The game ends on both, the bot's record replays, and the scores the window's
history keeps are the record's."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ruin_qt.app.storage.settings import Settings
from ruin_qt.rules import record

from .tables import ENV, ROOT, WAIT, finish
from .wormhole_servers import invite_host

pytestmark = pytest.mark.xdist_group("net-processes")


@pytest.mark.slow
def test_the_windows_client_and_a_bot_play_a_whole_game_by_invites(tmp_path, servers):
    data = tmp_path / "joiner"
    data.mkdir()
    Settings(data / "settings.ini").set_invite_servers(servers.mailbox, servers.relay)  # Invite servers…
    host, _out, invites = invite_host(2, 12, *servers.args())
    try:
        bot = subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", "--wormhole", invites[0], "--bot", "random",
                                "--record", str(tmp_path / "record.json"), *servers.args()],
                               cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        app = subprocess.Popen([sys.executable, "-m", "tests.net.app_driver", "play", "-", invites[1], "Bo"],
                               cwd=ROOT, env={**ENV, "RUIN_QT_DATA_DIR": str(data)}, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        errs = finish([bot, app])
        assert [bot.returncode, app.returncode] == [0, 0], errs
        assert host.wait(WAIT) == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    rec = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    game = record.replay(rec)
    assert game.over
    seen = json.loads(app.out.strip().splitlines()[-1])
    assert seen["seats"] == [[0, rec["seats"][0]["name"], "human", False], [1, "Bo", "human", True]]
    assert seen["totals"] == [s.total for s in game.final]  # the window's history holds the record's scores
    assert seen["summary"].startswith("1 game") and seen["kept"] == []  # an invite's table is not kept
    assert os.path.exists(data / "history.sqlite3")
