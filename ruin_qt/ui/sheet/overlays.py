"""Items drawn over the viewing seat's sheet to explain something: the
Expert's hint (each piece outlined on its own, numbered in drawing order) and
an objective's route (its two letters, the best path between them, the cells
still to draw).  They only paint; the scene decides when they show."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from ...session.facts import RoutePlan
from ..common import style
from . import pencil

S = style.CELL
Cell = tuple[int, int]


def cell_rect(r: int, c: int) -> QRectF:
    return QRectF(c * S, r * S, S, S)


def cell_centre(r: int, c: int) -> QPointF:
    return QPointF(c * S + S / 2, r * S + S / 2)


def outline(cells) -> list[QLineF]:
    """The border of a group of cells: the cell edges no other cell of it shares."""
    own = set(map(tuple, cells))
    lines = []
    for r, c in own:
        x, y = c * S, r * S
        if (r - 1, c) not in own:
            lines.append(QLineF(x, y, x + S, y))
        if (r + 1, c) not in own:
            lines.append(QLineF(x, y + S, x + S, y + S))
        if (r, c - 1) not in own:
            lines.append(QLineF(x, y, x, y + S))
        if (r, c + 1) not in own:
            lines.append(QLineF(x + S, y, x + S, y + S))
    return lines


class _Overlay(QGraphicsItem):
    def __init__(self, seat: int, z: float):
        super().__init__()
        self.seat = seat
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, 11 * S + 8, 11 * S + 8)


class HintOverlay(_Overlay):
    """The Expert's suggestion: every piece outlined as one shape in a
    dash-dot line, its own (a refused ghost is dashed; the texts name the line,
    not its colour), ○ roads or ■ walls inside, numbered when there are
    several, and the cell to end the move on ringed."""

    def __init__(self, seat: int):
        super().__init__(seat, 18)
        self.pieces: list[tuple[str, list[Cell]]] = []  # (kind, cells), in drawing order
        self.target: Cell | None = None

    def set_hint(self, pieces, target) -> None:
        self.prepareGeometryChange()
        self.pieces = [(k, [tuple(c) for c in cells]) for k, cells in pieces]
        self.target = target
        self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        numbered = len(self.pieces) > 1
        for n, (kind, cells) in enumerate(self.pieces, 1):
            p.setPen(QPen(style.HINT, 3.0, Qt.PenStyle.DashDotLine, Qt.PenCapStyle.FlatCap))
            for line in outline(cells):
                p.drawLine(line)
            for r, c in cells:
                rect = cell_rect(r, c).adjusted(11, 11, -11, -11)
                if kind == "wall":
                    mark = QColor(style.HINT)
                    mark.setAlpha(110)
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(mark)
                    p.drawRect(rect)
                else:
                    p.setPen(QPen(style.HINT, 2.0))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawEllipse(rect)
            if numbered and cells:
                r, c = min(cells)
                badge = QRectF(c * S + S - 16, r * S + 2, 14, 14)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(style.HINT)
                p.drawEllipse(badge)
                f = QFont()
                f.setPixelSize(10)
                f.setBold(True)
                p.setFont(f)
                p.setPen(QColor("white"))
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(n))
        if self.target is not None:
            p.setPen(QPen(style.HINT, 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(cell_centre(*self.target), S * 0.44, S * 0.44)


class RouteOverlay(_Overlay):
    """An objective card's route: its two letters ringed, the best current
    path drawn through them, the cells still to draw dashed; a route that can
    never be completed is crossed out."""

    def __init__(self, seat: int):
        super().__init__(seat, 17)
        self.plan: RoutePlan | None = None
        self.road_cells: frozenset[Cell] = frozenset()

    def set_plan(self, plan: RoutePlan | None, road_cells=frozenset()) -> None:
        self.prepareGeometryChange()
        self.plan, self.road_cells = plan, frozenset(road_cells)
        self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        plan = self.plan
        if plan is None:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = style.LEGAL if plan.complete else style.ILLEGAL if plan.blocked else style.DRAFT
        pts = [cell_centre(*c) for c in plan.path]
        p.setPen(QPen(colour, 3.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        for a, b in zip(pts, pts[1:]):
            p.drawLine(a, b)
        p.setPen(QPen(colour, 2.0, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for r, c in plan.path:
            if (r, c) not in self.road_cells:
                p.drawRect(cell_rect(r, c).adjusted(5, 5, -5, -5))
        for r, c in plan.cells:
            p.setPen(QPen(colour, 3.6))
            p.drawEllipse(cell_centre(r, c), S * 0.46, S * 0.46)
        if plan.blocked:
            p.setPen(QPen(style.ILLEGAL, 3.0))
            a, b = (cell_centre(*c) for c in plan.cells)
            p.drawLine(a, b)
        elif plan.complete and pts:  # a tick on its way, not only another colour: the route is done
            mid = pts[len(pts) // 2]
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawEllipse(mid, 10, 10)
            p.translate(mid - QPointF(8, 8))
            p.setPen(QPen(QColor("white"), 2.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(pencil.check(0, 16.0))
