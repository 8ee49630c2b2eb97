"""Invite servers…: which magic-wormhole mailbox server and transit relay invites go through.

Empty fields mean the public ones magic-wormhole's own tool uses (shown as the
fields' placeholders); README's *Invites across the internet* tells how to run
your own with the two existing server packages.  The dialog only checks the
shape of what is typed; the app keeps it in the settings.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout

from ..common.retranslate import Retranslating


class InviteServersDialog(Retranslating, QDialog):
    def __init__(self, parent=None, mailbox: str = "", relay: str = "", public: tuple[str, str] = ("", "")):
        """``mailbox``, ``relay``: the chosen ones ("" for the public ones, ``public``)."""
        super().__init__(parent)
        self.mailbox, self.relay = QLineEdit(mailbox, self), QLineEdit(relay, self)
        self.mailbox.setPlaceholderText(public[0])
        self.relay.setPlaceholderText(public[1])
        self.about = QLabel(self)
        self.about.setWordWrap(True)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.labels = [QLabel(self), QLabel(self)]
        form = QFormLayout()
        for label, field in zip(self.labels, (self.mailbox, self.relay)):
            label.setBuddy(field)
            form.addRow(label, field)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.use_public)
        layout = QVBoxLayout(self)
        layout.addWidget(self.about)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Invite servers"))
        self.about.setText(self.tr("Invites find your friend through a mailbox server and, when your computers "
                                   "cannot reach each other directly, pass the game through a transit relay. "
                                   "Neither can read the game: it is encrypted end to end. Leave a field empty "
                                   "for the public server."))
        self.labels[0].setText(self.tr("&Mailbox server:"))
        self.labels[1].setText(self.tr("Transit &relay:"))
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).setText(self.tr("Use the &public ones"))

    def use_public(self) -> None:
        self.mailbox.clear()
        self.relay.clear()

    def problems(self) -> list[str]:
        out = []
        mailbox, relay = self.mailbox.text().strip(), self.relay.text().strip()
        if mailbox and not mailbox.startswith(("ws://", "wss://")):
            out.append(self.tr("A mailbox server's address begins with ws:// or wss://."))
        if relay and not (relay.startswith("tcp:") and relay.rsplit(":", 1)[-1].isdigit()):
            out.append(self.tr("A transit relay's address is tcp:HOST:PORT."))
        return out

    def accept(self) -> None:
        problems = self.problems()
        self.problem.setText("\n".join(problems))
        if not problems:
            super().accept()

    def servers(self) -> tuple[str, str]:
        return self.mailbox.text().strip(), self.relay.text().strip()
