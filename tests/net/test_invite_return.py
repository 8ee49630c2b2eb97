"""Back to an invite seat with nothing asked of anyone: the seat's way back
(a wormhole code of its own, told inside the invite's wormhole) through the
real magic-wormhole mailbox server and transit relay on loopback.

The helpers here carry bytes to a plain echo server standing for the
table: what is proven is that the wormhole finds the host again after the
joiner's or the host's program died; that only the seat's token takes the
seat back is the table's own (tests/net/test_rejoin.py and below, with the
headless commands)."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from ruin_qt.net.link_process import back_code, is_back_code
from ruin_qt.rules import record

from .tables import ENV, ROOT, WAIT, finish, same_game
from .wormhole_servers import Lines, ended, helper, invite_host, is_event, send

pytestmark = pytest.mark.xdist_group("net-processes")


class Echo:
    """A TCP server on loopback that sends back what it gets, standing for the table."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._echo, args=(conn,), daemon=True).start()

    @staticmethod
    def _echo(conn: socket.socket) -> None:
        with conn:
            while data := conn.recv(4096):
                conn.sendall(data)

    def close(self) -> None:
        self.sock.close()


def round_trip(port: int, text: bytes = b"ping") -> bytes:
    """What comes back through the joiner's local port (the wormhole, the host, the echo)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.settimeout(20)
                s.sendall(text)
                got = s.recv(4096)
                if got:
                    return got
        except OSError:
            time.sleep(0.5)
    return b""


def test_a_way_back_is_a_secret_whose_generations_are_wormhole_codes_nobody_allocates():
    from ruin_qt.net.wormhole_peer import code_for

    secrets = {back_code() for _ in range(50)}
    assert len(secrets) == 50
    assert all(is_back_code(c) for c in secrets)
    assert not is_back_code("7-guitarist-revenge")
    back = back_code()
    codes = [code_for(back, g) for g in range(20)]
    assert len(set(codes)) == 20 and codes == [code_for(back, g) for g in range(20)]  # the same on both sides
    for code in codes:
        nameplate, _, password = code.partition("-")
        assert len(nameplate) == 9 and nameplate.isdigit()  # a mailbox allocates from 1 up: never these
        assert len(password) == 32 and back not in code  # the secret itself never reaches a mailbox


@pytest.fixture
def echo():
    e = Echo()
    yield e
    e.close()


def kill(p: subprocess.Popen) -> None:
    p.send_signal(signal.SIGKILL)
    p.wait(WAIT)


@pytest.mark.slow
def test_a_joiner_killed_returns_by_the_way_back_and_the_spent_invite_opens_nothing(servers, echo):
    back = back_code()
    host = helper("host", "--target", str(echo.port), *servers.args())
    hout = Lines(host)
    joiners = []
    try:
        send(host, {"cmd": "invite", "seat": 1, "table_code": "K7PX3Q", "back": back})
        code = hout.until(is_event("code", seat=1))["code"]
        first = helper("join", "--code", code, *servers.args())
        joiners.append(first)
        jout = Lines(first)
        table = jout.until(is_event("table"))
        assert table == {"event": "table", "table_code": "K7PX3Q", "seat": 1, "back": back, "gen": 0}, jout.seen
        port = jout.until(is_event("listening"))["port"]
        assert round_trip(port, b"first") == b"first"
        kill(first)  # a crash, a reboot, a flat battery

        # The spent invite opens nothing: its nameplate is released, nobody waits on it any more.
        spent = helper("join", "--code", code, "--wait", "5", *servers.args())
        joiners.append(spent)
        sout = Lines(spent)
        refused = sout.until(is_event("error"))
        assert refused is not None and refused["kind"] == "no_peer", (sout.seen, sout.err)

        # The way back finds the host, with no new invite.
        again = helper("join", "--back", back, "--gen", "0", *servers.args())
        joiners.append(again)
        aout = Lines(again)
        assert aout.until(is_event("table")) == {"event": "table", "table_code": "K7PX3Q", "seat": 1, "back": back,
                                                 "gen": 0}
        port = aout.until(is_event("listening"))["port"]
        assert round_trip(port, b"again") == b"again"
        # And again after another crash: the host waits on the way back after every use.
        kill(again)
        third = helper("join", "--back", back, "--gen", "0", *servers.args())
        joiners.append(third)
        tout = Lines(third)
        port = tout.until(is_event("listening"))["port"]
        assert round_trip(port, b"third") == b"third"
    finally:
        for p in joiners:
            if p.poll() is None:
                p.kill()
        assert ended(host) == 0, hout.err


@pytest.mark.slow
def test_a_restarted_host_is_found_again_by_a_joiner_that_kept_running(servers, echo):
    back = back_code()
    host = helper("host", "--target", str(echo.port), "--ping", "2", *servers.args())
    hout = Lines(host)
    send(host, {"cmd": "invite", "seat": 0, "table_code": "K7PX3Q", "back": back})
    code = hout.until(is_event("code", seat=0))["code"]
    joiner = helper("join", "--code", code, "--return-after", "1", "--ping", "2", *servers.args())
    jout = Lines(joiner)
    new_host = None
    try:
        port = jout.until(is_event("listening"))["port"]
        assert round_trip(port, b"before") == b"before"
        kill(host)  # the host's program dies: Dilation cannot reach the next one
        assert jout.until(is_event("away")) is not None, jout.seen
        new_host = helper("host", "--target", str(echo.port), "--ping", "2", *servers.args())
        nout = Lines(new_host)
        # The next generation: the dead program's wait may still hold the former one at the mailbox.
        send(new_host, {"cmd": "await", "seat": 0, "table_code": "K7PX3Q", "back": back, "gen": 1})
        assert jout.until(is_event("table", gen=1)) is not None, (jout.seen, jout.err)
        assert nout.until(is_event("peer", seat=0)) is not None, (nout.seen, nout.err)
        assert round_trip(port, b"after") == b"after"  # the same local port: the table's client never knew
    finally:
        if host.poll() is None:
            host.kill()
        if new_host is not None:
            assert ended(new_host) == 0
        assert ended(joiner) == 0, jout.err


def test_a_wrong_guess_at_a_way_back_does_not_end_the_wait(servers, echo):
    back = back_code()
    host = helper("host", "--target", str(echo.port), *servers.args())
    hout = Lines(host)
    try:
        from ruin_qt.net.wormhole_peer import code_for

        send(host, {"cmd": "await", "seat": 2, "table_code": "K7PX3Q", "back": back, "gen": 0})
        nameplate = code_for(back, 0).split("-")[0]  # (only the mailbox could see it: say it leaked)
        guess = helper("join", "--code", f"{nameplate}-{'0' * 32}", "--wait", "0", *servers.args())
        gout = Lines(guess)
        assert gout.until(is_event("error")) is not None
        ended(guess)
        # The host left that generation (a stranger found it) for the next; the friend finds it there.
        assert hout.until(is_event("gen", seat=2, gen=1)) is not None, hout.seen
        right = helper("join", "--back", back, "--gen", "0", *servers.args())
        rout = Lines(right)
        port = rout.until(is_event("listening"))["port"]
        assert round_trip(port) == b"ping"
        assert not [m for m in hout.seen if m.get("event") == "error"], hout.seen
        ended(right)
    finally:
        assert ended(host) == 0, hout.err


@pytest.mark.slow
def test_a_headless_joiner_killed_mid_game_returns_with_its_state_file_alone(tmp_path, servers):
    """``join --wormhole CODE --state F`` killed, then ``join --state F`` alone finishes the game."""
    host, out, invites = invite_host(2, 11, *servers.args())
    state = tmp_path / "seat0.json"
    bots = []
    try:
        first = subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", "--wormhole", invites[0], "--bot",
                                  "random", "--think", "0.3", "--state", str(state), *servers.args()],
                                 cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        other = subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", "--wormhole", invites[1], "--bot",
                                  "random", "--think", "0.3", "--record", str(tmp_path / "r1.json"),
                                  *servers.args()],
                                 cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        bots += [first, other]
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and not (state.is_file() and "after" in state.read_text()):
            time.sleep(0.2)  # mid-game: the bot has decided at least once
        kept = json.loads(state.read_text())
        assert kept["table"]["back"] and kept["table"]["table_code"], kept
        kill(first)
        back = subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", "--state", str(state), "--bot", "random",
                                 "--record", str(tmp_path / "r0.json")],
                                cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        bots.append(back)
        errs = finish([back, other])
        assert [back.returncode, other.returncode] == [0, 0], errs
        assert out.until(lambda m: "over" in m) is not None, out.seen
        r0 = json.loads((tmp_path / "r0.json").read_text())
        r1 = json.loads((tmp_path / "r1.json").read_text())
        assert same_game(r0, r1)
    finally:
        for p in [host, *bots]:
            if p.poll() is None:
                p.kill()
                p.wait()


def _host(data, *extra: str) -> tuple[subprocess.Popen, Lines]:
    host = subprocess.Popen([sys.executable, "-m", "ruin_qt", "host", "--listen", "127.0.0.1", "--data", str(data),
                             "--invite", *extra], cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    return host, Lines(host)


@pytest.mark.slow
def test_a_host_killed_mid_game_is_restarted_on_its_data_folder_and_its_invited_friend_returns(tmp_path, servers):
    """No new code: the restarted host waits on the seat's way back, the joiner (still running) finds it."""
    data = tmp_path / "host"
    host, out = _host(data, "--port", "0", "--seats", "remote,ai:random", "--seed", "5", *servers.args())
    procs = [host]
    try:
        invite = out.until(lambda m: "invite" in m)
        assert invite is not None, out.err
        bot = subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", "--wormhole", invite["invite"], "--bot",
                                "random", "--think", "0.5", "--record", str(tmp_path / "r0.json"),
                                *servers.args()],
                               cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        procs.append(bot)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:  # mid-game: the autosave holds a round played
            saved = (data / "table.json").read_text() if (data / "table.json").is_file() else ""
            if saved and json.loads(saved).get("record") and json.loads(saved)["record"]["rounds"]:
                break
            time.sleep(0.3)
        assert json.loads((data / "table.json").read_text())["seats"][0]["back"]
        kill(host)
        again, out2 = _host(data, *servers.args())  # no --seats, no --port: the table is resumed
        procs.append(again)
        first = out2.until(lambda m: "address" in m)
        assert first is not None and first["resumed"], (out2.seen, out2.err)
        assert not [m for m in out2.until(lambda m: "over" in m) and out2.seen if "invite" in m], out2.seen
        errs = finish([bot])
        assert bot.returncode == 0, errs
        assert again.wait(WAIT) == 0
        assert record.replay(json.loads((tmp_path / "r0.json").read_text())).over
        assert json.loads((data / "table.json").read_text())["seats"][0]["back_gen"] >= 1
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


