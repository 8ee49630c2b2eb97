"""The real magic-wormhole mailbox server and transit relay, each a process
(``python -m twisted wormhole-mailbox`` / ``transitrelay``, this interpreter's
Twisted plugins) listening on loopback on a free port; and the wormhole-link
helper's processes, their JSON lines read as they come."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .tables import ENV, ROOT, WAIT

START_S = 60  # a hang guard on a server's start, never a speed check


@dataclass
class Servers:
    mailbox: str  # ws://127.0.0.1:PORT/v1
    relay: str  # tcp:127.0.0.1:PORT

    def args(self) -> list[str]:
        return ["--mailbox", self.mailbox, "--relay", self.relay]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def accepting(host: str, port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=1):
        return True
    return False


def start_server(plugin: str, options: list[str], host: str, folder: Path, prefix: list[str] | None = None,
                 env: dict | None = None) -> tuple[subprocess.Popen, int]:
    """``plugin`` (a twist plugin) on a free port of ``host``, once it accepts connections.
    ``prefix`` runs it elsewhere (``ip netns exec NAME``)."""
    for _ in range(3):  # the free port may be taken between the probe and the bind: another one then
        port = free_port(host) if prefix is None else 20000 + int.from_bytes(os.urandom(2), "big") % 20000
        log = open(folder / f"{plugin}-{port}.log", "w", encoding="utf-8")  # noqa: SIM115 -- outlives this call
        p = subprocess.Popen([*(prefix or []), sys.executable, "-m", "twisted", plugin,
                              f"--port=tcp:{port}:interface={host}", *options],
                             cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=env or os.environ)
        p.log = log  # type: ignore[attr-defined]
        deadline = time.monotonic() + START_S
        while p.poll() is None and time.monotonic() < deadline:
            if up(host, port, prefix):
                return p, port
            time.sleep(0.1)
        stop(p)
    raise RuntimeError(f"{plugin} did not start: {(folder / f'{plugin}-{port}.log').read_text()[-2000:]}")


def up(host: str, port: int, prefix: list[str] | None) -> bool:
    if prefix is None:
        return accepting(host, port)
    probe = f"import socket; socket.create_connection(({host!r}, {port}), timeout=1).close()"
    return subprocess.run([*prefix, sys.executable, "-c", probe], capture_output=True, timeout=30).returncode == 0


def stop(p: subprocess.Popen) -> None:
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(10)
    log = getattr(p, "log", None)
    if log is not None:
        log.close()


@contextlib.contextmanager
def wormhole_servers(folder: Path, host: str = "127.0.0.1", prefix: list[str] | None = None) -> Iterator[Servers]:
    """A mailbox server and a transit relay on ``host`` until the block ends."""
    folder.mkdir(parents=True, exist_ok=True)
    mailbox, mport = start_server("wormhole-mailbox", [f"--channel-db={folder / 'mailbox.sqlite'}"], host, folder,
                                  prefix)
    try:
        relay, rport = start_server("transitrelay", [], host, folder, prefix)
        try:
            yield Servers(f"ws://{host}:{mport}/v1", f"tcp:{host}:{rport}")
        finally:
            stop(relay)
    finally:
        stop(mailbox)


class Lines:
    """A process's stdout as JSON objects, read as they come (a reader thread), each wait bounded;
    its stderr kept as ``err`` (read too, so a chatty process never blocks on a full pipe)."""

    def __init__(self, p: subprocess.Popen):
        self.p, self.q, self.seen, self.errs = p, queue.Queue(), [], []
        threading.Thread(target=self._pump, daemon=True).start()
        if p.stderr is not None:
            threading.Thread(target=lambda: self.errs.extend(p.stderr), daemon=True).start()

    @property
    def err(self) -> str:
        return "".join(self.errs)[-3000:]

    def _pump(self) -> None:
        for line in self.p.stdout:
            self.q.put(line)
        self.q.put(None)

    def until(self, pred, timeout: float = WAIT) -> dict | None:
        """The first object from now on for which ``pred`` holds (None: the stream ended, or the time ran out)."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                self.q.put(None)  # later waits see the end too
                return None
            msg = json.loads(line)
            self.seen.append(msg)
            if pred(msg):
                return msg
        return None


def helper(*args: str, prefix: list[str] | None = None) -> subprocess.Popen:
    """``wormhole-link ARGS`` (``prefix``: run elsewhere, ``ip netns exec NAME``)."""
    return subprocess.Popen([*(prefix or []), sys.executable, "-m", "ruin_qt", "wormhole-link", *args], cwd=ROOT,
                            env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def send(p: subprocess.Popen, cmd: dict) -> None:
    p.stdin.write(json.dumps(cmd) + "\n")
    p.stdin.flush()


def ended(p: subprocess.Popen) -> int:
    """Its exit status once stdin is closed (the parent gone); killed by the hang guard."""
    if p.stdin and not p.stdin.closed:
        p.stdin.close()
    try:
        return p.wait(WAIT)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        return -999


def is_event(name: str, **fields):
    return lambda m: m.get("event") == name and all(m.get(k) == v for k, v in fields.items())


def invite_host(seats: int, seed: int, *extra: str) -> tuple[subprocess.Popen, Lines, dict[int, str]]:
    """``python -m ruin_qt host --invite`` with ``seats`` remote seats on loopback (``extra``: its servers and
    more): the process, its lines, and each seat's invite once all are printed."""
    host = subprocess.Popen([sys.executable, "-m", "ruin_qt", "host", "--listen", "127.0.0.1", "--port", "0",
                             "--seats", ",".join(["remote"] * seats), "--seed", str(seed), "--invite", *extra],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = Lines(host)
    try:
        assert out.until(lambda m: "address" in m) is not None, out.err
        invites = {m["seat"]: m["invite"] for m in [out.until(lambda m: "invite" in m) for _ in range(seats)] if m}
        assert sorted(invites) == list(range(seats)), out.seen
    except AssertionError:
        host.kill()
        host.wait()
        raise
    return host, out, invites
