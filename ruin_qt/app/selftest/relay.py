"""The self-test's table through a relay, on this computer only: this program runs magic-wormhole's
mailbox server and transit relay (``invite-servers``), a second copy hosts a table and makes an
invite (``host --invite --relay-only``), and a computer brain in this process joins with that invite
through its own wormhole helper, offering no direct address either: the relay carries the whole
game.  Every part of an invite that a build could be missing (Twisted, magic-wormhole, Dilation's
noise protocol, the servers, the helper command) is started for real."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from .kit import SelfTestFailure, check, wait_until
from .net import CODE, program


def _lines(path: Path) -> list[dict]:
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        with contextlib.suppress(ValueError):
            msg = json.loads(line)
            if isinstance(msg, dict):
                out.append(msg)
    return out


def _tail(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace").strip()[-800:]


def table_through_a_relay(timeout_s: float) -> str:
    from ...net.bot_client import BotClient
    from ...net.link_process import WormholeLink, settle

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    logs = Path(tempfile.mkdtemp(prefix="ruin-qt-selftest-relay-"))
    t0 = time.perf_counter()
    procs: list[subprocess.Popen] = []

    def start(name: str, args: list[str], stdin=None) -> tuple[subprocess.Popen, Path]:
        out, err = logs / f"{name}.out", logs / f"{name}.err"
        with open(out, "w", encoding="utf-8") as o, open(err, "w", encoding="utf-8") as e:
            p = subprocess.Popen([*program(), *args], stdout=o, stderr=e, stdin=stdin, text=True, env=env)
        procs.append(p)
        return p, out

    link = WormholeLink()
    try:
        servers, servers_out = start("servers", ["invite-servers", "--until-stdin-closes"], subprocess.PIPE)
        if not wait_until(lambda: any("mailbox" in m for m in _lines(servers_out)), 60):
            raise SelfTestFailure(f"the mailbox server and relay did not start: {_tail(logs / 'servers.err')}")
        where = next(m for m in _lines(servers_out) if "mailbox" in m)
        mailbox, relay = where["mailbox"], where["relay"]
        host, host_out = start("host", ["host", "--listen", "127.0.0.1", "--port", "0", "--seats", "remote,ai:random",
                                        "--code", CODE, "--seed", "20261129", "--invite", "--mailbox", mailbox,
                                        "--relay", relay, "--relay-only"])
        if not wait_until(lambda: any("invite" in m for m in _lines(host_out)), 60):
            raise SelfTestFailure(f"the host made no invite: {_tail(logs / 'host.err')}")
        invite = next(m["invite"] for m in _lines(host_out) if "invite" in m)
        got: dict = {}
        link.table.connect(lambda code, seat, _back, _gen: got.update(code=code, seat=seat))
        link.listening.connect(lambda port: got.update(port=port))
        link.failed.connect(lambda _seat, kind, message: got.update(failed=f"{kind}: {message}"))
        link.join(invite, mailbox, relay, relay_only=True)
        wait_until(lambda: ("port" in got and "code" in got) or "failed" in got, 60)
        check("failed" not in got and "port" in got, f"the invite did not open: {got.get('failed', 'no answer')}")
        check(got["code"] == CODE, "the invite did not bring the table's join code")
        bot = BotClient("127.0.0.1", got["port"], got["code"], "random", name="Self-test", seat=got["seat"])
        status: list[int] = []
        bot.finished.connect(status.append)
        with contextlib.redirect_stdout(io.StringIO()):  # the brain's progress lines
            bot.start()
            ended = wait_until(lambda: bool(status), timeout_s)
        check(ended, f"the game through the relay did not end within {timeout_s:.0f} s")
        check(status == [0], f"the invited seat ended with status {status[0] if status else None}")
        check(bot.record is not None and len(bot.record.get("seats", [])) == 2, "the invited seat got no record")
        check(link.last_path == "relay", f"the invite was carried {link.last_path or 'nowhere'}, not by the relay")
        bot.deleteLater()
        host.wait(60)
        check(host.returncode == 0, f"the host ended with status {host.returncode}: {_tail(logs / 'host.err')}")
        return (f"mailbox and relay on 127.0.0.1, an invite played through the relay to the end in "
                f"{time.perf_counter() - t0:.1f} s")
    finally:
        link.stop()
        settle()
        for p in procs:
            if p.stdin is not None:
                with contextlib.suppress(OSError):
                    p.stdin.close()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(30)
        shutil.rmtree(logs, ignore_errors=True)  # what a failure needs of them is in its message already
