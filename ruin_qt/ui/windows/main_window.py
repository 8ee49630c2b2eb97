"""The main window: sheet on the left; line, controls, player panel, seats
and the announcement log on the right; menus; the hand-off cover on top.

It is given its model and its keeper (saves, history, files) by ``app``;
it never imports ``app`` itself."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QLabel,
    QMessageBox,
    QStackedWidget,
)

from ...model.game_model import GameModel
from ..common import texts
from ..common.on_screen import after_first_frame, centre_on
from ..common.retranslate import Retranslating
from ..common.speech import Speaker
from ..dialogs import boxes
from ..dialogs.abandon import AbandonGuard
from ..table.status_foot import FootBarWindow
from ..table.tutorial import TutorialHost
from ..table.welcome import WelcomePage
from .main_menus import MainMenus

if TYPE_CHECKING:  # imported when first needed: a start-up shows neither
    from ..dialogs.daily import DailyIntroDialog
    from ..dialogs.new_game import NewGameDialog
    from ..table.card_line import CardBrowser
    from .final_sheet import FinalSheetDialog
    from .game_table import GameTable
    from .stats_window import StatsWindow


def _table_part(name: str) -> property:
    return property(lambda self: getattr(self.table(), name), doc=f"The game table's {name} (made on first use).")


class MainWindow(Retranslating, FootBarWindow):
    language_requested = Signal(str)  # a language code, "" for the system's: the app installs it
    text_size_requested = Signal(int)  # percent: the app applies and keeps it
    look_requested = Signal(bool, bool)  # animations on, high contrast on: the app applies and keeps them
    table_made = Signal()  # the game table exists now (made after the first frame, or when first asked for)

    def __init__(self, model: GameModel, keeper, settings=None, languages: tuple[str, ...] = ("en", "ja"),
                 parent=None):
        """``keeper``: the app's storage (autosave, history, files), see
        ``app.storage.keeper.GameKeeper``; ``settings``: ``app.storage.settings.Settings``."""
        super().__init__(parent)
        self.settings = settings
        self.languages = languages
        self.model = model
        self._table: GameTable | None = None  # the sheet and the side column: see table()
        self.browser: CardBrowser | None = None
        self.scoreboard: FinalSheetDialog | None = None
        self.new_game_dialog: NewGameDialog | None = None
        self.daily_dialog: DailyIntroDialog | None = None
        self.keeper = keeper
        self.keeper.problem.connect(self.warn)
        # The keeper records a finished game before this window hears of it
        # (it connected first), so _on_game_over knows the game's history id.
        self._recorded_game: int | None = None
        self.keeper.history_added.connect(self._game_recorded)
        self.keeper.notice_changed.connect(self.show_storage_notice)
        self.storage_notice = QLabel(self)  # a storage fault, for as long as it lasts
        self.storage_notice.setVisible(False)
        self.statusBar().addPermanentWidget(self.storage_notice)
        self._warnings: set[str] = set()  # messages on screen now: one box each
        self.stats_window: StatsWindow | None = None  # replay and review windows: children, deleted on close
        self.message_box: QMessageBox | None = None
        self.speaker = Speaker(self)  # announcements for a screen reader

        self.welcome = WelcomePage(self)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.welcome)
        self.setCentralWidget(self.pages)

        self.guard = AbandonGuard(self, self.model, self.save_game_as)
        self._leaving = self._discarded = False
        self._sheet_message = ""  # the status text the sheet last gave
        self.menus = MainMenus(self)
        m = self.model
        m.applying.connect(self.table)  # a game arriving before the table is made: made first, then told
        m.handoff_requested.connect(self._on_handoff)
        m.viewer_changed.connect(self._on_viewer)
        m.announced.connect(lambda *_: self._update_title())
        m.game_over.connect(self._on_game_over)
        m.game_started.connect(self._on_started)
        m.stage_changed.connect(lambda *_: self._update_title())
        self.tutorial_host = TutorialHost(
            self, m, start_game=self.start_game, then=self.guard.then, settings=self.settings,
            resumable=self.keeper.resumable, panel_at=lambda panel: self.lesson_slot.addWidget(panel),
            help_menu=self.menus.help_menu)
        mn = self.menus
        self.welcome.bind(mn.act_new, mn.act_daily, mn.act_open, mn.act_rules, self.tutorial_host.action)
        self.translate_ui()
        self.resize(1180, 780)
        after_first_frame(self, self.table)  # the welcome page first; the table while the player reads it

    def table(self) -> GameTable:
        """The game table, made now if it was not yet (its modules imported then)."""
        if self._table is None:
            from .game_table import GameTable

            self.model.applying.disconnect(self.table)  # asked once: not at every change from now on
            t = self._table = GameTable(self, self.model, self.speaker, self.show_status, self.show_cards)
            self.pages.addWidget(t.game_page)
            self.menus.add_turn_actions(t.turn_panel.actions)
            t.player_panel.hand.route_focus.connect(self.tutorial_host.tutorial.note_route)
            self.table_made.emit()
        return self._table

    def has_table(self) -> bool:
        return self._table is not None

    # The table's parts by name, as views and tests read them: each makes the table first if need be.
    scene, view, column, banner, cover = (_table_part(n) for n in ("scene", "view", "column", "banner", "cover"))
    card_line, turn_panel, player_panel = (_table_part(n) for n in ("card_line", "turn_panel", "player_panel"))
    seats_table, log, public_tabs = (_table_part(n) for n in ("seats_table", "log", "public_tabs"))
    side_layout, game_page = _table_part("side_layout"), _table_part("game_page")
    side_panel, lesson_slot = _table_part("side_panel"), _table_part("lesson_slot")
    special_choice = _table_part("special_choice")

    def translate_ui(self) -> None:
        self._update_title()
        if self._table is not None:
            self._table.scene.refresh()  # the scene is no widget: its Escape label is re-set here
        self.menus.translate()
        self.tutorial_host.translate()

    def _update_title(self) -> None:
        """"Stage 1, round 1 — In the Ruin": ending with the application's
        display name, so the platform does not append it a second time."""
        p = self.model.public()
        name = QGuiApplication.applicationDisplayName() or self.tr("In the Ruin")
        if p.phase == "none":
            self.setWindowTitle(name)
        else:
            self.setWindowTitle(texts.now_playing(p) + " — " + name)  # the banner's words too


    # -- game ------------------------------------------------------------
    def new_game(self) -> None:
        defaults = self.settings.new_game_defaults() if self.settings else {}
        from ..dialogs.new_game import NewGameDialog  # imported when first asked for: not at start-up

        dlg = boxes.keep(self, "new_game_dialog", NewGameDialog(defaults, self, me=self.player_name()))
        dlg.accepted.connect(lambda: self._new_game_accepted(dlg))
        dlg.finished.connect(lambda *_: dlg.deleteLater())
        dlg.open()

    def _new_game_accepted(self, dlg: NewGameDialog) -> None:
        if self.settings:
            self.settings.set_new_game_defaults(dlg.choices())
        self.new_game_dialog = None
        seats, seed = dlg.seats(), dlg.seed_value()
        self.guard.then(lambda: self.start_game(seats, seed))  # asked only once a new game is confirmed

    def player_name(self) -> str:
        """The player profile's name ("" if the app gave none): the tutorial's, New Game's and the Daily's seat."""
        player = getattr(self.keeper, "player", None)
        return player.name if player is not None else ""

    def start_game(self, seats: list[tuple[str, str]], seed: int | None = None, daily: str | None = None) -> None:
        self.keeper.start(daily, seats)
        self.model.new_game(seats, seed)

    def play_again(self) -> None:
        """The deal just played, once more, with the same seats (a daily stays today's daily)."""
        p = self.model.public()
        if p.seed is None or not p.seats:
            return
        daily = self.keeper.daily if self.keeper.daily == self.keeper.daily_game()[1] else None
        seats = [(s.name, s.kind) for s in p.seats]
        self.guard.then(lambda: self.start_game(seats, p.seed, daily=daily))

    def _close_scoreboard(self) -> None:
        if self.scoreboard is not None:
            self.scoreboard.close()
            self.scoreboard = None

    def daily_challenge(self) -> None:
        """Solo, seeded by today's date: its intro (date, goal, the usual name) first."""
        from ..dialogs.daily import open_daily

        open_daily(self)

    # -- files -----------------------------------------------------------
    def _documents(self) -> str:
        """Where a file dialog starts: the folder last used, else the documents folder."""
        if self.settings is not None:
            return str(self.settings.last_folder())
        return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())

    def _remember_folder(self, path: str) -> None:
        if self.settings is not None:
            self.settings.set_last_folder(Path(path).parent)

    def proposed_file_name(self) -> str:
        p = self.model.public()
        return texts.record_file_name(p.multi_human, p.seed)

    def save_game_as(self, done=None) -> None:
        """The Save dialog, open now; ``done(saved)`` once it is answered."""
        if self.model.public().phase == "none":
            return
        boxes.ask_file(self, self.tr("Save Game"), str(Path(self._documents()) / self.proposed_file_name()),
                       self.tr("In the Ruin records (*.ruin *.json)"),
                       lambda path: (done or bool)(bool(path) and self.save_to(path)), save=True)

    def save_to(self, path: str) -> bool:
        problem = self.keeper.save_game_as(Path(path))
        if problem is not None:
            self.warn(problem)
            return False
        self._remember_folder(path)
        self.statusBar().showMessage(self.tr("Saved %1").replace("%1", path))
        return True

    def open_game(self) -> None:
        self._ask_record(self.tr("Open Game"), self.open_file)

    def _ask_record(self, title: str, then) -> None:
        def chosen(path: str) -> None:
            if path:
                self._remember_folder(path)
                then(path)
        boxes.ask_file(self, title, self._documents(),
                       self.tr("In the Ruin records (*.ruin *.json);;All files (*)"), chosen)

    def open_file(self, path: str) -> bool:
        """Continue the game in a record file; a bad file is only reported."""
        problem = self.keeper.open_game(Path(path))
        if problem is not None:
            self.warn(problem)
            return False
        return True

    def open_replay(self) -> None:
        self._ask_record(self.tr("Open Replay"), self.open_replay_file)

    def open_replay_file(self, path: str):
        """A replay window for any record; the file is read once, never written."""
        from .replay_window import ReplayWindow

        rec, problem = self.keeper.read_record(Path(path))
        if problem is not None:
            self.warn(problem)
            return None
        w = ReplayWindow(rec, Path(path).name, self)
        w.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # closed, it is gone: nothing here keeps it
        w.review_requested.connect(lambda record, seat: self.open_review(seat, record))
        w.show()
        return w

    def open_review(self, seat: int, rec: dict | None = None):
        """The Expert's review of ``seat``'s decisions (the game just played if no record is given)."""
        from .review_window import ReviewWindow

        rec = rec if rec is not None else self.keeper.current_record()
        return None if rec is None else ReviewWindow.show_new(rec, seat, self.keeper.reviews, self, self.model.runner)

    def show_statistics(self) -> None:
        from .stats_window import StatsWindow

        def make() -> StatsWindow:  # deleted once closed: its connection goes with it
            player = getattr(self.keeper, "player", None)
            w = StatsWindow(self.keeper.history, self, you=(player.id, player.name) if player is not None else None)
            for added in (self.keeper.history_added, self.keeper.table_recorded):  # a table's game too
                added.connect(w.reload)
            return w

        self.menus.above_tables(boxes.shown_once(self, "stats_window", make))  # not behind a table's window

    def focus_sheet(self) -> None:
        """The keys to the sheet (F6), from wherever they are."""
        if self.has_table() and self.view.isVisible():
            self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def show_status(self, text: str, rule: str = "") -> None:
        """The sheet's advice or refusal; the rule behind a refusal is in the tooltip."""
        bar = self.statusBar()
        if text:
            bar.showMessage(text)
        elif bar.currentMessage() == self._sheet_message:
            bar.clearMessage()  # only the sheet's own advice: the seed or "Saved" stay
        self._sheet_message = text
        bar.setToolTip(texts.rule_tip(rule) if rule else "")

    def show_look(self, animations: bool, high_contrast: bool) -> None:
        self.menus.show_look(animations, high_contrast)

    # -- resume and messages -------------------------------------------------
    def warn(self, message: str) -> None:
        """A non-blocking warning: the game goes on behind it.  A message
        already on screen is not opened a second time."""
        if message in self._warnings:
            return
        self._warnings.add(message)
        boxes.keep(self, "message_box", boxes.message(self, QMessageBox.Icon.Warning, self.tr("In the Ruin"), message,
                                                      answered=lambda *_: self._warnings.discard(message)))

    def show_storage_notice(self, text: str) -> None:
        self.storage_notice.setText(text)
        self.storage_notice.setVisible(bool(text))

    def offer_at_start(self, auto: bool = False) -> None:
        """At start-up: a table across laptops left mid-game is offered back, then (apart
        from it) a local game interrupted, then, if neither, the guided first game."""
        if not self.keeper.owner:  # another window of the app has this data folder and its tables
            self.offer_resume(auto=True) if auto else self._offer_local()
        elif auto:
            self.offer_resume(auto=True)
            self.menus.offer_return(lambda: None)
        elif not self.menus.offer_return(self._offer_local):
            self._offer_local()

    def _offer_local(self) -> None:
        self.offer_resume()
        if self.tutorial_host.offer():
            self.welcome.greet_newcomer()

    def offer_resume(self, auto: bool = False) -> None:
        """At start-up: a game interrupted by a crash or a kill is offered back."""
        if not self.keeper.resumable():
            return
        if auto:
            self._resume_autosave()
            return
        Button = QMessageBox.StandardButton
        # No, Escape and the close button set the game aside as a record file: never lost.
        box = boxes.keep(self, "message_box", boxes.message(
            self, QMessageBox.Icon.Question, self.tr("Resume game"),
            self.tr("A game was interrupted. Continue it where it stopped?"), Button.Yes | Button.No,
            lambda r: self._resume_autosave() if r == Button.Yes else self.keeper.set_aside_autosave(),
            default=Button.Yes, escape=Button.No))
        centre_on(box, self)  # at start-up the window is placed after the box opens: it follows

    def _resume_autosave(self) -> bool:
        problem = self.keeper.resume_autosave()
        if problem is not None:
            self.warn(problem)
            return False
        return True

    def _on_started(self) -> None:
        self._recorded_game = None  # an earlier game filed late is not this one (its best was compared with it)
        self._close_scoreboard()
        self.cover.hide()
        self.pages.setCurrentIndex(1)
        self.public_tabs.setCurrentIndex(0)
        self._update_title()
        self._show_seed()

    def _show_seed(self) -> None:
        """The seed deals the whole game: in pass-and-play it shows only once the game is over."""
        p = self.model.public()
        if p.seed is not None and (not p.multi_human or p.phase == "over"):
            self.statusBar().showMessage(self.tr("Seed %1").replace("%1", str(p.seed)))

    def _names(self) -> list[str]:
        return self.model.public().names

    def _on_handoff(self, seat: int) -> None:
        self.cover.cover(self._names()[seat], self.log.news)

    def _on_viewer(self, seat: int) -> None:
        if seat >= 0:
            self.cover.hide()
            self.view.setFocus()
        else:
            self.statusBar().clearMessage()  # it may describe the previous seat's sheet

    def _game_recorded(self, game_id: int) -> None:
        if self.model.public().phase == "over":  # not an earlier game filed late (a disk that was full)
            self._recorded_game = game_id

    def _on_game_over(self, winners: list) -> None:
        from .final_sheet import FinalSheetDialog, SoloResult

        self.cover.hide()
        p = self.model.public()
        if p.n > 1:
            self.public_tabs.setCurrentIndex(1)  # its rows open each final sheet
        recorded, self._recorded_game = self._recorded_game, None  # None: opened from a file, not recorded now
        solo = None
        if p.n == 1 and not p.seats[0].computer:
            best = self.keeper.solo_best(recorded)
            solo = SoloResult(best, recorded is not None)
        self._close_scoreboard()
        # A game the data folder could not store (a full disk): the sheet offers Save as… elsewhere.
        board = boxes.keep(self, "scoreboard", FinalSheetDialog(p, self.model.final_views(), solo, self,
                                                                unstored=self.keeper.unfiled_note()))
        board.save_requested.connect(self.save_game_as)
        board.review_requested.connect(self.open_review)
        board.again_requested.connect(self.play_again)
        board.show()
        if self.keeper.daily:
            best = self.keeper.daily_best(self.keeper.daily)
            if best is not None:
                self.statusBar().showMessage(self.tr("Daily challenge %1: your best today is %2 VP")
                                             .replace("%1", self.keeper.daily).replace("%2", str(best)))

    def show_cards(self) -> None:
        if self.model.public().phase == "none":
            return
        from ..table.card_line import CardBrowser

        boxes.shown_once(self, "browser", lambda: CardBrowser(self.model, self)).refill()

    # -- window state ----------------------------------------------------
    def restore_state(self) -> None:
        if self.settings:
            geo = self.settings.geometry()
            if geo is not None:
                self.restoreGeometry(geo)

    def request_quit(self) -> None:
        """Game ▸ Quit (and the window's close button): ask first if a game would be lost."""
        self.guard.then(self._quit, discard=self._discard_game)

    def _discard_game(self) -> None:
        self._discarded = True
        self.keeper.forget_game()

    def _quit(self) -> None:
        self._leaving = True
        self.close()

    def closeEvent(self, event) -> None:
        if event.spontaneous() and not self._leaving and self.guard.unfinished():
            event.ignore()  # the window system's close button: ask as Quit does
            self.request_quit()
            return
        if self.settings:
            self.settings.set_geometry(self.saveGeometry())
        if not self._discarded:
            self.keeper.save_now()
        self.model.shutdown()
        self.keeper.close()
        super().closeEvent(event)
