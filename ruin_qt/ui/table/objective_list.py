"""The viewing seat's objective cards, each with how its route stands now:
complete ✓, still open ·, or never completable ✗ with the reason.  Pointing
at a card (or selecting it) asks the sheet to show that route."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtWidgets import QListView, QListWidget, QListWidgetItem

from ...session.facts import RoutePlan
from ..common import style, texts, tones


class ObjectiveList(QListWidget):
    route_focus = Signal(object)  # the objective card whose route to show, or None

    def __init__(self, parent=None):
        super().__init__(parent)
        # A card's reason may be longer than the column is wide (Japanese, a 960 px window):
        # it wraps, and the list is as tall as its wrapped rows.
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self._fit_rows()
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMouseTracking(True)  # itemEntered while the pointer moves over the cards
        self.itemEntered.connect(lambda item: self.route_focus.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.currentItemChanged.connect(lambda *_: self._focus_selected())
        self.plans: list[RoutePlan] = []
        tones.follow(self, tones.retint_items)

    def _focus_selected(self) -> None:
        item = self.currentItem()
        self.route_focus.emit(item.data(Qt.ItemDataRole.UserRole) if item is not None else None)

    def leaveEvent(self, event) -> None:
        self._focus_selected()  # the selected card's route stays, if any
        super().leaveEvent(event)

    def line(self, p: RoutePlan) -> tuple[str, str]:
        """The card's row text and its tooltip."""
        label = texts.objective_label(*p.letters)
        if p.complete:
            return "✓ " + label, self.tr("Route complete right now")
        if p.blocked:
            why = texts.route_block(p)
            return self.tr("✗ %1 (%2)").replace("%1", label).replace("%2", why), \
                self.tr("This route can no longer be completed: %1").replace("%1", why)
        return "· " + label, self.tr("Route not complete yet: %n cell(s) to draw at best", "", p.gap or 0)

    def show_hand(self, plans: tuple[RoutePlan, ...]) -> None:
        """The seat's cards and their routes on its sheet, its draft included (``SeatView.plans``)."""
        self.plans = list(plans)
        rows = [self.line(p) for p in self.plans]
        if [self.item(i).text() for i in range(self.count())] == [text for text, _ in rows]:
            return
        current = self.currentItem().data(Qt.ItemDataRole.UserRole) if self.currentItem() else None
        self.blockSignals(True)
        self.clear()
        for p, (text, tip) in zip(self.plans, rows):
            item = QListWidgetItem(text)
            item.setToolTip(tip)
            item.setData(Qt.ItemDataRole.UserRole, p.card)
            if p.complete or p.blocked:
                tones.set_item_tone(item, style.LEGAL if p.complete else style.ILLEGAL, self)
            self.addItem(item)
            if p.card == current:
                self.setCurrentItem(item)
        self.blockSignals(False)
        self._fit_rows()
        self._focus_selected()

    def _row_height(self, row: int) -> int:
        """Row ``row``'s height at the list's width, its text wrapped."""
        width = self.viewport().width()
        if width < 50:  # not laid out yet
            return self.sizeHintForRow(row)
        from PySide6.QtWidgets import QStyleOptionViewItem  # in a game only: its enum types are not a start's

        opt = QStyleOptionViewItem()
        self.initViewItemOption(opt)
        opt.rect = QRect(0, 0, width, 10_000)
        return self.itemDelegate().sizeHint(opt, self.model().index(row, 0)).height()

    def _fit_rows(self) -> None:
        """As tall as its cards (two rows at least, five at most, then it scrolls),
        each row as tall as its wrapped text: no empty box pushing the score and
        the log below the fold, and no card cut in half.  Measured again whenever
        the width, the font (another language) or the style changes."""
        rows = [self._row_height(i) for i in range(min(self.count(), 5))]
        one = rows[0] if rows else self.fontMetrics().height() + 2
        rows += [one] * (2 - len(rows))
        height = sum(rows) + 2 * self.frameWidth() + 2
        if height != self.height() or self.minimumHeight() != self.maximumHeight():
            self.setFixedHeight(height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._fit_rows()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_rows()

    def clear_hand(self) -> None:
        self.plans = []
        self.clear()
        self._fit_rows()
        self.route_focus.emit(None)
