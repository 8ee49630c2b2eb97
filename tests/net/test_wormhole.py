"""Invites across the internet, on loopback: the real magic-wormhole mailbox
server and transit relay (tests/net/wormhole_servers.py), the wormhole-link
helper (ruin_qt/net/wormhole_link.py), its Qt side (link_process) and the
``host --invite`` / ``join --wormhole`` commands playing a whole game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ruin_qt.app.table_commands import WORMHOLE_FAILED
from ruin_qt.net import link_process
from ruin_qt.rules import record

from .tables import ENV, ROOT, WAIT, deal_verdict, finish, same_game
from .wormhole_servers import Lines, ended, free_port, helper, invite_host, is_event, send

# Processes on loopback, one module or group at a time (tests/net/conftest.py's group).
pytestmark = pytest.mark.xdist_group("net-processes")

REFUSED_S = 10  # a wrong code is refused within this (the one deadline here that is part of the feature)


def wrong(code: str) -> str:
    """The same nameplate, other words: the mailbox pairs it with the invite, the keys disagree."""
    nameplate, _, words = code.partition("-")
    return f"{nameplate}-{'zulu-yankee' if words != 'zulu-yankee' else 'xray-whiskey'}"


@pytest.mark.slow
def test_two_bots_play_a_whole_game_through_wormhole_invites(tmp_path, servers):
    host, out, invites = invite_host(2, 7, *servers.args())
    try:
        bots = [subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", "--wormhole", invites[seat], "--bot",
                                  "random", "--record", str(tmp_path / f"record{seat}.json"), *servers.args()],
                                 cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for seat in (0, 1)]
        errs = finish(bots)
        assert [b.returncode for b in bots] == [0, 0], errs
        over = out.until(lambda m: "over" in m)
        assert over is not None, out.seen
        assert host.wait(WAIT) == 0
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    # Each bot joined its own seat through its wormhole and saw how it was connected.
    got = [json.loads((tmp_path / f"record{seat}.json").read_text(encoding="utf-8")) for seat in (0, 1)]
    assert same_game(got[0], got[1])
    assert record.replay(got[0]).over
    assert all(deal_verdict(b)["verified"] for b in bots), errs
    for b in bots:
        paths = [json.loads(line)["path"] for line in b.out.splitlines() if '"path"' in line]
        assert paths and set(paths) <= {"direct", "relay"}, b.out
    host_paths = {m["seat"] for m in out.seen if m.get("path") in ("direct", "relay")}
    assert host_paths == {0, 1}, out.seen


def test_a_wrong_wormhole_code_is_refused_on_both_sides(tmp_path, servers):
    host = helper("host", "--target", str(free_port()), *servers.args())
    hout = Lines(host)
    try:
        send(host, {"cmd": "invite", "seat": 1, "table_code": "K7PX3Q"})
        code = hout.until(is_event("code", seat=1))
        assert code is not None, hout.seen
        joiner = helper("join", "--code", wrong(code["code"]), *servers.args())
        jout = Lines(joiner)
        refused = jout.until(lambda m: m.get("event") == "error", timeout=REFUSED_S)
        assert refused is not None and refused["kind"] == "wrong_code", (jout.seen, jout.err)
        assert refused["message"]
        assert ended(joiner) != 0
        assert hout.until(is_event("error", seat=1, kind="wrong_code"), timeout=REFUSED_S) is not None, hout.seen
        # The join command says so too, with its own exit status (the spoiled invite made anew first).
        send(host, {"cmd": "invite", "seat": 1, "table_code": "K7PX3Q"})
        again = hout.until(is_event("code", seat=1))
        r = subprocess.run([sys.executable, "-m", "ruin_qt", "join", "--wormhole", wrong(again["code"]), "--bot",
                            "random", *servers.args()], cwd=ROOT, env=ENV, capture_output=True, text=True,
                           timeout=WAIT)
        assert r.returncode == WORMHOLE_FAILED, r.stderr
        assert json.loads(r.stdout.splitlines()[-1]) == {"wormhole": "wrong_code"}
        assert "wormhole code is wrong" in r.stderr
    finally:
        assert ended(host) == 0


def test_an_unreachable_mailbox_a_bad_command_and_stdin_closing(tmp_path):
    nobody = f"ws://127.0.0.1:{free_port()}/v1"
    joiner = helper("join", "--code", "3-zulu-yankee", "--mailbox", nobody)
    jout = Lines(joiner)
    assert jout.until(is_event("error", kind="mailbox")) is not None, jout.seen
    assert ended(joiner) != 0
    host = helper("host", "--target", "9", "--mailbox", nobody)
    hout = Lines(host)
    send(host, {"cmd": "dance"})
    assert hout.until(is_event("error", seat=-1, kind="bad_command")) is not None, hout.seen
    assert ended(host) == 0  # stdin's end is the parent gone: the helper ends by itself


SIGNALS = ("code", "table", "listening", "path", "away", "failed", "ended")


def recorded(link: link_process.WormholeLink) -> list[tuple]:
    """Every signal ``link`` emits, as (name, *args), in order."""
    got: list[tuple] = []
    for name in SIGNALS:
        getattr(link, name).connect(lambda *args, name=name: got.append((name, *args)))
    return got


def test_the_qt_link_signals_and_carries_bytes(qtbot, servers):
    from PySide6.QtNetwork import QHostAddress, QTcpServer, QTcpSocket

    # The "table": an echo server on loopback, in this Qt event loop.
    table = QTcpServer()
    assert table.listen(QHostAddress.SpecialAddress.LocalHost, 0)
    accepted = []

    def accept() -> None:
        s = table.nextPendingConnection()
        accepted.append(s)
        s.readyRead.connect(lambda: s.write(s.readAll()))

    table.newConnection.connect(accept)
    host, joiner = link_process.WormholeLink(), link_process.WormholeLink()
    hgot, jgot = recorded(host), recorded(joiner)
    try:
        with qtbot.waitSignal(host.code, timeout=WAIT * 1000) as code:
            host.host(table.serverPort(), servers.mailbox, servers.relay)
            host.invite(2, "K7PX3Q")
        assert code.args[0] == 2 and code.args[1].split("-")[0].isdigit()
        with qtbot.waitSignal(joiner.listening, timeout=WAIT * 1000) as listening:
            joiner.join(code.args[1], servers.mailbox, servers.relay)
        assert jgot[:2] == [("table", "K7PX3Q", 2, "", 0), ("listening", listening.args[0])]
        # Bytes both ways, through the helper's local port, the wormhole and the host's helper.
        sock = QTcpSocket()
        sock.connectToHost(QHostAddress.SpecialAddress.LocalHost, listening.args[0])
        sent = b"hello table " * 5000
        echoed = bytearray()
        sock.readyRead.connect(lambda: echoed.extend(bytes(sock.readAll().data())))
        sock.connected.connect(lambda: sock.write(sent))
        qtbot.waitUntil(lambda: len(echoed) >= len(sent), timeout=WAIT * 1000)
        assert bytes(echoed) == sent and accepted
        qtbot.waitUntil(lambda: any(g[0] == "path" for g in hgot), timeout=WAIT * 1000)
        for got, seat in ((hgot, 2), (jgot, 2)):
            paths = [g for g in got if g[0] == "path"]
            assert paths and all(g[1] == seat and g[2] in ("direct", "relay") for g in paths), got
        # The host stops: the joining side is told the wormhole closed, and its helper ends (status 1).
        with qtbot.waitSignal(joiner.ended, timeout=WAIT * 1000) as end:
            host.stop()
        assert end.args == [1]
        assert ("failed", 2, "closed", "the other side closed the wormhole") in jgot
        assert not joiner.running and not [g for g in hgot if g[0] in ("failed", "ended")]
        sock.close()
    finally:
        host.stop()
        joiner.stop()
        qtbot.waitUntil(lambda: link_process.retiring() == 0, timeout=WAIT * 1000)


FAKE_HELPER = r"""
import sys
print("not json")
print('{"event": "code", "seat": "x", "code": "1-a-b"}')
print("[1]")
print('{"event": "from-a-newer-helper"}')
print('{"event": "code", "seat": 0, "code": "1-a-b"}', flush=True)
sys.stderr.write("Traceback: boom\n")
sys.exit(3)
"""


def test_the_qt_link_reports_unreadable_lines_and_a_crashed_helper(qtbot, monkeypatch):
    monkeypatch.setattr(link_process, "helper_command", lambda: [sys.executable, "-c", FAKE_HELPER])
    link = link_process.WormholeLink()
    failed, codes = [], []
    link.failed.connect(lambda *a: failed.append(a))
    link.code.connect(lambda *a: codes.append(a))
    with qtbot.waitSignal(link.ended, timeout=WAIT * 1000) as end:
        link.host(9)
    assert end.args == [3]
    assert codes == [(0, "1-a-b")]
    assert [f[:2] for f in failed] == [(-1, "bad_line")] * 3 + [(-1, "helper")]
    assert "boom" in failed[-1][2]
    monkeypatch.setattr(link_process, "helper_command", lambda: [str(ROOT / "no-such-helper")])
    with qtbot.waitSignal(link.ended, timeout=WAIT * 1000) as end:
        link.join("1-a-b")
    assert end.args == [-1] and failed[-1][:2] == (-1, "helper")
