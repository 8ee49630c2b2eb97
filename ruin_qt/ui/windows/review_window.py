"""Game review: the Expert's judgement of one seat's decisions, decision by
decision.  The review runs off the UI thread with a progress bar and can be
cancelled; the decision played and the Expert's choice are drawn side by
side; the expected final score is plotted over the rounds; a key moment, a
point of the curve or a row of the list jumps to its decision, and each says
what the Expert's choice gains (``review_words``).  The review starts when
the window opens; a review once made is kept (``cache``), so it opens again
at once."""

from __future__ import annotations

import html
import json

import pyqtgraph as pg  # noqa: E402 - after PySide6, so pyqtgraph binds to it
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut, QTextDocumentFragment
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ...model import reviews
from ...model.runner import Operation, Runner
from ..common import style, tones
from ..common.retranslate import Retranslating
from ..common.speech import Speaker
from ..sheet.board_access import BoardGrid
from ..sheet.sheet_drawing import SheetDrawing
from ..sheet.sheet_view import SheetView
from . import review_words as words

CATEGORY_COLOURS = {"best": "#1e8449", "good": "#52a35a", "unclear": "#7f8c8d", "inaccuracy": "#d4ac0d",
                    "mistake": "#e67e22", "blunder": "#c0392b"}
# Each category its own marker shape, not only its own colour (best, good
# and inaccuracy were one olive to a deuteranope); the curve's title keys them.
CATEGORY_SYMBOLS = {"best": "star", "good": "o", "unclear": "s", "inaccuracy": "d", "mistake": "t", "blunder": "x"}
CATEGORY_SIZES = {"best": 16, "inaccuracy": 14, "blunder": 14}
CATEGORY_GLYPHS = {"best": "★", "good": "●", "unclear": "■", "inaccuracy": "◆", "mistake": "▼", "blunder": "✖"}
BOARDS, WAITING = 0, 1  # the left side's pages: the review, or what to expect before it exists


