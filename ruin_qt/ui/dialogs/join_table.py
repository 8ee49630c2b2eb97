"""Game ▸ Join a table…: a table heard of on the local network, or an
address and a code typed by hand; above them, the tables this app joined and
has not seen end, each offered back with its seat's token (no code needed).
The last address and name typed are remembered.

The dialog only hands over what the player chose (``connect_requested`` with a
``JoinChoice``); the app builds the table's client (``app.tables``) and hands
it back (``start``).  The dialog follows it (its ``joined`` and ``failed``
signals) until the seat is taken, then hands it on (``joined``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtNetwork import QTcpSocket
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from ..common.retranslate import Retranslating
from ..common.seat_keeper import RETURN_RETRIES, SeatKeeper
from ..common.table_words import failure_text, return_failure, return_text, with_whom


@dataclass(frozen=True)
class JoinChoice:
    """Where to sit: the table's address, its join code, the player's name and
    the table's label; ``token``: a kept seat's, to return to it (no code);
    ``retries``: how often a return attempt knocks before saying so."""

    host: str
    port: int
    code: str
    name: str
    label: str = ""
    token: str | None = None
    retries: int | None = None  # None: the client's own default
    commitment: str | None = None  # a kept seat's deal commitment, as it was first told (the end's check)
    invite: bool = False  # ``code`` is a wormhole invite (no address): the app opens the wormhole first
    back: str = ""  # a return to an invite table: its seat's way back (then ``code`` is the table's join code)
    gen: int = 0  # the way back's generation last told
    servers: tuple[str, str] = ("", "")  # the invite servers that table was reached through ("": public)


INVITE = re.compile(r"\d+(-[a-z]+)+")  # a magic-wormhole code: "7-guitarist-revenge"


def is_invite(text: str) -> bool:
    return INVITE.fullmatch(text.strip().lower()) is not None


def parse_address(text: str) -> tuple[str, int] | None:
    """``HOST:PORT`` (or ``ws://HOST:PORT/``, ``[::1]:PORT``) as (host, port), or None."""
    where = text.strip().removeprefix("ws://").rstrip("/")
    host, _, port = where.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


class JoinTableDialog(Retranslating, QDialog):
    connect_requested = Signal(object)  # a JoinChoice: the app builds the client and hands it back (``start``)
    joined = Signal(object, int)  # the table's client, its seat: open the table's window
    servers_requested = Signal()  # the invite servers (mailbox, relay) to be chosen: the app asks

    def __init__(self, parent=None, browser=None, tables=None, settings=None, seated=frozenset()):
        """``browser``: tables heard of (``net.discovery.TableBrowser`` or a test's fake);
        ``tables``: the app's joined tables (see ``common.seat_keeper``); ``settings``: the
        app's settings (the last address and name), or None; ``seated``: the (host, port) of
        tables this app's windows sit at now (not offered: their seat is taken up already)."""
        super().__init__(parent)
        self.browser, self.store, self.settings, self.seated = browser, tables, settings, set(seated)
        self.client: Any = None  # the table's client while a join or a return is under way (net's: not imported)
        self.returning = None  # the kept table a return attempt is for
        self.returning_at: tuple[str, int] = ("", 0)  # where it is tried
        self._probe: QTcpSocket | None = None  # asks whether the last address answers (``_fill_if_answering``)
        self.picked_name = ""  # the table's name as heard on the network, its label until the lobby names it
        self.return_label = QLabel(self)
        self.return_buttons: list[QPushButton] = []
        self.returns = QVBoxLayout()
        self.forget_button = QPushButton(self)  # after a failed return: let that table go
        self.forget_button.clicked.connect(self.forget_returning)
        self.forget_button.setVisible(False)
        self.tables = QListWidget(self)
        self.tables_label = QLabel(self)
        self.address, self.code, self.name = QLineEdit(self), QLineEdit(self), QLineEdit(self)
        self.name.setMaxLength(40)
        self.code.setMaxLength(64)  # a table's code (6) or an invite (a number and words)
        self.invite: Any = None  # the app's wormhole link while an invite is being opened (net's: not imported)
        self.join_button = QPushButton(self)
        self.join_button.setDefault(True)
        self.join_button.clicked.connect(self.join)
        self.servers_button = QPushButton(self)
        self.servers_button.clicked.connect(self.servers_requested)
        self.cancel_button = QPushButton(self)  # while an invite is being opened: give up on it at once
        self.cancel_button.clicked.connect(self.cancel_invite)
        self.cancel_button.setVisible(False)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.labels = [QLabel(self) for _ in range(3)]
        self.form = QFormLayout()
        for label, field in zip(self.labels, (self.address, self.code, self.name)):
            label.setBuddy(field)
            self.form.addRow(label, field)
        layout = QVBoxLayout(self)
        layout.addWidget(self.return_label)
        layout.addLayout(self.returns)
        layout.addWidget(self.tables_label)
        layout.addWidget(self.tables)
        layout.addLayout(self.form)
        buttons = QHBoxLayout()
        buttons.addWidget(self.join_button, 1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.servers_button)
        layout.addLayout(buttons)
        row = QHBoxLayout()
        row.addWidget(self.problem, 1)
        row.addWidget(self.forget_button)
        layout.addLayout(row)
        self.tables.currentItemChanged.connect(self._picked)
        if browser is not None:
            browser.found.connect(self.table_found)
            browser.lost.connect(self.table_lost)
        if settings is not None:
            address, name = settings.last_join()
            self.name.setText(name or settings.usual_name())
            self._fill_if_answering(address)
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Join a table"))
        self.tables_label.setText(self.tr("Tables on this network:"))
        self.tables.setAccessibleName(self.tr("Tables on this network"))
        for label, text in zip(self.labels, (self.tr("&Address:"), self.tr("Join &code or invite:"),
                                             self.tr("Your &name:"))):
            label.setText(text)
        self.code.setPlaceholderText(self.tr("K7PX3Q, or an invite such as 7-guitarist-revenge"))
        # Wide enough to read the hint whole: an invite is the one thing a friend far away types here.
        self.code.setMinimumWidth(self.code.fontMetrics().horizontalAdvance(self.code.placeholderText()) + 24)
        self.address.setPlaceholderText(self.tr("192.168.1.20:47214"))
        self.name.setPlaceholderText(self.tr("Player"))
        self.join_button.setText(self.tr("&Join"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.servers_button.setText(self.tr("Invite &servers…"))
        self.return_label.setText(self.tr("Tables you are playing at:"))
        self.forget_button.setText(self.tr("&Forget this table"))
        self.refresh_returns()

    # -- back to a kept table ---------------------------------------------------------------
    def kept_tables(self) -> list:
        if self.store is None:
            return []
        tables = self.store.tables()
        problem = self.store.take_problem()
        if problem:
            self.problem.setText(problem)
        return [t for t in tables if (t.host, t.port) not in self.seated]

    def refresh_returns(self) -> None:
        for b in self.return_buttons:
            self.returns.removeWidget(b)
            b.deleteLater()
        self.return_buttons = []
        for t in self.kept_tables():
            b = QPushButton(return_text(t), self)
            b.setToolTip(with_whom(t))
            b.clicked.connect(lambda _=False, t=t: self.return_to(t))
            b.setEnabled(self.client is None)
            self.returns.addWidget(b)
            self.return_buttons.append(b)
        self.return_label.setVisible(bool(self.return_buttons))

    def return_to(self, table, where: tuple[str, int] | None = None) -> bool:
        """Rejoin a kept table with its seat's token: the table's window opens on the seat, draft and all.
        ``where``: the table's new address (its host restarted on another port), typed by the player."""
        if self.client is not None or (table.host, table.port) in self.seated:
            return False
        self.returning = table
        self.returning_at = where or (table.host, table.port)
        self.forget_button.setVisible(False)
        if table.back:  # an invite table: its way back through the wormhole, however long the host takes
            self.problem.setText(self.tr("Returning to the table you were invited to…"))
            self.connect_requested.emit(JoinChoice("", 0, table.code, table.name, table.label, table.token,
                                                   RETURN_RETRIES, table.commitment or None, invite=True,
                                                   back=table.back, gen=table.gen,
                                                   servers=(table.mailbox, table.relay)))
            return self.client is not None or self.invite is not None
        self.problem.setText(self.tr("Returning to the table at %1…").replace("%1", self._returning_address()))
        client = self._connect(JoinChoice(*self.returning_at, table.code, table.name, table.label, table.token,
                                          RETURN_RETRIES, table.commitment or None))
        if client is None:
            return False
        keeper = getattr(client, "seat_keeper", None)
        if keeper is not None and self.returning_at != (table.host, table.port):
            keeper.replaces = (table.host, table.port)  # kept from now on at its new address
        return True

    def _returning_address(self) -> str:
        host, port = self.returning_at
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def moved_table(self, where: tuple[str, int]):
        """A kept table on that computer, at another port (its host restarted elsewhere), or None."""
        tables = self.store.tables() if self.store is not None else []
        return next((t for t in tables if t.host == where[0] and t.port != where[1]), None)

    def forget_returning(self) -> None:
        table, self.returning = self.returning, None
        if table is not None and self.store is not None:
            problem = self.store.forget(table.host, table.port)
            gone = self.tr("The table you were invited to is forgotten.") if table.back else \
                self.tr("The table at %1 is forgotten.").replace("%1", table.address)
            self.problem.setText(problem or gone)
        self.forget_button.setVisible(False)
        self.refresh_returns()

    def _fill_if_answering(self, address: str) -> None:
        """The last address typed, filled in only once something answers there: a table closed since
        would be offered as if open (its host gone, or moved to another port)."""
        where = parse_address(address)
        if where is None:
            return
        # Told by the dialog's own slots: a socket deleted from a closure its own signal held (so the
        # closure held the socket's wrapper) crashed PySide when Qt delivered the deferred delete.
        self._probe, self._probed = QTcpSocket(self), address
        self._probe.connected.connect(self._probe_answered)
        self._probe.errorOccurred.connect(self._probe_done)
        self._probe.connectToHost(*where)

    def _probe_answered(self) -> None:
        if not self.address.text().strip():
            self.address.setText(self._probed)
        self._probe_done()

    def _probe_done(self) -> None:
        if self._probe is not None:
            probe, self._probe = self._probe, None
            probe.abort()
            probe.deleteLater()

    def table_found(self, key: str, name: str, host: str, port: int) -> None:
        """A table heard of (and answering): listed once, by its name and its address, the newest first."""
        address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self.table_lost(key, address)
        item = QListWidgetItem(self.tr("%1 (%2)").replace("%1", name).replace("%2", address))
        item.setData(Qt.ItemDataRole.UserRole, (key, address))
        self.tables.insertItem(0, item)

    def table_lost(self, key: str, address: str | None = None) -> None:
        """The table ``key`` (and any other entry for ``address``: one table heard of twice) is gone."""
        for i in reversed(range(self.tables.count())):
            k, a = self.tables.item(i).data(Qt.ItemDataRole.UserRole)
            if k == key or a == address:
                self.tables.takeItem(i)

    def _picked(self, item) -> None:
        if item is not None:
            self.address.setText(item.data(Qt.ItemDataRole.UserRole)[1])
            self.picked_name = item.text()
            self.code.setFocus()

    def join(self) -> bool:
        if self.client is not None or self.invite is not None:
            return False  # a join or a return is under way
        if is_invite(self.code.text()):  # from anywhere: no address, the wormhole finds the table
            name = self.name.text().strip()
            self.returning = None
            self.forget_button.setVisible(False)
            self.problem.setText(self.tr("Opening the invite…"))
            self.connect_requested.emit(JoinChoice("", 0, self.code.text().strip().lower(), name, invite=True))
            return self.client is not None or self.invite is not None
        where = parse_address(self.address.text())
        if where is None:
            self.problem.setText(self.tr("Type the address the host shows, such as 192.168.1.20:47214."))
            return False
        if self.client is not None:
            return False  # a join or a return is under way
        moved = self.moved_table(where) if not self.code.text().strip() else None
        if moved is not None:  # no code: back to the seat kept at that computer, at its new address
            return self.return_to(moved, where)
        if not self.code.text().strip():
            self.problem.setText(self.tr("Type the join code the host shows."))
            return False
        name = self.name.text().strip()
        if self.settings is not None:
            self.settings.set_last_join(self.address.text(), name)
        self.returning = None
        self.forget_button.setVisible(False)
        self.problem.setText(self.tr("Joining…"))
        return self._connect(JoinChoice(*where, self.code.text(), name, self.picked_name)) is not None

    def _connect(self, choice: JoinChoice):
        """The player's choice handed over; the client the app started for it, or None."""
        self.connect_requested.emit(choice)
        return self.client

    def opening_invite(self, link) -> None:
        """The app is opening the wormhole of an invite (``link``): wait for its client (``start``) or its failure."""
        self.invite = link
        self.join_button.setEnabled(False)
        self.cancel_button.setVisible(True)
        for b in self.return_buttons:
            b.setEnabled(False)

    def invite_failed(self, message: str) -> None:
        self.invite = None
        self.problem.setText(message)
        self.cancel_button.setVisible(False)
        self.join_button.setEnabled(True)
        for b in self.return_buttons:
            b.setEnabled(True)

    def cancel_invite(self) -> bool:
        """Give up on the invite being opened: its helper is stopped, nothing it says is heard any more."""
        link = self.invite
        if link is None:
            return False
        if shiboken6.isValid(link):
            for obj in (link, *link.findChildren(QObject)):
                obj.blockSignals(True)  # no late answer (the mailbox's, the helper's) opens the table now
            link.stop()
            link.deleteLater()
        self.invite_failed(self.tr("The invite was not opened."))
        return True

    def start(self, client, choice: JoinChoice) -> None:
        """The app's client for ``choice`` (its parent: this dialog until the seat is taken): follow it."""
        name, label = choice.name, choice.label
        self.client, self.invite = client, None
        self.join_button.setEnabled(False)
        self.cancel_button.setVisible(False)
        for b in self.return_buttons:
            b.setEnabled(False)
        way = getattr(client, "invite_way", None)  # an invite's: kept under its way back, not its local address
        if self.store is not None and (way is not None or not choice.invite):
            # Every welcome's token is written down before the window opens.
            keeper = client.seat_keeper = SeatKeeper(client, self.store, name, label)
            keeper.invite, keeper.kept_as = way, getattr(client, "kept_as", None)
            keeper.problem.connect(self.problem.setText)
        client.joined.connect(self._joined)
        client.failed.connect(self._failed)
        client.start()

    def _joined(self, seat: int) -> None:
        """In: the client is handed over to whoever opens the table's window (this dialog keeps no hold on it)."""
        client, self.client = self.client, None
        if client is not None:
            client.joined.disconnect(self._joined)  # a rejoin's welcome is the table window's business
            client.failed.disconnect(self._failed)
            keeper = getattr(client, "seat_keeper", None)
            if keeper is not None:
                keeper.problem.disconnect(self.problem.setText)
            self.joined.emit(client, seat)

    def _failed(self, code: str, message: str) -> None:
        table = self.returning
        if table is not None and table.back:
            self.problem.setText(self.tr("The table you were invited to did not take you back: %1").replace(
                "%1", failure_text(code, message)))
            self.forget_button.setVisible(True)
        elif table is not None:
            self.problem.setText(return_failure(code, self._returning_address()))
            self.forget_button.setVisible(True)
        else:
            text = failure_text(code, message)
            where = parse_address(self.address.text())
            kept = self.store.find(*where) if code == "started" and self.store is not None and where else None
            if kept is not None:
                text += " " + self.tr("You have a seat there: use “%1” above.").replace("%1", return_text(kept))
            self.problem.setText(text)
        if self.client is not None:
            self.client.deleteLater()
        self.client = None
        self.join_button.setEnabled(True)
        for b in self.return_buttons:
            b.setEnabled(True)

    def done(self, result: int) -> None:
        if self.browser is not None:
            self.browser.stop()
        super().done(result)
