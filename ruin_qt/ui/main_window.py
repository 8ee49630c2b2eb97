"""The main window: sheet on the left; line, controls, player panel, seats
and the announcement log on the right; menus; the hand-off cover on top."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..model.game_model import GameModel
from . import texts
from .card_line import CardBrowser, CardLineWidget
from .dialogs import NewGameDialog, ScoreboardDialog
from .handoff import HandoffCover
from .player_panel import PlayerPanel, SeatsTable
from .sheet_scene import SheetScene
from .sheet_view import SheetView
from .turn_panel import TurnPanel


class MainWindow(QMainWindow):
    def __init__(self, settings=None, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.model = GameModel(self)
        self.scene = SheetScene(self.model, self)
        self.view = SheetView(self.scene, self)
        self.card_line = CardLineWidget(self.model, self)
        self.turn_panel = TurnPanel(self.model, self.scene, self)
        self.player_panel = PlayerPanel(self.model, self)
        self.seats_table = SeatsTable(self.model, self)
        self.log = QListWidget(self)
        self.log.setWordWrap(True)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.news: list[str] = []
        self.browser: CardBrowser | None = None
        self.scoreboard: ScoreboardDialog | None = None
        self.new_game_dialog: NewGameDialog | None = None

        side = QWidget(self)
        sl = QVBoxLayout(side)
        sl.setContentsMargins(6, 6, 6, 6)
        sl.addWidget(self.card_line)
        sl.addWidget(self.turn_panel)
        sl.addWidget(self.player_panel)
        # The log and the public seat table share one tab box: the panel stays
        # short enough for a laptop screen without scrolling.
        self.public_tabs = QTabWidget(self)
        self.public_tabs.addTab(self.log, "")
        self.public_tabs.addTab(self.seats_table, "")
        self.public_tabs.setMinimumHeight(150)
        sl.addWidget(self.public_tabs, 1)
        scroll = QScrollArea(self)  # small screens: the side panel scrolls, the sheet keeps its room
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(400)
        scroll.setMaximumWidth(540)
        game_page = QSplitter(self)
        game_page.addWidget(self.view)
        game_page.addWidget(scroll)
        game_page.setStretchFactor(0, 3)
        game_page.setStretchFactor(1, 2)

        self.welcome = QWidget(self)
        self.welcome_title = QLabel(self.welcome)
        self.welcome_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.welcome_button = QPushButton(self.welcome)
        self.welcome_button.setMinimumHeight(44)
        wl = QVBoxLayout(self.welcome)
        wl.addStretch(1)
        wl.addWidget(self.welcome_title)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.welcome_button)
        row.addStretch(1)
        wl.addLayout(row)
        wl.addStretch(2)

        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.welcome)
        self.pages.addWidget(game_page)
        self.setCentralWidget(self.pages)
        self.cover = HandoffCover(self)

        self._make_actions()
        self.welcome_button.clicked.connect(self.new_game)
        self.scene.status_changed.connect(lambda t: self.statusBar().showMessage(t))
        self.card_line.browse_requested.connect(self.show_cards)
        m = self.model
        m.handoff_requested.connect(self._on_handoff)
        m.viewer_changed.connect(self._on_viewer)
        m.announced.connect(self._on_announced)
        m.game_over.connect(self._on_game_over)
        m.game_started.connect(self._on_started)
        m.stage_changed.connect(lambda *_: self._update_title())
        self.cover.accepted.connect(m.accept_handoff)
        self.translate_ui()
        self.resize(1180, 780)

    # -- actions ---------------------------------------------------------
    def _make_actions(self) -> None:
        self.game_menu = self.menuBar().addMenu("")
        self.edit_menu = self.menuBar().addMenu("")
        self.view_menu = self.menuBar().addMenu("")
        self.act_new = QAction(self)
        self.act_new.setShortcut(QKeySequence.StandardKey.New)
        self.act_new.triggered.connect(self.new_game)
        self.act_quit = QAction(self)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.act_quit.triggered.connect(self.close)
        self.act_undo = self.model.undo_stack.createUndoAction(self)
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.act_redo = self.model.undo_stack.createRedoAction(self)
        self.act_redo.setShortcut(QKeySequence.StandardKey.Redo)
        self.act_confirm = QAction(self)
        self.act_confirm.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.act_confirm.triggered.connect(self.turn_panel.confirm)
        self.act_cards = QAction(self)
        self.act_cards.setShortcut(QKeySequence("Ctrl+L"))
        self.act_cards.triggered.connect(self.show_cards)
        self.game_menu.addAction(self.act_new)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.act_quit)
        for a in (self.act_undo, self.act_redo, self.act_confirm):
            self.edit_menu.addAction(a)
        self.view_menu.addAction(self.act_cards)

    def translate_ui(self) -> None:
        self._update_title()
        self.scene.refresh()  # the scene is no widget: its Escape label is re-set here
        self.game_menu.setTitle(self.tr("&Game"))
        self.edit_menu.setTitle(self.tr("&Turn"))
        self.view_menu.setTitle(self.tr("&View"))
        self.act_new.setText(self.tr("&New Game…"))
        self.act_quit.setText(self.tr("&Quit"))
        self.act_undo.setText(self.tr("&Undo"))
        self.act_redo.setText(self.tr("&Redo"))
        self.act_confirm.setText(self.tr("&Confirm"))
        self.act_cards.setText(self.tr("Explore &cards…"))
        self.welcome_title.setText(self.tr("<h1>In the Ruin</h1><p>Draw the ruin, collect gems, escape in time.</p>"))
        self.welcome_button.setText(self.tr("New Game…"))
        self.public_tabs.setTabText(0, self.tr("Announcements"))
        self.public_tabs.setTabText(1, self.tr("Seats"))

    def _update_title(self) -> None:
        g = self.model.game
        if g is None:
            self.setWindowTitle(self.tr("In the Ruin"))
        else:
            self.setWindowTitle(self.tr("In the Ruin — stage %1, round %2")
                                .replace("%1", str(g.stage)).replace("%2", str(g.round + 1 if not g.over else g.round)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.translate_ui()
        super().changeEvent(event)

    # -- game ------------------------------------------------------------
    def new_game(self) -> None:
        defaults = self.settings.new_game_defaults() if self.settings else {}
        dlg = NewGameDialog(defaults, self)
        self.new_game_dialog = dlg
        dlg.accepted.connect(lambda: self._new_game_accepted(dlg))
        dlg.finished.connect(lambda *_: dlg.deleteLater())
        dlg.open()

    def _new_game_accepted(self, dlg: NewGameDialog) -> None:
        if self.settings:
            self.settings.set_new_game_defaults(dlg.choices())
        self.new_game_dialog = None
        self.start_game(dlg.seats(), dlg.seed_value())

    def start_game(self, seats: list[tuple[str, str]], seed: int | None = None) -> None:
        if self.scoreboard is not None:
            self.scoreboard.close()
            self.scoreboard = None
        self.cover.hide()
        self.model.new_game(seats, seed)

    def _on_started(self) -> None:
        self.pages.setCurrentIndex(1)
        self.log.clear()
        self.news = []
        self._update_title()
        self.statusBar().showMessage(self.tr("Seed %1").replace("%1", str(self.model.seed)))

    def _names(self) -> list[str]:
        return [s.name for s in self.model.game.seats] if self.model.game else []

    def _on_handoff(self, seat: int) -> None:
        self.cover.cover(self._names()[seat], self.news)

    def _on_viewer(self, seat: int) -> None:
        if seat >= 0:
            self.cover.hide()
            self.view.setFocus()
        else:
            self.statusBar().clearMessage()  # it may describe the previous seat's sheet

    def _on_announced(self, rnd: int, events: list) -> None:
        names = self._names()
        prefix = self.tr("Setup") if rnd == 0 else self.tr("Round %1").replace("%1", str(rnd))
        lines = [t for t in (texts.event_text(e, names) for e in events) if t]
        if not lines and rnd > 0:
            lines = [self.tr("Nothing to announce.")]
        self.news = []
        for t in lines:
            text = self.tr("%1: %2").replace("%1", prefix).replace("%2", t)
            self.log.addItem(text)
            self.news.append(text)
        self.log.scrollToBottom()
        self._update_title()

    def _on_game_over(self, winners: list) -> None:
        self.cover.hide()
        self.scoreboard = ScoreboardDialog(self._names(), self.model.final_scores(), winners, self)
        self.scoreboard.show()

    def show_cards(self) -> None:
        if self.model.game is None:
            return
        if self.browser is None:
            self.browser = CardBrowser(self.model, self)
        self.browser.refill()
        self.browser.show()
        self.browser.raise_()

    # -- window state ----------------------------------------------------
    def restore_state(self) -> None:
        if self.settings:
            geo = self.settings.geometry()
            if geo is not None:
                self.restoreGeometry(geo)

    def closeEvent(self, event) -> None:
        if self.settings:
            self.settings.set_geometry(self.saveGeometry())
        self.model.shutdown()
        super().closeEvent(event)
