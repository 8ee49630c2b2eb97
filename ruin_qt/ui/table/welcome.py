"""The first screen: what the Game and Help menus start with, so a newcomer
need not find the menus first."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..common.retranslate import Retranslating


class WelcomePage(Retranslating, QWidget):
    return_requested = Signal()  # back to the table across laptops kept from an earlier run

    def __init__(self, parent=None):
        super().__init__(parent)
        self.return_button = QPushButton(self)  # shown only while a joined table is kept
        self.return_button.setVisible(False)
        self.return_button.clicked.connect(self.return_requested)
        self.title = QLabel(self)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # At a first start the page itself points to the tutorial: no
        # separate question box asks what its first button already offers.
        self.newcomer = QLabel(self)
        self.newcomer.setObjectName("welcome_newcomer")
        self.newcomer.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.newcomer.setWordWrap(True)
        self.newcomer.setVisible(False)
        self.tutorial_button = QPushButton(self)
        self.new_button = QPushButton(self)
        self.daily_button = QPushButton(self)
        self.open_button = QPushButton(self)
        self.rules_button = QPushButton(self)
        self.new_button.setDefault(True)
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        lay.addWidget(self.title)
        lay.addSpacing(16)
        lay.addWidget(self.newcomer)
        lay.addSpacing(6)
        col = QVBoxLayout()
        for b in (self.return_button, self.tutorial_button, self.new_button, self.daily_button, self.open_button,
                  self.rules_button):
            b.setMinimumSize(260, 40)
            col.addWidget(b)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addLayout(col)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(2)
        self.translate_ui()

    def bind(self, new, daily, open_, rules, tutorial) -> None:
        """Each button does whatever its menu item does."""
        for button, action in ((self.new_button, new), (self.daily_button, daily), (self.open_button, open_),
                               (self.rules_button, rules), (self.tutorial_button, tutorial)):
            button.clicked.connect(action.trigger)
            action.changed.connect(lambda b=button, a=action: b.setToolTip(a.toolTip()))
            button.setToolTip(action.toolTip())

    def greet_newcomer(self) -> None:
        """A first start: the tutorial is the button Enter presses, and a line says so."""
        self.newcomer.setVisible(True)
        self.new_button.setDefault(False)
        self.tutorial_button.setDefault(True)
        self.tutorial_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_return(self, text: str, tip: str = "") -> None:
        """The return offer's words ("" hides the button)."""
        self.return_button.setText(text)
        self.return_button.setToolTip(tip)
        self.return_button.setVisible(bool(text))

    def translate_ui(self) -> None:
        self.title.setText(self.tr("<h1>In the Ruin</h1><p>Draw the ruin, collect gems, escape in time.</p>"))
        self.new_button.setText(self.tr("New Game…"))
        self.daily_button.setText(self.tr("Daily Challenge"))
        self.open_button.setText(self.tr("Open Game…"))
        self.rules_button.setText(self.tr("Rules Summary…"))
        self.tutorial_button.setText(self.tr("Tutorial: learn by playing"))
        self.newcomer.setText(self.tr("New here? Start with the tutorial: one short guided game."))
