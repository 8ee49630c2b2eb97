"""The viewer's panel: gem track, penalty track, objective hand (route done or
not, right now) and the score sheet with the live "if the game ended now"
preview; plus the public table of every seat (R12.2).

Private parts are filled only from the viewing seat's own view
(``GameModel.view()``) and are emptied whenever nobody may see them (hand-off
cover, computer turns)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..model.game_model import GameModel
from . import style
from .objective_list import ObjectiveList
from .retranslate import Retranslating


class Track(QWidget):
    """A row of boxes, the first ``count`` ticked (gems ◆, penalties ✕)."""

    def __init__(self, boxes: int, mark: str, colour, parent=None):
        super().__init__(parent)
        self.boxes, self.mark, self.colour = boxes, mark, colour
        self.count = 0
        self.setMinimumHeight(22)

    def sizeHint(self) -> QSize:
        return QSize(self.boxes * 20, 22)

    def set_count(self, n: int) -> None:
        if n != self.count:
            self.count = n
            self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = min(20.0, self.width() / max(self.boxes, 1))
        for i in range(max(self.boxes, self.count)):
            rect = QRectF(i * size + 1, 1, size - 3, size - 3)
            p.setPen(QPen(style.GRID, 1))
            p.setBrush(style.CARD_FACE)
            p.drawRect(rect)
            if i < self.count:
                p.setPen(self.colour)
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.mark)


class PlayerPanel(Retranslating, QGroupBox):
    def __init__(self, model: GameModel, parent=None):
        super().__init__(parent)
        self.model = model
        self.gems = Track(10, "◆", style.DEST, self)
        self.penalties = Track(8, "✕", style.ILLEGAL, self)
        self.hand = ObjectiveList(self)
        self.gems_label, self.pen_label, self.hand_label = QLabel(self), QLabel(self), QLabel(self)
        self.score_box = QGroupBox(self)
        grid = QGridLayout(self.score_box)  # two columns of three: the panel stays short
        grid.setVerticalSpacing(2)
        self.score_names = [QLabel(self.score_box) for _ in range(6)]
        self.score_values = [QLabel(self.score_box) for _ in range(6)]
        for i, (n, v) in enumerate(zip(self.score_names, self.score_values)):
            v.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(n, i % 3, (i // 3) * 2)
            grid.addWidget(v, i % 3, (i // 3) * 2 + 1)
        grid.setColumnMinimumWidth(2, 90)
        lay = QVBoxLayout(self)
        lay.setSpacing(3)
        tracks = QGridLayout()
        tracks.addWidget(self.gems_label, 0, 0)
        tracks.addWidget(self.gems, 0, 1)
        tracks.addWidget(self.pen_label, 1, 0)
        tracks.addWidget(self.penalties, 1, 1)
        lay.addLayout(tracks)
        lay.addWidget(self.hand_label)
        lay.addWidget(self.hand)
        lay.addWidget(self.score_box)
        model.viewer_changed.connect(self.refresh)  # at once: a new viewer never sees stale data
        for sig in (model.gems_changed, model.penalties_changed, model.hand_changed,
                    model.cell_changed, model.turn_changed, model.phase_changed):
            sig.connect(self._schedule)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)  # coalesce a burst of signals (a round's cells) into one refresh
        self._timer.timeout.connect(self.refresh)
        self.translate_ui()

    def _schedule(self, *args) -> None:
        if self.model.view() is None:
            self.refresh()  # hide private data at once, never a frame later
        else:
            self._timer.start()

    def translate_ui(self) -> None:
        self.gems_label.setText(self.tr("Gem track"))
        self.pen_label.setText(self.tr("Penalty track"))
        self.hand_label.setText(self.tr("Objective cards (✓ route complete now)"))
        names = [self.tr("Square 1"), self.tr("Square 2"), self.tr("Gems"),
                 self.tr("Honour"), self.tr("Routes"), self.tr("<b>Total</b>")]
        for label, text in zip(self.score_names, names):
            label.setText(text)
        self.refresh()


    def refresh(self, *args) -> None:
        v = self.model.view()
        if v is None:
            self.setTitle(self.tr("Player"))
            self.gems.set_count(0)
            self.penalties.set_count(0)
            self.hand.clear_hand()
            for label in self.score_values:
                label.setText("–")
            self.score_box.setTitle(self.tr("Score sheet"))
            self.setEnabled(False)
            return
        self.setEnabled(True)
        self.setTitle(v.name)
        self.gems.set_count(v.obs.gems[v.seat])
        self.penalties.set_count(v.penalties)
        if v.obs.phase == "setup":
            self.hand.clear_hand()
        else:
            self.hand.show_hand(v.sheet, v.hand)
        sc = v.score
        final = v.obs.phase == "over"
        title = self.tr("Score sheet (final)") if final else self.tr("Score sheet (if the game ended now)")
        self.score_box.setTitle(title)
        if sc is None:
            for label in self.score_values:
                label.setText("–")
            return
        values = [sc.square1, sc.square2 if (final or v.obs.stage == 2) else None, sc.gem_vp, sc.honour, sc.routes,
                  sc.total]
        for label, value in zip(self.score_values, values):
            label.setText("–" if value is None else str(value))
        self.score_values[5].setText(f"<b>{sc.total}</b>")


class SeatsTable(Retranslating, QTableWidget):
    """Public side of every seat: gems, hand size, escaped (R12.2)."""

    def __init__(self, model: GameModel, parent=None):
        super().__init__(0, 4, parent)
        self.model = model
        self.verticalHeader().hide()
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.horizontalHeader().setStretchLastSection(True)
        for sig in (model.gems_changed, model.hand_changed, model.game_started, model.phase_changed,
                    model.thinking_changed, model.turn_changed):
            sig.connect(self.refresh)
        self.cellClicked.connect(lambda row, _col: model.view_final_sheet(row))
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setHorizontalHeaderLabels([self.tr("Seat"), self.tr("Gems"), self.tr("Objective cards"), self.tr("State")])
        self.refresh()


    def refresh(self, *args) -> None:
        p = self.model.public()
        thinking = set(p.thinking)
        self.setRowCount(p.n)
        for i, s in enumerate(p.seats):
            if p.phase == "over":
                state = self.tr("shown") if i == p.viewer else self.tr("click to see the sheet")
            elif s.escaped:
                state = self.tr("escaped")
            elif i in thinking:
                state = self.tr("thinking…")
            elif i == p.actor:
                state = self.tr("deciding")
            else:
                state = ""
            kind = self.tr("computer") if s.computer else self.tr("human")
            who = self.tr("%1 (%2)").replace("%1", s.name).replace("%2", kind)
            for col, text in enumerate([who, str(s.gems), str(s.hand_size), state]):
                item = self.item(i, col)
                if item is None:
                    item = QTableWidgetItem()
                    self.setItem(i, col, item)
                item.setText(text)
        self.resizeColumnsToContents()
