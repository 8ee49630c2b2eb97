"""Never lose a game by accident: before a new game, an opened one, the daily
challenge or quitting replaces an unfinished game, the player chooses to save
it, discard it or stay."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from ...model.game_model import GameModel


class AbandonGuard(QObject):
    def __init__(self, window: QWidget, model: GameModel, save: Callable[[], bool]):
        """``save``: lets the player save the game to a file; True once saved."""
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
        Button = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Unfinished game"),
                          self.tr("The game in progress is not finished. Save it before you leave it?"),
                          Button.Save | Button.Discard | Button.Cancel, self.window)
        box.setDefaultButton(Button.Save)
        box.setEscapeButton(Button.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(result: int) -> None:
            self.box = None
            if result == Button.Save and self.save():
                proceed()
            elif result == Button.Discard:
                if discard is not None:
                    discard()
                proceed()

        box.finished.connect(answered)
        self.box = box
        box.open()
