"""A table across laptops: this screen's own seat, with the same table UI.

The sheet, the card line, the turn controls (gestures, undo, Confirm), the
player panel and the log are the main window's own widgets on a model that
sits on this screen's seat (``net.SeatScreen``): no hand-off cover, and no
other seat's side.  Above them, who has confirmed and who is still deciding.
At the end, every seat's final sheet (the host's record replayed), the
verdict on the host's secret deal (a joining screen's), a review of the game
and its record to keep.

Closed, the window is deleted with its model and its client or service (its
children); nothing they hold refers back to it but bound methods, so the
whole table leaves memory.  The app builds the table and wires this window
to it (``app.tables.hosted_table``, ``joined_table``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, cast

from PySide6.QtCore import QCoreApplication, QStandardPaths, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QMessageBox, QVBoxLayout, QWidget

from ...model.game_model import GameModel
from ...session.facts import Verdict
from ...session.views import LobbySeat
from ..common import texts
from ..common.retranslate import Retranslating
from ..common.table_words import failure_text
from ..dialogs import boxes
from ..sheet.sheet_scene import SheetScene
from ..sheet.sheet_view import SheetView
from ..table.side_column import SideColumn
from ..table.side_panel import SidePanel, TablePage
from ..table.status_foot import FootBarWindow, StatusFoot
from .final_sheet import FinalSheetDialog
from .join_box import JoinBox
from .seat_care import SeatCare
from .special_choice import SpecialChoice


class _OneSeat(Protocol):
    seat: int  # a table across laptops' screen (``session.screen.SeatScreen``): it sits on this seat


class NetTableWindow(Retranslating, FootBarWindow):
    closed = Signal()  # the player closed this table's window
    reopen_requested = Signal(int)  # the host gives a player's seat to someone else (asked and confirmed)
    end_requested = Signal()  # the host ends the game with the scores so far (asked and confirmed)

    def __init__(self, model: GameModel, presence: Callable[[], list[str]], parent=None,
                 finished: Callable[[], dict | None] = lambda: None, keeper=None,
                 deal: Callable[[], Verdict | None] = lambda: None):
        """``presence()``: each seat's presence as the host names it ("here", "away", ...);
        ``finished()``: the game's record once it is over (every seat's side), else None;
        ``keeper``: the app's storage (its review cache, ``save_game_as``), or None;
        ``deal()``: the check of the host's secret deal once the game is over (None on the host's screen)."""
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.model, self.presence, self.finished, self.keeper = model, presence, finished, keeper
        self.deal = deal
        self.ended: Callable[[], bool] = lambda: False  # the host ended the game before its end
        self.scoreboard: FinalSheetDialog | None = None
        self.close_box: QMessageBox | None = None  # "Close the table?", while it is asked
        self._leaving = False  # the player said to close it: closed without asking again
        self.lobby_of: Callable[[], tuple[LobbySeat, ...]] = tuple  # the host's own screen reads its lobby here
        self._lobby: tuple[LobbySeat, ...] = ()  # who has joined, before the game
        self.scene = SheetScene(model, self)
        self.view = SheetView(self.scene, self)
        self.who = QLabel(self)  # who has confirmed, who is still deciding
        self.who.setObjectName("net_who")
        self.who.setWordWrap(True)
        column = SideColumn(model, self.scene, self, top=self.who, across_laptops=True)
        # The host's screen, while the table waits: how to join it (``join_info``), with Copy.
        self.join_info: Callable[[], tuple[str, list[str]] | None] = lambda: None
        self.join_box = JoinBox(column)
        column.column_layout.insertWidget(1, self.join_box)
        self.join_box.copied.connect(
            lambda _text: self.show_message(self.tr("The join code and the address are copied: paste them in a "
                                                    "message to the players.")))
        # The host's screen: its care of the players' seats (``seat_kinds`` set: this window hosts the table).
        self.seat_kinds: Callable[[], list[str]] | None = None
        self.seat_care = SeatCare(column)
        column.column_layout.insertWidget(2, self.seat_care)
        self.seat_care.invite_again.connect(self.ask_reopen)
        self.seat_care.end_game.connect(self.ask_end)
        self.card_line, self.turn_panel, self.player_panel = column.card_line, column.turn_panel, column.player_panel
        self.seats_table, self.log, self.tabs = column.seats_table, column.log, column.tabs
        self.special_choice = SpecialChoice(self.turn_panel, model, self)
        side = QWidget(self)  # the scrolling column, and under it the status bar at larger text (``StatusFoot``)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.setSpacing(0)
        side_layout.addWidget(SidePanel(column, self), 1)
        self.table_page = TablePage(self.view, side, self)
        self.setCentralWidget(self.table_page)
        self.status_foot = StatusFoot(self, self.table_page, side)  # at larger text the map may take its line
        for a in self.turn_panel.actions.all():
            self.addAction(a)  # shortcuts work wherever the focus is
        self.scene.status_changed.connect(self.show_status)
        # How the table is reached through an invite's wormhole, per seat (-1: this screen's own line).
        self.paths: dict[int, str] = {}
        self.path_label = QLabel(self)
        self.path_label.setObjectName("net_path")
        self.statusBar().addPermanentWidget(self.path_label)
        model.turn_changed.connect(self.refresh)
        model.game_over.connect(self.show_final_sheets)
        self.translate_ui()
        self.resize(1180, 780)

    def translate_ui(self) -> None:
        self._show_paths()
        self.refresh()

    def show_path(self, seat: int, path: str) -> None:
        """An invite's connection: "direct", "relay" or "away" (reconnecting), for ``seat`` (-1: this screen's)."""
        self.paths[seat] = path
        self._show_paths()

    def _show_paths(self) -> None:
        words = {"direct": self.tr("direct"), "relay": self.tr("through a relay"), "away": self.tr("reconnecting…")}
        parts = [self.tr("Connection: %1").replace("%1", words.get(p, p)) if seat < 0 else
                 self.tr("Seat %1: %2").replace("%1", str(seat + 1)).replace("%2", words.get(p, p))
                 for seat, p in sorted(self.paths.items())]
        self.path_label.setText("  ·  ".join(parts))
        self.path_label.setAccessibleName(self.tr("How the table is connected") if parts else "")

    def show_status(self, text: str, rule: str = "") -> None:
        self.statusBar().showMessage(text)
        self.statusBar().setToolTip(texts.rule_tip(rule) if rule else "")

    def show_message(self, text: str) -> None:
        """The host's words (a refusal, the table closing), on the status bar."""
        self.statusBar().showMessage(text)

    def show_refusal(self, rule: str, code: str, message: str) -> None:
        self.show_status(texts.refusal(rule, message, code), rule)

    def show_failure(self, code: str, message: str) -> None:
        self.show_message(failure_text(code, message))

    # -- the end of the game ------------------------------------------------------------
    def show_final_sheets(self, _winners=None) -> None:
        """Every seat's final sheet side by side, as on the main window."""
        p = self.model.public()
        views = self.model.final_views()
        if len(views) > 1:
            self.tabs.setCurrentIndex(1)  # the Seats tab: its rows open each final sheet in the big view
        if self.scoreboard is not None:
            self.scoreboard.close()
        rec = self.finished()
        dlg = boxes.keep(self, "scoreboard", FinalSheetDialog(p, views, None, self, across_laptops=True,
                                                              savable=self.keeper is not None and rec is not None,
                                                              deal=self.deal()))
        dlg.review_button.setEnabled(rec is not None)
        dlg.review_requested.connect(self.open_review)
        dlg.save_requested.connect(self.save_game)
        if len(views) < p.n:
            self.show_message(self.tr("The host's record of the game could not be read: only your own sheet "
                                      "is shown."))
        elif self.ended():
            self.show_message(self.tr("The host ended the game before its end: the scores are those so far."))
        dlg.show()

    def open_review(self, seat: int):
        """The Expert's review of ``seat``'s decisions in the game just finished."""
        from .review_window import ReviewWindow

        rec = self.finished()
        cache = self.keeper.reviews if self.keeper is not None else None
        return None if rec is None else ReviewWindow.show_new(rec, seat, cache, self, self.model.runner)

    def save_game(self) -> None:
        """Keep the finished game as a record file (the Save dialog, open now)."""
        if self.finished() is None or self.keeper is None:
            return
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        name = texts.record_file_name(True, None)  # several players at the table: never the seed
        boxes.ask_file(self, self.tr("Save Game"), str(Path(folder) / name),
                       self.tr("In the Ruin records (*.ruin *.json)"), self.save_to, save=True)

    def save_to(self, path: str) -> bool:
        rec = self.finished()
        if not path or rec is None or self.keeper is None:
            return False
        problem = self.keeper.save_game_as(Path(path), rec)
        self.show_message(problem if problem is not None else self.tr("Saved %1").replace("%1", path))
        return problem is None

    def ask_reopen(self, seat: int) -> None:
        """Invite again: asked first, since the seat's player can then never return to it."""
        p = self.model.public()
        name = p.names[seat] if seat < p.n else str(seat + 1)
        Button = QMessageBox.StandardButton
        box = boxes.message(
            self, QMessageBox.Icon.Question, self.tr("Invite again"),
            self.tr("Give seat %1 to another player? %2 will not be able to return to it: the seat's secret "
                    "token is revoked. A new invite is made for it, and the join code takes it too.")
            .replace("%1", str(seat + 1)).replace("%2", name),
            Button.Yes | Button.Cancel, lambda r: self.reopen_requested.emit(seat) if r == Button.Yes else None,
            default=Button.Cancel, escape=Button.Cancel)
        box.setObjectName("reopen_seat")
        box.button(Button.Yes).setText(self.tr("Invite again"))

    def ask_end(self) -> None:
        """End the game now: asked first, since it cannot be taken back."""
        Button = QMessageBox.StandardButton
        box = boxes.message(
            self, QMessageBox.Icon.Question, self.tr("End the game"),
            self.tr("End the game now? Every seat's score so far becomes its final score, and the game goes "
                    "into every player's history as it stands. This cannot be undone."),
            Button.Yes | Button.Cancel, lambda r: self.end_requested.emit() if r == Button.Yes else None,
            default=Button.Cancel, escape=Button.Cancel)
        box.setObjectName("end_game")
        box.button(Button.Yes).setText(self.tr("End the game"))

    def seat_state(self, seat: int, where: list[str] | None = None) -> str:
        p = self.model.public()
        where = self.presence() if where is None else where
        away = where[seat] if seat < len(where) else ""
        since = self.seat_care.away_since(seat)
        if away == "away" and since:
            return self.tr("away since %1, the seat waits").replace("%1", since)
        if away == "away":
            return self.tr("away, the seat waits")
        if away == "computer_playing" and since:
            return self.tr("away since %1, a computer plays for now").replace("%1", since)
        if away == "computer_playing":
            return self.tr("away, a computer plays for now")
        if away == "open" and p.phase in ("setup", "play"):
            return self.tr("waiting for a new player")
        if p.phase == "over":
            return self.tr("winner") if seat in p.winners else ""
        if p.seats[seat].escaped:
            return self.tr("escaped")
        if seat in p.acting:
            return self.tr("still deciding")
        if seat in p.thinking:
            return self.tr("thinking")
        return self.tr("confirmed") if p.phase in ("setup", "play") else ""

    def show_lobby(self, seats: tuple[LobbySeat, ...]) -> None:
        """Before the game: who has joined (a ``lobby`` message's seats)."""
        self._lobby = seats
        self.refresh()

    def follow_lobby(self) -> None:
        """The host's own screen: its lobby changed (``lobby_of`` reads it)."""
        self.show_lobby(self.lobby_of())

    def refresh(self) -> None:
        p = self.model.public()
        info = self.join_info()
        where = self.presence()  # each seat's, once for this refresh
        if self.seat_kinds is not None:
            names = [s.name for s in self._lobby] if p.phase == "none" \
                else list(p.names)
            self.seat_care.follow(list(zip(names, where)), self.seat_kinds(), p.phase not in ("none",))
        if info is not None:
            self.join_box.show_join(*info)
        else:
            self.join_box.hide()
        if p.phase == "none":
            self._title(self.tr("Table across laptops"))
            rows = [self.tr("Waiting for the game to start…")]
            joined = {"here": self.tr("joined"), "local": self.tr("joined"), "computer": self.tr("computer"),
                      "open": self.tr("waiting for a player"), "away": self.tr("away")}
            for s in self._lobby:
                state = joined.get(s.presence, s.presence)
                rows.append(self.tr("%1: %2").replace("%1", s.name).replace("%2", state))
            self.who.setText("\n".join(rows))
            return
        seat = p.names[self._own_seat()] if p.n else ""
        self._title(self.tr("%1 — %2").replace("%1", seat).replace("%2", texts.now_playing(p)))
        rows = []
        for i, name in enumerate(p.names):
            state = self.seat_state(i, where)
            path = self.paths.get(i) if i != self._own_seat() else None
            if path in ("direct", "relay", "away") and state != self.tr("winner") and \
                    (where[i] if i < len(where) else "") == "here":
                words = {"direct": self.tr("connected directly"), "relay": self.tr("connected through a relay"),
                         "away": self.tr("reconnecting…")}[path]
                state = f"{state} · {words}" if state else words
            mark = "▶ " if i == self._own_seat() else ""
            rows.append(mark + (self.tr("%1: %2").replace("%1", name).replace("%2", state) if state else name))
        self.who.setText("\n".join(rows))

    def _own_seat(self) -> int:
        """This screen's seat: the model's screen is a ``SeatScreen`` (the model types it as any ``Screen``)."""
        return cast(_OneSeat, self.model.screen).seat

    def _title(self, words: str) -> None:
        """"Aki — Stage 1, round 1 — In the Ruin": the application's display name once, last, so the
        platform does not add it a second time (as the main window's title)."""
        name = QGuiApplication.applicationDisplayName() or QCoreApplication.translate("App", "In the Ruin")
        self.setWindowTitle(words + " — " + name)

    def ends_game(self) -> bool:
        """Closing this window would stop a game still being played: the host's screen (its table goes
        with it; a joining screen only leaves its seat, kept to return to)."""
        return self.model.holds_the_game() and self.model.public().phase in ("setup", "play")

    def request_close(self) -> None:
        """Close the window, once the host has said so if a game is being played here."""
        if not self.ends_game():
            self._close_now()
            return
        if self.close_box is not None:  # asked already: one question at a time
            self.close_box.raise_()
            return
        Button = QMessageBox.StandardButton
        box = boxes.keep(self, "close_box", boxes.message(
            self, QMessageBox.Icon.Question, self.tr("Close the table?"),
            self.tr("The game at this table is not finished. Closing this window closes the table: every "
                    "player is disconnected and the game stops."),
            Button.Yes | Button.No, lambda b: self._close_now() if b == Button.Yes else None,
            default=Button.No, escape=Button.No))
        box.button(Button.Yes).setText(self.tr("&Close the table"))
        box.button(Button.No).setText(self.tr("&Keep playing"))

    def _close_now(self) -> None:
        self._leaving = True
        self.close()

    def closeEvent(self, event) -> None:
        if event.spontaneous() and not self._leaving and self.ends_game():
            event.ignore()  # the window system's close button: ask first, the game would stop
            self.request_close()
            return
        self.model.shutdown()
        self.closed.emit()
        super().closeEvent(event)


