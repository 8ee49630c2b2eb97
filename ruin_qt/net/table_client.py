"""A joining screen's connection to a hosted table, on the Qt event loop.

A ``ClientCore`` (hello with the code, later -- or from the start, when the
app kept it -- with its seat's token; retries)
that feeds the host's state frames to a ``RemoteTable`` and sends that
table's gestures as intents.  Every answer to an intent settles it there,
refusals and errors included; the host's own words (a refusal, the host
leaving) are passed on as they came.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..rules.deal import commitment_of
from .client_core import RETRIES, ClientCore
from .contents import deal_json
from .messages import Closing, Done, Error, HostMessage, Lobby, Over, Refused, State, Welcome
from .remote_table import RemoteTable


class TableClient(ClientCore):
    joined = Signal(int)  # this screen's seat
    welcomed = Signal(int, str)  # every welcome: the seat and its token (the one to keep: a rejoin may change it)
    lobby_changed = Signal(object)  # the lobby's seats: a tuple of session.views.LobbySeat
    refused = Signal(str, str, str)  # rule id, reason code, message: the host refused a gesture
    failed = Signal(str, str)  # error code, the host's message: joining failed or the table is gone
    over = Signal(object)  # the game's record, once it is over
    frame_received = Signal(object)  # every message from the host, as parsed (a spy's hook for tests)

    def __init__(self, host: str, port: int, code: str, name: str = "", parent: QObject | None = None,
                 token: str | None = None, retries: int = RETRIES, commitment: str | None = None):
        """``token``: a seat's token kept from an earlier run, to rejoin without the code;
        ``retries``: how often a dropped line is tried again before ``failed("gone")``;
        ``commitment``: the deal's, as that earlier run was first told it (the end's check holds to it)."""
        super().__init__(host, port, code, name or None, retries=retries, parent=parent)
        self.token = token or None
        self.table = RemoteTable(self.send_intent)
        self.table.commitment = commitment or None
        self.record: dict | None = None
        self._started = False  # a state came: the game has begun (before it, a dropped seat is open again)

    def may_retry(self) -> bool:
        return self.token is not None and self.record is None

    def reconnecting(self) -> None:
        self.table.forget_pending()

    def lost(self, code: int, reason: str) -> None:
        if self.record is None:
            self.failed.emit("gone", reason)

    def handle(self, msg: HostMessage) -> None:
        self.frame_received.emit(msg)
        if isinstance(msg, Welcome):
            if self.table.commitment is None:  # the first one told: a host cannot change it later
                self.table.commitment = commitment_of(deal_json(msg.deal))
            self.welcomed.emit(msg.seat, msg.token)  # kept before anything else happens
            self.joined.emit(msg.seat)
        elif isinstance(msg, Lobby):
            self.lobby_changed.emit(msg.seats)
        elif isinstance(msg, State):
            self._started = True
            self.table.receive(msg)  # its changes told to the table's watchers (a model)
        elif isinstance(msg, (Done, Refused, Error)) and msg.id is not None:
            self.table.answered(msg.id, refused=not isinstance(msg, Done))
            if isinstance(msg, Refused):
                self.refused.emit(msg.rule, msg.code, msg.message)
        if isinstance(msg, Over):
            self.record = msg.record.json
            self.table.finish(self.record, msg.deal, msg.ended == "host")  # every final sheet, the deal's check
            self.over.emit(self.record)
        elif isinstance(msg, Closing):
            self._closed = self._closed or self.record is not None
            self.failed.emit("host_quit", msg.message)
        elif isinstance(msg, Error):
            if msg.code == "bad_token" and not self._started and self.peer is not None and self.code \
                    and self.seat is not None:  # (a return from an earlier run: the seat is gone, say so)
                # The line dropped in the lobby and freed the seat: join again with the code, asking for it.
                self._closed, self.token, self.wanted_seat = False, None, self.seat
                self._hello()
                return
            self.failed.emit(msg.code, msg.message)
