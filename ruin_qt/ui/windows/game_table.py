"""The main window's game table: the sheet and its view, the side column (card
line, turn panel, player panel, seats, announcements), the round banner and
the hand-off cover.

The welcome page needs none of it, so the window makes it after its first
frame is painted, or at once when something asks for it first (a game
arriving, a test reading ``window.scene``).  Its modules are imported here,
not by ``main_window``: a start-up shows the welcome page sooner."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMainWindow, QVBoxLayout, QWidget

from ...model.game_model import GameModel
from ..common.recall import Recall
from ..common.speech import Speaker
from ..sheet.sheet_scene import SheetScene
from ..sheet.sheet_view import SheetView
from ..table.announcements import RoundBanner
from ..table.handoff import HandoffCover
from ..table.narrator import TableNarrator
from ..table.side_column import SideColumn
from ..table.side_panel import SidePanel, TablePage
from ..table.status_foot import StatusFoot
from .special_choice import SpecialChoice


class GameTable:
    def __init__(self, w: QMainWindow, model: GameModel, speaker: Speaker, show_status: Callable[[str, str], None],
                 show_cards: Callable[[], None]) -> None:
        """``w``: the main window, and its ``model``, ``speaker``, ``show_status`` and ``show_cards`` the table uses
        (handed in: the window imports this module, which imports nothing of it)."""
        self.scene = SheetScene(model, w)
        self.view = SheetView(self.scene, w)
        self.view.setObjectName("table_sheet")
        column = self.column = SideColumn(model, self.scene, w)
        self.card_line, self.turn_panel, self.player_panel = column.card_line, column.turn_panel, column.player_panel
        self.seats_table, self.log, self.public_tabs = column.seats_table, column.log, column.tabs
        self.special_choice = SpecialChoice(self.turn_panel, model, w)
        self.banner = RoundBanner(model, self.log, self.view)
        self.side_layout = column.column_layout
        scroll = self.side_panel = SidePanel(column, w)  # small screens: it scrolls, the sheet keeps its room
        side = QWidget(w)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.setSpacing(0)
        # Above the scrolling column, always in view: the tutorial's lesson (``TutorialHost``'s panel_at),
        # while the column scrolls what the lesson points at into view.
        self.lesson_slot = QVBoxLayout()
        self.lesson_slot.setContentsMargins(6, 6, 6, 0)
        side_layout.addLayout(self.lesson_slot)
        side_layout.addWidget(scroll, 1)
        self.game_page = TablePage(self.view, side, w)
        self.status_foot = StatusFoot(w, self.game_page, side)  # at larger text the map may take its line
        self.cover = HandoffCover(w)  # made after the pages: it lies on top of them
        self.cover.accepted.connect(model.accept_handoff)
        self.scene.status_changed.connect(show_status)
        self.player_panel.hand.route_focus.connect(self.scene.show_route)
        self.card_line.browse_requested.connect(show_cards)
        # The announcements kept for "." and ","; a read key's words go through it, said at once, not kept.
        self.recall = self.scene.recall = Recall(speaker, lambda: self.scene.seat)
        model.game_started.connect(self.recall.forget)
        self.scene.spoken.connect(self.recall.answer)
        self.narrator = TableNarrator(model, speaker, self.log)  # after: a new game is forgotten, then told
        self.turn_panel.instruction_changed.connect(self.narrator.instruction)
