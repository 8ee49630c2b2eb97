"""The viewer's panel: gem track, penalty track, objective hand (route done or
not, right now) and the score sheet with the live "if the game ended now"
preview; plus the public table of every seat (R12.2).

Private parts are filled only from the viewing seat's own view
(``GameModel.view()``) and are emptied whenever nobody may see them (hand-off
cover, computer turns)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QGroupBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from ...model.game_model import GameModel
from ..common.fold import Fold, wrap_when_large
from ..common.retranslate import Retranslating
from ..sheet.sheet_boxes import ScoreSheet, Track
from .objective_list import ObjectiveList

__all__ = ["PlayerPanel", "SeatsTable", "Track"]


class PlayerPanel(Retranslating, QGroupBox):
    def __init__(self, model: GameModel, parent=None):
        super().__init__(parent)
        self.setObjectName("player_panel")
        self.model = model
        self.gems = Track("gem", 10, self)
        self.penalties = Track("penalty", 10, self)
        self._tracks_seat: int | None = None  # whose marks the tracks show (a new one is not animated)
        self.hand = ObjectiveList(self)
        self.hand.setObjectName("hand")
        self.gems_label, self.pen_label, self.hand_label = QLabel(self), QLabel(self), QLabel(self)
        wrap_when_large(self.hand_label)
        self.score_box = QGroupBox(self)
        self.score_sheet = ScoreSheet(self.score_box)  # the paper's score boxes, two rows of three
        QVBoxLayout(self.score_box).addWidget(self.score_sheet)
        lay = QVBoxLayout(self)
        lay.setSpacing(3)
        # Each track beside its name; under it when the column is narrow (large text), its boxes larger.
        lay.addWidget(Fold([self.gems_label, self.gems, self.pen_label, self.penalties], 2, self,
                           roomy=(self.gems, self.penalties), spacing=3))
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
        self.score_sheet.set_labels([self.tr("Square bonus"), self.tr("Gems"), self.tr("Honour"),
                                     self.tr("Routes"), self.tr("Total")])
        self.refresh()


    def refresh(self, *args) -> None:
        v = self.model.view()
        if v is None:
            self.setTitle(self.tr("Player"))
            self.gems.set_count(0)
            self.penalties.set_count(0)
            # Nobody's sheet: no count of the last one's left on the bus (its penalties are its own).
            self.gems.setAccessibleName(self.tr("Gem track"))
            self.penalties.setAccessibleName(self.tr("Penalty track"))
            self._tracks_seat = None
            self.hand.clear_hand()
            self.score_sheet.set_values([None] * 6, False)
            self.score_box.setTitle(self.tr("Score sheet"))
            self.setEnabled(False)
            return
        self.setEnabled(True)
        self.setTitle(v.name)
        same = self._tracks_seat == v.seat  # a gem or penalty just earned is drawn in; a new viewer's are not
        self.gems.set_count(v.obs.gems[v.seat], animate=same)
        self.penalties.set_count(v.penalties, animate=same)
        # The tracks are drawn boxes: a screen reader hears their counts.
        self.gems.setAccessibleName(self.tr("Gem track: %1").replace("%1", str(v.obs.gems[v.seat])))
        self.penalties.setAccessibleName(self.tr("Penalty track: %1").replace("%1", str(v.penalties)))
        self._tracks_seat = v.seat
        if v.obs.phase == "setup":
            self.hand.clear_hand()
        else:
            self.hand.show_hand(v.plans)
        sc = v.score
        final = v.obs.phase == "over"
        title = self.tr("Score sheet (final)") if final else self.tr("Score sheet (if the game ended now)")
        self.score_box.setTitle(title)
        if sc is None:
            self.score_sheet.set_values([None] * 6, final)
            return
        values = [sc.square1, sc.square2 if (final or v.obs.stage == 2) else None, sc.gem_vp, sc.honour, sc.routes,
                  sc.total]
        self.score_sheet.set_values(values, final)


class SeatsTable(Retranslating, QTableWidget):
    """Public side of every seat: gems, hand size, escaped (R12.2).

    It fits the side panel's width whatever the language: the numbers and the
    state take the width they need, the seat's name the rest, on one line
    (elided if it must be, whole in its tooltip); it never scrolls sideways."""

    def __init__(self, model: GameModel, parent=None):
        super().__init__(0, 4, parent)
        self.game = model  # not ``model``: the item view's own model()
        self.verticalHeader().hide()
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)  # measured again at each change
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)  # one line each
        for sig in (model.gems_changed, model.hand_changed, model.game_started, model.phase_changed,
                    model.thinking_changed, model.turn_changed):
            sig.connect(self.refresh)
        self.cellClicked.connect(lambda row, _col: model.view_final_sheet(row))
        self.translate_ui()

    def translate_ui(self) -> None:
        # Two short lines over a column of small numbers: the seats' names keep the width.
        self.setHorizontalHeaderLabels([self.tr("Seat"), self.tr("Gems"), self.tr("Objective\ncards"),
                                        self.tr("State")])
        self.refresh()


    def refresh(self, *args) -> None:
        p = self.game.public()
        thinking = set(p.thinking)
        self.setRowCount(p.n)
        for i, s in enumerate(p.seats):
            hint = ""
            if p.phase == "over":  # a short word in the narrow column, what a click does in the tooltip
                state = self.tr("shown") if i == p.viewer else self.tr("show", "a seat's final sheet, at a click")
                hint = self.tr("Click to see this seat's final sheet")
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
                # An elided name read whole; at the end, what a click shows.
                item.setToolTip("\n".join(t for t in (text if col == 0 else "", hint) if t))
