"""A ``TableHost`` served on a ``WsServer``, on the Qt event loop.

Messages go to the host as they arrive, what it answers goes out at once,
and the table is autosaved whenever it changed.  Computer seats (and seats
taken over) are decided one per event-loop turn, so a socket is never left
waiting behind a whole round of brains.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from . import host_state
from .protocol import dumps, error
from .table_host import TableHost
from .transport import MAX_CONNS, WsServer

TICK_MS = 200  # how often the takeover clock and the hello deadline are read


class HostService(QObject):
    lobby_changed = Signal()  # a seat's presence changed or the game started
    changed = Signal(object)  # Changes the host made (remote intents, the start): for a model on this screen
    game_over = Signal()

    def __init__(self, host: TableHost, data: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.host, self.data = host, data
        busy = dumps(error("too_many_connections", f"this table serves {MAX_CONNS} connections at most "
                           "(or fewer from one address): try again later"))
        self.server = WsServer(self, busy)
        # The hello deadline runs from the socket's accepting; the join-code limits count by its address.
        self.server.joined.connect(lambda conn: self._call(self.host.connect, conn, self.server.accepted_at[conn],
                                                           self.server.addresses[conn]))
        self.server.received.connect(lambda conn, msg: self._call(self.host.receive, conn, msg, time.monotonic()))
        self.server.left.connect(lambda conn: self._call(self.host.disconnect, conn, time.monotonic()))
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.timeout.connect(lambda: self._call(self.host.tick, time.monotonic()))
        self._tick.timeout.connect(lambda: self._call(self.host.sweep, time.monotonic()))
        self._working = False
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
        if self.host.changed and self.data is not None:
            # Saved before anything is sent: a welcome's new token is on disk before its player has it.
            self.host.changed = False
            host_state.save(self.host, self.data)
        out = self.host.drain()
        for conn, text in out.messages:
            self.server.send(conn, text)
        for conn, code, reason in out.closes:
            self.server.close(conn, code, reason)
        # After the frames went out: a model told now may change the table again (a nested flush).
        changes, self.host.changes = self.host.changes, []
        for ch in changes:
            self.changed.emit(ch)
        if self.host.changed and self.data is not None:  # what the model on this screen changed
            self.host.changed = False
            host_state.save(self.host, self.data)
        lobby = self.host.lobby()
        if lobby != self._lobby:
            self._lobby = lobby
            self.lobby_changed.emit()
        if self.host.started and self.host.session.live.over and not self._over:
            self._over = True
            self.game_over.emit()
        if not self._working and self.host.work() is not None:
            self._working = True
            QTimer.singleShot(0, self._work)

    def _work(self) -> None:
        self._working = False
        seat = self.host.work()
        if seat is not None:
            self._call(self.host.decide, seat)
