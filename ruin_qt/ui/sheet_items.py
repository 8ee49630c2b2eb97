"""Small item classes of the sheet scene: each only paints itself.

Every item carries the ``seat`` whose sheet it belongs to, so a test (or a
debugging session) can prove no other seat's private item is in the scene.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from . import style

S = style.CELL


def cell_rect(r: int, c: int) -> QRectF:
    return QRectF(c * S, r * S, S, S)


def cell_centre(r: int, c: int) -> QPointF:
    return QPointF(c * S + S / 2, r * S + S / 2)


def _letter_font(bold: bool = False) -> QFont:
    f = QFont()
    f.setPointSizeF(7.5)
    f.setBold(bold)
    return f


class CellItem(QGraphicsItem):
    """One cell: paper, letter, destination tracing, road/wall/gate, reach."""

    def __init__(self, seat: int, r: int, c: int, letter: str | None, is_exit: bool):
        super().__init__()
        self.seat, self.r, self.c = seat, r, c
        self.letter, self.is_exit = letter, is_exit
        self.state = "empty"
        self.dest: str | None = None  # None | "active" | "resolved"
        self.draft = False
        self.fresh = False  # drawn in the round a replay shows
        self.reach: int | None = None
        self.warp_target = False
        self.setPos(c * S, r * S)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the scene handles gestures

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, S, S)

    def set(self, **kw) -> None:
        changed = False
        for k, v in kw.items():
            if getattr(self, k) != v:
                setattr(self, k, v)
                changed = True
        if changed:
            self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        rect = QRectF(0, 0, S, S)
        p.setPen(QPen(style.GRID, 0.8))
        p.setBrush(style.EXIT if self.is_exit else style.PAPER)
        p.drawRect(rect)
        if self.is_exit:  # a doorway: inner frame
            p.setPen(QPen(style.INK, 1.2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(4, 4, -4, -4))
        if self.fresh:  # a soft blue cell with a blue edge: "this round"
            p.fillRect(rect.adjusted(1, 1, -1, -1), style.FRESH)
            p.setPen(QPen(style.DRAFT, 1.6))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))
        if self.reach is not None:
            p.fillRect(rect.adjusted(1, 1, -1, -1), style.REACH)
        colour = style.DRAFT if self.draft else style.INK
        if self.state == "wall":
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawRect(rect.adjusted(6, 6, -6, -6))
        elif self.state in ("road", "gate"):
            p.setPen(QPen(colour, 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(rect.center(), S * 0.27, S * 0.27)
            if self.state == "gate":  # a gate is a road with a border (R1.3)
                p.setPen(QPen(colour, 3.2))
                p.drawRect(rect.adjusted(3, 3, -3, -3))
        if self.dest == "active":
            pen = QPen(style.DEST, 2.2, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(2.5, 2.5, -2.5, -2.5), 5, 5)
        if self.warp_target:
            p.setPen(QPen(style.WARP, 2.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(rect.center(), S * 0.42, S * 0.42)
        if self.letter:
            bold = self.dest == "active"
            p.setFont(_letter_font(bold))
            box = QRectF(4, 3, 12, 12)
            if bold:  # a traced destination: the letter on a solid tab, readable over the frame
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(style.DEST)
                p.drawRoundedRect(box, 3, 3)
                p.setPen(QColor("white"))
            else:
                p.setPen(style.RESOLVED if self.dest == "resolved" else style.LETTER)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, self.letter)
            if self.dest == "resolved":  # collected: crossed out
                p.setPen(QPen(style.RESOLVED, 1.2))
                p.drawLine(QPointF(4, 9), QPointF(16, 9))
        if self.reach is not None and self.reach > 0:
            f = QFont()
            f.setPointSizeF(7.5)
            f.setBold(True)
            p.setFont(f)
            p.setPen(style.REACH_TEXT)
            p.drawText(QRectF(0, S - 14, S - 3, 13), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                       str(self.reach))


class PawnItem(QGraphicsObject):
    """The adventurer; walks a path with a short animation."""

    step_ms = 90  # per step; tests set 0 to skip the animation

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._anim: QVariantAnimation | None = None
        self._points: list[QPointF] = []

    def boundingRect(self) -> QRectF:
        return QRectF(-S * 0.3, -S * 0.36, S * 0.6, S * 0.72)

    def paint(self, p: QPainter, option, widget=None) -> None:
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
        if self._anim is not None:
            self._anim.stop()
            self._anim = None

    def walk(self, cells: list) -> None:
        """Animate along ``cells`` (the pawn's current spot first)."""
        self.stop()
        self._points = [self.pos()] + [cell_centre(*c) for c in cells]
        if len(self._points) < 2 or self.step_ms <= 0:
            self.setPos(self._points[-1])
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(float(len(self._points) - 1))
        anim.setDuration(min(self.step_ms * (len(self._points) - 1), 600))
        anim.setEasingCurve(QEasingCurve.Type.InOutSine)
        anim.valueChanged.connect(self._at)
        self._anim = anim
        self.setPos(self._points[-1])  # the logical position is the end at once
        anim.start()

    def _at(self, t: float) -> None:
        i = min(int(t), len(self._points) - 2)
        f = t - i
        a, b = self._points[i], self._points[i + 1]
        self.setPos(a + (b - a) * f)


class PathItem(QGraphicsItem):
    """A pawn's walk (a replay shows the round's movement): a dotted line
    from where it started, one dot per step."""

    def __init__(self, seat: int, cells: list):
        super().__init__()
        self.seat = seat
        self.cells = [tuple(c) for c in cells]
        self.setZValue(5)  # over the cells, under the pawn
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        if not self.cells:
            return QRectF()
        rs = [r for r, _ in self.cells]
        cs = [c for _, c in self.cells]
        return QRectF(min(cs) * S, min(rs) * S, (max(cs) - min(cs) + 1) * S, (max(rs) - min(rs) + 1) * S)

    def paint(self, p: QPainter, option, widget=None) -> None:
        if len(self.cells) < 2:
            return
        pts = [cell_centre(*c) for c in self.cells]
        p.setPen(QPen(style.PATH, 2.6, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for a, b in zip(pts, pts[1:]):
            if abs(a.x() - b.x()) + abs(a.y() - b.y()) <= S + 0.5:
                p.drawLine(a, b)  # an ordinary step
            else:  # the warp: a jump between gates, drawn as an arc
                path = QPainterPath(a)
                mid = (a + b) / 2
                d = b - a
                path.quadTo(mid + QPointF(-d.y(), d.x()) * 0.25, b)
                p.setPen(QPen(style.WARP, 2.4, Qt.PenStyle.DashLine))
                p.drawPath(path)
                p.setPen(QPen(style.PATH, 2.6, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(style.PATH)
        p.drawEllipse(pts[0], 4.5, 4.5)  # where the walk started


class GhostItem(QGraphicsItem):
    """The piece (or single cell) under the pointer, green if legal, red if not."""

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat
        self.cells: list[tuple[int, int]] = []
        self.kind = "road"
        self.legal = False
        self.setZValue(20)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_ghost(self, cells, kind: str, legal: bool) -> None:
        cells = list(cells)
        if cells != self.cells or kind != self.kind or legal != self.legal:
            self.prepareGeometryChange()
            self.cells, self.kind, self.legal = cells, kind, legal
            self.update()

    def boundingRect(self) -> QRectF:
        if not self.cells:
            return QRectF()
        rs = [r for r, _ in self.cells]
        cs = [c for _, c in self.cells]
        return QRectF(min(cs) * S - 3, min(rs) * S - 3,
                      (max(cs) - min(cs) + 1) * S + 6, (max(rs) - min(rs) + 1) * S + 6)

    def paint(self, p: QPainter, option, widget=None) -> None:
        edge = style.LEGAL if self.legal else style.ILLEGAL
        fill = QColor(edge)
        fill.setAlpha(45)
        for r, c in self.cells:
            rect = cell_rect(r, c)
            p.setPen(QPen(edge, 2.6))
            p.setBrush(fill)
            p.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))
            mark = QColor(edge)
            mark.setAlpha(170)
            if self.kind == "wall":
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(mark)
                p.drawRect(rect.adjusted(8, 8, -8, -8))
            else:
                p.setPen(QPen(mark, 3))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(rect.center(), S * 0.25, S * 0.25)


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


class HintItem(QGraphicsItem):
    """The Expert's suggestion: its cells outlined (○ roads, ■ walls) and the
    cell to end the move on ringed.  Only painted, never clicked."""

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat
        self.pieces: list[tuple[str, list[tuple[int, int]]]] = []  # (kind, cells)
        self.target: tuple[int, int] | None = None
        self.setZValue(18)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_hint(self, pieces, target) -> None:
        self.prepareGeometryChange()
        self.pieces = [(k, list(cells)) for k, cells in pieces]
        self.target = target
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, 11 * S + 8, 11 * S + 8)

    def paint(self, p: QPainter, option, widget=None) -> None:
        pen = QPen(style.HINT, 2.4, Qt.PenStyle.DashLine)
        for kind, cells in self.pieces:
            for r, c in cells:
                rect = cell_rect(r, c).adjusted(4, 4, -4, -4)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(rect)
                if kind == "wall":
                    mark = QColor(style.HINT)
                    mark.setAlpha(90)
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(mark)
                    p.drawRect(rect.adjusted(7, 7, -7, -7))
                else:
                    p.setPen(QPen(style.HINT, 2.0))
                    p.drawEllipse(cell_centre(r, c), S * 0.2, S * 0.2)
        if self.target is not None:
            p.setPen(QPen(style.HINT, 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(cell_centre(*self.target), S * 0.44, S * 0.44)
