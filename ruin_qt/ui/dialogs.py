"""The New Game dialog (the final score sheet is in ``final_sheet``)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from ..model.ai_worker import known_levels
from .retranslate import Retranslating

MAX_SEATS = 4


class NewGameDialog(Retranslating, QDialog):
    """1-4 seats, each human or computer (any level in ``LEVELS``), names, seed."""

    def __init__(self, defaults: dict | None = None, parent=None):
        super().__init__(parent)
        d = defaults or {}
        self.count = QSpinBox(self)
        self.count.setRange(1, MAX_SEATS)
        self.count_label = QLabel(self)
        self.names = [QLineEdit(self) for _ in range(MAX_SEATS)]
        self.kinds = [QComboBox(self) for _ in range(MAX_SEATS)]
        self.seat_labels = [QLabel(self) for _ in range(MAX_SEATS)]
        self.levels = known_levels()  # read at run time: new levels show up by themselves
        self.seed = QLineEdit(self)
        self.seed.setValidator(QIntValidator(0, 2**31 - 1, self))
        self.seed_label = QLabel(self)
        grid = QGridLayout()
        grid.addWidget(self.count_label, 0, 0)
        grid.addWidget(self.count, 0, 1)
        for i in range(MAX_SEATS):
            grid.addWidget(self.seat_labels[i], i + 1, 0)
            grid.addWidget(self.names[i], i + 1, 1)
            grid.addWidget(self.kinds[i], i + 1, 2)
            self.seat_labels[i].setBuddy(self.names[i])
        grid.addWidget(self.seed_label, MAX_SEATS + 1, 0)
        grid.addWidget(self.seed, MAX_SEATS + 1, 1, 1, 2)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        self.buttons = QDialogButtonBox(ok_cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(grid)
        lay.addWidget(self.buttons)
        self.count.valueChanged.connect(self._seats_shown)
        self.translate_ui()
        names = d.get("names") or []
        kinds = d.get("kinds") or []
        for i in range(MAX_SEATS):
            self.names[i].setText(names[i] if i < len(names) and names[i] else self._default_name(i))
            want = kinds[i] if i < len(kinds) else ("human" if i == 0 else "ai:" + self._default_level())
            idx = self.kinds[i].findData(want)
            self.kinds[i].setCurrentIndex(idx if idx >= 0 else 0)
        self.count.setValue(int(d.get("count", 2)))
        self.seed.setText(str(d.get("seed", "")))
        self._seats_shown()

    def _default_level(self) -> str:
        return "standard" if "standard" in self.levels else self.levels[0] if self.levels else "random"

    def _default_name(self, i: int) -> str:
        return self.tr("Player %1").replace("%1", str(i + 1))

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("New Game"))
        self.count_label.setText(self.tr("&Seats:"))
        self.count_label.setBuddy(self.count)
        self.seed_label.setText(self.tr("S&eed (optional):"))
        self.seed_label.setBuddy(self.seed)
        self.seed.setPlaceholderText(self.tr("random"))
        for i in range(MAX_SEATS):
            self.seat_labels[i].setText(self.tr("Seat %1:").replace("%1", str(i + 1)))
            combo = self.kinds[i]
            current = combo.currentData()
            combo.clear()
            combo.addItem(self.tr("Human"), "human")
            for level in self.levels:
                combo.addItem(self.tr("Computer (%1)").replace("%1", self.level_name(level)), "ai:" + level)
            idx = combo.findData(current)
            if idx >= 0:
                combo.setCurrentIndex(idx)

    def level_name(self, level: str) -> str:
        names = {"random": self.tr("random"), "beginner": self.tr("beginner"),
                 "standard": self.tr("standard"), "expert": self.tr("expert")}
        return names.get(level, level)


    def _seats_shown(self, *args) -> None:
        n = self.count.value()
        for i in range(MAX_SEATS):
            for w in (self.names[i], self.kinds[i], self.seat_labels[i]):
                w.setVisible(i < n)
        # Fewer rows, a shorter dialog (the layout's new size only counts once laid out).
        QTimer.singleShot(0, lambda: self.resize(self.width(), self.minimumSizeHint().height()))

    def seats(self) -> list[tuple[str, str]]:
        out = []
        for i in range(self.count.value()):
            name = self.names[i].text().strip() or self._default_name(i)
            out.append((name, self.kinds[i].currentData()))
        return out

    def seed_value(self) -> int | None:
        t = self.seed.text().strip()
        return int(t) if t else None

    def choices(self) -> dict:
        """What the settings remember for next time."""
        return {
            "count": self.count.value(),
            "names": [w.text() for w in self.names],
            "kinds": [c.currentData() for c in self.kinds],
            "seed": self.seed.text().strip(),
        }
