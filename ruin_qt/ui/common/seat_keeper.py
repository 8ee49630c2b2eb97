"""A joined table's seat, kept so it can be offered back after a restart.

``SeatKeeper`` writes a joining screen's seat (its address, seat and the
token of every welcome) to the app's store of joined tables, and forgets it
once the game is over or the host no longer knows the token.  The store is
the app's (``app.storage.joined_tables.JoinedTables``), handed down: ``tables()``,
``find(host, port)``, ``remember(host, port, seat, token, name, label)``,
``forget(host, port)`` and ``take_problem()``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ...session.views import LobbySeat

RETURN_RETRIES = 8  # a return attempt: about five seconds of "the table does not answer" before saying so


class SeatKeeper(QObject):
    problem = Signal(str)  # the seat could not be written down (a message for the player)

    def __init__(self, client, store, name: str = "", label: str = ""):
        """``client``: the table's client (``net.TableClient``: ``welcomed``, ``lobby_changed``,
        ``over``, ``failed``, ``where``, ``token``, ``record``)."""
        super().__init__(client)  # lives and dies with its client
        self.client, self.store, self.name, self.label = client, store, name, label
        self.seat = -1  # set by this run's first welcome
        self.replaces: tuple[str, int] | None = None  # the table's old address, forgotten at the first welcome
        # Reached through an invite: (host, port) it is kept under, and its way back (``back``, ``gen``,
        # ``mailbox``, ``relay``): the address is this computer's end of a wormhole, gone with this run.
        self.kept_as: tuple[str, int] | None = None
        self.invite: dict | None = None
        client.welcomed.connect(self._welcomed)
        client.lobby_changed.connect(self._lobby)
        client.over.connect(lambda _rec: self.forget())
        client.failed.connect(self._failed)

    def _welcomed(self, seat: int, _token: str) -> None:
        self.seat = seat
        self.keep()
        if self.replaces is not None:
            old, self.replaces = self.replaces, None
            self.store.forget(*old)

    def keep(self) -> None:
        if self.seat < 0 or not self.client.token or self.client.record is not None:  # over: nothing to keep
            return
        problem = self.store.remember(*self.where, self.seat, self.client.token, self.name, self.label,
                                      self.client.table.commitment or "", self.client.code or "", self.invite)
        if problem is not None:
            self.problem.emit(problem)

    @property
    def where(self) -> tuple[str, int]:
        return self.kept_as or self.client.where

    def way_back(self, gen: int) -> None:
        """The invite's way back moved to generation ``gen`` (the host restarted): kept so."""
        if self.invite is not None and self.invite.get("gen") != gen:
            self.invite = {**self.invite, "gen": gen}
            self.keep()

    def forget(self) -> None:
        problem = self.store.forget(*self.where)
        if problem is not None:
            self.problem.emit(problem)

    def _lobby(self, seats: tuple[LobbySeat, ...]) -> None:
        names = [s.name for s in seats]
        label = ", ".join(n for n in names if n)[:200]
        if label and label != self.label:
            self.label = label
            self.keep()

    def _failed(self, code: str, _message: str) -> None:
        # The seat was ours in this run and the host no longer knows it: nothing to return to
        # (unless another connection took the seat up since, with a newer token).  A return
        # attempt refused at once is the Join dialog's question for the player.
        if code == "bad_token" and self.seat >= 0:
            kept = self.store.find(*self.where)
            if kept is not None and kept.token == self.client.token:
                self.forget()
        elif code == "host_quit" and self.client.record is not None:
            self.forget()
