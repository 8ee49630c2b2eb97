"""The main window's menus and their actions (Game, Turn, View, Help).

The actions call the window's own commands (the Turn menu holds the turn
panel's actions); the window reaches them as ``window.menus``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import shiboken6
from PySide6.QtCore import QDate, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from ... import __version__
from ..common import text_size
from ..dialogs import boxes

if TYPE_CHECKING:  # imported when first asked for: a start-up shows neither
    from ..dialogs.help import ControlsDialog, RulesDialog
    from ..dialogs.host_table import HostTableDialog
    from ..dialogs.join_table import JoinTableDialog
    from .net_table import NetTableWindow

GOODBYE_MS = 3000  # a closed lobby's table answers its players' close frames (the transport waits 2 s)


class TableMaker(Protocol):
    """Makes the tables across laptops and wires their dialogs: the app's (``app.tables.NetTables``)."""

    def host_dialog(self, parent: QWidget, keeper, show: Callable[[NetTableWindow], None]) -> HostTableDialog: ...

    def join_dialog(self, parent: QWidget, settings, keeper, open_tables: list, show: Callable[[NetTableWindow], None],
                    warn: Callable[[str], object]) -> JoinTableDialog: ...


class KeptTables(Protocol):
    """The tables joined and not yet over, newest first: the app's (``app.storage.joined_tables.JoinedTables``)."""

    def tables(self) -> list: ...


