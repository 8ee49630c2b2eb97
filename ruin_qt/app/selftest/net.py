"""The self-test's table across laptops, on this computer only: a second copy
of this program hosts (``host --listen 127.0.0.1 --seats remote,ai:random``)
and a computer brain in this process joins it through the real transport
(QtNetwork sockets, websockets' framing), then plays its seat to the end.

The second copy is this very program: a PyInstaller build's
``sys.executable`` is the game itself, elsewhere ``python -m ruin_qt``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .kit import SelfTestFailure, check, wait_until

CODE = "SELFTEST"


def program() -> list[str]:
    """The command line that starts this same program."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "ruin_qt"]


def _first_line(out: Path, timeout_s: float) -> str:
    """The host's first stdout line (its address), read from the file it writes
    to as it comes (no thread, no blocking read: a host that never starts just
    ends the wait)."""
    got: list[str] = []

    def line() -> bool:
        text = out.read_text(encoding="utf-8", errors="replace")
        if "\n" in text:
            got.append(text.split("\n", 1)[0])
        return bool(got)

    wait_until(line, timeout_s)
    return got[0] if got else ""


def table_across_processes(timeout_s: float) -> str:
    # mDNS stays off the network here (loopback only): its library must load,
    # as the Host and Join dialogs import it.
    from zeroconf import ServiceBrowser, ServiceInfo, Zeroconf  # noqa: F401

    from ...net.bot_client import BotClient  # QtNetwork, websockets: what a build could be missing

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    cmd = [*program(), "host", "--listen", "127.0.0.1", "--port", "0", "--seats", "remote,ai:random",
           "--code", CODE, "--seed", "20261127"]
    t0 = time.perf_counter()
    logs = Path(tempfile.mkdtemp(prefix="ruin-qt-selftest-host-"))
    out_path, err_path = logs / "stdout.txt", logs / "stderr.txt"
    with open(out_path, "w", encoding="utf-8") as out_f, open(err_path, "w", encoding="utf-8") as err_f:
        host = subprocess.Popen(cmd, stdout=out_f, stderr=err_f, text=True, env=env)

    def err() -> str:
        return err_path.read_text(encoding="utf-8", errors="replace").strip()[-800:]

    try:
        line = _first_line(out_path, 120)
        if not line:
            host.kill()
            host.wait(30)
            raise SelfTestFailure(f"the host did not start: {err()}")
        where = json.loads(line)
        port = int(where["port"])
        check(where.get("address") == f"ws://127.0.0.1:{port}/", f"the host listens at {where.get('address')}")
        bot = BotClient("127.0.0.1", port, CODE, "random", name="Self-test")
        status: list[int] = []
        bot.finished.connect(status.append)
        chatter = io.StringIO()  # the joining brain's own progress lines ({"took": ...})
        with contextlib.redirect_stdout(chatter):
            bot.start()
            ended = wait_until(lambda: bool(status), timeout_s)
        if not ended:
            raise SelfTestFailure(f"the joined game did not end within {timeout_s:.0f} s")
        check(status == [0], f"the joining seat ended with status {status[0]}")
        check(bot.record is not None and len(bot.record.get("seats", [])) == 2,
              "the joined seat got no record of the two-seat game")
        host.wait(60)
        check(host.returncode == 0, f"the host ended with status {host.returncode}: {err()}")
        check('"over": true' in out_path.read_text(encoding="utf-8", errors="replace"),
              "the host never said the game was over")
        bot.deleteLater()
        return f"host process on 127.0.0.1:{port}, a joined seat played to the end in {time.perf_counter() - t0:.1f} s"
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(30)
        shutil.rmtree(logs, ignore_errors=True)  # what a failure needs of them is in its message already
