"""The wormhole link's helper process, seen from Qt: ``WormholeLink`` starts
``wormhole-link host|join`` (``net/wormhole_link.py``, Twisted) with a
QProcess, writes its commands and turns its JSON-line events into signals.
Nothing here blocks or starts a thread: the UI thread only reads lines as
they come.  A line it cannot read is reported as ``failed(-1, "bad_line",
...)`` (not fatal: the helper goes on); an event it does not know is skipped.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from functools import partial
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEventLoop, QObject, QProcess, QProcessEnvironment, QTimer, Signal

from .invite_defaults import PUBLIC_MAILBOX, PUBLIC_RELAY  # noqa: F401 -- the app shows them (Invite servers…)

STOP_MS = 8000  # a stopped helper gets this long to say goodbye through its wormholes, then is killed
LINE_MAX = 64 * 1024  # an event line longer than this is the helper gone wrong
TAIL = 4000  # characters of the helper's stderr kept for a crash's message
NO_SEAT = -1
_RETIRING: set[QProcess] = set()  # stopped helpers still closing their wormholes (they outlive their link)


def back_code() -> str:
    """A seat's way back (``wormhole_link``): a secret of 128 random bits, from which each generation's
    wormhole code is drawn (kept with the seat's token on both sides, sent only inside a wormhole)."""
    return secrets.token_hex(16)


def is_back_code(text: str) -> bool:
    return len(text) == 32 and all(c in "0123456789abcdef" for c in text)


def helper_command() -> list[str]:
    """How to start the helper: this same program (a PyInstaller build's executable is the game itself)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "wormhole-link"]
    return [sys.executable, "-m", "ruin_qt", "wormhole-link"]


def retiring() -> int:
    """Stopped helpers not yet ended (a test waits for none)."""
    return len(_RETIRING)


class WormholeLink(QObject):
    code = Signal(int, str)  # seat, wormhole code to give the friend (host)
    table = Signal(str, int, str, int)  # table join code, seat, the seat's way back ("" if none), its generation
    gen = Signal(int, int)  # seat, the generation of its way back the host waits on now (host: keep it)
    listening = Signal(int)  # the local port to connect the table client to (join)
    path = Signal(int, str)  # seat (the joining side: its seat, or -1), "direct" or "relay": connected (again)
    away = Signal(int)  # seat: the peer connection dropped, Dilation is reconnecting
    failed = Signal(int, str, str)  # seat (-1: the whole link), kind, plain English
    ended = Signal(int)  # the helper's exit status once it has ended by itself (-1: it crashed, or never started)

    def __init__(self, parent: QObject | None = None, echo_stderr: bool = False):
        super().__init__(parent)
        self.echo_stderr = echo_stderr  # pass the helper's warnings on to this process's stderr (the CLI)
        self._proc: QProcess | None = None
        self._box: list[QProcess] = []  # the running helper, for _retire when this object is destroyed
        self._pending: list[bytes] = []  # commands written before the helper started
        self._stderr = ""
        self._told_error = False
        self.last_path = ""  # the newest "direct" / "relay" told (a window opened after it shows it too)
        # Not a bound method: it must run when this object is already gone.
        self.destroyed.connect(partial(_retire_box, self._box))

    # -- starting -------------------------------------------------------------------------
    def host(self, target_port: int, mailbox: str | None = None, relay: str | None = None,
             relay_only: bool = False) -> None:
        """Start inviting: each invited seat's connections are forwarded to the table on this port.
        ``relay_only``: offer no direct address (with a joiner doing the same: only the relay connects)."""
        only = ["--relay-only"] if relay_only else []
        self._start([*_servers(mailbox, relay), "host", "--target", str(target_port), *only])

    def join(self, code: str, mailbox: str | None = None, relay: str | None = None,
             wait_s: float | None = None, relay_only: bool = False, return_after: float | None = None,
             gen: int = 0) -> None:
        """Reach the table that made ``code`` (an invite; or, with ``is_back_code``, a seat's way back from
        generation ``gen`` on): ``table`` then ``listening`` tell where to connect.
        ``wait_s``: how long to wait for the host's side of an invite."""
        extra = ["--wait", str(wait_s)] if wait_s is not None else []
        extra += ["--return-after", str(return_after)] if return_after is not None else []
        only = ["--relay-only"] if relay_only else []
        way = ["--back", code, "--gen", str(gen)] if is_back_code(code) else ["--code", code]
        self._start([*_servers(mailbox, relay), "join", *way, *extra, *only])

    @property
    def running(self) -> bool:
        return self._proc is not None

    def invite(self, seat: int, table_code: str, back: str = "") -> None:
        """A new invite for ``seat`` (its former invite and way back revoked); ``back``: the seat's new way
        back, told to the friend who uses the invite and waited on while the seat is taken."""
        self._send({"cmd": "invite", "seat": seat, "table_code": table_code, "back": back})

    def await_back(self, seat: int, table_code: str, back: str, gen: int) -> None:
        """Wait on ``seat``'s way back only, from generation ``gen`` (a restarted host: the one after the
        generation it kept, which its dead program may still hold at the mailbox)."""
        self._send({"cmd": "await", "seat": seat, "table_code": table_code, "back": back, "gen": gen})

    def cancel(self, seat: int) -> None:
        self._send({"cmd": "cancel", "seat": seat})

    def kill(self) -> None:
        """Kill the helper at once, as a crash would (its peers are told nothing): the bench's and tests'."""
        proc, self._proc = self._proc, None
        self._box.clear()
        if proc is not None:
            for sig in (proc.finished, proc.errorOccurred, proc.readyReadStandardOutput):
                try:
                    sig.disconnect()
                except (RuntimeError, TypeError):
                    pass
            proc.kill()
            proc.waitForFinished(5000)
            proc.deleteLater()

    def stop(self) -> None:
        """End the helper: it closes its wormholes (the peers are told), and is killed if it lingers."""
        proc, self._proc = self._proc, None
        self._box.clear()
        if proc is not None:
            _retire(proc)
        self._pending = []

    def _start(self, args: list[str]) -> None:
        self.stop()
        self._stderr, self._told_error = "", False
        proc = QProcess()  # no parent: a stopped helper outlives this object while it closes its wormholes
        cmd = helper_command()
        proc.setProgram(cmd[0])
        proc.setArguments([*cmd[1:], *args])
        if not getattr(sys, "frozen", False):
            env = QProcessEnvironment.systemEnvironment()  # ``-m ruin_qt`` finds this very package
            root = str(Path(__file__).resolve().parents[2])
            env.insert("PYTHONPATH", os.pathsep.join(p for p in (root, env.value("PYTHONPATH")) if p))
            proc.setProcessEnvironment(env)
        proc.readyReadStandardOutput.connect(self._read)
        proc.readyReadStandardError.connect(self._read_stderr)
        proc.finished.connect(self._finished)
        proc.errorOccurred.connect(self._error_occurred)
        proc.started.connect(self._flush)
        self._proc = proc
        self._box[:] = [proc]
        proc.start()

    def _send(self, cmd: dict) -> None:
        line = json.dumps(cmd).encode() + b"\n"
        if self._proc is None:
            return
        if self._proc.state() == QProcess.ProcessState.Running:
            self._proc.write(line)
        else:
            self._pending.append(line)

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        if self._proc is not None:
            for line in pending:
                self._proc.write(line)

    # -- reading ----------------------------------------------------------------------------
    def _read(self) -> None:
        proc = self._proc
        # A signal's receiver may stop this link; a program ending deletes its QProcess under a last signal.
        while proc is not None and proc is self._proc and shiboken6.isValid(proc):
            if proc.canReadLine():
                self._line(bytes(proc.readLine().data()))
            elif proc.bytesAvailable() > LINE_MAX:
                proc.readAll()
                self.failed.emit(NO_SEAT, "bad_line", "the wormhole helper wrote a line too long to read")
            else:
                break

    def _line(self, raw: bytes) -> None:
        try:
            msg = json.loads(raw.decode("utf-8"))
            if not isinstance(msg, dict):
                raise ValueError("not an object")
            self._event(msg)
        except (ValueError, KeyError, TypeError) as e:
            self.failed.emit(NO_SEAT, "bad_line", f"the wormhole helper wrote what cannot be read ({e}): "
                             f"{raw[:200]!r}")

    def _event(self, msg: dict) -> None:
        event = msg.get("event")
        if event == "code":
            self.code.emit(_int(msg["seat"]), _str(msg["code"]))
        elif event == "table":
            back = msg.get("back", "")
            self.table.emit(_str(msg["table_code"]), _int(msg["seat"]), _str(back) if back else "",
                            _int(msg.get("gen", 0)))
        elif event == "gen":
            self.gen.emit(_int(msg["seat"]), _int(msg["gen"]))
        elif event == "listening":
            port = _int(msg["port"])
            if not 0 < port < 65536:
                raise ValueError(f"port {port}")
            self.listening.emit(port)
        elif event == "peer":
            path = _str(msg["path"])
            if path not in ("direct", "relay"):
                raise ValueError(f"path {path!r}")
            self.last_path = path
            self.path.emit(_int(msg["seat"]), path)
        elif event == "away":
            self.away.emit(_int(msg["seat"]))
        elif event == "error":
            seat = msg.get("seat")
            self._told_error = True
            self.failed.emit(NO_SEAT if seat is None else _int(seat), _str(msg["kind"]), _str(msg["message"]))
        # any other event: a newer helper's, skipped

    def _read_stderr(self) -> None:
        if self._proc is None or not shiboken6.isValid(self._proc):
            return
        text = bytes(self._proc.readAllStandardError().data()).decode("utf-8", "replace")
        self._stderr = (self._stderr + text)[-TAIL:]
        if self.echo_stderr:
            sys.stderr.write(text)
            sys.stderr.flush()

    # -- ending -----------------------------------------------------------------------------
    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        proc = self._proc
        if proc is None or not shiboken6.isValid(proc):
            return
        self._read()  # the last events and messages
        self._read_stderr()
        if self._proc is not proc:  # stopped (or started anew) by a receiver of those events
            return
        self._proc = None
        self._box.clear()
        crashed = status != QProcess.ExitStatus.NormalExit
        if (crashed or code != 0) and not self._told_error:
            tail = self._stderr.strip().splitlines()[-1:] or ["no message"]
            self.failed.emit(NO_SEAT, "helper", f"the wormhole helper ended unexpectedly: {tail[0]}")
        proc.deleteLater()
        self.ended.emit(-1 if crashed else code)

    def _error_occurred(self, error: QProcess.ProcessError) -> None:
        if error != QProcess.ProcessError.FailedToStart or self._proc is None or not shiboken6.isValid(self._proc):
            return  # a crash also ends in finished()
        proc, self._proc = self._proc, None
        self._box.clear()
        self.failed.emit(NO_SEAT, "helper", f"the wormhole helper could not start: {proc.errorString()}")
        proc.deleteLater()
        self.ended.emit(-1)


def _int(v: object) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"{v!r} is not a whole number")
    return v