class MainMenus(QObject):
    def __init__(self, w) -> None:
        super().__init__(w)
        self.window = w
        self.rules_dialog: RulesDialog | None = None
        self.controls_dialog: ControlsDialog | None = None
        self.about_qt_box: QMessageBox | None = None
        self.game_menu = w.menuBar().addMenu("")
        self.edit_menu = w.menuBar().addMenu("")
        self.view_menu = w.menuBar().addMenu("")
        self.help_menu = w.menuBar().addMenu("")
        self.act_new = QAction(w)
        self.act_new.setShortcut(QKeySequence.StandardKey.New)
        self.act_new.triggered.connect(lambda: w.new_game())  # the dialog first, Save/Discard on OK
        self.act_daily = QAction(w)
        self.act_daily.setShortcut(QKeySequence("Ctrl+D"))
        self.act_daily.triggered.connect(lambda: w.daily_challenge())  # its intro first, then Save/Discard
        self.act_host = QAction(w)
        self.act_host.triggered.connect(self.host_table)
        self.act_join = QAction(w)
        self.act_join.triggered.connect(lambda: self.join_table())
        self.tables: TableMaker | None = None  # set by the app wiring
        self.joined_tables: KeptTables | None = None  # set by the app wiring
        self._welcome_return_wired = False
        self.net_windows: list = []
        self.host_dialogs: list = []  # the Host dialogs open (kept in front of the table windows they open)
        self.act_open = QAction(w)
        self.act_open.setShortcut(QKeySequence.StandardKey.Open)
        self.act_open.triggered.connect(lambda: w.guard.then(w.open_game))
        self.act_save = QAction(w)
        self.act_save.setShortcut(QKeySequence.StandardKey.Save)
        self.act_save.triggered.connect(w.save_game_as)
        self.act_replay = QAction(w)
        self.act_replay.setShortcut(QKeySequence("Ctrl+R"))
        self.act_replay.triggered.connect(w.open_replay)
        self.act_stats = QAction(w)
        self.act_stats.setShortcut(QKeySequence("Ctrl+T"))
        self.act_stats.triggered.connect(w.show_statistics)
        self.act_player = QAction(w)  # the player profile's name: the app wiring asks it (app.profile_flow)
        self.act_player.setObjectName("player_name_action")
        self.act_quit = QAction(w)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.act_quit.triggered.connect(w.request_quit)
        self.act_cards = QAction(w)
        self.act_cards.setShortcut(QKeySequence("Ctrl+L"))
        self.act_cards.triggered.connect(w.show_cards)
        self.act_rules = QAction(w)
        self.act_rules.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.act_rules.triggered.connect(self.show_rules)
        self.act_about = QAction(w)
        self.act_about.triggered.connect(self.show_about)
        self.act_about_qt = QAction(w)
        self.act_about_qt.triggered.connect(self.show_about_qt)
        for a in (self.act_new, self.act_daily, None, self.act_host, self.act_join, None, self.act_open, self.act_save,
                  self.act_replay, None,
                  self.act_stats, self.act_player, None, self.act_quit):
            self.game_menu.addSeparator() if a is None else self.game_menu.addAction(a)
        self.view_menu.addAction(self.act_cards)
        self.act_to_sheet = QAction(w)  # from any control back to the sheet, by key alone
        self.act_to_sheet.setShortcut(QKeySequence("F6"))
        self.act_to_sheet.triggered.connect(w.focus_sheet)
        self.view_menu.addAction(self.act_to_sheet)
        self.act_animations = QAction(w, checkable=True)
        self.act_contrast = QAction(w, checkable=True)
        for a in (self.act_animations, self.act_contrast):
            a.toggled.connect(lambda *_: w.look_requested.emit(self.act_animations.isChecked(),
                                                               self.act_contrast.isChecked()))
            self.view_menu.addAction(a)
        self._text_size_menu(w)
        self.language_menu = self.view_menu.addMenu("")
        self.language_group = QActionGroup(w)
        self.language_actions: dict[str, QAction] = {}
        for code in ("", *w.languages):
            act = QAction(w)
            act.setCheckable(True)
            act.setData(code)
            act.triggered.connect(lambda _=False, c=code: self.set_language(c))
            self.language_group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[code] = act
        chosen = w.settings.language() if w.settings else ""
        self.language_actions.get(chosen, self.language_actions[""]).setChecked(True)
        self.act_controls = QAction(w)
        self.act_controls.setShortcut(QKeySequence("Shift+F1"))
        self.act_controls.triggered.connect(self.show_controls)
        self.help_menu.addAction(self.act_rules)
        self.help_menu.addAction(self.act_controls)
        self.help_menu.addAction(self.act_about)
        self.help_menu.addAction(self.act_about_qt)

    def add_turn_actions(self, turn) -> None:
        """The Turn menu: the turn panel's actions (``TurnActions``), once the game table is made."""
        for a in turn.all():
            if a in (turn.c_mode, turn.hint):
                self.edit_menu.addSeparator()
            self.edit_menu.addAction(a)
            self.window.addAction(a)  # its shortcut works wherever the focus is in the window

    def translate(self) -> None:
        self.game_menu.setTitle(self.tr("&Game"))
        self.edit_menu.setTitle(self.tr("&Turn"))
        self.view_menu.setTitle(self.tr("&View"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.act_new.setText(self.tr("&New Game…"))
        self.act_daily.setText(self.tr("&Daily Challenge"))
        today = QDate.currentDate().toString(Qt.DateFormat.ISODate)
        self.act_daily.setToolTip(self.tr("Today's solo game (%1): everyone gets the same cards today. "
                                          "The goal: 300 VP.").replace("%1", today))
        self.act_host.setText(self.tr("&Host a Table…"))
        self.act_host.setToolTip(self.tr("Play across laptops: players join this table from their own computers"))
        self.act_join.setText(self.tr("&Join a Table…"))
        self.act_open.setText(self.tr("&Open Game…"))
        self.act_save.setText(self.tr("&Save Game As…"))
        self.act_replay.setText(self.tr("Open &Replay…"))
        self.act_stats.setText(self.tr("S&tatistics…"))
        self.act_player.setText(self.tr("&Player Name…"))
        self.act_player.setToolTip(self.tr("The name your games, statistics and personal bests are kept under"))
        self.act_quit.setText(self.tr("&Quit"))
        self.act_rules.setText(self.tr("&Rules Summary…"))
        self.act_about.setText(self.tr("&About In the Ruin…"))
        self.act_about_qt.setText(self.tr("About &Qt…"))
        self.language_menu.setTitle(self.tr("&Language"))
        # Each language is named in itself, so a player lost in the wrong
        # language still finds their own.
        self.language_actions[""].setText(self.tr("System language"))
        self.language_actions["en"].setText("English")
        self.language_actions["ja"].setText("日本語")
        self.act_controls.setText(self.tr("&Controls…"))
        self.act_cards.setText(self.tr("Explore &cards…"))
        self.act_to_sheet.setText(self.tr("Go to the &Sheet"))
        self.act_animations.setText(self.tr("&Animations"))
        self.act_animations.setToolTip(self.tr("Pieces drawn in, the adventurer walking, gems flashing"))
        self.text_size_menu.setTitle(self.tr("&Text Size"))
        self.act_larger.setText(self.tr("&Larger Text"))
        self.act_smaller.setText(self.tr("&Smaller Text"))
        self.act_normal_size.setText(self.tr("&Normal Text Size"))
        self.act_contrast.setText(self.tr("&High contrast"))
        self.act_contrast.setToolTip(self.tr("White paper and black exact marks instead of pencil"))

    def _text_size_menu(self, w) -> None:
        """View > Text size: larger, smaller, normal, and each size to pick."""
        self.text_size_menu = self.view_menu.addMenu("")
        self.act_larger = QAction(w)
        self.act_larger.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")])
        self.act_larger.triggered.connect(lambda: w.text_size_requested.emit(text_size.step(1)))
        self.act_smaller = QAction(w)
        self.act_smaller.setShortcut(QKeySequence.StandardKey.ZoomOut)
        self.act_smaller.triggered.connect(lambda: w.text_size_requested.emit(text_size.step(-1)))
        self.act_normal_size = QAction(w)
        self.act_normal_size.setShortcut(QKeySequence("Ctrl+0"))
        self.act_normal_size.triggered.connect(lambda: w.text_size_requested.emit(100))
        for a in (self.act_larger, self.act_smaller, self.act_normal_size):
            self.text_size_menu.addAction(a)
            w.addAction(a)  # its shortcut works wherever the focus is in the window
        self.text_size_menu.addSeparator()
        self.size_group = QActionGroup(w)
        self.size_actions: dict[int, QAction] = {}
        for size in text_size.SIZES:
            act = QAction(f"{size} %", w, checkable=True)
            act.triggered.connect(lambda _=False, s=size: w.text_size_requested.emit(s))
            self.size_group.addAction(act)
            self.text_size_menu.addAction(act)
            self.size_actions[size] = act
        self.show_text_size()  # and after every change (app.wiring)

    def show_text_size(self) -> None:
        act = self.size_actions.get(text_size.percent())
        if act is not None:
            act.setChecked(True)
        self.act_larger.setEnabled(text_size.percent() < text_size.SIZES[-1])
        self.act_smaller.setEnabled(text_size.percent() > text_size.SIZES[0])

    def show_look(self, animations: bool, high_contrast: bool) -> None:
        """Tick the View menu's look items without asking for a change."""
        for action, on in ((self.act_animations, animations), (self.act_contrast, high_contrast)):
            action.blockSignals(True)
            action.setChecked(on)
            action.blockSignals(False)

    def menu_actions(self) -> list[tuple[str, list]]:
        """(menu title, its actions) for the Controls page."""
        return [(m.title(), [a for a in m.actions() if not a.isSeparator() and a.menu() is None])
                for m in (self.edit_menu, self.game_menu, self.view_menu, self.text_size_menu, self.help_menu)]

    # -- the Help menu's commands ---------------------------------------------------
    # Each window opened from here is deleted once closed: a closed one
    # would still be retranslated on every language switch, however many were opened.
    def show_rules(self) -> None:
        from ..dialogs.help import RulesDialog

        boxes.shown_once(self, "rules_dialog", lambda: RulesDialog(self.window))

    def show_controls(self) -> None:
        from ..dialogs.help import ControlsDialog

        boxes.shown_once(self, "controls_dialog", lambda: ControlsDialog(self.menu_actions, self.window))

    def show_about(self) -> None:
        boxes.message(self.window, QMessageBox.Icon.Information, self.tr("About In the Ruin"), self.tr(
            "<h3>In the Ruin</h3><p>A digital edition of the flip-and-write game インザルーイン.</p>"
            "<p>Draw roads and walls, collect gems, link your objective cards and escape before the ruin "
            "collapses.</p><p>Version %1</p><p>Free software under the MIT licence: you may use, copy, change "
            "and share it, keeping its copyright and licence notice. It comes without any warranty.</p>"
            "<p>Copyright © 2026 the ruin_qt developers</p>").replace("%1", __version__))

    def show_about_qt(self) -> None:
        """Qt's own About box, built here and shown: no nested event loop."""
        boxes.shown_once(self, "about_qt_box", lambda: boxes.about_qt(self.window))

    # -- a table across laptops -------------------------------------------------------
    def _network_missing(self, error: ImportError) -> None:
        """A build without its network part says so, rather than doing nothing."""
        boxes.message(self.window, QMessageBox.Icon.Warning, self.tr("Play across laptops is not available"), self.tr(
            "This copy of In the Ruin cannot load its network part (%1). Solo and pass-and-play games still "
            "work; install the game again to play across laptops.").replace("%1", str(error)))

    def host_table(self) -> None:
        if self.tables is None:
            return
        try:
            dlg = self.tables.host_dialog(self.window, self.window.keeper, self._show_table)
        except ImportError as e:
            self._network_missing(e)
            return
        boxes.deleted_on_close(dlg)

        def lobby_closed(*_) -> None:
            """Without a seat at this screen the dialog is the table's lobby: closing it closes the
            table.  The service outlives the dialog a moment, for the players to hear the goodbye."""
            service = dlg.service
            if service is not None and shiboken6.isValid(service) and service.parent() is not dlg:
                return  # its table's window took the service over (another table's window is no matter)
            dlg.close_table()
            if service is not None and shiboken6.isValid(service):
                service.setParent(self)
                QTimer.singleShot(GOODBYE_MS, service, service.deleteLater)

        dlg.finished.connect(lobby_closed)
        self.host_dialogs.append(dlg)
        dlg.destroyed.connect(lambda *_: self.host_dialogs.remove(dlg) if dlg in self.host_dialogs else None)
        dlg.show()
        self.above_tables(dlg)

    def join_table(self, returning=None) -> JoinTableDialog | None:
        """Game ▸ Join a Table…; ``returning``: a kept table to return to at once (the start-up offer)."""
        if self.tables is None:
            return None
        try:
            dlg = self.tables.join_dialog(self.window, self.window.settings, self.window.keeper, self.open_tables(),
                                          self._show_table, self.window.warn)
            boxes.deleted_on_close(dlg)
        except ImportError as e:
            self._network_missing(e)
            return None
        dlg.finished.connect(lambda *_: self.show_return())
        dlg.show()
        if returning is not None:
            dlg.return_to(returning)
        return dlg

    def offer_return(self, then) -> bool:
        """At start-up: a table across laptops left mid-game is offered back; ``then()`` once answered."""
        from .table_return import offer_at_start

        if not self._welcome_return_wired:
            self._welcome_return_wired = True
            self.window.welcome.return_requested.connect(self.return_to_newest)
        self.show_return()
        return offer_at_start(self.window, self.joined_tables, lambda t: self.join_table(t), then)

    def show_return(self) -> None:
        """The welcome page's return button, for the newest table kept (hidden if none)."""
        from ..common.table_words import return_text, with_whom

        tables = self.joined_tables.tables() if self.joined_tables is not None else []
        self.window.welcome.show_return(return_text(tables[0]) if tables else "",
                                        with_whom(tables[0]) if tables else "")

    def return_to_newest(self) -> None:
        tables = self.joined_tables.tables() if self.joined_tables is not None else []
        self.join_table(tables[0] if tables else None)

    def open_tables(self) -> list:
        """The table windows still open (a closed one is deleted: only its Python name is left here)."""
        return [t for t in self.net_windows if shiboken6.isValid(t) and t.isVisible()]

    def front_table(self):
        """The table window in front: the active one, else the newest open (None: no table's window)."""
        tables = self.open_tables()
        active = QApplication.activeWindow()
        return next((t for t in tables if t is active), tables[-1] if tables else None)

    def above_tables(self, widget: QWidget, table=None) -> None:
        """``widget`` (shown) in front of ``table``'s window (else the one in front), and kept above it: a
        table's window is a window of its own, not the main window's, and covered what the menus opened."""
        table = table or self.front_table()
        mine, theirs = widget.windowHandle(), table.windowHandle() if table is not None else None
        if mine is not None and theirs is not None and mine is not theirs:
            mine.setTransientParent(theirs)
        widget.raise_()
        widget.activateWindow()

    def _show_table(self, table) -> None:
        self.net_windows = [*self.open_tables(), table]
        # Deleted once closed: its Python name goes too.
        table.destroyed.connect(lambda *_, t=table: self.net_windows.remove(t) if t in self.net_windows else None)
        table.show()
        # The Host dialog that opened it stays in front: its invites and lobby are read beside the table.
        for dlg in self.host_dialogs:
            if shiboken6.isValid(dlg) and dlg.isVisible():
                self.above_tables(dlg, table)

    def set_language(self, code: str) -> None:
        self.window.language_requested.emit(code)
        act = self.language_actions.get(code)
        if act is not None:
            act.setChecked(True)
