"""Keeps the current game safe: an autosave after every step, every finished
game in the history database, and the files the player opens and saves.
Connects to the model's signals; the model itself knows nothing about files.
The window asks it for file work and gets back a message for the player when
something failed (``None`` when all went well)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from ..model.game_model import GameModel
from ..rules import record
from ..rules.errors import RuleError
from .history import History, daily_seed
from .saves import Autosave, Resumable, SaveError, explain, load_game, save_game
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

    @property
    def game(self):
        return self.model.session.game

    def save_now(self) -> None:
        g = self.game
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

    def resume_autosave(self) -> str | None:
        """Continue the interrupted game; a broken autosave is moved aside."""
        try:
            res = self.load_autosave()
        except SaveError as e:
            return e.message
        self.resume(res)
        return None

    # -- files the player chooses --------------------------------------------
    def daily_game(self) -> tuple[int, str]:
        """Today's daily challenge: its seed and its date."""
        day = today()
        return daily_seed(day), day.isoformat()

    def save_game_as(self, path: Path) -> str | None:
        if self.game is None:
            return None
        try:
            save_game(self.game, Path(path))
        except SaveError as e:
            return e.message
        return None

    def open_game(self, path: Path) -> str | None:
        """Continue the game of a record file; a bad file is only reported."""
        try:
            game = load_game(Path(path))
        except SaveError as e:
            return e.message
        self.resume(Resumable(game, {}))
        return None

    def read_record(self, path: Path) -> tuple[dict | None, str | None]:
        """A record to replay (read once, never written), or why not."""
        try:
            return record.loads(Path(path).read_bytes()), None
        except (OSError, ValueError) as e:
            return None, self.tr("Cannot read %1: %2").replace("%1", str(path)).replace("%2", str(e))
        except RuleError as e:
            return None, explain(e)

    def forget_game(self) -> None:
        """The player discarded the unfinished game: it is not offered back."""
        self.autosave.clear()

    def set_aside_autosave(self) -> None:
        """The player chose not to resume: keep the file, out of the way."""
        if self.autosave.exists():
            self.autosave.set_aside()

    def _on_game_over(self, _winners) -> None:
        g = self.game
        if self._already_over:
            return
        try:
            gid = self.history.add_game(g, daily=self.daily)
            self.history_added.emit(gid)
        except Exception as e:  # noqa: BLE001 - the history must never lose the game itself
            message = self.tr("The finished game could not be added to the history (%1).")
            self.problem.emit(message.replace("%1", str(e)))
            return
        self.autosave.clear()

    def close(self) -> None:
        if self._history is not None:
            self._history.close()


def today() -> dt.date:
    return dt.date.today()