def _str(v: object) -> str:
    if not isinstance(v, str):
        raise TypeError(f"{v!r} is not text")
    return v


def _servers(mailbox: str | None, relay: str | None) -> list[str]:
    return [*(["--mailbox", mailbox] if mailbox else []), *(["--relay", relay] if relay else [])]


def _retire_box(box: list[QProcess]) -> None:
    if box:
        _retire(box.pop())


def _retire(proc: QProcess) -> None:
    """Ask a helper to end (stdin's end tells it too), kill it if it lingers; forget it once it ends."""
    for sig in (proc.readyReadStandardOutput, proc.readyReadStandardError, proc.finished, proc.errorOccurred,
                proc.started):
        try:
            sig.disconnect()  # from its link: it says nothing more
        except (RuntimeError, TypeError):  # nothing connected
            pass
    if proc.state() == QProcess.ProcessState.NotRunning:
        proc.deleteLater()
        return
    _RETIRING.add(proc)

    def gone() -> None:
        _RETIRING.discard(proc)
        if shiboken6.isValid(proc):
            proc.deleteLater()

    proc.finished.connect(gone)
    proc.errorOccurred.connect(lambda e: gone() if e == QProcess.ProcessError.FailedToStart else None)
    if proc.state() == QProcess.ProcessState.Running:
        proc.write(b'{"cmd": "quit"}\n')
    proc.closeWriteChannel()
    QTimer.singleShot(STOP_MS, proc, proc.kill)


def settle(timeout_ms: int = STOP_MS + 2000) -> None:
    """Run the event loop until every stopped helper has ended (a command's last step: its
    helpers then close their wormholes instead of being killed as the program exits)."""
    if not _RETIRING:
        return
    loop = QEventLoop()
    QTimer.singleShot(timeout_ms, loop.quit)
    poll = QTimer()
    poll.timeout.connect(lambda: None if _RETIRING else loop.quit())
    poll.start(50)
    loop.exec()
    poll.stop()
