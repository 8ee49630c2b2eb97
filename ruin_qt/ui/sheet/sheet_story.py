"""What the live sheet tells beyond the signals of the moment: a seat back at
its sheet (pass-and-play) sees what changed there while it was away drawn in,
and when a stage ends the rectangle its square bonus scored is outlined."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from ...model.game_model import GameModel

if TYPE_CHECKING:
    from .sheet_drawing import SheetDrawing

Cell = tuple[int, int]


@dataclass(frozen=True)
class SquareBonusText:
    """The square bonus tab's words, read in the language of the moment: a
    language switch redraws the tab in the new one (``SquareItem.retranslate``)."""

    area: int

    def __call__(self) -> str:
        return QCoreApplication.translate("SheetScene", "Square bonus: %1 VP").replace("%1", str(self.area))


class SheetStory:
    """Keeps, per seat, the sheet as that seat last saw it (state and
    destination of every cell), and which seats have a square bonus to see."""

    def __init__(self, scene: SheetDrawing, model: GameModel):
        self.scene, self.model = scene, model
        self.seen: dict[int, dict[Cell, tuple[str, str | None]]] = {}
        self.square_due: set[int] = set()
        model.game_started.connect(self.forget)
        model.viewer_changed.connect(self.catch_up)
        model.announced.connect(self.on_announced)

    def forget(self) -> None:
        self.seen.clear()
        self.square_due.clear()

    def saw(self, seat: int, cell: Cell, state: str, dest: str | None) -> None:
        """The seat at the screen has just seen ``cell`` change."""
        self.seen.setdefault(seat, {})[cell] = (state, dest)

    def catch_up(self, seat: int) -> None:
        """``seat``'s sheet was just drawn afresh: draw in what changed since it last looked."""
        scene = self.scene
        if seat < 0 or seat != scene.seat or not scene.cells:
            return
        now = {cell: (item.state, item.dest) for cell, item in scene.cells.items()}
        before = self.seen.get(seat)
        self.seen[seat] = now
        if before is not None:
            for cell, (state, dest) in now.items():
                old_state, old_dest = before.get(cell, ("empty", None))
                if state != old_state and state != "empty":
                    scene.stroke_in(cell)
                if dest == "active" and old_dest != "active":
                    scene.trace_in(cell)
                elif dest == "resolved" and old_dest == "active":
                    scene.flash_letter(cell)
        if seat in self.square_due or self.model.public().phase == "over":
            self.square_due.discard(seat)
            self.outline_square()

    def on_announced(self, rnd: int, events) -> None:
        """Stage 1 ended or the game did: every seat scored a square bonus."""
        if not any(e.kind in ("stage", "end") for e in events):
            return
        self.square_due = set(range(self.model.public().n))
        if self.scene.seat >= 0:
            self.square_due.discard(self.scene.seat)
            self.outline_square()

    def outline_square(self) -> None:
        v = self.model.view()
        if v is None or v.seat != self.scene.seat:
            return
        rect = v.sheet.square_bonus_rect()
        area = rect[2] * rect[3] if rect is not None else 0
        self.scene.show_square(rect, SquareBonusText(area))
