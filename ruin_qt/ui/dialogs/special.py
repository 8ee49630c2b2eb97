"""Which objective card pays for a special action (R4.3), each shown with
what giving it up costs, the cheapest chosen for the player.  The seat's view
hands over the payments, cheapest first, and their costs (``SeatView.payments``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout

from ...session.facts import Payment
from ..common import texts
from ..common.retranslate import Retranslating

if TYPE_CHECKING:
    from ...session.intents import Special


class ObjectiveChoiceDialog(Retranslating, QDialog):
    def __init__(self, payments: tuple[Payment, ...], special: Special, parent=None):
        super().__init__(parent)
        self.special = special
        self.setModal(True)
        self.payments = payments
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.list = QListWidget(self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.list.itemDoubleClicked.connect(lambda *_: self.accept())
        lay = QVBoxLayout(self)
        lay.addWidget(self.label)
        lay.addWidget(self.list)
        lay.addWidget(self.buttons)
        self.translate_ui()
        self.resize(max(self.sizeHint().width(), 460), self.sizeHint().height())

    def cost_text(self, pay: Payment) -> str:
        p = pay.plan
        if pay.vp_lost:
            return self.tr("completed route: −%1 VP").replace("%1", str(pay.vp_lost))
        if p.blocked is not None:
            return self.tr("can no longer be completed (%1): no VP lost").replace("%1", texts.route_block(p))
        return self.tr("%n cell(s) still to draw: no VP lost now", "", p.gap or 0)

    def translate_ui(self) -> None:
        if self.special == "extra":
            self.setWindowTitle(self.tr("Special action: +1 cell"))
        else:
            self.setWindowTitle(self.tr("Special action: warp"))
        self.label.setText(self.tr("Discard which objective card to pay for it? The cheapest is chosen."))
        chosen = self.chosen()
        self.list.clear()
        for pay in self.payments:
            p = pay.plan
            mark = "✓" if p.complete else "✗" if p.blocked else "·"
            label = texts.objective_label(*p.letters)
            item = QListWidgetItem(self.tr("%1 %2 — %3").replace("%1", mark).replace("%2", label)
                                   .replace("%3", self.cost_text(pay)))
            item.setData(Qt.ItemDataRole.UserRole, p.card)
            self.list.addItem(item)
        cards = [pay.card for pay in self.payments]
        self.list.setCurrentRow(cards.index(chosen) if chosen in cards else 0)

    def chosen(self) -> int | None:
        item = self.list.currentItem() if hasattr(self, "list") else None
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)
