"""A ``TableHost`` served on a ``WsServer``, on the Qt event loop.

Messages go to the host as they arrive, what it answers goes out at once,
and the table is autosaved whenever it changed.  The service hosts the
table, so its ``computer.Driver`` is the table's one driver: computer seats
and seats taken over are decided by ``decide``, in a worker process of the
app's runner (``model.runner.decider``), a headless host's as a window's
(the model on a host's window only shows the table), so the event loop
never waits on a brain.  A host with a window hands the autosave's disk
writes to ``offload`` (the runner's io lane), so its UI thread never waits
on an fsync.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ..session import computer
from . import host_state
from .messages import Error, Lobby
from .table_host import TableHost
from .transport import MAX_CONNS, WsServer

TICK_MS = 200  # how often the takeover clock and the hello deadline are read

# offload(job, done, lane): run ``job()`` off the UI thread, then ``done(result)`` on it.
Offload = Callable[[Callable[[], Any], Callable[[Any], None], str], None]
# decide(plan, done): ``session.computer.decide(plan)`` in a worker process, then ``done(decision)``
# on this thread (the exception, if the brain failed); its operation, to cancel.
Decide = computer.Decide


class HostService(QObject):
    lobby_changed = Signal()  # a seat's presence changed or the game started
    game_over = Signal()

    def __init__(self, host: TableHost, data: Path | None = None, parent: QObject | None = None,
                 offload: Offload | None = None, decide: Decide | None = None):
        """``decide``: needed by a table with computer seats or takeovers (may be given later)."""
        super().__init__(parent)
        self.host, self.data, self.offload, self._decide = host, data, offload, decide
        self._saving = False  # a disk write is on its way (offloaded)
        self._dirty = False  # the table changed again since that write's snapshot
        self._held = False  # messages wait for the write on its way (a new token must be saved first)
        busy = Error("too_many_connections", f"this table serves {MAX_CONNS} connections at most "
                     "(or fewer from one address): try again later").write()
        self.server = WsServer(self, busy, code=host.code, guard=host.guard)  # every connection sealed by the code
        # The hello deadline runs from the socket's accepting; the join-code limits count by its address.
        self.server.joined.connect(lambda conn: self._call(self.host.connect, conn, self.server.accepted_at[conn],
                                                           self.server.addresses[conn]))
        self.server.received.connect(lambda conn, msg: self._call(self.host.receive, conn, msg, time.monotonic()))
        self.server.left.connect(lambda conn: self._call(self.host.disconnect, conn, time.monotonic()))
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.timeout.connect(self._on_tick)
        self._lobby: Lobby | None = None
        self._over = False
        self._calling = 0  # inside a call into the host: its flush sends what the session changed
        host.session.watch(self._session_changed)
        # The table's one driver: it settles each answer inside a call into the host, as a message is.
        self.computers = computer.Driver(host.session, self._ask, lambda: host.secret, host.takeover_level,
                                         settle_with=self._call, failed=_brain_failed)

    @property
    def decide(self) -> Decide | None:
        return self._decide

    @decide.setter
    def decide(self, decide: Decide | None) -> None:
        self._decide = decide
        self.computers.retry()  # what waited for it is asked now

    def listen(self, address: str, port: int) -> bool:
        if not self.server.listen(address, port):
            return False
        self.host.port = self.server.port
        self.host.all_away(time.monotonic())
        self._tick.start()
        self.flush()
        return True

    @property
    def port(self) -> int:
        return self.server.port

    def start_now(self) -> None:
        self._call(self.host.start)

    def play_for(self, seat: int, level: str) -> None:
        """The host lets a computer at ``level`` play ``seat`` now (its player away)."""
        self._call(self.host.play_for, seat, level)

    def end_now(self) -> None:
        """The host ends the game with the scores so far (every seat is told, each files it)."""
        self._call(self.host.end_now)

    def reopen(self, seat: int) -> None:
        """Invite again: ``seat``'s player and token are let go; the next with the code takes it."""
        self._call(self.host.reopen, seat, time.monotonic())

    def quit(self, reason: str = "the host closed the table") -> None:
        """Tell every player in plain words, then stop listening."""
        self._tick.stop()
        self.computers.stop()
        unsaved = self._dirty or self._saving
        self._saving = self._held = False  # a write still on its way is older: it cannot overwrite this last one
        self.host.quit(reason)
        self.flush()
        self.server.stop()
        if self.data is not None and (unsaved or self._dirty):  # the last state, whole, before leaving
            self._dirty = False
            host_state.save(self.host, self.data)

    def _on_tick(self) -> None:
        """The takeover clock and the hello deadline, read together: one flush a tick."""
        now = time.monotonic()

        def read_the_clocks() -> None:
            self.host.tick(now)
            self.host.sweep(now)

        self._call(read_the_clocks)

    def _session_changed(self, _ch) -> None:
        """The session changed outside a call into the host (the host's own screen, a computer
        seat's answer): the host has published its frames (``TableHost``), they go out now."""
        if not self._calling:
            self.flush()

    def _call(self, fn: Callable[..., object], *args: object) -> None:
        self._calling += 1
        try:
            fn(*args)
        except Exception as e:  # noqa: BLE001 - one bad message must never stop the table
            print(f"ruin_qt host: {type(e).__name__}: {e}", file=sys.stderr)
        finally:
            self._calling -= 1
        self.flush()

    def flush(self) -> None:
        if self.host.token_issued and self.data is not None:
            # Saved, synced, before anything is sent: a welcome's new token is on disk before its player
            # has it (a join or a rejoin, rare: every other change is saved after, off a window's UI thread).
            if self._saving:
                self._held = True  # a write is on its way: this one follows it, then the messages go out
                return
            self.host.token_issued = self.host.changed = False
            host_state.save(self.host, self.data)
        out = self.host.drain()
        for conn, text in out.messages:
            self.server.send(conn, text)
        for conn, code, reason in out.closes:
            self.server.close(conn, code, reason)
        if self.host.changed and self.data is not None:  # what the model on this screen changed
            self.host.changed = False
            self._autosave()
        lobby = self.host.lobby()
        if lobby != self._lobby:
            self._lobby = lobby
            self.lobby_changed.emit()
        if self.host.started and self.host.session.live.over and not self._over:
            self._over = True
            self.game_over.emit()
        self.computers.poke()  # a seat taken over, or given back, changed no table: the driver looks now

    def _autosave(self) -> None:
        if self.data is None:  # a table without an autosave folder
            return
        if self.offload is None:
            host_state.save(self.host, self.data)
            return
        if self._saving:  # one write at a time; the newest state follows it
            self._dirty = True
            return
        self._saving, self._dirty = True, False
        (text, taken), data = host_state.snapshot(self.host), self.data  # the snapshot, on this thread
        self.offload(lambda: _guarded(host_state.write, text, taken, data), self._saved, "io")

    def _saved(self, result) -> None:
        self._saving = False
        if isinstance(result, Exception):
            print(f"ruin_qt host: the autosave failed: {type(result).__name__}: {result}", file=sys.stderr)
        if self._held:  # the new token's own save, then what waited for it
            self._held = False
            self.flush()
        elif self._dirty:
            self._autosave()

    def _ask(self, plan: computer.Plan, done: computer.Done) -> computer.Asked | None:
        if self._decide is None:  # the seat waits until a ``decide`` is given
            print("ruin_qt host: this table's computers have nothing to decide with (HostService's decide)",
                  file=sys.stderr)
            return None
        return self._decide(plan, done)


def _brain_failed(plan: computer.Plan, error: BaseException) -> None:
    """A broken brain: the rules' fallback decides a computer seat, a takeover's draft starts over."""
    print(f"ruin_qt host: seat {plan.seat}'s brain failed: {type(error).__name__}: {error}", file=sys.stderr)


def _guarded(fn, *args):
    """``fn(*args)``, or the exception it raised (handed back to the host's thread)."""
    try:
        return fn(*args)
    except Exception as e:  # noqa: BLE001 - the host's thread decides what a failure means
        return e
