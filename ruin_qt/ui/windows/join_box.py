"""While a hosted table waits for its players, its window shows how to join it:
the join code and this computer's addresses, with a button that copies both.
The Host dialog shows them too, but the table's window
opens over it, saying only "waiting for a player"."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton

from ..common import text_size, tones
from ..common.retranslate import Retranslating


class JoinBox(Retranslating, QFrame):
    copied = Signal(str)  # what was put on the clipboard

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("join_box")
        self.code_text, self.addresses = "", []
        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        self.code = QLabel(self)
        self.code.setObjectName("table_join_code")
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text_size.emphasised(self.code, 1.6)
        self.address = QLabel(self)
        self.address.setObjectName("table_join_address")
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_button = QPushButton(self)
        self.copy_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.copy_button.clicked.connect(self.copy)
        lay = QGridLayout(self)
        lay.addWidget(self.heading, 0, 0, 1, 2)
        lay.addWidget(self.code, 1, 0)
        lay.addWidget(self.copy_button, 1, 1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        lay.addWidget(self.address, 2, 0, 1, 2)
        lay.setColumnStretch(0, 1)
        tones.follow(self, tones.callout("attention"))
        self.hide()
        self.translate_ui()

    def show_join(self, code: str, addresses: list[str]) -> None:
        self.code_text, self.addresses = code, list(addresses)
        self.translate_ui()
        self.show()

    def _code_line(self) -> str:
        return self.tr("Join code: %1").replace("%1", self.code_text)

    def _address_line(self) -> str:
        return self.tr("Address: %1").replace("%1", ", ".join(self.addresses) or "?")

    def clip_text(self) -> str:
        """What Copy puts on the clipboard: both lines, to paste in a message to the players."""
        return self._code_line() + "\n" + self._address_line()

    def copy(self) -> None:
        text = self.clip_text()
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(text)

    def translate_ui(self) -> None:
        self.heading.setText(self.tr("Players on other computers join with Game ▸ Join a Table… and:"))
        self.code.setText(self._code_line())
        self.address.setText(self._address_line())
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the join code and the address, to send them to the players"))
