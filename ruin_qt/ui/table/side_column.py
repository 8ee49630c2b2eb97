"""The table's right-hand column, one for every window that plays a seat (the
main window, a network table's window): the card line, the turn panel, the
player panel, and one tab box for the announcements, the seats and the score
sheet, so a laptop's 780 px keeps all of them in view."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from ...model.game_model import GameModel
from ..common.retranslate import Retranslating
from .announcements import AnnouncementLog
from .card_line import CardLineWidget
from .player_panel import PlayerPanel, SeatsTable
from .turn_panel import TurnPanel


class PublicTabs(QTabWidget):
    """The tab box at the foot of the column.  It asks for no more than its
    minimum height: a short window scrolls the column that much less, and a
    tall one gives it the rest (its stretch)."""

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), max(self.minimumHeight(), self.minimumSizeHint().height()))


class SideColumn(Retranslating, QWidget):
    def __init__(self, model: GameModel, scene, parent: QWidget, top: QWidget | None = None,
                 across_laptops: bool = False):
        """``top``: a window's own line above the card line (who is still deciding, say);
        ``across_laptops``: a network table's seat (its game starts when the table does)."""
        super().__init__(parent)
        # Each part is the column's child from the start: Qt and Python agree on who owns it.
        self.card_line = CardLineWidget(model, self)
        self.turn_panel = TurnPanel(model, scene, self, across_laptops)
        self.player_panel = PlayerPanel(model, self)
        tabs = self.tabs = PublicTabs(self)
        tabs.setObjectName("public_tabs")
        self.log = AnnouncementLog(model, tabs)
        self.seats_table = SeatsTable(model, tabs)
        tabs.addTab(self.log, "")
        tabs.addTab(self.seats_table, "")
        tabs.addTab(self.player_panel.score_box, "")  # the panel's live score sheet, moved into the tab box
        tabs.setMinimumHeight(150)
        tabs.tabBar().setFocusPolicy(Qt.FocusPolicy.TabFocus)
        lay = self.column_layout = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        if top is not None:
            lay.addWidget(top)
        lay.addWidget(self.card_line)
        lay.addWidget(self.turn_panel)
        lay.addWidget(self.player_panel)
        lay.addWidget(tabs, 1)
        self.translate_ui()

    def translate_ui(self) -> None:
        # The main window's words (its context keeps their translations).
        self.tabs.setTabText(0, QCoreApplication.translate("MainWindow", "Announcements"))
        self.tabs.setTabText(1, QCoreApplication.translate("MainWindow", "Seats"))
        self.tabs.setTabText(2, QCoreApplication.translate("MainWindow", "Score sheet"))
        news = self.tr("Announcements, seats and score sheet")
        self.tabs.setAccessibleName(news)
