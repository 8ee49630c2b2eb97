"""``SheetDrawing``: one seat's sheet as the game draws it (cells and pawn;
no model, no gestures).  The live ``SheetScene`` builds on it, and the replay
window and PNG export use it for sheets out of a record, so a sheet is drawn
one way everywhere."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsScene

from ...session.facts import Sheet, components, traced_destinations
from ..common import style
from ..common.retranslate import language_changed
from . import motion
from .paint_cache import Backdrop
from .sheet_items import BadgeItem, CellItem, PathItem, PawnItem, SquareItem

S = style.CELL
SIZE = 11
MARGIN = 6.0

Cell = tuple[int, int]


def traced_letters(sheet: Sheet, revealed, resolved) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The destinations traced on ``sheet`` (R1.4): (active, resolved, walled),
    in the order they were revealed, as the rules tell them (a walled one is
    no active destination on this sheet: R3.5, R8.2)."""
    return traced_destinations(sheet, revealed, resolved)


class SheetDrawing(QGraphicsScene):
    """One seat's sheet as the game draws it, and nothing else: cells (paper,
    letters, traced destinations, roads, walls, gates) and the pawn.  It knows
    no model and takes no gestures; the live ``SheetScene`` builds on it, and a
    replay or a PNG export shows a rules ``Sheet`` with it directly."""

    def __init__(self, letters: dict[str, Cell] | None = None, exit_cell: Cell | None = None, parent=None):
        super().__init__(parent)
        if letters is None or exit_cell is None:
            comps = components()
            letters, exit_cell = comps.letters, comps.exit
        self.exit_cell: Cell = (exit_cell[0], exit_cell[1])
        self._letters = {tuple(cell): L for L, cell in letters.items()}
        self.setSceneRect(QRectF(-MARGIN, -MARGIN, SIZE * S + 2 * MARGIN, SIZE * S + 2 * MARGIN))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # few items, most repaint often
        self._backdrop = Backdrop()
        self.seat = -1
        self.cells: dict[Cell, CellItem] = {}
        self.pawn: PawnItem | None = None
        self.path_item: PathItem | None = None
        self.square_item: SquareItem | None = None
        # A burst of cell signals (a piece, a round's gates) is stroked in as one motion.
        self._strokes = motion.Burst(self, 200, self._set_stroke, stagger_ms=35)
        self._traces = motion.Burst(self, 260, self._set_trace, stagger_ms=60)
        self._flashes = motion.Burst(self, 300, self._set_flash)
        switched = language_changed()
        if switched is not None:  # Qt tells widgets of a new language, not a scene: its words follow here
            switched.connect(self._retranslate)

    def _retranslate(self) -> None:
        if self.square_item is not None:
            self.square_item.retranslate()

    def drawBackground(self, p: QPainter, rect: QRectF | QRect) -> None:
        self._backdrop.draw(p, QRectF(rect), self._draw_background)  # drawn once a size and look, then copied

    @staticmethod
    def _draw_background(p: QPainter, exposed: QRectF) -> None:
        """The table, and the sheet of paper with its printed frame."""
        paper = QRectF(-MARGIN, -MARGIN, SIZE * S + 2 * MARGIN, SIZE * S + 2 * MARGIN)
        if paper.contains(exposed):  # the usual repaint: only paper is exposed
            p.fillRect(exposed, style.PAPER)
        else:
            p.fillRect(exposed, style.TABLE)
            p.fillRect(paper.translated(1.5, 2), QColor(0, 0, 0, 30))  # the sheet's shadow on the table
            p.fillRect(paper, style.PAPER)
        p.setPen(QPen(style.GRID, 0.8))
        end = SIZE * S
        for i in range(1, SIZE):
            p.drawLine(QPointF(i * S, 0), QPointF(i * S, end))
            p.drawLine(QPointF(0, i * S), QPointF(end, i * S))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(0, 0, end, end))
        p.setPen(QPen(style.PRINT, 1.6))
        p.drawRect(QRectF(-2.5, -2.5, SIZE * S + 5, SIZE * S + 5))

    def event(self, e: QEvent) -> bool:
        # Input never waits for a picture: a press or a key ends every animation first.
        if e.type() in (QEvent.Type.GraphicsSceneMousePress, QEvent.Type.GraphicsSceneMouseDoubleClick,
                        QEvent.Type.KeyPress):
            motion.finish_all()
        return super().event(e)

    def clear_sheet(self) -> None:
        motion.finish_all(self)
        if self.pawn is not None:
            self.pawn.stop()
        self.clear()
        self.cells, self.pawn, self.path_item, self.square_item = {}, None, None, None
        self.seat = -1

    # -- motion: the state is already drawn; these only paint the way there ----
    @staticmethod
    def _set_stroke(item: CellItem, t: float) -> None:
        item.stroke = t
        item.update()

    @staticmethod
    def _set_trace(item: CellItem, t: float) -> None:
        item.trace = t
        item.update()
        if item.badge is not None:
            item.badge.update()

    @staticmethod
    def _set_flash(item: CellItem, t: float) -> None:
        item.flash = t
        if item.badge is not None:
            item.badge.update()

    def stroke_in(self, cell: Cell) -> None:
        """The mark now in ``cell`` is drawn in, pencil stroke by stroke."""
        if cell in self.cells:
            self._strokes.add(self.cells[cell])

    def trace_in(self, cell: Cell) -> None:
        """A new destination: its frame is traced and its letter pops in."""
        if cell in self.cells:
            self._traces.add(self.cells[cell])

    def flash_letter(self, cell: Cell) -> None:
        """A gem was collected on this letter: it pulses once."""
        if cell in self.cells:
            self._flashes.add(self.cells[cell])

    def show_square(self, rect: tuple[int, int, int, int] | None, label) -> None:
        """Outline the rectangle a square bonus scored (None: remove it); ``label``: its tab's
        words, or a callable giving them in the language of the moment (``SquareItem``)."""
        old = self.square_item
        if old is not None and rect is not None and (old.rect, old.label) == (tuple(rect), label):
            return  # already outlined
        if self.square_item is not None:
            self.removeItem(self.square_item)
            self.square_item = None
        if rect is None or self.seat < 0:
            return
        self.square_item = SquareItem(self.seat, rect, label)
        self.addItem(self.square_item)

        def apply(item: SquareItem, t: float) -> None:
            item.t = t
            item.update()

        motion.animate(self, 300, apply, [self.square_item])

    def draw_sheet(self, seat: int, states: dict[Cell, str], pawn: Cell, active=(), resolved=(),
                   draft=frozenset(), fresh=frozenset(), path=(), walled=()) -> None:
        """Replace whatever is shown by ``seat``'s sheet.  ``draft``: cells
        drawn this turn, still undoable; ``fresh``: cells a replay marks as
        drawn in the round shown; ``path``: a walk to trace (start first)."""
        self.clear_sheet()
        self.seat = seat
        act, res, wal = set(active), set(resolved), set(walled)
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
            elif letter in wal:
                item.dest = "walled"
            item.set_blank(item.blank())
            self.addItem(item)
            self.cells[(r, c)] = item
            if letter or item.is_exit:
                self.addItem(BadgeItem(item))
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
        active, done, walled = traced_letters(sheet, revealed, resolved)
        self.draw_sheet(seat, states, sheet.pawn_cell, active, done, draft=draft, fresh=fresh, path=path,
                        walled=walled)

    def cell_states(self) -> dict[Cell, str]:
        """What is drawn, cell by cell (tests compare it with the rules)."""
        return {cell: item.state for cell, item in self.cells.items()}

    def render_image(self, size: int = 1100) -> QImage:
        """The sheet alone, square, ``size`` pixels wide, for export."""
        img = QImage(size, size, QImage.Format.Format_ARGB32)
        img.fill(style.TABLE)
        p = QPainter(img)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.render(p, QRectF(0, 0, size, size), self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        p.end()
        return img


