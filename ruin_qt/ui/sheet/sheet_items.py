"""Small item classes of the sheet scene: each only paints itself.

Every item carries the ``seat`` whose sheet it belongs to, so a test (or a
debugging session) can prove no other seat's private item is in the scene.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from ..common import style, text_size
from . import motion, pencil
from .marks import chip, draw_centred, font, grow_from, mark_colour, paint_mark, struck_chip
from .paint_cache import FixedItem, Tiles, hatch_lines
from .path_item import PathItem  # noqa: F401  (its home until the module grew past 450 lines)

S = style.CELL


def cell_rect(r: int, c: int) -> QRectF:
    return QRectF(c * S, r * S, S, S)


def cell_centre(r: int, c: int) -> QPointF:
    return QPointF(c * S + S / 2, r * S + S / 2)


class CellItem(FixedItem):
    """One cell: paper, destination tracing, road/wall/gate, reach.  Its
    letter (or the exit's door) is a ``BadgeItem`` above the marks and the pawn.

    ``stroke``, ``trace`` and ``flash`` are animation progress (1 = final):
    the mark being drawn, the destination being traced, the letter flashing
    for a gem collected there."""

    def __init__(self, seat: int, r: int, c: int, letter: str | None, is_exit: bool):
        super().__init__(QRectF(0, 0, S, S))
        self.seat, self.r, self.c = seat, r, c
        self.letter, self.is_exit = letter, is_exit
        self.state = "empty"
        self.dest: str | None = None  # None | "active" | "resolved" | "walled" (under a wall here: R8.2)
        self.draft = False
        self.fresh = False  # drawn in the round a replay shows
        self.reach: int | None = None
        self.warp_target = False
        self.stroke = self.trace = self.flash = 1.0
        self.badge: BadgeItem | None = None
        self.setPos(c * S, r * S)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the scene handles gestures

    def set(self, **kw) -> None:
        changed = False
        for k, v in kw.items():
            if getattr(self, k) != v:
                setattr(self, k, v)
                changed = True
        if changed:
            self.set_blank(self.blank())
            self.update()
            if self.badge is not None:
                self.badge.update()

    def blank(self) -> bool:
        """Nothing to paint: the paper and the printed grid are the scene's background."""
        return self.state == "empty" and not (self.is_exit or self.fresh or self.dest or self.warp_target) \
            and self.reach is None

    def paint(self, p: QPainter, option, widget=None) -> None:
        if self.blank():
            return
        rect = QRectF(0, 0, S, S)
        if self.is_exit:  # a doorway printed on the sheet: a double frame (the door is on the badge)
            p.fillRect(rect.adjusted(0.4, 0.4, -0.4, -0.4), style.EXIT)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(style.PRINT, 1.4))
            p.drawRect(rect.adjusted(1.2, 1.2, -1.2, -1.2))
            p.setPen(QPen(style.PRINT, 0.6))
            p.drawRect(rect.adjusted(3.2, 3.2, -3.2, -3.2))
        if self.fresh:  # a soft blue cell with a blue edge: "this round"
            p.fillRect(rect.adjusted(1, 1, -1, -1), style.FRESH)
            p.setPen(QPen(style.DRAFT, 1.6))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))
        if self.reach is not None:
            p.fillRect(rect.adjusted(1, 1, -1, -1), style.REACH)
        if self.state != "empty":
            paint_mark(p, self.r, self.c, self.state, mark_colour(self.draft), self.stroke)
        if self.dest is not None:  # traced round the letter's cell: a solid frame while active, grey once collected
            hand = style.hand_drawn()
            active = self.dest == "active"
            pencil.stroke(p, pencil.frame(self.r, self.c, 1.6, hand, 11), style.DEST if active else style.RESOLVED,
                          2.0 if active else 0.9, self.trace if active else 1.0, ("trace", self.r, self.c, hand))
        if self.warp_target:
            p.setPen(QPen(style.WARP, 2.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(rect.center(), S * 0.42, S * 0.42)
        if self.reach is not None and self.reach > 0:
            p.setPen(style.REACH_TEXT)
            draw_centred(p, QRectF(S - 12, S - 13, 10, 12), str(self.reach), 10, True)


class BadgeItem(FixedItem):
    """A cell's letter on a chip in its top-left corner, above the marks and
    the pawn so it stays legible: plain when untraced, solid vermillion when an active destination,
    grey with a tick when resolved, struck out when walled here (R8.2).  On the exit: a door."""

    Z = 12  # over the pawn (10) and a replay's path (5), under hint, cursor and ghost

    def __init__(self, cell: CellItem):
        super().__init__(QRectF(-10, -10, 40, 40))  # room for the flash ring
        self.cell = cell
        self.seat = cell.seat
        cell.badge = self
        self.setPos(cell.pos())
        self.setZValue(self.Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def chip(self) -> QRectF:
        """The chip's rectangle (item coordinates)."""
        if self.cell.dest == "resolved":
            return QRectF(1.5, 1.5, 21, 13.5)
        return QRectF(1.5, 1.5, 14.5, 14.5) if self.cell.dest in ("active", "walled") else QRectF(1.5, 1.5, 13, 13)

    def paint(self, p: QPainter, option, widget=None) -> None:
        cell = self.cell
        box = self.chip()
        centre = box.center()
        p.save()
        grow_from(p, box.topLeft(), text_size.sheet_factor())  # View > Text size: from the chip's corner
        scale = 1.0
        if cell.trace < 1.0 and cell.dest == "active":  # a new destination pops in
            scale = 0.3 + 0.7 * cell.trace
        if cell.flash < 1.0:  # a gem collected here: the letter pulses, a ring spreads
            scale = 1.0 + 0.6 * math.sin(math.pi * cell.flash)
            ring = QColor(style.GEM)
            ring.setAlphaF(1.0 - cell.flash)
            p.setPen(QPen(ring, 2.2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(centre, 7 + 14 * cell.flash, 7 + 14 * cell.flash)
        grow_from(p, centre, scale)
        if cell.is_exit and not cell.letter:
            self._door(p, box)
        elif cell.letter:
            self._letter(p, box)
        p.restore()

    def _letter(self, p: QPainter, box: QRectF) -> None:
        dest, letter = self.cell.dest, self.cell.letter or ""
        if dest == "active":
            chip(p, box, style.BADGE, style.DEST)
            p.setPen(QColor("white"))
            draw_centred(p, box, letter, 10.5, True)
        elif dest == "resolved":  # collected: the letter and a tick
            chip(p, box, style.RESOLVED, style.BADGE)
            p.setPen(style.RESOLVED)
            draw_centred(p, QRectF(box.left(), box.top(), 12, box.height()), letter, 10, True)
            p.translate(box.left() + 11, box.top() + 2.5)
            pencil.stroke(p, pencil.check(0, 9.0), style.GEM, 1.6, 1.0, ("tick",))
        elif dest == "walled":  # under a wall here: no longer a destination on this sheet (R8.2)
            struck_chip(p, box, letter)
        else:
            chip(p, box, style.GRID, style.BADGE)
            p.setPen(style.LETTER)
            draw_centred(p, box, letter, 10)

    def _door(self, p: QPainter, box: QRectF) -> None:
        """The exit's mark: an arched doorway on a chip."""
        chip(p, box, style.PRINT, style.BADGE)
        door = QPainterPath()
        x0, x1, y1 = box.left() + 3.5, box.right() - 3.5, box.bottom() - 2.2
        door.moveTo(x0, y1)
        door.lineTo(x0, box.top() + 6.5)
        door.arcTo(QRectF(x0, box.top() + 2.5, x1 - x0, 8), 180, -180)
        door.lineTo(x1, y1)
        door.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(style.PRINT)
        p.drawPath(door)


class PawnItem(QGraphicsObject):
    """The adventurer; walks a path with a short animation (its logical
    place is the model's: the walk only paints the way there)."""

    step_ms = 90  # per step, the whole walk within motion.MAX_MS; tests set 0 to skip the animation

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._anim: motion.Motion | None = None
        self._points: list[QPointF] = []

    def boundingRect(self) -> QRectF:
        return QRectF(-S * 0.3, -S * 0.36, S * 0.6, S * 0.74)

    def paint(self, p: QPainter, option, widget=None) -> None:
        shadow = QColor(0, 0, 0, 45)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(shadow)
        p.drawEllipse(QPointF(0, S * 0.32), S * 0.25, S * 0.05)
        p.setPen(QPen(QColor("white"), 1.6))
        p.setBrush(style.PAWN)
        body = QPainterPath()
        body.moveTo(-S * 0.24, S * 0.32)
        body.quadTo(-S * 0.2, -S * 0.02, 0, -S * 0.04)
        body.quadTo(S * 0.2, -S * 0.02, S * 0.24, S * 0.32)
        body.closeSubpath()
        p.drawPath(body)
        p.drawEllipse(QPointF(0, -S * 0.16), S * 0.13, S * 0.13)

    def place(self, cell) -> None:
        self.stop()
        self.setPos(cell_centre(*cell))

    def stop(self) -> None:
        """End a walk where it was going."""
        if self._anim is not None:
            anim, self._anim = self._anim, None
            anim.finish()

    def walking(self) -> bool:
        return self._anim is not None and self._anim in motion.running()

    def walk(self, cells: list) -> None:
        """Animate along ``cells`` (the pawn's current spot first)."""
        self.stop()
        self._points = [self.pos()] + [cell_centre(*c) for c in cells]
        steps = len(self._points) - 1
        if steps < 1 or self.step_ms <= 0 or not motion.enabled():
            self.setPos(self._points[-1])
            return
        self._anim = motion.animate(self, self.step_ms * steps, lambda _pawn, t: self._at(t * steps), [self],
                                    easing=QEasingCurve.Type.InOutSine)

    def _at(self, t: float) -> None:
        i = min(int(t), len(self._points) - 2)
        f = t - i
        a, b = self._points[i], self._points[i + 1]
        self.setPos(a + (b - a) * f)


class GhostItem(QGraphicsItem):
    """The piece (or single cell) under the pointer.  Legal: a solid outline
    round the mark it would draw.  Illegal: another colour and, so that colour
    is never the only cue, a dashed outline, hatching and a cross on each cell but the pawn's.
    Under the pawn and the letters, as a drawn mark: it hides no letter, crosses no pawn out."""

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat
        self.cells: list[tuple[int, int]] = []
        self.kind = "road"
        self.legal = False
        self.clear: frozenset[tuple[int, int]] = frozenset()  # cells left uncrossed: the pawn's
        self.setZValue(9)  # over the marks; under the pawn (10), a square's outline (11), the letters (12)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_ghost(self, cells, kind: str, legal: bool, clear=frozenset()) -> None:
        cells, clear = list(cells), frozenset(clear)
        if cells != self.cells or kind != self.kind or legal != self.legal or clear != self.clear:
            self.prepareGeometryChange()
            self.cells, self.kind, self.legal, self.clear = cells, kind, legal, clear
            self.update()

    def boundingRect(self) -> QRectF:
        if not self.cells:
            return QRectF()
        rs = [r for r, _ in self.cells]
        cs = [c for _, c in self.cells]
        return QRectF(min(cs) * S - 3, min(rs) * S - 3,
                      (max(cs) - min(cs) + 1) * S + 6, (max(rs) - min(rs) + 1) * S + 6)

    def paint(self, p: QPainter, option, widget=None) -> None:
        name = "LEGAL" if self.legal else "ILLEGAL"
        mark = style.tone(name, 190 if self.legal else 110)  # refused: the mark fades behind the cross
        places = [cell_rect(r, c).topLeft() for r, c in self.cells]
        _BOXES.draw(p, places, self.legal, self._box)
        for (r, c), at in zip(self.cells, places):
            p.translate(at)  # the mark as the pencil would draw it here
            paint_mark(p, r, c, "wall" if self.kind == "wall" else "road", mark)
            p.translate(-at)
        if not self.legal:  # the pawn's cell stays uncrossed: the adventurer is not refused
            crossed = [at for rc, at in zip(self.cells, places) if rc not in self.clear]
            _CROSSES.draw(p, crossed, "cross", _cross)

    def _box(self, p: QPainter) -> None:
        """Alike in every cell (keyed by ``legal``): box, outline, hatching."""
        name = "LEGAL" if self.legal else "ILLEGAL"
        box = QRectF(1.5, 1.5, S - 3, S - 3)
        dashed = (Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)  # flat ends: the gaps show
        p.setPen(style.pen(name, 2.6) if self.legal else style.pen(name, 2.6, *dashed))
        p.setBrush(style.tone(name, 45))
        p.drawRect(box)
        if not self.legal:
            _hatch(p, box, style.tone(name))


def _cross(p: QPainter) -> None:
    """A refused ghost's cross over a cell's mark."""
    p.setPen(style.pen("ILLEGAL", 3.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    inner = QRectF(9, 9, S - 18, S - 18)
    p.drawLine(inner.topLeft(), inner.bottomRight())
    p.drawLine(inner.topRight(), inner.bottomLeft())


_BOXES = Tiles(QRectF(-2, -2, S + 4, S + 4))
_CROSSES = Tiles(QRectF(6, 6, S - 12, S - 12))


def _hatch(p: QPainter, box: QRectF, colour: QColor) -> None:
    """Thin diagonal lines across ``box`` (scene units, so they scale with the sheet)."""
    ink = QColor(colour)
    ink.setAlpha(120)
    p.save()
    p.setClipRect(box)
    p.setPen(QPen(ink, 1.2))
    p.translate(box.topLeft())
    p.drawLines(hatch_lines(box.width(), box.height()))
    p.restore()


class CursorItem(QGraphicsItem):
    """The keyboard cursor in movement (and a hint where the pointer is)."""

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat
        self.setZValue(19)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, S + 4, S + 4)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setPen(QPen(style.DRAFT, 2.4, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(1, 1, S - 2, S - 2))


class EscapeItem(QGraphicsObject):
    """The Escape control drawn on the exit (stage 2, pawn on the exit)."""

    toggled = Signal()  # clicked

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat
        self.text = ""
        self.checked = False
        self.setZValue(30)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def set_text(self, text: str, checked: bool) -> None:
        if (text, checked) != (self.text, self.checked):
            self.text, self.checked = text, checked
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-S * 0.9, -S * 0.24, S * 1.8, S * 0.48)

    def paint(self, p: QPainter, option, widget=None) -> None:
        rect = self.boundingRect()
        p.setPen(QPen(QColor("white"), 1.5))
        p.setBrush(QColor("#1e8449") if self.checked else QColor("#7b241c"))
        p.drawRoundedRect(rect, 6, 6)
        f = QFont()
        f.setPointSizeF(8)
        f.setBold(True)
        p.setFont(f)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            self.toggled.emit()
        else:
            event.ignore()


class SquareItem(QGraphicsItem):
    """The largest rectangle a square bonus scored (R11.1), outlined in a double pencil line (its own cue)
    with its value on a tab; ``t`` is the stroke-in progress.  ``label``: the tab's words, or
    a callable giving them in the language of the moment (``retranslate`` redraws them)."""

    TAB_H = 16.0
    LETTERS = 17.0  # a cell's letter chip covers its top-left corner down to here: the tab stays below or above

    def __init__(self, seat: int, rect: tuple[int, int, int, int], label: str | Callable[[], str]):
        super().__init__()
        self.seat = seat
        self.rect = rect  # (row, col, height, width)
        self.label = label
        self.text = self._read()
        self.t = 1.0
        self.setZValue(11)  # over the pawn, under the letters (they stay legible)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _read(self) -> str:
        return self.label() if callable(self.label) else self.label

    def retranslate(self) -> None:
        """The tab's words in the language now in use; its width follows them."""
        text = self._read()
        if text != self.text:
            self.prepareGeometryChange()
            self.text = text
            self.update()

    def _tab(self) -> QRectF:
        """The tab, on the outline and clear of every letter: the letters sit in the top-left corners
        of their cells, so it lies in the lower part of a row, standing on the top line (on a rectangle
        at the top of the sheet: under the letters of the row below it, or of its own first row)."""
        r0, c0, h, w = self.rect
        width = max(QFontMetricsF(font(10.5, True)).horizontalAdvance(self.text) + 12, 34)
        x = max(min(c0 * S + w * S / 2 - width / 2, 11 * S - width), 0)
        if r0 > 0:
            y = r0 * S + 1 - self.TAB_H
        elif r0 + h < 11:
            y = (r0 + h) * S + self.LETTERS
        else:
            y = r0 * S + self.LETTERS
        return QRectF(x, y, width, self.TAB_H)

    def boundingRect(self) -> QRectF:
        r0, c0, h, w = self.rect
        return QRectF(c0 * S, r0 * S, w * S, h * S).adjusted(-10, -10, 10, 10).united(self._tab())

    def paint(self, p: QPainter, option, widget=None) -> None:
        hand = style.hand_drawn()
        pencil.double(p, pencil.rectangle(*self.rect, hand), style.SQUARE, 1.6, 3.0, self.t, ("sq", *self.rect, hand))
        if self.t >= 1.0 and self.text:
            tab = self._tab()
            p.setPen(QPen(style.PAPER, 1))
            p.setBrush(style.SQUARE)
            p.drawRoundedRect(tab, 4, 4)
            p.setPen(QColor("white"))
            p.setFont(font(10.5, True))
            p.drawText(tab, Qt.AlignmentFlag.AlignCenter, self.text)
