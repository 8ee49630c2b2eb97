"""The tutorial's pieces on screen: the lesson panel above the side panel
(Leave and Skip on the left, Next on the right), its buttons that take a
double click as one click, and the outline around what a lesson is about.
``tutorial.Tutorial`` decides the lessons; ``tutorial.TutorialHost`` puts
these on the window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from ..common import tones
from ..common.phrases import PhraseLabel, keep_phrases
from ..common.retranslate import Retranslating


class Highlight(QWidget):
    """A bright outline around what a lesson is about; clicks go through it.
    A target in the scrolling side panel is scrolled into view first, and the
    outline follows the panel's scrolling, within its viewport."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)  # a plain widget draws its style sheet's frame so
        self.hide()
        tones.follow(self, tones.outline("attention"))
        self.target: QWidget | None = None
        self._area: QScrollArea | None = None  # the scroll area the target is in, if any

    def follow(self, target: QWidget | None) -> None:
        for watched in (self.target, *self._scrolled()):
            if watched is not None:
                watched.removeEventFilter(self)
        self.target = target
        if target is None or not target.isVisible():
            self._area = None
            self.hide()
            return
        self._area = self._scroll_area(target)
        for watched in (target, *self._scrolled()):
            watched.installEventFilter(self)
        self._reveal()
        QTimer.singleShot(0, self, self._reveal)  # again once the lesson's panel is laid out above the column
        self.show()
        self.raise_()

    def _scroll_area(self, target: QWidget) -> QScrollArea | None:
        """The scroll area between the target and this outline's window, if any."""
        w = target.parentWidget()
        while w is not None and w is not self.parentWidget():
            if isinstance(w, QScrollArea) and (content := w.widget()) is not None and content.isAncestorOf(target):
                return w
            w = w.parentWidget()
        return None

    def _scrolled(self) -> tuple[QWidget, ...]:
        """What moves the target in view without moving it in its parent: the scrolled
        content (a scroll moves it) and the viewport (a new size)."""
        area = self._area
        content = area.widget() if area is not None else None
        return () if area is None or content is None else (content, area.viewport())

    def _reveal(self) -> None:
        if self._area is not None and self.target is not None and self.target.isVisible():
            self._area.ensureWidgetVisible(self.target, 0, 8)
        self._place()

    def _place(self) -> None:
        t = self.target
        if t is None:
            return
        parent = self.parentWidget()
        assert parent is not None  # made on the window, never moved off it
        top_left = t.mapTo(parent, t.rect().topLeft())
        rect = QRect(top_left.x() - 4, top_left.y() - 4, t.width() + 8, t.height() + 8)
        if self._area is not None:  # never drawn over what lies around the scrolling panel
            viewport = self._area.viewport()
            rect = rect.intersected(QRect(viewport.mapTo(parent, viewport.rect().topLeft()), viewport.size()))
        self.setGeometry(rect)

    def eventFilter(self, obj, event) -> bool:
        moved = event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show)
        if moved and (obj is self.target or obj in self._scrolled()):
            self._place()
        if obj is self.target and event.type() == QEvent.Type.Hide:
            self.hide()
        return False


class StepButton(QPushButton):
    """Next and Skip: a double click is one click.  The lesson after the one
    clicked on is never passed over by the second half of a double click."""

    def mouseDoubleClickEvent(self, event) -> None:
        event.accept()  # not a second press (QWidget's default): no second clicked()