class ReviewWindow(Retranslating, QWidget):
    @classmethod
    def show_new(cls, record: dict, seat: int, cache, parent, runner: Runner) -> ReviewWindow:
        """A window that goes with its closing (the app's windows open them so)."""
        w = cls(record, seat, cache, parent, runner=runner)
        w.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        w.show()
        w.raise_()  # in front of the final sheet it was asked from, and the one Escape closes
        w.activateWindow()
        return w

    def __init__(self, record: dict, seat: int, cache=None, parent=None, workers: int = 2, *, runner: Runner):
        """``cache``: an object with ``get(key) -> str | None`` and ``put(key, text)``
        (the app's ``GameKeeper.reviews``), or None.  ``runner``: the app's
        operation runner (its review lane, its worker processes)."""
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("review_window")
        self.record, self.seat, self.cache, self.workers = record, seat, cache, workers
        self.review: reviews.Review | None = None
        self.boards = reviews.Boards(record, seat)  # what each decision looks like on the seat's sheet
        self.index = 0
        self.runner = runner
        self._op: Operation | None = None
        self._opened = False  # the first show starts the review
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)  # a viewer window: Esc puts it away

        self.title = QLabel(self)
        self.start_button = QPushButton(self)
        self.start_button.clicked.connect(self.start)
        self.progress = QProgressBar(self)
        self.cancel_button = QPushButton(self)
        self.cancel_button.clicked.connect(self.cancel)
        for w in (self.progress, self.cancel_button):  # starting does not shift (and repaint) the window
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            w.setSizePolicy(policy)
        self.speaker = Speaker(self)  # the summary and each verdict, for a screen reader
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.moments = QListWidget(self)
        self.moments.setWordWrap(True)  # a key moment says why: a line of its own
        self.moments.itemClicked.connect(lambda item: self.go_to(item.data(Qt.ItemDataRole.UserRole)))
        self.decisions = QListWidget(self)
        self.decisions.setWordWrap(True)  # the loss and its error stay readable in a narrow column
        self.decisions.currentRowChanged.connect(self.go_to)
        tones.follow(self.decisions, tones.retint_items)
        self.curve = pg.PlotWidget(self)
        self.curve.setBackground("w")
        self.curve.setMinimumHeight(150)
        self.curve.scene().sigMouseClicked.connect(self._curve_clicked)
        self.drawings = [SheetDrawing(parent=self), SheetDrawing(parent=self)]
        self.views = [SheetView(d, self) for d in self.drawings]
        self.grids = [BoardGrid(v, d) for v, d in zip(self.views, self.drawings)]  # each board as a table
        self.captions = [QLabel(self), QLabel(self)]
        for c in self.captions:
            c.setWordWrap(True)
            c.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.why = QLabel(self)  # what the Expert's choice gains
        self.why.setWordWrap(True)
        self.waiting = QLabel(self)  # in place of empty boards and an empty chart
        self.waiting.setWordWrap(True)
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)

        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.start_button)
        top.addWidget(self.progress)
        top.addWidget(self.cancel_button)
        sheets = QGridLayout()
        for i in range(2):
            sheets.addWidget(self.captions[i], 0, i)
            sheets.addWidget(self.views[i], 1, i)
        left = QWidget(self)
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addLayout(sheets, 3)
        ll.addWidget(self.why)
        ll.addWidget(self.curve, 1)
        self.left = QStackedWidget(self)
        self.left.addWidget(left)
        self.left.addWidget(self.waiting)
        self.left.setCurrentIndex(WAITING)
        right = QWidget(self)
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        self.moments_label, self.decisions_label = QLabel(self), QLabel(self)
        rl.addWidget(self.summary)
        rl.addWidget(self.moments_label)
        rl.addWidget(self.moments, 1)
        rl.addWidget(self.decisions_label)
        rl.addWidget(self.decisions, 2)
        split = QSplitter(self)
        split.addWidget(self.left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        self.resize(1200, 760)
        self.translate_ui()
        self._set_running(False)
        self._load_cached()

    # -- running ----------------------------------------------------------------
    def _load_cached(self) -> bool:
        if self.cache is None:
            return False
        try:
            text = self.cache.get(reviews.cache_key(self.record, self.seat, "default"))
            if text is None:
                return False
            self.show_review(reviews.Review.from_json(json.loads(text)))
        except (ValueError, KeyError, TypeError):
            return False  # another version, or damaged: it is made anew
        return True

    def start(self) -> None:
        """Review now (or show the review kept from before)."""
        if self._op is not None or self._load_cached():
            return
        self.waiting.setText(self.tr("The Expert is replaying each of your decisions from what you knew "
                                     "then; the boards and the curve appear when it is done."))
        self._op = reviews.review_operation(self.runner, self.record, self.seat, "default", self.workers) \
            .success(self._on_done).failure(self._on_failed).with_progress(self._on_progress).tied_to(self)
        self._set_running(True)
        self._op.run()

    def cancel(self) -> None:
        """Abandon the review at once: the worker stops on its own, nobody waits for it."""
        if self._op is not None:
            self._op.cancel()
            self._op = None
            self._set_running(False)
            self.summary.setText(self.tr("The review was cancelled."))
            self._say_what_to_press()

    def _say_what_to_press(self) -> None:
        if self.review is None:
            self.waiting.setText(self.tr("No review yet: press Review to start it."))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._opened:
            self._opened = True
            # After the opener's own set-up (a start of its own).
            QTimer.singleShot(0, self._start_on_open)

    def _start_on_open(self) -> None:
        if self.review is None and self._op is None and self.isVisible():
            self.start()

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    def _on_done(self, review) -> None:
        self._op = None
        self._set_running(False)
        if self.cache is not None:
            self.cache.put(review.cache_key, json.dumps(review.to_json()))
        self.show_review(review)

    def _on_failed(self, error: BaseException) -> None:
        self._op = None
        self._set_running(False)
        if isinstance(error, reviews.Cancelled):
            self.summary.setText(self.tr("The review was cancelled."))
            self._say_what_to_press()
            return
        why = f"{type(error).__name__}: {error}"
        self.summary.setText(self.tr("The review could not be made: %1").replace("%1", why))
        self._say_what_to_press()

    def _set_running(self, running: bool) -> None:
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.start_button.setEnabled(not running)

    def closeEvent(self, event) -> None:
        self.cancel()
        super().closeEvent(event)

    # -- showing ---------------------------------------------------------------
    def show_review(self, review) -> None:
        self.review = review
        self.left.setCurrentIndex(BOARDS)
        s = review.summary
        counts = ", ".join(f"{words.category_name(c)} {n}" for c, n in s.counts.items() if n)
        self.summary.setText(self.tr("<b>Accuracy %1</b> — expected loss %2 VP over %3 decisions (%4)")
                             .replace("%1", f"{s.accuracy:.0f}").replace("%2", f"{s.total_loss:.1f}")
                             .replace("%3", str(s.decisions)).replace("%4", counts))
        self.speaker.say(QTextDocumentFragment.fromHtml(self.summary.text()).toPlainText())
        self.moments.clear()
        for d in review.key_moments:
            item = QListWidgetItem(words.moment_line(d))
            item.setToolTip(words.gains(d))
            item.setData(Qt.ItemDataRole.UserRole, d.index)
            self.moments.addItem(item)
        self.decisions.blockSignals(True)
        self.decisions.clear()
        for d in review.decisions:
            item = QListWidgetItem(words.decision_line(d))
            tones.set_item_tone(item, CATEGORY_COLOURS[d.category], self.decisions)
            self.decisions.addItem(item)
        self.decisions.blockSignals(False)
        self._plot()
        self.go_to(self.moments.item(0).data(Qt.ItemDataRole.UserRole) if review.key_moments else 0)

    def _plot(self) -> None:
        self.curve.clear()
        r = self.review
        if r is None:
            return
        xs = [d.round for d in r.decisions]
        ys = [d.played_value.mean for d in r.decisions]
        # The honest width: how far final totals fall from such expected ones.
        band = [pg.PlotCurveItem(xs, [y + k * d.level_sd for y, d in zip(ys, r.decisions)],
                                 pen=pg.mkPen(127, 140, 141, 90)) for k in (-1, 1)]
        for edge in band:
            self.curve.addItem(edge)
        self.curve.addItem(pg.FillBetweenItem(*band, brush=pg.mkBrush(127, 140, 141, 50)))
        self.curve.plot(xs, ys, pen=pg.mkPen(style.INK.name(), width=2))
        brushes = [pg.mkBrush(CATEGORY_COLOURS[d.category]) for d in r.decisions]
        symbols = [CATEGORY_SYMBOLS[d.category] for d in r.decisions]
        sizes = [CATEGORY_SIZES.get(d.category, 12) for d in r.decisions]  # a star and a diamond cover less
        self.points = pg.ScatterPlotItem(xs, ys, size=sizes, brush=brushes, symbol=symbols,
                                         pen=pg.mkPen(style.INK.name(), width=1))
        self.curve.addItem(self.points)
        shown = [c for c in CATEGORY_SYMBOLS if any(d.category == c for d in r.decisions)]
        key = [f'<span style="color:{CATEGORY_COLOURS[c]}">{CATEGORY_GLYPHS[c]}</span>&nbsp;'
               f"{html.escape(words.category_name(c))}" for c in shown]
        self.curve.setTitle("&nbsp;&nbsp; ".join(key), size="9pt", color=style.INK.name())
        self.curve.setLabel("bottom", self.tr("Round"))
        self.curve.setLabel("left", self.tr("Expected final VP"))

    def _curve_clicked(self, event) -> None:
        if self.review is None or not self.review.decisions:
            return
        x = self.curve.getPlotItem().vb.mapSceneToView(event.scenePos()).x()
        nearest = min(self.review.decisions, key=lambda d: abs(d.round - x))
        self.go_to(nearest.index)

    def go_to(self, index: int) -> None:
        """Show decision ``index``: the one played and the Expert's, side by side."""
        r = self.review
        if r is None or not 0 <= index < len(r.decisions):
            return
        self.index = index
        d = r.decisions[index]
        if self.decisions.currentRow() != index:
            self.decisions.blockSignals(True)
            self.decisions.setCurrentRow(index)
            self.decisions.blockSignals(False)
        step = self.boards.step(d)
        for k, (board, value) in enumerate(((step.played, d.played_value), (step.suggested, d.suggested_value))):
            label = self.tr("Played") if k == 0 else self.tr("The Expert's choice")
            if board.sheet is None:  # a decision that cannot be drawn is left blank
                self.drawings[k].clear_sheet()
                self.grids[k].show_board(label)
                continue
            self.drawings[k].draw_rules_sheet(self.seat, board.sheet, step.revealed, step.resolved,
                                              fresh=board.drawn, path=board.walk)
            # The honest spread: how far final totals fall from such expected ones.
            self.captions[k].setText(self.tr("<b>%1</b>: expected %2 VP (± %3)").replace("%1", label)
                                     .replace("%2", f"{value.mean:.1f}").replace("%3", f"{d.level_sd:.0f}"))
            self.grids[k].show_board(QTextDocumentFragment.fromHtml(self.captions[k].text()).toPlainText(),
                                     board.walk[1:])
        self.why.setText(self.tr("<b>%1</b> — %2").replace("%1", words.when(d)).replace("%2", words.verdict(d))
                         + (" " + words.gains(d) if d.reasons else "") + (" " + words.caution(d)))
        self.speaker.say(QTextDocumentFragment.fromHtml(self.why.text()).toPlainText())  # the verdict, aloud
        for view in self.views:
            view.fitInView(view.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def _record_name(self) -> str:
        """The seat's name as the record holds it (the review, not yet run, names it later the same way)."""
        try:
            name = self.record["seats"][self.seat]["name"]
        except (KeyError, IndexError, TypeError):
            return ""
        return name.strip() if isinstance(name, str) else ""

    def translate_ui(self) -> None:
        name = self.review.name if self.review is not None else self._record_name()
        self.setWindowTitle(self.tr("Game review"))
        self.title.setText(self.tr("<b>Game review</b> of %1's decisions by the Expert")
                           .replace("%1", name or self.tr("seat %1").replace("%1", str(self.seat + 1))))
        self.start_button.setText(self.tr("Review"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.moments_label.setText(self.tr("Key moments (the largest losses):"))
        self.decisions_label.setText(self.tr("Every decision:"))
        self.moments.setAccessibleName(self.tr("Key moments"))
        self.decisions.setAccessibleName(self.tr("Every decision"))
        if self.review is not None:
            self.show_review(self.review)
        else:
            if not self.summary.text():
                self.summary.setText(self.tr("The Expert replays each of your decisions from what you knew then "
                                             "and compares it with the best it finds."))
            if self._op is None:
                self._say_what_to_press()
