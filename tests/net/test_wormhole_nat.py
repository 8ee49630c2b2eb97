"""Two homes behind NAT routers, in network namespaces of this machine: the
inviting host in one, the joining bot in the other, the mailbox server and
the transit relay on the "internet" between them.  Neither home can reach
the other, so the table can only travel through the relay; a whole game is
played through it.  Every address is inside the namespaces made here (the
routers have no default route: nothing can leave them for anywhere else)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from ruin_qt.rules import record

from .tables import ENV, ROOT, WAIT, finish
from .wormhole_servers import Lines, ended, helper, is_event, send, wormhole_servers

pytestmark = [pytest.mark.xdist_group("net-processes"), pytest.mark.slow]

PUBLIC = "10.200.0.1"  # the mailbox server and the relay, on the "internet" (a bridge in its own namespace)
HOME_A, HOME_B = "10.201.0", "10.202.0"  # /24 behind each router (.1 the router, .2 the computer)


def run(*cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def nat_tool() -> str | None:
    return next((t for t in ("iptables", "nft") if shutil.which(t)), None)


def why_not() -> str | None:
    """Why this machine cannot build the homes (None: it can)."""
    if sys.platform != "linux" or os.geteuid() != 0:
        return "needs root on Linux (network namespaces)"
    if not shutil.which("ip"):
        return "needs iproute2's ip"
    if nat_tool() is None:
        return "needs iptables or nft for the routers' NAT (apt-get install iptables)"
    probe = f"ruinprobe{os.getpid() % 100000}"
    if run("ip", "netns", "add", probe).returncode != 0:
        return "ip netns add is not allowed here"
    run("ip", "netns", "del", probe)
    return None


@dataclass
class Homes:
    public: str  # namespace names
    host: str
    joiner: str
    routers: dict[str, str]  # home -> its router's namespace

    def inside(self, ns: str) -> list[str]:
        return ["ip", "netns", "exec", ns]

    def online(self, home: str, up: bool) -> None:
        """The home's router drops (or forwards again) everything, as a Wi-Fi gone for a while would.
        Not its link set down: that flushes the NAT's connections, and then the mailbox server's side
        of the home's WebSocket is reset while the home's side waits for its next ping (30 s)."""
        router = self.routers[home]
        if nat_tool() == "iptables":
            cmd = ["iptables", "-I" if not up else "-D", "FORWARD", "-j", "DROP"]
        else:
            cmd = ["nft", "delete table ip outage" if up else
                   "add table ip outage; add chain ip outage fwd { type filter hook forward priority 0 ; }; "
                   "add rule ip outage fwd drop"]
        r = run("ip", "netns", "exec", router, *cmd)
        assert r.returncode == 0, r.stderr


@contextlib.contextmanager
def homes() -> Iterator[Homes]:
    tag = f"rq{os.getpid() % 100000}"
    pub, ra, rb, ha, jb = (f"{tag}{n}" for n in ("p", "ra", "rb", "ha", "jb"))
    made: list[str] = []
    routers: dict[str, str] = {}

    def ip(*args: str) -> None:
        r = run("ip", *args)
        assert r.returncode == 0, f"ip {' '.join(args)}: {r.stderr}"

    def inside(ns: str, *cmd: str) -> None:
        r = run("ip", "netns", "exec", ns, *cmd)
        assert r.returncode == 0, f"{ns}: {' '.join(cmd)}: {r.stderr}"

    try:
        for ns in (pub, ra, rb, ha, jb):
            ip("netns", "add", ns)
            made.append(ns)
            ip("-n", ns, "link", "set", "lo", "up")
        ip("-n", pub, "link", "add", "br0", "type", "bridge")
        ip("-n", pub, "addr", "add", f"{PUBLIC}/24", "dev", "br0")
        ip("-n", pub, "link", "set", "br0", "up")
        for router, home, computer, net, wan_ip in ((ra, ha, "h", HOME_A, "10.200.0.2"),
                                                    (rb, jb, "j", HOME_B, "10.200.0.3")):
            # The router's WAN port on the public bridge; its LAN port to the home's one computer.
            wan, lan = f"{tag}{computer}w", f"{tag}{computer}l"
            routers[home] = router
            ip("-n", router, "link", "add", wan, "type", "veth", "peer", "name", wan + "p", "netns", pub)
            ip("-n", pub, "link", "set", wan + "p", "master", "br0", "up")
            ip("-n", router, "addr", "add", f"{wan_ip}/24", "dev", wan)
            ip("-n", router, "link", "add", lan, "type", "veth", "peer", "name", lan + "p", "netns", home)
            ip("-n", router, "addr", "add", f"{net}.1/24", "dev", lan)
            ip("-n", home, "addr", "add", f"{net}.2/24", "dev", lan + "p")
            for ns, dev in ((router, wan), (router, lan), (home, lan + "p")):
                ip("-n", ns, "link", "set", dev, "up")
            ip("-n", home, "route", "add", "default", "via", f"{net}.1")
            inside(router, "sysctl", "-qw", "net.ipv4.ip_forward=1")
            if nat_tool() == "iptables":
                inside(router, "iptables", "-t", "nat", "-A", "POSTROUTING", "-s", f"{net}.0/24", "-o", wan,
                       "-j", "MASQUERADE")
            else:
                inside(router, "nft", f"add table ip nat; add chain ip nat post {{ type nat hook postrouting "
                                      f"priority 100 ; }}; add rule ip nat post ip saddr {net}.0/24 oifname "
                                      f"{wan} masquerade")
        yield Homes(pub, ha, jb, routers)
    finally:
        for ns in reversed(made):
            run("ip", "netns", "del", ns)


def reaches(h: Homes, ns: str, host: str, port: int) -> bool:
    probe = f"import socket; socket.create_connection(({host!r}, {port}), timeout=3).close()"
    return subprocess.run([*h.inside(ns), sys.executable, "-c", probe], capture_output=True,
                          timeout=60).returncode == 0


def test_a_game_through_the_relay_between_two_homes_behind_nat(tmp_path):
    if reason := why_not():
        pytest.skip(reason)
    with homes() as h, wormhole_servers(tmp_path / "servers", PUBLIC, h.inside(h.public)) as servers:
        mailbox_port = int(servers.mailbox.rsplit(":", 1)[1].split("/")[0])
        # The premise: each home reaches the internet, neither reaches the other (NAT, no port forwarded).
        assert reaches(h, h.host, PUBLIC, mailbox_port) and reaches(h, h.joiner, PUBLIC, mailbox_port)
        assert not reaches(h, h.joiner, f"{HOME_A}.2", mailbox_port)
        host = subprocess.Popen([*h.inside(h.host), sys.executable, "-m", "ruin_qt", "host", "--listen", "127.0.0.1",
                                 "--port", "0", "--seats", "remote,ai:random", "--seed", "11", "--invite",
                                 *servers.args()],
                                cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out = Lines(host)
        try:
            invite = out.until(lambda m: "invite" in m)
            assert invite is not None and invite["seat"] == 0, out.seen
            bot = subprocess.Popen([*h.inside(h.joiner), sys.executable, "-m", "ruin_qt", "join", "--wormhole",
                                    invite["invite"], "--bot", "random", "--record", str(tmp_path / "record.json"),
                                    *servers.args()],
                                   cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            errs = finish([bot])
            assert bot.returncode == 0, errs
            assert out.until(lambda m: "over" in m) is not None, out.seen
            assert host.wait(WAIT) == 0
        finally:
            if host.poll() is None:
                host.kill()
                host.wait()
    # Bytes flowed (a whole game, both ways), and only ever through the relay.
    rec = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    assert record.replay(rec).over
    bot_paths = [json.loads(line)["path"] for line in bot.out.splitlines() if '"path"' in line]
    host_paths = [m["path"] for m in out.seen if "path" in m]
    assert bot_paths and set(bot_paths) == {"relay"}, bot.out
    assert host_paths and set(host_paths) == {"relay"}, out.seen


ECHO = """
import socket, threading
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(); print(srv.getsockname()[1], flush=True)
def serve(c):
    while data := c.recv(65536):
        c.sendall(data.upper())
