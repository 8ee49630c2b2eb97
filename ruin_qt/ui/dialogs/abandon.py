"""Never lose a game by accident: before a new game, an opened one, the daily
challenge or quitting replaces an unfinished game, the player chooses to save
it, discard it or stay.

Nothing here blocks: the question and the Save dialog open and answer
through callbacks (``boxes``), so no nested event loop runs inside a closing
box's signal."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from ...model.game_model import GameModel
from . import boxes


class AbandonGuard(QObject):
    def __init__(self, window: QWidget, model: GameModel, save: Callable[[Callable[[bool], None]], None]):
        """``save(done)``: lets the player save the game to a file, then calls
        ``done(True)`` once saved, ``done(False)`` if not."""
        super().__init__(window)
        self.window, self.model, self.save = window, model, save
        self.box: QMessageBox | None = None

    def unfinished(self) -> bool:
        return self.model.public().phase in ("setup", "play")

    def then(self, proceed: Callable[[], None], discard: Callable[[], None] | None = None) -> None:
        """Run ``proceed`` now if no game would be lost, else once the player
        has saved or discarded the game (``discard`` runs first then)."""
        if not self.unfinished():
            proceed()
            return
        if self.box is not None:  # asked already: one question at a time
            self.box.raise_()
            return
        Button = QMessageBox.StandardButton

        def answered(result: int) -> None:
            self.box = None  # closed: the next question may come
            if result == Button.Save:
                self.save(lambda saved: proceed() if saved else None)
            elif result == Button.Discard:
                if discard is not None:
                    discard()
                proceed()

        boxes.keep(self, "box", boxes.message(
            self.window, QMessageBox.Icon.Question, self.tr("Unfinished game"),
            self.tr("The game in progress is not finished. Save it before you leave it?"),
            Button.Save | Button.Discard | Button.Cancel, answered, default=Button.Save, escape=Button.Cancel))
