"""``bench --invites``: a table reached three ways in one run, with a second process kept busy.

The LAN channel (a client straight at the host's port), an invite carried
direct (both wormhole helpers offering their addresses) and an invite
through the relay (``--relay-only`` on both), against a mailbox server and
transit relay this run starts on loopback (``invite-servers``).  For each:
the seconds from typing the code (the helper started) to the first state,
and the intent -> view round trip's median and p95; then the joiner's
program killed and started again: the seconds from its start to its seat's
state (LAN: its token again; an invite: the seat's way back, then the token).  A process spinning on
the CPU the whole time stands for a busy machine.  ``--against`` compares
the plain channel of an older revision (its ``roundtrip`` figure).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from PySide6.QtCore import QCoreApplication

from ..net.host_service import HostService
from ..net.link_process import WormholeLink, back_code, helper_command, settle
from ..net.table_host import TableHost
from .roundtrip import trips

WAIT_S = 60  # a hang guard on each step, never a speed check


def _pump(app, until, seconds: float = WAIT_S) -> bool:
    end = time.monotonic() + seconds
    while not until():
        if time.monotonic() > end:
            return False
        app.processEvents()
        time.sleep(0.002)
    return True


def _via_invite(app, service: HostService, servers: dict, samples: int, relay_only: bool) -> dict:
    host_link, join_link = WormholeLink(), WormholeLink()
    got: dict = {}
    host_link.code.connect(lambda _seat, code: got.update(invite=code))
    join_link.listening.connect(lambda port: got.update(port=port))
    join_link.failed.connect(lambda _s, kind, msg: got.update(failed=f"{kind}: {msg}"))
    host_link.host(service.port, servers["mailbox"], servers["relay"], relay_only=relay_only)
    back = back_code()
    host_link.invite(0, service.host.code, back)
    if not _pump(app, lambda: "invite" in got):
        raise RuntimeError("no invite")
    t0 = time.perf_counter()  # the friend has typed the code
    join_link.join(got["invite"], servers["mailbox"], servers["relay"], relay_only=relay_only)
    if not _pump(app, lambda: "port" in got or "failed" in got):
        raise RuntimeError("the invite did not open")
    if "failed" in got:
        raise RuntimeError(got["failed"])
    token: list[str] = []
    times, first = trips("127.0.0.1", got["port"], samples, t0, token)
    path = join_link.last_path
    join_link.kill()  # the friend's program dies (a crash, a flat battery)
    again = WormholeLink()
    again.listening.connect(lambda port: got.update(back_port=port))
    t1 = time.perf_counter()  # started again: back by the seat's way back, no new invite
    again.join(back, servers["mailbox"], servers["relay"], relay_only=relay_only, gen=0)
    if not _pump(app, lambda: "back_port" in got):
        raise RuntimeError("the way back did not open")
    _, returned = trips("127.0.0.1", got["back_port"], 1, t1, token)
    host_link.stop()
    again.stop()
    settle()
    return {"path": path, "first_state_s": first, "times": times, "return_s": returned}


def run(samples: int = 200) -> dict:
    app = QCoreApplication.instance() or QCoreApplication([])
    servers_p = subprocess.Popen([*helper_command()[:-1], "invite-servers", "--until-stdin-closes"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert servers_p.stdout is not None and servers_p.stdin is not None  # both piped
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    out: dict = {}
    try:
        servers = json.loads(servers_p.stdout.readline())
        for name in ("lan", "direct", "relay"):
            host = TableHost(["remote"], 1, "BENCH2")
            service = HostService(host)
            if not service.listen("127.0.0.1", 0):
                raise OSError("no loopback port to bench on")
            if name == "lan":
                t0 = time.perf_counter()
                token: list[str] = []
                times, first = trips("127.0.0.1", service.port, samples, t0, token)
                t1 = time.perf_counter()  # the client's program killed and started again: its token
                _, returned = trips("127.0.0.1", service.port, 1, t1, token)
                out[name] = {"path": "lan", "first_state_s": first, "times": times, "return_s": returned}
            else:
                out[name] = _via_invite(app, service, servers, samples, relay_only=name == "relay")
            service.quit()
            app.processEvents()
    finally:
        busy.kill()
        servers_p.stdin.close()
        servers_p.wait(30)
    return out


def main(samples: int = 200, as_json: bool = False) -> int:
    res = run(samples)
    rows = {}
    for name, r in res.items():
        t = sorted(r["times"])
        rows[name] = {"path": r["path"], "code_to_first_state_s": r["first_state_s"],
                      "median_ms": statistics.median(t) * 1000, "p95_ms": t[int(0.95 * (len(t) - 1))] * 1000,
                      "samples": len(t), "return_s": r["return_s"]}
    if as_json:
        print(json.dumps(rows))
        return 0
    print("a second process busy on the CPU throughout; round trip = intent -> its seat's new view")
    for name, r in rows.items():
        print(f"{name:7s} path {r['path']:6s}  code -> first state {r['code_to_first_state_s']:.2f} s  "
              f"round trip median {r['median_ms']:.2f} ms, p95 {r['p95_ms']:.2f} ms ({r['samples']} samples)  "
              f"killed and started again -> its seat {r['return_s']:.2f} s")
    return 0
