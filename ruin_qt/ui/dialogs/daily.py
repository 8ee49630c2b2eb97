"""The Daily Challenge's opening card: today's date, the 300 VP goal and the
name the result is kept under (the player profile's name, not the seats of
the last game: a name typed here becomes the profile's), with Start and Cancel."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QCoreApplication, QDate, QLocale, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout

from ...session.facts import NAME_LIMIT, valid_name
from ..common import tones
from ..common.retranslate import Retranslating
from . import boxes

GOAL = 300  # VP: the rulebook's solo challenge


class DailyIntroDialog(Retranslating, QDialog):
    def __init__(self, day: str, name: str, best: int | None = None, parent=None):
        """``day``: the challenge's date (ISO); ``name``: the usual name;
        ``best``: the player's best today, if they played it already."""
        super().__init__(parent)
        self.setObjectName("daily_intro")
        self.day, self.best_today = day, best
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.heading = QLabel(self)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.about = QLabel(self)
        self.about.setWordWrap(True)
        self.best_label = QLabel(self)
        self.best_label.setWordWrap(True)
        self.name = QLineEdit(name, self)
        self.name.setMaxLength(NAME_LIMIT)
        self.name_label = QLabel(self)
        self.name_label.setBuddy(self.name)
        self.problem = QLabel(self)
        tones.follow(self.problem, tones.problem_label)
        form = QFormLayout()
        form.addRow(self.name_label, self.name)
        Std = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(Std.Ok | Std.Cancel, self)
        self.start_button = self.buttons.button(Std.Ok)  # OK, named Start
        self.start_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        for w in (self.heading, self.about, self.best_label):
            lay.addWidget(w)
        lay.addLayout(form)
        lay.addWidget(self.problem)
        lay.addWidget(self.buttons)
        self.name.textChanged.connect(self._check)
        self.translate_ui()

    def date_text(self) -> str:
        """The date as the language writes it (26 November 2026, 2026年11月26日)."""
        try:
            day = dt.date.fromisoformat(self.day)
        except ValueError:
            return self.day
        return QLocale().toString(QDate(day.year, day.month, day.day), QLocale.FormatType.LongFormat)

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Daily Challenge"))
        self.heading.setText("<h3>" + self.tr("Daily Challenge — %1").replace("%1", self.date_text()) + "</h3>")
        self.about.setText(self.tr("A solo game on today's deal: every player gets the same cards today. "
                                   "The goal is %1 VP. Your best result today is kept under your name.")
                           .replace("%1", str(GOAL)))
        self.best_label.setText("" if self.best_today is None else
                                self.tr("Your best today: %1 VP.").replace("%1", str(self.best_today)))
        self.best_label.setVisible(self.best_today is not None)
        self.name_label.setText(self.tr("Your &name:"))
        self.start_button.setText(self.tr("&Start"))
        self._check()

    def player_name(self) -> str:
        return self.name.text().strip()

    def _check(self, *args) -> None:
        ok = bool(self.player_name()) and valid_name(self.name.text())
        self.problem.setText("" if ok else self.tr("Type the name your results are kept under."))
        self.problem.setVisible(not ok)
        self.start_button.setEnabled(ok)

    def accept(self) -> None:
        if self.start_button.isEnabled():
            super().accept()


def open_daily(window) -> DailyIntroDialog:
    """Open the intro on ``window`` (a ``MainWindow``); Start keeps the name as
    the usual one and starts today's deal, once an unfinished game is saved or
    discarded."""
    seed, day = window.keeper.daily_game()
    settings = window.settings
    # The player profile's name (app.storage.profile), the same in every language: the history keeps its seat.
    name = window.player_name() or QCoreApplication.translate("DailyIntroDialog", "Player")
    dlg = boxes.keep(window, "daily_dialog", DailyIntroDialog(day, name, window.keeper.daily_best(day), window))

    def started() -> None:
        chosen = dlg.player_name()
        window.daily_dialog = None
        if settings:
            settings.set_usual_name(chosen)
        window.guard.then(lambda: window.start_game([(chosen, "human")], seed, daily=day))

    dlg.accepted.connect(started)
    dlg.finished.connect(lambda *_: dlg.deleteLater())
    dlg.open()
    return dlg
