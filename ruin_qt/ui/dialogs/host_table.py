"""Game ▸ Host a table…: choose the seats, open the table, watch the lobby.

The host listens only while this dialog or the table's window is open.  It
shows the join code and this computer's addresses; the game starts when
every seat for a player on another computer has its player.

The dialog only hands over what the player chose (``open_requested`` with a
``HostChoices``, ``resume_requested``); the app builds the table and its
service (``app.tables``) and hands the service back (``serving``), which the
dialog reads for its lobby: its ``host`` (code, seats, presence), ``port``,
``lobby_changed`` and ``quit()``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import shiboken6
from PySide6.QtCore import QLocale, Qt, QTime, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from ...model.levels import known_levels
from ..common import text_size, texts
from ..common.retranslate import Retranslating

MAX_SEATS = 4


TAKEOVER_LEVELS = ("beginner", "standard")


@dataclass(frozen=True)
class HostChoices:
    """What the player chose for a new table: each seat's kind ("local",
    "remote", "ai:<level>"), each seat's name, and who plays for a player away
    (``takeover``: seconds to wait, 0 for never; ``takeover_level``)."""

    kinds: tuple[str, ...]
    names: tuple[str, ...]
    takeover: int = 0
    takeover_level: str = "standard"


class _Closable(Protocol):
    def close(self) -> None: ...


class HostTableDialog(Retranslating, QDialog):
    open_requested = Signal(object)  # HostChoices: the app opens the table (``serving`` or ``cannot_open``)
    resume_requested = Signal()  # the interrupted table, again: the app resumes it
    table_opened = Signal(object, int)  # the table's service, this screen's seat (-1: none): open its window
    invites_requested = Signal()  # a wormhole invite code for each open seat: the app makes them (``show_invite``)
    servers_requested = Signal()  # the invite servers (mailbox, relay) to be chosen: the app asks

    def __init__(self, parent=None, resumable: bool = False, name: str = ""):
        """``resumable``: a table interrupted by a crash waits in the autosave (the app looked);
        ``name``: the player's own (the profile's), offered for the seat at this screen."""
        super().__init__(parent)
        self.resumable = resumable
        # The table's service, once the app has opened it: net's HostService, which ui does not import (layers).
        self.service: Any = None
        self.announcement: _Closable | None = None  # its mDNS announcement, closed with the table
        self.addresses_of: Callable[[], list[str]] = list  # where players reach the table (the app's)
        self.levels = known_levels()
        self.kinds = [QComboBox(self) for _ in range(MAX_SEATS)]
        self.seat_labels = [QLabel(self) for _ in range(MAX_SEATS)]
        self.name = QLineEdit(self)
        self.name_label = QLabel(self)
        self.name.setMaxLength(40)
        self.name.setText(name)
        self.takeover = QSpinBox(self)
        self.takeover.setRange(0, 600)
        self.takeover.setValue(0)
        self.takeover_label = QLabel(self)
        self.takeover_level = QComboBox(self)  # who plays for a player away: off while the wait is 0
        self.takeover_level.setEnabled(False)
        self.takeover.valueChanged.connect(lambda v: self.takeover_level.setEnabled(v > 0 and self.service is None))
        self.open_button = QPushButton(self)
        self.open_button.clicked.connect(self.open_table)
        self.resume_button = QPushButton(self)  # a table interrupted by a crash, from its autosave
        self.resume_button.clicked.connect(self.resume_table)
        self.resume_button.setVisible(resumable)
        self.code = QLabel(self)
        self.code.setObjectName("join_code")
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text_size.emphasised(self.code, 2)
        self.address = QLabel(self)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setWordWrap(True)
        self.lobby = QListWidget(self)
        self.invite_button = QPushButton(self)  # invite codes for friends anywhere (magic-wormhole)
        self.invite_button.clicked.connect(self.invites_requested)
        self.invite_button.setVisible(False)
        self.servers_button = QPushButton(self)
        self.servers_button.clicked.connect(self.servers_requested)
        self.invite_note = QLabel(self)
        self.invite_note.setWordWrap(True)
        self.invite_note.setVisible(False)
        self.invites = QGridLayout()  # a row per seat invited: seat, code, Copy, how its friend is connected
        self.invite_rows: dict[int, tuple[QLabel, QLineEdit, QPushButton, QLabel]] = {}
        self.away_at: dict[int, str] = {}  # seat -> when it was first seen away ("14:05")
        self.invite_states: dict[int, str] = {}  # seat -> "waiting", "direct", "relay", "away" or a failure's words
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        grid = QGridLayout()
        grid.addWidget(self.name_label, 0, 0)
        grid.addWidget(self.name, 0, 1)
        for i in range(MAX_SEATS):
            grid.addWidget(self.seat_labels[i], i + 1, 0)
            grid.addWidget(self.kinds[i], i + 1, 1)
        # The question on a row of its own, the whole width: wrapped in one column it was cut in Japanese.
        grid.addWidget(self.takeover_label, MAX_SEATS + 1, 0, 1, 2)
        grid.addWidget(self.takeover, MAX_SEATS + 2, 1)
        grid.addWidget(self.takeover_level, MAX_SEATS + 3, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.open_button)
        layout.addWidget(self.resume_button)
        layout.addWidget(self.problem)
        layout.addWidget(self.code)
        layout.addWidget(self.address)
        layout.addWidget(self.lobby)
        buttons = QHBoxLayout()
        buttons.addWidget(self.invite_button, 1)
        buttons.addWidget(self.servers_button)
        layout.addLayout(buttons)
        layout.addWidget(self.invite_note)
        layout.addLayout(self.invites)
        self.translate_ui()
        for i, combo in enumerate(self.kinds):
            combo.setCurrentIndex(combo.findData("local" if i == 0 else "remote" if i == 1 else ""))

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Host a table"))
        self.name_label.setText(self.tr("Your &name:"))
        self.name_label.setBuddy(self.name)
        self.name.setPlaceholderText(self.tr("Player"))
        for i, combo in enumerate(self.kinds):
            self.seat_labels[i].setText(self.tr("Seat %1:").replace("%1", str(i + 1)))
            current = combo.currentData()
            combo.clear()
            if i > 0:
                combo.addItem(self.tr("(no seat)"), "")
            combo.addItem(self.tr("Me, at this screen"), "local")
            combo.addItem(self.tr("A player on another computer"), "remote")
            for level in self.levels:
                combo.addItem(self.tr("Computer (%1)").replace("%1", texts.level_name(level)), "ai:" + level)
            if current is not None:
                combo.setCurrentIndex(max(0, combo.findData(current)))
        level = self.takeover_level.currentData() or "standard"
        self.takeover_level.clear()
        # The host decides a seat taken over on its own event loop: levels
        # that answer in a blink only (the Expert thinks for seconds).
        for name in (x for x in self.levels if x in TAKEOVER_LEVELS):
            self.takeover_level.addItem(self.tr("played by: Computer (%1)").replace("%1", texts.level_name(name)), name)
        self.takeover_level.setCurrentIndex(max(0, self.takeover_level.findData(level)))
        self.takeover_label.setText(self.tr("A computer plays for a player away longer than (seconds, 0: wait):"))
        self.takeover_label.setWordWrap(True)
        self.takeover_label.setBuddy(self.takeover)
        self.code.setAccessibleName(self.tr("Join code"))
        self.lobby.setAccessibleName(self.tr("Seats at the table"))
        # A wrapped label in a grid gets one line's height: room for two, so a long language is not cut.
        self.takeover_label.setMinimumHeight(self.takeover_label.fontMetrics().lineSpacing() * 2 + 4)
        self.open_button.setText(self.tr("&Open the table"))
        self.resume_button.setText(self.tr("&Resume the interrupted table"))
        self.invite_button.setText(self.tr("&Invite friends anywhere"))
        self.invite_button.setToolTip(self.tr("A code for each open seat, to send to a friend at another home: "
                                              "they type it in Join a Table…"))
        self.servers_button.setText(self.tr("Invite &servers…"))
        self.invite_note.setText(self.tr("Each code seats one friend, from anywhere, and works once.\n"
                                         "The game between you is encrypted end to end."))
        for seat, (label, _code, copy, _state) in self.invite_rows.items():
            label.setText(self.tr("Seat %1:").replace("%1", str(seat + 1)))
            copy.setText(self.tr("Copy"))
            copy.setAccessibleName(self.tr("Copy the invite code of seat %1").replace("%1", str(seat + 1)))
            self._show_state(seat)
        self.refresh()


    def seats(self) -> list[str]:
        return [k for k in (c.currentData() for c in self.kinds) if k]

    def problems(self) -> list[str]:
        kinds = self.seats()
        out = []
        if kinds.count("local") > 1:
            out.append(self.tr("Only one seat can be played at this screen."))
        if "remote" not in kinds:
            out.append(self.tr("Choose at least one seat for a player on another computer."))
        return out

    def resume_table(self) -> bool:
        """Ask for the interrupted table again; True once it is served."""
        if not self.resumable or self.service is not None:
            return False
        self.resume_requested.emit()
        return self.service is not None

    def open_table(self) -> bool:
        problems = self.problems()
        self.problem.setText("\n".join(problems))
        if problems or self.service is not None:
            return False
        kinds = self.seats()
        me = self.name.text().strip() or self.tr("Player")
        names = [me if k == "local" else self.tr("Player %1").replace("%1", str(i + 1)) if k == "remote"
                 else self.tr("Computer %1").replace("%1", str(i + 1)) for i, k in enumerate(kinds)]
        level = self.takeover_level.currentData() or "standard"
        self.open_requested.emit(HostChoices(tuple(kinds), tuple(names), self.takeover.value(), level))
        return self.service is not None

    def cannot_open(self) -> None:
        """The app found no free network port for the table."""
        self.problem.setText(self.tr("This computer cannot open a table now (no free network port)."))

    def serving(self, service, port: int | None = None, announcement=None,
                addresses: Callable[[], list[str]] = list) -> None:
        """The app opened the table: ``service`` serves it; ``port``: the port it
        was asked to listen on when it had to move to another, else None;
        ``announcement``: its mDNS announcement (closed with the table);
        ``addresses()``: where players reach it."""
        if port is not None:
            self.problem.setText(self.tr("Port %1, where this table listened before, is taken now: it listens on "
                                         "port %2 instead. Players returning to it type the new address in Join a "
                                         "Table… (no code needed).")
                                 .replace("%1", str(port)).replace("%2", str(service.port)))
        self.service, self.announcement, self.addresses_of = service, announcement, addresses
        service.lobby_changed.connect(self.refresh)
        kinds = [x.kind for x in service.host.seats]
        for w in [*self.kinds, self.name, self.takeover, self.takeover_level, self.open_button, self.resume_button]:
            w.setEnabled(False)
        self.refresh()
        self.table_opened.emit(service, kinds.index("local") if "local" in kinds else -1)

    # -- invites across the internet ---------------------------------------------------------
    def open_seats(self) -> list[int]:
        """The seats still waiting for a player on another computer."""
        if self.service is None or self.closed():
            return []
        host = self.service.host
        return [i for i, s in enumerate(host.seats) if s.kind == "remote" and host.presence(i) == "open"]

    def show_invite(self, seat: int, code: str) -> None:
        """The app made ``code`` for ``seat``: shown with a Copy button until a friend takes the seat."""
        if seat not in self.invite_rows:
            label, field, copy, state = QLabel(self), QLineEdit(self), QPushButton(self), QLabel(self)
            field.setReadOnly(True)
            field.setObjectName(f"invite_code_{seat}")
            state.setWordWrap(True)  # a long failure wraps: the dialog does not grow past the screen's edge
            copy.clicked.connect(lambda _=False, f=field: QGuiApplication.clipboard().setText(f.text()))
            for col, w in enumerate((label, field, copy)):
                self.invites.addWidget(w, 2 * seat, col)  # rows in seat order, whichever code came first
            self.invites.addWidget(state, 2 * seat + 1, 1, 1, 2)  # under its code, as wide as code and Copy
            self.invite_rows[seat] = (label, field, copy, state)
        field = self.invite_rows[seat][1]
        field.setText(code)
        field.setMinimumWidth(field.fontMetrics().horizontalAdvance(code) + 16)  # read whole, to be read out
        self.invite_rows[seat][1].setAccessibleName(self.tr("Invite code of seat %1").replace("%1", str(seat + 1)))
        self.invite_states[seat] = "waiting"
        self.invite_note.setVisible(True)
        self.translate_ui()
        QTimer.singleShot(0, self, self.keep_on_screen)

    def invite_state(self, seat: int, state: str) -> None:
        """How seat's friend is connected: "direct", "relay", "away", or a failure's words."""
        self.invite_states[seat] = state
        self._show_state(seat)
        if self.service is not None and not self.closed():
            self.refresh()  # the lobby's line for the seat says how it is connected too
        QTimer.singleShot(0, self, self.keep_on_screen)  # once the layout has taken the new words

    def keep_on_screen(self) -> None:
        """Grown by a new row or a longer status: as wide as the screen at most, and moved back onto it."""
        screen = self.screen()
        if screen is None or not self.isVisible():
            return
        area = screen.availableGeometry()
        frame = self.frameGeometry()
        extra = frame.width() - self.width(), frame.height() - self.height()  # the window system's frame
        self.setMaximumWidth(area.width() - extra[0])
        width = min(self.width(), area.width() - extra[0])
        lay = self.layout()
        # Wrapped words need more height at this width than a window's minimum size tells.
        need = lay.totalHeightForWidth(width) if lay is not None and lay.hasHeightForWidth() else self.height()
        self.resize(width, min(max(self.height(), need), area.height() - extra[1]))
        frame = self.frameGeometry()
        x = max(area.left(), min(frame.left(), area.right() + 1 - frame.width()))
        y = max(area.top(), min(frame.top(), area.bottom() + 1 - frame.height()))
        if (x, y) != (frame.left(), frame.top()):
            self.move(x, y)

    def _show_state(self, seat: int) -> None:
        row = self.invite_rows.get(seat)
        if row is None:
            return
        state = self.invite_states.get(seat, "waiting")
        words = {"waiting": self.tr("waiting for your friend"), "direct": self.tr("connected directly"),
                 "relay": self.tr("connected through a relay"), "away": self.tr("reconnecting…")}
        row[3].setText(words.get(state, state))

    def closed(self) -> bool:
        """The table was opened, and its window (the service's owner) has closed and deleted it."""
        return self.service is not None and not shiboken6.isValid(self.service)

    def addresses(self) -> list[str]:
        if self.service is None or self.closed():
            return []
        return self.addresses_of()

    def refresh(self) -> None:
        self.invite_button.setVisible(bool(self.open_seats()))
        if self.service is None:
            self.code.setText("")
            self.address.setText(self.tr("Choose the seats, then open the table."))
            return
        if self.closed():  # a language change after the table's window closed: nothing left to read
            self.code.setText("")
            self.address.setText(self.tr("The table is closed."))
            self.lobby.clear()
            return
        host = self.service.host
        self.code.setText(self.tr("Join code: %1").replace("%1", host.code))
        self.address.setText(self.tr("Address: %1").replace("%1", ", ".join(self.addresses()) or "?"))
        states = {"open": self.tr("waiting for a player"), "here": self.tr("joined"), "away": self.tr("away"),
                  "computer": self.tr("computer"), "local": self.tr("at this screen"),
                  "computer_playing": self.tr("away, a computer plays for now")}
        paths = {"direct": self.tr("connected directly"), "relay": self.tr("connected through a relay"),
                 "away": self.tr("reconnecting…")}
        self.lobby.clear()
        for i, s in enumerate(host.seats):
            presence = host.presence(i)
            state = states.get(presence, presence)
            if presence in ("away", "computer_playing"):  # since when, as the table's window says it
                since = self.away_at.setdefault(i, QLocale().toString(QTime.currentTime(),
                                                                      QLocale.FormatType.ShortFormat))
                state = (self.tr("away since %1") if presence == "away" else
                         self.tr("away since %1, a computer plays for now")).replace("%1", since)
            else:
                self.away_at.pop(i, None)
            if presence == "here" and self.invite_states.get(i) in paths:
                state += " · " + paths[self.invite_states[i]]
            self.lobby.addItem(self.tr("Seat %1: %2 — %3").replace("%1", str(i + 1)).replace("%2", s.name)
                               .replace("%3", state))

    def close_table(self) -> None:
        """Stop hosting: everyone is told, the port is closed, the announcement ends."""
        if self.announcement is not None:
            self.announcement.close()
            self.announcement = None
        if self.service is not None and not self.closed():
            self.service.quit()
