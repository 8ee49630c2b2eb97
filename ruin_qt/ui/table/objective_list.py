"""The viewing seat's objective cards, each with how its route stands now:
complete ✓, still open ·, or never completable ✗ with the reason.  Pointing
at a card (or selecting it) asks the sheet to show that route."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from ...session.facts import RoutePlan
from ..common import style, texts, tones


class ObjectiveList(QListWidget):
    route_focus = Signal(object)  # the objective card whose route to show, or None

    def __init__(self, parent=None):
        super().__init__(parent)
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

    def _fit_rows(self) -> None:
        """As tall as its cards (two rows at least, five at most, then it scrolls):
        no empty box pushing the score and the log below the fold."""
        row = self.sizeHintForRow(0) if self.count() else self.fontMetrics().height() + 2
        rows = min(max(self.count(), 2), 5)
        self.setFixedHeight(rows * row + 2 * self.frameWidth() + 2)

    def clear_hand(self) -> None:
        self.plans = []
        self.clear()
        self._fit_rows()
        self.route_focus.emit(None)
