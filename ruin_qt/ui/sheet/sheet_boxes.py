"""The paper sheet's boxes beside the grid, drawn as printed and pencilled:
the gem and penalty tracks, and the score boxes (the two square-bonus boxes,
gems, honour, routes and the total).  Vector painting sized from the font, so
they are crisp at any DPI and their texts always fit."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..common import style, text_size
from . import motion, pencil


class Track(QWidget):
    """A track as printed on the sheet: ten numbered boxes, one pencil mark
    per box earned (a gem filled in, a penalty crossed); marks past the last
    box go in the margin ("+2"), as the rulebook says tracks have no limit.
    A new mark is drawn in with a short flash of its box."""

    BOX = 22.0  # preferred box size (px) at 100 % text: it and its digits grow with View > Text size
    LEAST = 14.0  # the smallest box at 100 %

    def __init__(self, kind: str, boxes: int = 10, parent=None):
        super().__init__(parent)
        self.kind = kind  # "gem" | "penalty"
        self.boxes = boxes
        self.count = 0
        self.progress: dict[int, float] = {}  # box index -> drawing progress (absent: drawn)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def _margin(self) -> float:
        return QFontMetricsF(self.font()).horizontalAdvance("+88") + 6

    def _box(self, size: float) -> float:
        return size * text_size.percent() / 100

    def sizeHint(self) -> QSize:
        box = self._box(self.BOX)
        return QSize(int(self.boxes * box + self._margin()) + 2, int(box) + 2)

    def minimumSizeHint(self) -> QSize:
        return QSize(int(self.boxes * self._box(self.LEAST) + self._margin()) + 2, int(self._box(self.BOX)) + 2)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self.updateGeometry()  # View > Text size: larger boxes, asked for again

    def set_count(self, n: int, animate: bool = False) -> None:
        """Show ``n`` marks; ``animate``: the boxes gained since are drawn in."""
        if n == self.count:
            return
        gained = range(self.count, min(n, self.boxes)) if animate and n > self.count else range(0)
        self.count = n
        self.progress = {i: p for i, p in self.progress.items() if i < n}
        if gained:
            motion.animate(self, 300, self._set_progress, list(gained), stagger_ms=60)
        self.update()

    def _set_progress(self, i: int, t: float) -> None:
        if t >= 1.0:
            self.progress.pop(i, None)
        else:
            self.progress[i] = t
        self.update()

    def box_rect(self, i: int) -> QRectF:
        size = min(self._box(self.BOX), (self.width() - self._margin() - 2) / max(self.boxes, 1))
        return QRectF(1 + i * size, (self.height() - size) / 2, size, size)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        first, last = self.box_rect(0), self.box_rect(self.boxes - 1)
        size = first.width()
        p.setPen(QPen(style.GRID, 1))
        p.setBrush(style.PAPER)
        p.drawRect(first.united(last))
        f = QFont(self.font())
        f.setPixelSize(max(7, int(size * 0.45)))
        p.setFont(f)
        for i in range(self.boxes):
            rect = self.box_rect(i)
            if i:
                p.setPen(QPen(style.GRID, 1))
                p.drawLine(rect.topLeft(), rect.bottomLeft())
            t = self.progress.get(i, 1.0) if i < self.count else 0.0
            if 0.0 < t < 1.0:  # the box just earned flashes as its mark is drawn
                glow = QColor(style.GEM if self.kind == "gem" else style.ILLEGAL)
                glow.setAlphaF(0.35 * (1.0 - t))
                p.fillRect(rect.adjusted(1, 1, -1, -1), glow)
            p.setPen(style.GRID)  # the printed count, under the pencil mark
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(i + 1))
            if t > 0:
                self._mark(p, i, rect, t)
        p.setPen(QPen(style.PRINT, 1.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(first.united(last))
        if self.count > self.boxes:  # the margin: marks past the last box
            f.setPixelSize(max(9, int(size * 0.55)))
            f.setBold(True)
            p.setFont(f)
            p.setPen(style.INK)
            p.drawText(QRectF(last.right() + 4, last.top(), self._margin(), size),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"+{self.count - self.boxes}")

    def _mark(self, p: QPainter, i: int, rect: QRectF, t: float) -> None:
        size = rect.width()
        p.save()
        p.translate(rect.topLeft())
        if self.kind == "gem":  # a gem filled in
            gem = QPainterPath()
            c, k = size / 2, size * 0.34 * (0.4 + 0.6 * t)
            gem.moveTo(c, c - k)
            gem.lineTo(c + k * 0.8, c)
            gem.lineTo(c, c + k)
            gem.lineTo(c - k * 0.8, c)
            gem.closeSubpath()
            fill = QColor(style.GEM)
            fill.setAlphaF(t)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(fill)
            p.drawPath(gem)
        else:  # a penalty crossed out in pencil
            pencil.stroke(p, pencil.cross(i, size), style.ILLEGAL, max(1.6, size * 0.09), t)
        p.restore()


class ScoreSheet(QWidget):
    """The score boxes as on the paper sheet: "Square bonus" over its two
    boxes (1: end of stage 1, 2: end of the game), then gems, honour, routes
    and the total, each value pencilled in.  A preview ("if the game ended
    now") is pencilled lightly, a final score firmly."""

    PAD = 6.0

    def __init__(self, parent=None):
        super().__init__(parent)
        self.labels = ["", "", "", "", ""]  # square bonus, gems, honour, routes, total
        self.values: list[int | None] = [None] * 6  # square 1, square 2, gems, honour, routes, total
        self.final = False
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_labels(self, labels: list[str]) -> None:
        self.labels = list(labels)
        self._describe()
        self.updateGeometry()
        self.update()

    def set_values(self, values: list[int | None], final: bool) -> None:
        values = list(values) + [None] * (6 - len(values))
        if (values, final) != (self.values, self.final):
            self.values, self.final = values, final
            self._describe()
            self.updateGeometry()
            self.update()

    def _describe(self) -> None:
        """The boxes as text for screen readers (the labels come translated)."""
        names = [f"{self.labels[0]} 1", f"{self.labels[0]} 2", *self.labels[1:]]
        self.setAccessibleDescription(", ".join(f"{n}: {v}" for n, v in zip(names, self.texts())))

    def texts(self) -> list[str]:
        """The six values as written ("–" for none), for tests and tooltips."""
        return ["–" if v is None else str(v) for v in self.values]

    def _fonts(self) -> tuple[QFont, QFont]:
        label = QFont(self.font())
        label.setPointSizeF(max(7.0, self.font().pointSizeF() * 0.9))
        value = QFont(self.font())
        value.setPointSizeF(self.font().pointSizeF() * 1.25)
        value.setBold(True)
        return label, value

    def _metrics(self) -> tuple[float, float, float]:
        """(column width, label height, box height) fitting every text."""
        label, value = self._fonts()
        lm, vm = QFontMetricsF(label), QFontMetricsF(value)
        widest = max([lm.horizontalAdvance(t) for t in self.labels[1:]] +
                     [lm.horizontalAdvance(self.labels[0]) / 2 - self.PAD, vm.horizontalAdvance("−888")])
        return widest + 2 * self.PAD, lm.height() + 2, vm.height() + 8

    def sizeHint(self) -> QSize:
        col, lab, box = self._metrics()
        return QSize(int(3 * col + 2 * self.PAD) + 4, int(2 * (lab + box) + self.PAD) + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def cells(self) -> list[tuple[QRectF, QRectF, str, int | None]]:
        """(label rect, box rect, label, value) for the six boxes, paper order."""
        col, lab, box = self._metrics()
        col = max(col, min((self.width() - 4 - 2 * self.PAD) / 3, col * 1.5))  # use some of the room
        x0 = (self.width() - (3 * col + 2 * self.PAD)) / 2
        out = []
        places = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
        names = [self.labels[0], "", self.labels[1], self.labels[2], self.labels[3], self.labels[4]]
        for (row, column), name, value in zip(places, names, self.values):
            x = x0 + column * (col + self.PAD)
            y = 2 + row * (lab + box + self.PAD)
            width = 2 * col + self.PAD if (row, column) == (0, 0) else col
            out.append((QRectF(x, y, width, lab), QRectF(x, y + lab, col, box), name, value))
        return out

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        label_font, value_font = self._fonts()
        ink = QColor(style.INK)
        if not self.final:
            ink.setAlphaF(0.6)  # a preview: pencilled lightly
        for i, (lab, box, name, value) in enumerate(self.cells()):
            if name:
                p.setFont(label_font)
                p.setPen(style.PRINT)
                p.drawText(lab, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, name)
            square = i < 2
            p.setPen(QPen(style.PRINT, 1.2))
            p.setBrush(style.EXIT if square else style.PAPER)  # the square-bonus boxes are printed yellow
            p.drawRoundedRect(box, 3, 3)
            if i == 5:  # the total: a double frame
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(box.adjusted(2.5, 2.5, -2.5, -2.5), 2, 2)
            if square:
                p.setFont(label_font)
                p.setPen(style.PRINT)
                p.drawText(box.adjusted(4, 2, -2, -2), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                           str(i + 1))
            p.setFont(value_font)
            p.setPen(ink)
            text = "–" if value is None else str(value).replace("-", "−")
            p.drawText(box.adjusted(0, 0, -self.PAD, 0), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       text)

