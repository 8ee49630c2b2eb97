"""The host's care of the seats of players on other computers, in the hosted
table's window: no table waits for ever.

At any moment the host may invite a player's seat again (its token revoked:
whoever held it cannot come back; the next player with the new invite or
the join code takes it where it stands), let a computer play it now, or end
the game with the scores so far (every seat files it in its history).  A seat
away while the table waits for it ("0: wait") is offered all three at once.  A new invite's code is shown here with
Copy, as the Host dialog shows the first ones.  The window asks; the app
does it (``app.tables.hosted_table``)."""

from __future__ import annotations

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMenu, QPushButton, QToolButton, QVBoxLayout, QWidget

from ..common import texts, tones
from ..common.retranslate import Retranslating

TAKEOVER_LEVELS = ("beginner", "standard")


class SeatCare(Retranslating, QFrame):
    invite_again = Signal(int)  # seat: revoke its token, a new invite (the window asks first)
    play_for = Signal(int, str)  # seat, level: a computer plays it now
    end_game = Signal()  # end the game with the scores so far (the window asks first)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("seat_care")
        self.seats: list[tuple[str, str]] = []  # each seat's (name, presence) as last shown
        self.started = False
        self.kinds: list[str] = []
        self.away_at: dict[int, QDateTime] = {}  # when each seat was first seen away
        self.invites: dict[int, str] = {}  # seat -> its newest invite, to copy
        self.menu_button = QToolButton(self)
        self.menu_button.setObjectName("seat_care_menu")
        self.menu_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu = QMenu(self.menu_button)
        self.menu.aboutToShow.connect(self._fill_menu)
        self.menu_button.setMenu(self.menu)
        self.away_box = QWidget(self)
        self.away_layout = QVBoxLayout(self.away_box)
        self.away_layout.setContentsMargins(0, 0, 0, 0)
        self.invite_label = QLabel(self)
        self.invite_label.setObjectName("seat_care_invite")
        self.invite_label.setWordWrap(True)
        self.invite_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_button = QPushButton(self)
        self.copy_button.setObjectName("seat_care_copy")
        self.copy_button.clicked.connect(self.copy)
        row = QHBoxLayout()
        row.addWidget(self.invite_label, 1)
        row.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)
        lay = QVBoxLayout(self)
        lay.addWidget(self.away_box)
        lay.addLayout(row)
        lay.addWidget(self.menu_button, 0, Qt.AlignmentFlag.AlignLeft)
        tones.follow(self, tones.callout("attention"))
        self.hide()
        self.translate_ui()

    # -- what the window tells it ------------------------------------------------------------
    def follow(self, seats: list[tuple[str, str]], kinds: list[str], started: bool) -> None:
        """Each seat's (name, presence) and kind ("remote", "local", "ai:…"), and whether the game runs."""
        self.started = started
        self.kinds = list(kinds)
        now = QDateTime.currentDateTime()
        for i, (_name, presence) in enumerate(seats):
            if presence in ("away", "computer_playing", "open") and started and kinds[i] == "remote":
                self.away_at.setdefault(i, now)
            else:
                self.away_at.pop(i, None)
        if seats != self.seats:
            self.seats = list(seats)
            self._show_away()
        self.setVisible(any(k == "remote" for k in kinds))

    def away_since(self, seat: int) -> str:
        """"14:05": when ``seat`` was first seen away, in the player's locale ("" if it is not away)."""
        at = self.away_at.get(seat)
        return QLocale().toString(at.time(), QLocale.FormatType.ShortFormat) if at is not None else ""

    def show_invite(self, seat: int, code: str) -> None:
        """A new invite for ``seat``, to send to whoever takes it."""
        self.invites[seat] = code
        self._show_invites()

    # -- showing --------------------------------------------------------------------------------
    def translate_ui(self) -> None:
        self.menu_button.setText(self.tr("Seats…"))
        self.menu_button.setToolTip(self.tr("Invite a player's seat again, or let a computer play it"))
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the new invite, to send it to the player"))
        self._show_away()
        self._show_invites()

    def _show_invites(self) -> None:
        lines = [self.tr("New invite for seat %1: %2").replace("%1", str(seat + 1)).replace("%2", code)
                 for seat, code in sorted(self.invites.items())]
        self.invite_label.setText("\n".join(lines))
        self.invite_label.setVisible(bool(lines))
        self.copy_button.setVisible(bool(lines))

    def _show_away(self) -> None:
        while self.away_layout.count():
            item = self.away_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for seat, (name, presence) in enumerate(self.seats):
            if presence not in ("away", "open") or not self.started or self.kinds[seat] != "remote":
                continue
            line = QWidget(self.away_box)
            line.setObjectName(f"seat_care_away_{seat}")
            column = QVBoxLayout(line)  # the words whole on their line, the two choices under them
            column.setContentsMargins(0, 0, 0, 0)
            row = QHBoxLayout()
            if presence == "away":
                words = self.tr("%1 (seat %2) is away since %3: the table waits.")
            else:
                words = self.tr("Seat %2 (%1) waits for a new player since %3.")
            label = QLabel(words.replace("%1", name).replace("%2", str(seat + 1))
                           .replace("%3", self.away_since(seat)), line)
            label.setWordWrap(True)
            play = QToolButton(line)
            play.setObjectName(f"seat_care_play_{seat}")
            play.setText(self.tr("Let a computer play"))
            play.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            levels = QMenu(play)
            for level in TAKEOVER_LEVELS:
                act = levels.addAction(self.tr("Computer (%1)").replace("%1", texts.level_name(level)))
                act.setObjectName(f"seat_care_play_{seat}_{level}")
                act.triggered.connect(lambda _=False, s=seat, lv=level: self.play_for.emit(s, lv))
            play.setMenu(levels)
            again = QPushButton(self.tr("Invite again…"), line)
            again.setObjectName(f"seat_care_again_{seat}")
            again.clicked.connect(lambda _=False, s=seat: self.invite_again.emit(s))
            end = QPushButton(self.tr("End the game…"), line)
            end.setObjectName(f"seat_care_end_{seat}")
            end.setToolTip(self.tr("End the game now: every seat's score so far is its final score"))
            end.clicked.connect(self.end_game)
            column.addWidget(label)
            row.addWidget(play)
            row.addWidget(again)
            row.addWidget(end)
            row.addStretch(1)
            column.addLayout(row)
            self.away_layout.addWidget(line)

    def _fill_menu(self) -> None:
        self.menu.clear()
        if self.started:
            end = self.menu.addAction(self.tr("End the game now…"))
            end.setObjectName("seat_care_menu_end")
            end.triggered.connect(self.end_game)
        for seat, (name, presence) in enumerate(self.seats):
            if self.kinds[seat] != "remote":
                continue
            who = self.tr("Seat %1 (%2)").replace("%1", str(seat + 1)).replace("%2", name)
            again = self.menu.addAction(self.tr("%1: invite again…").replace("%1", who))
            again.setObjectName(f"seat_care_menu_again_{seat}")
            again.triggered.connect(lambda _=False, s=seat: self.invite_again.emit(s))
            if not self.started or presence == "computer_playing":
                continue
            for level in TAKEOVER_LEVELS:
                act = self.menu.addAction(self.tr("%1: let a computer (%2) play now").replace("%1", who)
                                          .replace("%2", texts.level_name(level)))
                act.setObjectName(f"seat_care_menu_play_{seat}_{level}")
                act.triggered.connect(lambda _=False, s=seat, lv=level: self.play_for.emit(s, lv))

    def copy(self) -> None:
        QGuiApplication.clipboard().setText("\n".join(self.invites.values()))