class TutorialPanel(Retranslating, QFrame):
    """The lesson in words, above the side panel, with Leave and Skip on the
    left and Next on the right: never on the same spot, so a click meant for
    one never lands on the other when a new lesson comes up."""

    def __init__(self, tutorial, parent=None):
        """``tutorial``: the ``tutorial.Tutorial`` whose lessons it shows."""
        super().__init__(parent)
        self.tutorial = tutorial
        self.setObjectName("tutorial_panel")
        self.hide()  # shown when a lesson starts
        tones.follow(self, tones.callout("attention"))
        self.title = QLabel(self)
        self.text = PhraseLabel(self)  # word-wrapped: Japanese breaks between phrases
        self.text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # Beside the title: "✓ Done" once a lesson's action is done and it waits for Next; after a Skip,
        # that the lesson before was skipped.
        self.done_label = QLabel(self)
        self.next_button = StepButton(self)
        self.skip_button = StepButton(self)
        self.leave_button = QPushButton(self)
        for b in (self.next_button, self.skip_button, self.leave_button):
            b.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # the sheet keeps the keys
        self.next_button.clicked.connect(tutorial.next)
        self.skip_button.clicked.connect(tutorial.skip)
        self.leave_button.clicked.connect(tutorial.leave)
        heading = QHBoxLayout()
        heading.addWidget(self.title, 1)
        heading.addWidget(self.done_label)
        row = QHBoxLayout()
        row.addWidget(self.leave_button)
        row.addWidget(self.skip_button)
        row.addStretch(1)
        row.addWidget(self.next_button)
        lay = QVBoxLayout(self)
        lay.addLayout(heading)
        lay.addWidget(self.text)
        lay.addLayout(row)
        tutorial.step_changed.connect(lambda *_: self.translate_ui())
        tutorial.model.turn_changed.connect(self._show_words)  # what the sheet shows now may change them
        self.translate_ui()

    def lesson(self, key: str) -> str:
        texts = {
            "welcome": self.tr(
                "Welcome to In the Ruin! You draw a ruin on your map sheet, walk your adventurer to lettered "
                "destinations for gems, link letters for objective cards and escape before the ruin collapses. "
                "This guided game teaches you by doing; skip any step you already know."),
            "keep": self.tr(
                "Setup. You were dealt four objective cards: keep two (tick them). Each scores 15 VP at the end "
                "if roads join its two letters."),
            "first_road": self.tr(
                "Pick one of your explore cards and draw it as roads ○ so that it covers the exit (the framed "
                "cell with a door, in the middle). Move the piece with the mouse, turn it with R or the wheel, "
                "mirror it with F or a right click, and click to draw."),
            "other_pieces": self.tr(
                "Solo, two cards become roads and two become walls ■. Draw your second road card touching your "
                "roads, then your two wall cards touching what you drew."),
            "confirm_setup": self.tr("Keep two objective cards if you have not yet, then confirm your setup."),
            "line": self.tr(
                "The line: three face-up explore cards. The highlighted one, farthest from the deck, is the "
                "active card: this round everyone draws its piece, and its number is how far you may walk."),
            "illegal": self.tr(
                "Try a placement that breaks a rule: one that makes a 2×2 block of roads, or that touches no "
                "cell filled before this round. The piece is shown crossed out and hatched; click it anyway and the "
                "status bar says why."),
            "draw_roads": self.tr(
                "Now draw the active card as roads ○ (action A), touching your earlier cells. Space switches to "
                "walls ■ (action B)."),
            "move": self.tr(
                "Walk: the shaded cells show where your adventurer can go this round; the number in a corner is how "
                "many steps it takes. Click one."),
            "confirm": self.tr("Confirm your step 1 (Confirm, or Ctrl+Enter). The round is played."),
            "gem": self.tr(
                "End a move on an active destination (a letter on a filled chip, its cell framed) to collect a gem: "
                "10 VP and an objective "
                "card. Its letter is done, and a new destination is revealed. Play until you collect one — the "
                "Hint button shows what the Expert would do."),
            "route": self.tr(
                "Point at one of your objective cards (below): its two letters are ringed on the map and the best "
                "road between them is drawn."),
            "action_c": self.tr(
                "When the active card fits nowhere useful, action C draws one wall next to your cells instead, "
                "at the cost of a penalty (−10 VP). Try it once: click “Action C” and then a cell."),
            "special": self.tr(
                "Special actions: once a round you may pay an objective card for +1 cell (one more road or wall) "
                "or a warp between gates. Try +1 cell: click “Special: +1 cell…”, pay with the card offered (the "
                "cheapest), then draw the cell."),
            "stage2": self.tr(
                "Play on. When the line runs out, stage 1 ends: your largest filled rectangle scores its square "
                "bonus (a traced letter that is not a road breaks it), and stage 2 begins."),
            "escape": self.tr(
                "Stage 2: walk back to the exit and escape (the Escape button on the exit) before the ruin "
                "collapses — solo, escaping scores 30 VP, staying costs 20. Escaping ends your game."),
            "end": self.tr(
                "That is the whole game! Your final score is on the sheet: squares, gems, honour and routes. "
                "Ready for a real game? Game ▸ New Game, or try the Daily Challenge: everyone gets the same "
                "cards today, and the goal is 300 VP."),
        }
        return texts[key]

    def first_draw(self) -> str:
        """The walk's lesson with, first, what to do before the sheet shows its shading."""
        return self.tr("%1 %2", "a sentence before a lesson").replace(
            "%1", self.tr("First draw the active card: the shading shows once it is drawn.")).replace(
            "%2", self.lesson("move"))

    def words(self) -> str:
        """The lesson shown now.  The walk's lesson, while the active card is still
        to draw (the lesson before it skipped), first says so: no shading yet."""
        t = self.tutorial
        key = t.current().key
        return self.first_draw() if key == "move" and t.model.step() == "draw" else self.lesson(key)

    def _show_words(self, *args) -> None:
        if not self.tutorial.over:
            self.text.setText(self.words())

    def translate_ui(self) -> None:
        t = self.tutorial
        self.next_button.setText(self.tr("Next"))
        self.skip_button.setText(self.tr("Skip this step"))
        self.leave_button.setText(self.tr("Leave the tutorial"))
        self.leave_button.setToolTip(self.tr("The game goes on; Help ▸ Tutorial takes the lessons up again"))
        if t.over:
            self.hide()
            return
        step = t.current()
        self.title.setText("<b>" + self.tr("Tutorial — step %1 of %2").replace("%1", str(t.index + 1))
                           .replace("%2", str(len(t.steps))) + "</b>")
        self._show_words()
        reading = t.waits_for_next()
        self.next_button.setVisible(reading)
        self.skip_button.setVisible(not reading)
        if t.complete:
            self.done_label.setText(self.tr("✓ Done"))
        elif t.skipped is not None:
            self.done_label.setText(self.tr("Step %1 skipped").replace("%1", str(t.skipped + 1)))
        else:
            self.done_label.setText("")
        if step.key == "end":
            self.next_button.setText(self.tr("Finish"))
        self._fix_height()

    def _fix_height(self) -> None:
        """Room for the longest lesson at this width: the box keeps its size from
        step to step, and what lies below it never moves under the pointer."""
        width = self.text.width() if self.text.width() > 50 else max(self.width() - 24, 200)
        metrics = self.text.fontMetrics()
        flags = int(Qt.TextFlag.TextWordWrap)
        every = [self.lesson(s.key) for s in self.tutorial.steps] + [self.first_draw()]
        tallest = max(metrics.boundingRect(0, 0, width, 100000, flags, keep_phrases(text)).height() for text in every)
        self.text.setFixedHeight(tallest + metrics.lineSpacing() // 2)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._fix_height()