def test_a_helper_started_with_the_defaults_under_the_suite_reaches_only_loopback():
    """The suite is hermetic: the defaults are a closed port on this machine, and the helper says so."""
    import os

    from ruin_qt.net.wormhole_link import parse

    assert os.environ["RUIN_QT_MAILBOX"].startswith("ws://127.0.0.1:")
    args = parse(["join", "--code", "7-guitarist-revenge"])
    assert args.mailbox == os.environ["RUIN_QT_MAILBOX"] and args.relay == os.environ["RUIN_QT_RELAY"]
    joiner = helper("join", "--code", "7-guitarist-revenge")
    out = Lines(joiner)
    failed = out.until(is_event("error"))
    # Refused at once by the closed port here (a public server would be looked up and time out instead).
    assert failed is not None and failed["kind"] == "mailbox" and "refused" in failed["message"], out.seen
    assert ended(joiner) != 0


@pytest.mark.slow
def test_an_app_that_joined_by_invite_killed_mid_turn_returns_from_its_start_offer_and_plays_on(tmp_path, servers):
    """The real main window in its own process and data folder: joined by invite, a draft drawn, SIGKILLed;
    started again, it offers the return, is back in its seat with its draft, and the game finishes."""
    from ruin_qt.app.storage.settings import Settings

    data = tmp_path / "joiner"
    data.mkdir()
    Settings(data / "settings.ini").set_invite_servers(servers.mailbox, servers.relay)
    host, out = _host(tmp_path / "host", "--port", "0", "--seats", "remote,ai:random", "--seed", "3",
                      *servers.args())
    env = {**ENV, "RUIN_QT_DATA_DIR": str(data)}
    procs = [host]

    def driver(*args: str) -> subprocess.Popen:
        p = subprocess.Popen([sys.executable, "-m", "tests.net.app_driver", *args], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        procs.append(p)
        return p

    try:
        invite = out.until(lambda m: "invite" in m)
        first = driver("join", "-", invite["invite"], "Bo")
        line = first.stdout.readline()
        assert line, first.stderr.read() if first.poll() is not None else "no output"
        before = json.loads(line)
        assert before["draft"]["pieces"] and not before["draft"]["complete"], before
        kill(first)
        kept = json.loads((data / "joined-tables.json").read_text(encoding="utf-8"))["tables"]
        assert len(kept) == 1 and kept[0]["back"] and kept[0]["seat"] == before["seat"], kept
        assert kept[0]["mailbox"] == servers.mailbox and kept[0]["token"]
        second = driver("return", "play")
        offer = json.loads(second.stdout.readline())
        assert "you were invited to" in offer["offer"], offer
        assert offer["button"] == f"Return to the table you were invited to (seat {before['seat'] + 1})"
        after = json.loads(second.stdout.readline())
        assert after["seat"] == before["seat"] and after["draft"] == before["draft"], (before, after)
        errs = finish([second])
        assert second.returncode == 0, errs
        seen = json.loads(second.out.strip().splitlines()[-1])
        assert seen["kept"] == [] and seen["summary"].startswith("1 game"), seen  # finished: filed, forgotten
        over = out.until(lambda m: "over" in m)
        assert over is not None, out.seen
        assert host.wait(WAIT) == 0
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


@pytest.mark.slow
def test_a_window_host_resumed_after_a_crash_waits_on_its_invited_friends_ways_back(qtbot, tmp_path, servers):
    """Host a Table… ▸ Resume: each seat taken by invite gets its way back waited on (the generation after
    the one kept), and a friend returning with it and its token is back in the seat."""
    from ruin_qt.app import tables as app_tables
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.net import host_state
    from ruin_qt.net.table_client import TableClient
    from ruin_qt.net.table_host import TableHost

    from .hosting import Wire

    w = Wire(TableHost(["local", "remote"], 9, "TEST42", names=["Aki", "Bo"]))
    _, welcome = w.join(seat=1)
    assert w.host.started
    back = back_code()
    w.host.seats[1].back = back
    host_state.save(w.host, tmp_path / "table")  # what a host window's autosave held when it was killed
    settings = Settings(tmp_path / "settings.ini")
    settings.set_invite_servers(servers.mailbox, servers.relay)
    dlg = app_tables.host_dialog(listen="127.0.0.1", data=tmp_path / "table", settings=settings)
    qtbot.addWidget(dlg)
    assert not dlg.resume_button.isHidden()  # the interrupted table is offered
    dlg.resume_table()
    qtbot.waitUntil(lambda: dlg.service is not None, timeout=5_000)
    assert dlg.service.host.seats[1].back_gen == 1  # the dead program's generation is left alone
    joiner = helper("join", "--back", back, "--gen", "0", *servers.args())
    jout = Lines(joiner)
    try:
        table = {}

        def told() -> bool:
            m = jout.until(is_event("listening"), timeout=0.05)
            if m is not None:
                table.update(m)
            return bool(table)

        qtbot.waitUntil(told, timeout=60_000)
        assert any(m.get("event") == "table" and m.get("gen") == 1 for m in jout.seen), jout.seen
        client = TableClient("127.0.0.1", table["port"], "TEST42", "Bo", token=welcome["token"])
        with qtbot.waitSignal(client.joined, timeout=30_000) as joined:
            client.start()
        assert joined.args == [1]
        qtbot.waitUntil(lambda: dlg.service.host.presence(1) == "here", timeout=10_000)
        client.close()
    finally:
        ended(joiner)
        from ruin_qt.app.invites import HostInvites
        from ruin_qt.net.link_process import settle

        HostInvites.of(dlg.service).link.stop()
        dlg.close_table()
        settle()  # the host's helper says goodbye through its wormholes before the test ends
