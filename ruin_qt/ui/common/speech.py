"""What the table says to a screen reader: announcements sent to assistive
technology as they happen, polite for news, assertive for what the player
asked or did wrong.

Two ways, so that the screen readers people have all speak them, once:
- Qt's ``QAccessibleAnnouncementEvent``, which the AT-SPI bridge passes to a
  current Orca and UI Automation to NVDA;
- for a Linux screen reader that does not listen for announcement events
  (Orca 43, Debian 12's), a notification in the window's status bar shown
  with the words as its name: Orca speaks a notification when it shows, and
  one in a status bar without its role name.  It is used only when the
  AT-SPI registry says that a reader listens and that none listens for
  announcements, so that no reader hears both.  (Orca 43 speaks a
  notification at once, polite news or not: it has no queue for them.)

``said`` lets the window keep them too and a test hear them without a
screen reader."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMainWindow, QStatusBar, QWidget

if TYPE_CHECKING:
    from .atspi_listeners import Listeners

NOTES_KEPT = 6  # shown notes kept alive: a reader busy with one still reads its own words, not the next one's
WAIT_MS, WAIT_SHOWN = 250, 40  # words said while the window is not shown yet wait for it, 10 s at most
RECHECK_S = 2.0  # how long the registry's answer is trusted: a screen reader can be started mid-game


class LiveNote(QWidget):
    """One announcement for an older screen reader: an invisible notification whose name is the words."""

    def __init__(self, parent: QWidget, text: str):
        super().__init__(parent)
        self.setObjectName("live_note")
        self.resize(0, 0)  # nothing to see: the words are on the bus only
        self.setAccessibleName(text)


def registered() -> Listeners | None:
    """Who listens on the accessibility bus (``atspi_listeners.registered``), its module imported when
    first asked: at the first words said on Linux, never at start-up."""
    from . import atspi_listeners

    return atspi_listeners.registered()


_factory: Callable[[str, QObject], object] | None = None  # installed once; held here, as Qt holds it


def _install_factory() -> None:
    global _factory
    if _factory is None:
        from PySide6.QtGui import QAccessible
        from PySide6.QtWidgets import QAccessibleWidget

        def accessible(key: str, obj: QObject):
            if isinstance(obj, LiveNote):
                return QAccessibleWidget(obj, QAccessible.Role.Notification, "")
            return None

        _factory = accessible
        QAccessible.installFactory(accessible)


class Speaker(QObject):
    said = Signal(str, bool)  # the words, assertive

    def __init__(self, source: QObject, parent: QObject | None = None):
        super().__init__(parent or source)
        self.source = source  # the object the announcements come from (the window)
        self.listeners = registered  # who listens on the bus (a test may stand in)
        self._known: tuple[float, Listeners | None] = (-RECHECK_S, None)
        self._pending: list[str] = []
        self._notes: list[LiveNote] = []
        self._bar: QStatusBar | None = None
        # Words said in one go (a round's news, then whose turn) become one note.
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._waited = 0
        self._flush.timeout.connect(self._tell_older_readers)

    def answer(self, text: str) -> None:
        """What the player asked to hear (a read key): assertive."""
        self.say(text, assertive=True)

    def say(self, text: str, assertive: bool = False) -> None:
        text = " ".join(text.split())
        if not text:
            return
        self.said.emit(text, assertive)
        # QAccessible's types imported when first said: making them and their enums is no start-up's work.
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        if QAccessible.isActive():
            event = QAccessibleAnnouncementEvent(self.source, text)
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if assertive
                                else QAccessible.AnnouncementPoliteness.Polite)
            QAccessible.updateAccessibility(event)
        if sys.platform.startswith("linux"):  # kept even before the bridge is up: it comes up after start-up
            self._pending.append(text)
            self._flush.start(0)

    def _needs_note(self) -> bool:
        at, known = self._known
        now = time.monotonic()
        if now - at >= RECHECK_S:
            known = self.listeners()
            self._known = (now, known)
        return known is not None and known.any and not known.announcements

    def _tell_older_readers(self) -> None:
        if isinstance(self.source, QWidget) and not self.source.isVisible() and self._waited < WAIT_SHOWN:
            self._waited += 1  # said before the window shows (a game opened at start): told once it does
            self._flush.start(WAIT_MS)
            return
        words, self._pending, self._waited = " ".join(self._pending), [], 0
        from PySide6.QtGui import QAccessible

        if not words or not isinstance(self.source, QWidget) or not QAccessible.isActive() or not self._needs_note():
            return
        _install_factory()
        note = LiveNote(self._status_bar(), words)
        note.show()  # the "showing" change Orca 43 speaks
        self._notes.append(note)
        while len(self._notes) > NOTES_KEPT:
            self._notes.pop(0).deleteLater()

    def _status_bar(self) -> QStatusBar:
        """The window's status bar (a notification there is spoken without "notification" before it)."""
        if isinstance(self.source, QMainWindow):
            return self.source.statusBar()
        if self._bar is None:
            assert isinstance(self.source, QWidget)
            self._bar = QStatusBar(self.source)  # laid out by nobody: an empty, unseen holder
            self._bar.setSizeGripEnabled(False)
            self._bar.setGeometry(0, 0, 0, 0)
            self._bar.show()
        return self._bar

    def forget(self) -> None:
        """Words said so far leave the bus: the notes go (a read key's answer told one seat's sheet,
        and in pass-and-play the next player must not find it).  Words still waiting (said with the
        hand-off, in the same pass of the event loop: the round's news) are still told."""
        for note in self._notes:
            note.hide()
            note.setAccessibleName("")
            note.deleteLater()
        self._notes = []

    def notes(self) -> list[str]:
        """The words of the notes shown for an older screen reader, oldest first."""
        return [n.accessibleName() for n in self._notes]
