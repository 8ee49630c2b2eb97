"""Game ▸ Join a table…: a table heard of on the local network, or an
address and a code typed by hand."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from ...net.table_client import TableClient
from ..common.retranslate import Retranslating


def parse_address(text: str) -> tuple[str, int] | None:
    """``HOST:PORT`` (or ``ws://HOST:PORT/``, ``[::1]:PORT``) as (host, port), or None."""
    where = text.strip().removeprefix("ws://").rstrip("/")
    host, _, port = where.rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


class JoinTableDialog(Retranslating, QDialog):
    joined = Signal(object, int)  # the TableClient, its seat: open the table's window

    def __init__(self, parent=None, browser=None):
        """``browser``: tables heard of (``net.discovery.TableBrowser`` or a test's fake)."""
        super().__init__(parent)
        self.browser = browser
        self.client: TableClient | None = None
        self.tables = QListWidget(self)
        self.tables_label = QLabel(self)
        self.address, self.code, self.name = QLineEdit(self), QLineEdit(self), QLineEdit(self)
        self.name.setMaxLength(40)
        self.code.setMaxLength(12)
        self.join_button = QPushButton(self)
        self.join_button.setDefault(True)
        self.join_button.clicked.connect(self.join)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.labels = [QLabel(self) for _ in range(3)]
        self.form = QFormLayout()
        for label, field in zip(self.labels, (self.address, self.code, self.name)):
            label.setBuddy(field)
            self.form.addRow(label, field)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tables_label)
        layout.addWidget(self.tables)
        layout.addLayout(self.form)
        layout.addWidget(self.join_button)
        layout.addWidget(self.problem)
        self.tables.currentItemChanged.connect(self._picked)
        if browser is not None:
            browser.found.connect(self.table_found)
            browser.lost.connect(self.table_lost)
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Join a table"))
        self.tables_label.setText(self.tr("Tables on this network:"))
        for label, text in zip(self.labels, (self.tr("&Address:"), self.tr("Join &code:"), self.tr("Your &name:"))):
            label.setText(text)
        self.address.setPlaceholderText(self.tr("192.168.1.20:47214"))
        self.name.setPlaceholderText(self.tr("Player"))
        self.join_button.setText(self.tr("&Join"))

    def table_found(self, key: str, name: str, host: str, port: int) -> None:
        self.table_lost(key)
        item = QListWidgetItem(self.tr("%1 (%2)").replace("%1", name).replace("%2", f"{host}:{port}"))
        item.setData(Qt.ItemDataRole.UserRole, (key, f"{host}:{port}"))
        self.tables.addItem(item)

    def table_lost(self, key: str) -> None:
        for i in reversed(range(self.tables.count())):
            if self.tables.item(i).data(Qt.ItemDataRole.UserRole)[0] == key:
                self.tables.takeItem(i)

    def _picked(self, item) -> None:
        if item is not None:
            self.address.setText(item.data(Qt.ItemDataRole.UserRole)[1])
            self.code.setFocus()

    def join(self) -> bool:
        where = parse_address(self.address.text())
        if where is None:
            self.problem.setText(self.tr("Type the address the host shows, such as 192.168.1.20:47214."))
            return False
        if not self.code.text().strip():
            self.problem.setText(self.tr("Type the join code the host shows."))
            return False
        if self.client is not None:
            self.client.deleteLater()
        self.problem.setText(self.tr("Joining…"))
        self.join_button.setEnabled(False)
        client = self.client = TableClient(*where, self.code.text(), self.name.text().strip(), self)
        client.joined.connect(self._joined)
        client.failed.connect(self._failed)
        client.start()
        return True

    def _joined(self, seat: int) -> None:
        """In: the client is handed over to whoever opens the table's window (this dialog keeps no hold on it)."""
        client, self.client = self.client, None
        if client is not None:
            client.joined.disconnect(self._joined)  # a rejoin's welcome is the table window's business
            client.failed.disconnect(self._failed)
            self.joined.emit(client, seat)

    def _failed(self, code: str, message: str) -> None:
        from ..windows.net_table import failure_text

        self.problem.setText(failure_text(code, message))
        self.join_button.setEnabled(True)
        self.client = None

    def done(self, result: int) -> None:
        if self.browser is not None:
            self.browser.stop()
        super().done(result)
