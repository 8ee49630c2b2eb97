"""The public announcements (R12.2): the log of the whole game, newest last
and always in view, written in the current language (the events are kept,
their sentences are made when shown); and a short banner over the table
with what a round just brought."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QWidget

from ...model.game_model import GameModel
from ...session.facts import Event
from ..common import texts, tones
from ..common.retranslate import Retranslating

BANNER_KINDS = {"gem", "revealed", "escaped", "stage", "end"}  # what is worth a banner; discards only in the log


class AnnouncementLog(Retranslating, QListWidget):
    def __init__(self, model: GameModel, parent=None):
        super().__init__(parent)
        self.game = model  # not ``model``: the item view's own model()
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.entries: list[tuple[int, tuple[Event, ...]]] = []
        # A timer of the log's own: deleted with it (a singleShot's functor outlived a deleted log).
        self._scroll = QTimer(self)
        self._scroll.setSingleShot(True)
        self._scroll.setInterval(0)
        self._scroll.timeout.connect(self.scrollToBottom)
        model.game_started.connect(self.clear_entries)
        model.announced.connect(self.add_round)

    def clear_entries(self) -> None:
        self.entries = []
        self.clear()

    def lines(self, rnd: int, events, kinds=None, prefixed: bool = True) -> list[str]:
        """The sentences of one round's events (only ``kinds`` if given)."""
        names = self.game.public().names
        prefix = self.tr("Setup") if rnd == 0 else self.tr("Round %1").replace("%1", str(rnd))
        said = [t for e in events if kinds is None or e.kind in kinds
                if (t := texts.event_text(e, names))]
        if not said and rnd > 0 and kinds is None:
            said = [self.tr("Nothing to announce.")]
        if not prefixed:
            return said
        return [self.tr("%1: %2").replace("%1", prefix).replace("%2", t) for t in said]

    def news(self) -> list[str]:
        """The last round's announcements (for the hand-off cover)."""
        return self.lines(*self.entries[-1]) if self.entries else []

    def add_round(self, rnd: int, events) -> None:
        self.entries.append((rnd, tuple(events)))
        self.addItems(self.lines(rnd, events))
        self._follow()

    def _follow(self) -> None:
        # After the new rows are laid out, or the range is still the old one.
        self._scroll.start()
        self.scrollToBottom()

    def translate_ui(self) -> None:
        self.clear()
        for rnd, events in self.entries:
            self.addItems(self.lines(rnd, events))
        self._follow()

    def wheelEvent(self, event) -> None:
        super().wheelEvent(event)
        event.accept()  # past its end the wheel stops here, not in the panel around it


class RoundBanner(Retranslating, QLabel):
    """What a round brought, shown over the sheet for a few seconds.  It lets
    every click through and goes as soon as the next round is played."""

    SHOW_MS = 4500

    def __init__(self, model: GameModel, log: AnnouncementLog, parent: QWidget):
        super().__init__(parent)
        self.model, self.log = model, log
        self.setObjectName("round_banner")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        tones.follow(self, tones.inverse_chip("border-radius: 8px; padding: 8px 14px;"))  # its size: View > Text size
        self.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self._shown: tuple[int, tuple[Event, ...]] | None = None
        model.announced.connect(self.show_round)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.fontChanged.connect(self._font_changed)
        model.game_started.connect(self.hide)
        parent.installEventFilter(self)

    def _font_changed(self, *_) -> None:
        if self.isVisible():
            self._render()  # View > Text size while it shows: a label with its own font is told no other way

    def eventFilter(self, obj, event) -> bool:
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize and self.isVisible():
            self.place()
        return False

    def show_round(self, rnd: int, events) -> None:
        events = tuple(events)
        self._shown = (rnd, events)
        self._render()

    def _render(self) -> None:
        if self._shown is None:
            return
        rnd, events = self._shown
        lines = self.log.lines(rnd, events, BANNER_KINDS, prefixed=False)
        if any(e.kind == "stage" for e in events):
            v = self.model.view()  # a seat's square bonus is its own (R12.1): the viewer's only
            if v is not None and v.score is not None and v.score.square1 is not None:
                lines.append(self.tr("Your first square bonus: %1 VP.").replace("%1", str(v.score.square1)))
        if not lines:
            self.hide()
            return
        # The round just played is over; the round now played is named as the
        # title bar names it (one source: the public view), so a stage change
        # never reads "Round 16: stage 2 begins" under a title saying round 17.
        p = self.model.public()
        if p.phase == "play":
            lines.append(self.tr("Now: %1.").replace("%1", texts.now_playing(p)))
        from html import escape  # with its entity table: imported when a round first ends

        self.setFont(QApplication.font())  # a styled label keeps the font it was made with: View > Text size
        self.setText("<b>" + escape(texts.round_over(rnd)) + "</b><br>" + "<br>".join(map(escape, lines)))
        self.place()
        self.show()
        self.raise_()
        self._timer.start(self.SHOW_MS)

    def place(self) -> None:
        parent = self.parentWidget()
        assert parent is not None  # made on the sheet's view
        width = min(parent.width() - 40, 460)
        self.setFixedWidth(max(width, 200))
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, parent.height() - self.height() - 16)  # clear of the top rows

    def translate_ui(self) -> None:
        if self.isVisible():
            self._render()
