"""Keeps the current game safe: an autosave after every step, and every
finished game in the history database.  Connects to the model's signals;
the model itself knows nothing about files."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QObject, Signal

from ..model.game_model import GameModel
from .history import History
from .saves import Autosave, Resumable, SaveError
from .settings import data_dir


class GameKeeper(QObject):
    problem = Signal(str)  # a message for the user: a save or the history failed
    history_added = Signal(int)  # game id

    def __init__(self, model: GameModel, parent: QObject | None = None):
        super().__init__(parent)
        self.model = model
        self.autosave = Autosave()
        self.daily: str | None = None  # the date of a daily challenge being played
        self._history: History | None = None
        self._already_over = False  # a finished game loaded from a file is not history again
        model.progressed.connect(self.save_now)
        model.game_over.connect(self._on_game_over)

    @property
    def history(self) -> History:
        """Opened on first use: start-up does not pay for it."""
        if self._history is None:
            self._history = History(data_dir() / "history.sqlite3")
            if self._history.problem is not None:
                p = self._history.problem
                msg = self.tr("The game history could not be read (%1).").replace("%1", p.reason)
                if p.aside is not None:
                    msg += " " + self.tr("It was kept as %1 and a new history was started.").replace("%1", p.aside.name)
                self.problem.emit(msg)
        return self._history

    def start(self, daily: str | None = None) -> None:
        self.daily = daily

    def save_now(self) -> None:
        g = self.model.game
        if g is None or g.over:
            return
        extra = dict(self.model.pending_state())
        if self.daily:
            extra["daily"] = self.daily
        try:
            self.autosave.write(g, extra)
        except SaveError as e:
            self.problem.emit(e.message)

    def resumable(self) -> bool:
        return self.autosave.exists()

    def load_autosave(self) -> Resumable:
        """Raises SaveError (the broken file already moved aside)."""
        return self.autosave.load()

    def resume(self, res: Resumable) -> None:
        daily = res.extra.get("daily")
        self.daily = daily if isinstance(daily, str) else None
        self._already_over = res.game.over
        self.model.resume(res.game, res.extra)
        self._already_over = False

    def set_aside_autosave(self) -> None:
        """The player chose not to resume: keep the file, out of the way."""
        if self.autosave.exists():
            self.autosave.set_aside()

    def _on_game_over(self, _winners) -> None:
        g = self.model.game
        if self._already_over:
            return
        try:
            gid = self.history.add_game(g, daily=self.daily)
            self.history_added.emit(gid)
        except Exception as e:  # noqa: BLE001 - the history must never lose the game itself
            self.problem.emit(self.tr("The finished game could not be added to the history (%1).").replace("%1", str(e)))
            return
        self.autosave.clear()

    def close(self) -> None:
        if self._history is not None:
            self._history.close()


def today() -> dt.date:
    return dt.date.today()
