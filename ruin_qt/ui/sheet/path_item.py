"""A pawn's walk drawn on a replayed sheet (one of the sheet's items; see ``sheet_items``)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from ..common import style
from .overlays import cell_centre

S = style.CELL


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
