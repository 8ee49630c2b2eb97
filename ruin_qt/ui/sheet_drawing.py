"""``SheetDrawing``: one seat's sheet as the game draws it (cells and pawn;
no model, no gestures).  The live ``SheetScene`` builds on it, and the replay
window and PNG export use it for sheets out of a record, so a sheet is drawn
one way everywhere."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from ..rules.components import load_components
from ..rules.sheet import Sheet
from . import style
from .sheet_items import CellItem, PathItem, PawnItem

S = style.CELL
SIZE = 11
MARGIN = 6.0

Cell = tuple[int, int]


def traced_letters(sheet: Sheet, revealed, resolved) -> tuple[list[str], list[str]]:
    """The destinations traced on ``sheet`` (R1.4): (active, resolved), in
    the order they were revealed."""
    comps = load_components()
    active, done = [], []
    for L in revealed:
        if sheet.traced & comps.letter_bit(L):
            (done if L in resolved else active).append(L)
    return active, done


class SheetDrawing(QGraphicsScene):
    """One seat's sheet as the game draws it, and nothing else: cells (paper,
    letters, traced destinations, roads, walls, gates) and the pawn.  It knows
    no model and takes no gestures; the live ``SheetScene`` builds on it, and a
    replay or a PNG export shows a rules ``Sheet`` with it directly."""

    def __init__(self, letters: dict[str, Cell] | None = None, exit_cell: Cell | None = None, parent=None):
        super().__init__(parent)
        if letters is None or exit_cell is None:
            comps = load_components()
            letters, exit_cell = comps.letters, comps.exit
        self.exit_cell: Cell = tuple(exit_cell)
        self._letters = {tuple(cell): L for L, cell in letters.items()}
        self.setSceneRect(QRectF(-MARGIN, -MARGIN, SIZE * S + 2 * MARGIN, SIZE * S + 2 * MARGIN))
        self.setBackgroundBrush(QBrush(style.PAPER.darker(112)))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # few items, most repaint often
        self.seat = -1
        self.cells: dict[Cell, CellItem] = {}
        self.pawn: PawnItem | None = None
        self.path_item: PathItem | None = None

    def clear_sheet(self) -> None:
        if self.pawn is not None:
            self.pawn.stop()
        self.clear()
        self.cells, self.pawn, self.path_item = {}, None, None
        self.seat = -1

    def draw_sheet(self, seat: int, states: dict[Cell, str], pawn: Cell, active=(), resolved=(),
                   draft=frozenset(), fresh=frozenset(), path=()) -> None:
        """Replace whatever is shown by ``seat``'s sheet.  ``draft``: cells
        drawn this turn, still undoable; ``fresh``: cells a replay marks as
        drawn in the round shown; ``path``: a walk to trace (start first)."""
        self.clear_sheet()
        self.seat = seat
        act, res = set(active), set(resolved)
        for (r, c), state in states.items():
            letter = self._letters.get((r, c))
            item = CellItem(seat, r, c, letter, (r, c) == self.exit_cell)
            item.state = state
            item.draft = (r, c) in draft
            item.fresh = (r, c) in fresh
            if letter in act:
                item.dest = "active"
            elif letter in res:
                item.dest = "resolved"
            self.addItem(item)
            self.cells[(r, c)] = item
        if len(path) >= 2:
            self.path_item = PathItem(seat, list(path))
            self.addItem(self.path_item)
        self.pawn = PawnItem(seat)
        self.pawn.place(pawn)
        self.addItem(self.pawn)

    def draw_rules_sheet(self, seat: int, sheet: Sheet, revealed=(), resolved=(), fresh=frozenset(),
                         path=(), draft=frozenset()) -> None:
        """A rules ``Sheet`` as it stands (``revealed``/``resolved``: the
        table's letters; only those traced on this sheet are drawn)."""
        states = {(r, c): sheet.state(r, c) for r in range(SIZE) for c in range(SIZE)}
        active, done = traced_letters(sheet, revealed, resolved)
        self.draw_sheet(seat, states, sheet.pawn_cell, active, done, draft=draft, fresh=fresh, path=path)

    def cell_states(self) -> dict[Cell, str]:
        """What is drawn, cell by cell (tests compare it with the rules)."""
        return {cell: item.state for cell, item in self.cells.items()}

    def render_image(self, size: int = 1100) -> QImage:
        """The sheet alone, square, ``size`` pixels wide, for export."""
        img = QImage(size, size, QImage.Format.Format_ARGB32)
        img.fill(style.PAPER.darker(112))
        p = QPainter(img)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.render(p, QRectF(0, 0, size, size), self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        p.end()
        return img


