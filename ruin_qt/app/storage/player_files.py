"""The files the player chooses (Save Game As, Open Game, a record to replay), for the keeper
(``GameKeeper`` takes these methods)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from ...rules import record
from .faults import fault_of
from .saves import Resumable, SaveError, load_game, read_record, save_game

if TYPE_CHECKING:
    from ...rules.game import Game


class PlayerFiles:
    """A mixin of GameKeeper: uses its ``game`` and ``resume``; its messages keep the keeper's context."""

    if TYPE_CHECKING:  # the keeper's own
        @property
        def game(self) -> Game | None: ...

        def resume(self, res: Resumable) -> None: ...

    def save_game_as(self, path: Path, rec: dict | None = None) -> str | None:
        """Save this window's game (or ``rec``: one finished at a table across laptops); the problem, or None."""
        game = self.game if rec is None else None
        if game is None and rec is None:
            return None
        try:
            save_game(game if game is not None else record.replay_checked(rec), Path(path))
        except SaveError as e:
            return e.message
        except Exception as e:  # noqa: BLE001 - e.g. a name that cannot be encoded
            told = QCoreApplication.translate("GameKeeper", "The game could not be saved as %1. %2")
            return told.replace("%1", str(path)).replace("%2", fault_of(e, Path(path)).reason())
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
            return read_record(Path(path)), None
        except SaveError as e:
            return None, e.message
