"""A ``TableHost`` served on a ``WsServer``, on the Qt event loop.

Messages go to the host as they arrive, what it answers goes out at once,
and the table is autosaved whenever it changed.  Computer seats (and seats
taken over) are decided one per event-loop turn, so a socket is never left
waiting behind a whole round of brains.

With ``offload`` (a host window hands its model's ``Runner.offload``) the
brains think on the runner's worker, and the autosave is written there too:
the table is taken on the UI thread (a plain snapshot), its writing and
fsync happen on the disk lane, and snapshots made while one is being written
are coalesced (only the newest is written next).  Without it (the headless
host) both happen here, as soon as the table changed.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from . import host_state
from .table_host import Ask, TableHost
from .transport import WsServer

TICK_MS = 200  # how often the takeover clock is read

# (fn, done, lane): run fn() off the UI thread, then done(result) on it (done(None) if fn failed).
Offload = Callable[[Callable[[], Any], Callable[[Any], None] | None, str], None]


class HostService(QObject):
    lobby_changed = Signal()  # a seat's presence changed or the game started
    changed = Signal(object)  # Changes the host made (remote intents, the start): for a model on this screen
    game_over = Signal()

    def __init__(self, host: TableHost, data: Path | None = None, parent: QObject | None = None,
                 offload: Offload | None = None):
        super().__init__(parent)
        self.host, self.data, self.offload = host, data, offload
        self.server = WsServer(self)
        self.server.joined.connect(lambda conn: self._call(self.host.connect, conn, time.monotonic()))
        self.server.received.connect(lambda conn, msg: self._call(self.host.receive, conn, msg, time.monotonic()))
        self.server.left.connect(lambda conn: self._call(self.host.disconnect, conn, time.monotonic()))
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.timeout.connect(lambda: self._call(self.host.tick, time.monotonic()))
        self._working = False
        self._thinking = False  # a decision is being thought off the UI thread
        self._lock = threading.Lock()
        self._latest: dict | None = None  # the newest snapshot not yet written (offloaded autosave)
        self._queued = False  # a write of ``_latest`` is on its way
        self.saves = 0  # table files written
        self._lobby: dict | None = None
        self._over = False

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

    def quit(self, reason: str = "the host closed the table") -> None:
        """Tell every player in plain words, then stop listening."""
        self._tick.stop()
        self.host.quit(reason)
        self.flush()
        self.server.stop()

    def sync(self) -> None:
        """The host's own screen changed the session: send each seat its frame."""
        self.host.changed = True
        self._call(self.host.publish)

    def _call(self, fn, *args) -> None:
        try:
            fn(*args)
        except Exception as e:  # noqa: BLE001 - one bad message must never stop the table
            print(f"ruin_qt host: {type(e).__name__}: {e}", file=sys.stderr)
        self.flush()

    def flush(self) -> None:
        out = self.host.drain()
        for conn, text in out.messages:
            self.server.send(conn, text)
        for conn, code, reason in out.closes:
            self.server.close(conn, code, reason)
        # After the frames went out: a model told now may change the table again (a nested flush).
        changes, self.host.changes = self.host.changes, []
        for ch in changes:
            self.changed.emit(ch)
        if self.host.changed and self.data is not None:
            self.host.changed = False
            self._autosave()
        lobby = self.host.lobby()
        if lobby != self._lobby:
            self._lobby = lobby
            self.lobby_changed.emit()
        if self.host.started and self.host.session.live.over and not self._over:
            self._over = True
            self.game_over.emit()
        if not self._working and not self._thinking and self.host.work() is not None:
            self._working = True
            QTimer.singleShot(0, self._work)

    def _work(self) -> None:
        self._working = False
        seat = self.host.work()
        if seat is None or self._thinking:
            return
        if self.offload is None:
            self._call(self.host.decide, seat)
            return
        ask = self.host.ask(seat)
        if ask is None:
            return
        self._thinking = True
        self.offload(lambda: self.host.think(ask), lambda decision: self._answered(ask, decision), "game")

    def _answered(self, ask: Ask, decision) -> None:
        self._thinking = False
        self._call(self.host.answer, ask, decision)

    # -- the autosave ------------------------------------------------------------------------
    def _autosave(self) -> None:
        state = host_state.table_state(self.host)
        if self.offload is None:
            self._write(state)
            return
        with self._lock:
            self._latest, queued, self._queued = state, self._queued, True
        if not queued:
            self.offload(self._write_latest, None, "disk")

    def _write_latest(self) -> None:
        """On the disk lane: the newest snapshot (those made meanwhile were coalesced into it)."""
        with self._lock:
            state, self._latest, self._queued = self._latest, None, False
        if state is not None:
            self._write(state)

    def _write(self, state: dict) -> None:
        host_state.write(state, self.data)
        self.saves += 1
