"""What the table says to a screen reader (issue 65): announcements sent to
assistive technology as they happen (Qt's ``QAccessibleAnnouncementEvent``,
which the AT-SPI bridge passes to Orca and UI Automation to NVDA), polite for
news, assertive for what the player asked or did wrong.

``said`` lets the window keep them too (the live status line) and a test
hear them without a screen reader."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent


class Speaker(QObject):
    said = Signal(str, bool)  # the words, assertive

    def __init__(self, source: QObject, parent: QObject | None = None):
        super().__init__(parent or source)
        self.source = source  # the object the announcements come from (the window)

    def answer(self, text: str) -> None:
        """What the player asked to hear (a read key): assertive."""
        self.say(text, assertive=True)

    def say(self, text: str, assertive: bool = False) -> None:
        text = " ".join(text.split())
        if not text:
            return
        self.said.emit(text, assertive)
        if QAccessible.isActive():
            event = QAccessibleAnnouncementEvent(self.source, text)
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if assertive
                                else QAccessible.AnnouncementPoliteness.Polite)
            QAccessible.updateAccessibility(event)