while True:
    threading.Thread(target=serve, args=(srv.accept()[0],), daemon=True).start()
"""
CLIENT = """
import json, socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
answers = s.makefile("rb")
print(json.dumps({"connected": True}), flush=True)
for line in sys.stdin:
    s.sendall(line.encode())
    print(json.dumps({"echo": answers.readline().decode().strip()}), flush=True)
"""


def say(p: subprocess.Popen, line: str) -> None:
    p.stdin.write(line + "\n")
    p.stdin.flush()


def saw(out: Lines, pred) -> bool:
    """``pred`` held for a line already read, or holds for one to come."""
    return any(pred(m) for m in out.seen) or out.until(pred) is not None


def first(outs: list[Lines], pred, timeout: float = WAIT) -> dict | None:
    """The first line, of any of ``outs``, for which ``pred`` holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for out in outs:
            if (msg := out.until(pred, timeout=0.2)) is not None:
                return msg
    return None


def test_a_connection_through_the_relay_outlives_a_home_going_offline(tmp_path):
    """One TCP connection, carried by Dilation through the relay, keeps going across a
    home's outage: what was sent while it was offline arrives once it is back."""
    if reason := why_not():
        pytest.skip(reason)
    procs: list[subprocess.Popen] = []

    def start(ns: list[str], *cmd: str) -> subprocess.Popen:
        p = subprocess.Popen([*ns, sys.executable, *cmd], cwd=ROOT, env=ENV, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        procs.append(p)
        return p

    with homes() as h, wormhole_servers(tmp_path / "servers", PUBLIC, h.inside(h.public)) as servers:
        try:
            echo = start(h.inside(h.host), "-c", ECHO)  # the "table", in the host's home
            port = int(echo.stdout.readline())
            quick = ["--ping", "1"]  # a silent peer is away after two missed pings
            host = helper("host", "--target", str(port), *quick, *servers.args(), prefix=h.inside(h.host))
            procs.append(host)
            hout = Lines(host)
            send(host, {"cmd": "invite", "seat": 0, "table_code": "K7PX3Q"})
            code = hout.until(is_event("code"))
            assert code is not None, hout.err
            joiner = helper("join", "--code", code["code"], *quick, *servers.args(), prefix=h.inside(h.joiner))
            procs.append(joiner)
            jout = Lines(joiner)
            local = jout.until(is_event("listening"))
            assert local is not None, jout.err
            client = start(h.inside(h.joiner), "-c", CLIENT, str(local["port"]))
            cout = Lines(client)
            assert cout.until(lambda m: "connected" in m) is not None, cout.err
            say(client, "before")
            assert cout.until(lambda m: "echo" in m) == {"echo": "BEFORE"}, cout.err
            for out in (jout, hout):
                assert saw(out, is_event("peer", path="relay")), out.seen
            marks = {id(out): len(out.seen) for out in (jout, hout)}

            h.online(h.joiner, False)
            say(client, "during")  # queued by Dilation while the home is offline
            assert first([jout, hout], is_event("away")) is not None, (jout.seen, hout.seen)
            h.online(h.joiner, True)
            assert cout.until(lambda m: "echo" in m) == {"echo": "DURING"}, (cout.err, jout.seen, hout.seen)
            for out in (jout, hout):  # both sides were told the peer is back, through the relay again
                back = [m for m in out.seen[marks[id(out)]:] if is_event("peer")(m)] or [out.until(is_event("peer"))]
                assert back[-1] is not None and back[-1]["path"] == "relay", out.seen
            say(client, "after")
            assert cout.until(lambda m: "echo" in m) == {"echo": "AFTER"}, cout.err
            assert ended(joiner) == 0 and ended(host) == 0
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
                    p.wait()


def test_a_joiners_home_offline_for_a_minute_comes_back_to_its_seat_and_the_game_ends(tmp_path):
    """Longer than every silence limit (the table's 15 s, Dilation's pings): the table's connection is cut,
    the seat shows away, and once the home is back the joiner is in its seat again (Dilation, or the seat's
    way back) and the game plays to its end."""
    if reason := why_not():
        pytest.skip(reason)
    with homes() as h, wormhole_servers(tmp_path / "servers", PUBLIC, h.inside(h.public)) as servers:
        host = subprocess.Popen([*h.inside(h.host), sys.executable, "-m", "ruin_qt", "host", "--listen", "127.0.0.1",
                                 "--port", "0", "--seats", "remote,ai:random", "--seed", "13", "--invite",
                                 *servers.args()],
                                cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out = Lines(host)
        bot = None
        try:
            invite = out.until(lambda m: "invite" in m)
            assert invite is not None, out.err
            bot = subprocess.Popen([*h.inside(h.joiner), sys.executable, "-m", "ruin_qt", "join", "--wormhole",
                                    invite["invite"], "--bot", "random", "--think", "1", "--retry", "300",
                                    "--record", str(tmp_path / "record.json"), *servers.args()],
                                   cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            assert out.until(lambda m: m.get("path") == "relay") is not None, out.seen
            time.sleep(5)  # a few rounds in (a second a decision: the game lasts minutes)
            h.online(h.joiner, False)
            assert out.until(lambda m: m.get("away"), timeout=60) is not None, out.seen
            time.sleep(60)
            h.online(h.joiner, True)
            errs = finish([bot])
            assert bot.returncode == 0, errs
            assert out.until(lambda m: "over" in m) is not None, out.seen
            assert host.wait(WAIT) == 0
        finally:
            for p in (host, bot):
                if p is not None and p.poll() is None:
                    p.kill()
                    p.wait()
    rec = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    assert record.replay(rec).over
    lines = [json.loads(line) for line in bot.out.splitlines() if line.startswith("{")]
    away = next(i for i, m in enumerate(lines) if m.get("away"))
    assert any(m.get("path") == "relay" for m in lines[away:]), lines  # connected again after the outage
