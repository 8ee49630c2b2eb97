"""Back in your seat after a restart: a joined table's seat is kept, and offered back.

``SeatKeeper`` writes a joining screen's seat (its address, seat and the
token of every welcome) to the app's store of joined tables, and forgets it
once the game is over or the host no longer knows the token.  The store is
the app's (``app.storage.joined_tables.JoinedTables``), handed down: ``tables()``,
``find(host, port)``, ``remember(host, port, seat, token, name, label)``,
``forget(host, port)`` and ``take_problem()``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QMessageBox

from ..common.on_screen import centre_on
from ..dialogs import boxes

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
        problem = self.store.remember(*self.client.where, self.seat, self.client.token, self.name, self.label,
                                      self.client.table.commitment or "", self.client.code or "")
        if problem is not None:
            self.problem.emit(problem)

    def forget(self) -> None:
        problem = self.store.forget(*self.client.where)
        if problem is not None:
            self.problem.emit(problem)

    def _lobby(self, lobby: dict) -> None:
        names = [str(s.get("name", "")) for s in lobby.get("seats", []) if isinstance(s, dict)]
        label = ", ".join(n for n in names if n)[:200]
        if label and label != self.label:
            self.label = label
            self.keep()

    def _failed(self, code: str, _message: str) -> None:
        # The seat was ours in this run and the host no longer knows it: nothing to return to
        # (unless another connection took the seat up since, with a newer token).  A return
        # attempt refused at once is the Join dialog's question for the player.
        if code == "bad_token" and self.seat >= 0:
            kept = self.store.find(*self.client.where)
            if kept is not None and kept.token == self.client.token:
                self.forget()
        elif code == "host_quit" and self.client.record is not None:
            self.forget()


def return_text(table) -> str:
    """"Return to the table at ADDRESS (seat N)" for a kept table."""
    return QCoreApplication.translate("TableReturn", "Return to the table at %1 (seat %2)").replace(
        "%1", table.address).replace("%2", str(table.seat + 1))


def with_whom(table) -> str:
    return QCoreApplication.translate("TableReturn", "At the table: %1").replace("%1", table.label) \
        if table.label else ""


def return_failure(code: str, address: str) -> str:
    """A return attempt that did not get the seat back, in plain words."""
    if code == "bad_token":
        text = QCoreApplication.translate(
            "TableReturn", "The table at %1 no longer knows your seat: its game is over, or the host opened a new "
                           "table there.")
    elif code == "gone":
        text = QCoreApplication.translate(
            "TableReturn", "The table at %1 does not answer: the host may have closed it, or its computer is off or "
                           "on another network.")
    else:
        from .net_table import failure_text

        return failure_text(code, "")
    return text.replace("%1", address)


def offer_at_start(parent, store, choose: Callable[[object], None], then: Callable[[], None]) -> bool:
    """At start-up: the newest table kept is offered back (Return, Not now, Forget),
    apart from any local game; ``then()`` once it is answered.  False if none is kept."""
    tables = store.tables() if store is not None else []
    problem = store.take_problem() if store is not None else None
    if problem:
        parent.warn(problem)
    if not tables:
        return False
    table = tables[0]
    Button = QMessageBox.StandardButton
    title = QCoreApplication.translate("TableReturn", "Return to the table")
    text = QCoreApplication.translate(
        "TableReturn", "You were playing at a table across laptops: %1, seat %2. Return to your seat?").replace(
        "%1", table.address).replace("%2", str(table.seat + 1))
    if table.label:
        text += "\n" + with_whom(table)

    def answered(r: int) -> None:
        if r == Button.Yes:
            choose(table)
        elif r == Button.Discard:
            store.forget(table.host, table.port)
        then()

    box = boxes.message(parent, QMessageBox.Icon.Question, title, text, Button.Yes | Button.No | Button.Discard,
                        answered, default=Button.Yes, escape=Button.No)
    box.setObjectName("table_return_offer")
    box.button(Button.Yes).setText(return_text(table))
    box.button(Button.No).setText(QCoreApplication.translate("TableReturn", "Not now"))
    box.button(Button.Discard).setText(QCoreApplication.translate("TableReturn", "Forget this table"))
    centre_on(box, parent)  # at start-up the window is placed after the box opens: it follows
    return True
