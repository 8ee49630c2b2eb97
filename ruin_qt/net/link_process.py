"""The wormhole link's helper process, seen from Qt: ``WormholeLink`` starts
``wormhole-link host|join`` (``net/wormhole_link.py``, Twisted) with a
QProcess, writes its commands and turns its events into signals (JSON lines,
``link_lines``).
Nothing here blocks or starts a thread: the UI thread only reads lines as
they come.  A line it cannot read is reported as ``failed(-1, "bad_line",
...)`` (not fatal: the helper goes on); an event it does not know is skipped.
"""

from __future__ import annotations

import os
import secrets
import sys
from functools import partial
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEventLoop, QObject, QProcess, QProcessEnvironment, QTimer, Signal

from .codec import ProtocolError
from .invite_defaults import PUBLIC_MAILBOX, PUBLIC_RELAY  # noqa: F401 -- the app shows them (Invite servers…)
from .link_lines import (
    Await,
    Away,
    Cancel,
    Code,
    Command,
    Event,
    Failed,
    GenNow,
    Invite,
    Listening,
    Peer,
    Quit,
    Table,
    parse_event,
)

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
        self._send(Invite(seat, table_code, back))

    def await_back(self, seat: int, table_code: str, back: str, gen: int) -> None:
        """Wait on ``seat``'s way back only, from generation ``gen`` (a restarted host: the one after the
        generation it kept, which its dead program may still hold at the mailbox)."""
        self._send(Await(seat, table_code, back, gen))

    def cancel(self, seat: int) -> None:
        self._send(Cancel(seat))

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

    def _send(self, cmd: Command) -> None:
        line = cmd.line()
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
            event = parse_event(raw)
        except ProtocolError as e:
            self.failed.emit(NO_SEAT, "bad_line", f"the wormhole helper wrote what cannot be read ({e}): "
                             f"{raw[:200]!r}")
            return
        if event is not None:  # None: a newer helper's event, skipped
            self._event(event)

    def _event(self, event: Event) -> None:
        if isinstance(event, Code):
            self.code.emit(event.seat, event.code)
        elif isinstance(event, Table):
            self.table.emit(event.table_code, event.seat, event.back or "", event.gen or 0)
        elif isinstance(event, GenNow):
            self.gen.emit(event.seat, event.gen)
        elif isinstance(event, Listening):
            self.listening.emit(event.port)
        elif isinstance(event, Peer):
            self.last_path = event.path
            self.path.emit(event.seat, event.path)
        elif isinstance(event, Away):
            self.away.emit(event.seat)
        elif isinstance(event, Failed):
            self._told_error = True
            self.failed.emit(NO_SEAT if event.seat is None else event.seat, event.kind, event.message)

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
        proc.write(Quit().line())
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
