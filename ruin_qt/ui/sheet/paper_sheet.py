"""One seat's final score sheet, laid out like the paper one: the map, the gem
and penalty tracks, the two yellow square-bonus boxes, each bonus in its box
with how it was made, every objective card's route ticked or crossed, the
total, and the road/gate count that breaks a tie (R11)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...session.facts import GEM_VP, Score, components
from ...session.views import PublicView, SeatView
from ..common import style, texts
from ..common.retranslate import Retranslating
from .board_access import ScoreTable
from .sheet_boxes import Track
from .sheet_drawing import SheetDrawing

MAX_THUMB = 320  # px
TRACK_BOXES = 10  # the paper tracks have ten boxes; later ticks go in the margin (rulebook)
INK = style.INK.name()
OPEN_ROUTE = QColor("#6b6b6b")
PAPER_STYLE = f"""
QFrame#paper_sheet {{ background: {style.PAPER.name()}; border: 1px solid {style.GRID.name()}; border-radius: 4px; }}
QFrame#paper_sheet QLabel {{ color: {INK}; background: transparent; }}
QFrame#paper_sheet QLabel#detail {{ color: #7a6a55; }}
QFrame#paper_sheet QLabel#box {{ background: {style.CARD_FACE.name()}; border: 1px solid {INK}; padding: 1px 6px; }}
QFrame#paper_sheet QLabel#square_box {{ background: #f3d77a; border: 1px solid {INK}; padding: 1px 6px; }}
QFrame#paper_sheet QLabel#total_box {{ background: {style.CARD_FACE.name()}; border: 3px double {INK};
    padding: 1px 6px; font-weight: bold; }}
QFrame#paper_sheet QLabel#route_done {{ color: #1e7a34; }}
QFrame#paper_sheet QLabel#route_open {{ color: #6b6b6b; }}
"""


def signed(v: int) -> str:
    """VP with its sign, as a player writes them: +30, −20, 0."""
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


class SheetThumb(QWidget):
    """The map as the game draws it, scaled as vectors, with each objective's
    two letters ringed: solid when its route is complete, dotted grey when
    not (a legend under it says so)."""

    def __init__(self, drawing: SheetDrawing, routes, parent=None):
        super().__init__(parent)
        self.drawing, self.routes = drawing, tuple(routes)
        self.setMinimumSize(150, 150)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def sizeHint(self) -> QSize:
        return QSize(250, 250)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return min(width, MAX_THUMB)  # a lone solo sheet stays a sheet, not a poster

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        side = float(min(self.width(), self.height()))
        target = QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)
        source = self.drawing.sceneRect()
        self.drawing.render(p, target, source, Qt.AspectRatioMode.KeepAspectRatio)
        scale = side / source.width()
        letters = components().letters
        for _card, a, b, done in self.routes:
            pen = QPen(style.LEGAL, 2.4) if done else QPen(OPEN_ROUTE, 1.8, Qt.PenStyle.DotLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for letter in (a, b):
                r, c = letters[letter]
                x = target.x() + ((c + 0.5) * style.CELL - source.x()) * scale
                y = target.y() + ((r + 0.5) * style.CELL - source.y()) * scale
                p.drawEllipse(QPointF(x, y), 0.62 * style.CELL * scale, 0.62 * style.CELL * scale)
        p.end()


class PaperSheet(Retranslating, QFrame):
    """One seat's final sheet; ``award``: "win", "shared" or "" (no mark);
    ``wide``: the map beside the scores (a lone solo sheet fits a low screen)."""

    def __init__(self, view: SeatView, public: PublicView, award: str = "", wide: bool = False, parent=None):
        super().__init__(parent)
        self.setObjectName("paper_sheet")
        self.setStyleSheet(PAPER_STYLE)
        self.view, self.award = view, award
        self.score: Score = view.score if view.score is not None else (public.final or ())[view.seat]
        self.escaped = public.seats[view.seat].escaped
        self.solo = public.n == 1
        self.drawing = SheetDrawing(parent=self)
        self.drawing.draw_rules_sheet(view.seat, view.sheet, public.revealed, public.resolved)
        self.thumb = SheetThumb(self.drawing, view.routes, self)
        self.legend = QLabel(self)  # what the rings on the map mean, in words under it
        self.legend.setWordWrap(True)
        self.legend.setVisible(bool(view.routes))

        self.name_label = QLabel(self)
        f = self.name_label.font()
        f.setPointSizeF(f.pointSizeF() * 1.25)
        f.setBold(True)
        self.name_label.setFont(f)
        self.badge = QLabel(self)
        self.gem_label, self.pen_label = QLabel(self), QLabel(self)
        self.gem_track = Track("gem", TRACK_BOXES, self)  # the live panel's track: one drawing of it
        self.pen_track = Track("penalty", TRACK_BOXES, self)
        self.gem_track.set_count(self.score.gems)
        self.pen_track.set_count(self.score.penalties)

        sc = self.score
        self.rows = ("square1", "square2", "gems", "honour", "routes")
        self.names = {k: QLabel(self) for k in self.rows + ("total",)}
        self.details = {k: self._label("detail") for k in ("gems", "honour", "routes")}  # squares: a tooltip
        small = self.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)
        for label in self.details.values():
            label.setFont(small)
        values = {"square1": sc.square1 or 0, "square2": sc.square2 or 0, "gems": sc.gem_vp, "honour": sc.honour,
                  "routes": sc.routes, "total": sc.total}
        boxes = {"square1": "square_box", "square2": "square_box", "total": "total_box"}
        self.values = {k: self._label(boxes.get(k, "box"), str(v)) for k, v in values.items()}
        for box in self.values.values():
            box.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            box.setMinimumWidth(box.fontMetrics().horizontalAdvance("−000") + 16)
        self.route_rows = [(self._label("", texts.objective_label(a, b)), self._label("route_done" if done else
                                                                                        "route_open"))
                           for _card, a, b, done in view.routes]
        self.roads_label = QLabel(self)

        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        tracks = QGridLayout()
        tracks.addWidget(self.gem_label, 0, 0)
        tracks.addWidget(self.gem_track, 0, 1)
        tracks.addWidget(self.pen_label, 1, 0)
        tracks.addWidget(self.pen_track, 1, 1)
        tracks.setColumnStretch(1, 1)
        row = 0
        for key in self.rows:  # the bonus and its box; under it, small, how it was made
            grid.addWidget(self.names[key], row, 0)
            grid.addWidget(self.values[key], row, 1)
            row += 1
            if key in self.details:
                grid.addWidget(self.details[key], row, 0, 1, 2)
                row += 1
            if key == "routes":
                for letters, status in self.route_rows:  # one line per objective card
                    line = QHBoxLayout()
                    line.setContentsMargins(12, 0, 0, 0)
                    line.setSpacing(8)
                    line.addWidget(letters)
                    line.addWidget(status, 1)
                    grid.addLayout(line, row, 0, 1, 2)
                    row += 1
        grid.addWidget(self.names["total"], row, 0)
        grid.addWidget(self.values["total"], row, 1)
        grid.addWidget(self.roads_label, row + 1, 0, 1, 2)
        # The same lines as a table for a screen reader (line, value), laid over the boxes it reads.
        self.score_table = ScoreTable(self)
        self.score_table.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        grid.addWidget(self.score_table, 0, 0, row + 2, 2)
        grid.setColumnStretch(0, 1)
        head = QGridLayout()
        head.addWidget(self.name_label, 0, 0)
        head.addWidget(self.badge, 0, 1, Qt.AlignmentFlag.AlignRight)
        scores = QVBoxLayout()
        scores.addLayout(tracks)
        scores.addLayout(grid)
        scores.addStretch(1)
        body = QHBoxLayout() if wide else QVBoxLayout()
        map_column = QVBoxLayout()
        map_column.addWidget(self.thumb, 1)
        map_column.addWidget(self.legend)
        body.addLayout(map_column, 3 if wide else 0)
        body.addLayout(scores, 2 if wide else 1)
        if wide:
            self.thumb.setMinimumSize(300, 300)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 10)
        lay.addLayout(head)
        lay.addLayout(body, 1)
        self.translate_ui()

    def _label(self, name: str, text: str = "") -> QLabel:
        label = QLabel(text, self)
        label.setObjectName(name)
        return label

    def translate_ui(self) -> None:
        sc = self.score
        self.name_label.setText(self.view.name)
        self.badge.setText({"win": self.tr("★ Winner"), "shared": self.tr("★ Shared win")}.get(self.award, ""))
        self.gem_label.setText(self.tr("Gem track"))
        self.pen_label.setText(self.tr("Penalty track"))
        self.thumb.setToolTip(self.tr("Each objective's two letters are ringed: a solid ring when the route is "
                                      "complete, a dotted grey ring when not."))
        done, open_ = style.LEGAL.name(), OPEN_ROUTE.name()
        self.legend.setText(self.tr("Rings: each objective's two letters — %1 solid: route complete, "
                                    "%2 dotted: not complete.")
                            .replace("%1", f"<span style='color:{done}'>◯</span>")
                            .replace("%2", f"<span style='color:{open_}'>◌</span>"))
        names = {
            "square1": self.tr("Square bonus ①"), "square2": self.tr("Square bonus ②"),
            "gems": self.tr("Gem bonus"), "honour": self.tr("Honour bonus"), "routes": self.tr("Route bonus"),
            "total": self.tr("<b>Total (VP)</b>"),
        }
        for key, label in self.names.items():
            label.setText(names[key])
        tips = {
            "square1": self.tr("The largest rectangle of filled cells at the end of stage 1 (R11.1)"),
            "square2": self.tr("The largest rectangle of filled cells at the end of the game (R11.1)"),
            "gems": self.tr("10 VP per gem (R11.2)"),
            "honour": self.tr("−10 VP per penalty, plus the escape VP (R11.3)"),
            "routes": self.tr("15 VP per objective card whose two letters are joined by roads (R11.4)"),
        }
        for key, tip in tips.items():
            self.names[key].setToolTip(tip)
            self.values[key].setToolTip(tip)
        self.details["gems"].setText(self.tr("%n gem(s) × %1", "", sc.gems).replace("%1", str(GEM_VP)))
        self.details["honour"].setText(self._honour_detail())
        complete = sum(1 for *_, ok in self.view.routes if ok)
        if self.view.routes:
            self.details["routes"].setText(self.tr("%1 of %2 objective cards complete").replace("%1", str(complete))
                                           .replace("%2", str(len(self.view.routes))))
        else:
            self.details["routes"].setText(self.tr("no objective card left in hand"))
        for (_letters, status), (*_, ok) in zip(self.route_rows, self.view.routes):
            status.setText(self.tr("✓ route complete: +15") if ok else self.tr("✗ route not complete"))
        self.roads_label.setText(self.tr("Road and gate cells (tie-break): %1").replace("%1", str(sc.roads)))
        self.roads_label.setToolTip(self.tr("A tie on the total goes to the most road and gate cells (R11.5)"))
        self.setAccessibleName(self.tr("Final score sheet of %1").replace("%1", self.view.name))
        plain = {"total": self.tr("Total"), **{k: v for k, v in names.items() if k != "total"}}
        lines = [(plain[k], self.values[k].text()) for k in (*self.rows, "total")]
        lines.append((self.tr("Road and gate cells (tie-break)"), str(sc.roads)))
        self.score_table.lines.set_rows(lines, (self.tr("Entry"), self.tr("Value")))
        self.score_table.setAccessibleName(self.tr("Score of %1: %2 VP").replace("%1", self.view.name).replace(
            "%2", str(sc.total)))

    def _honour_detail(self) -> str:
        sc = self.score
        if self.escaped:
            parts = [self.tr("escape %1").replace("%1", signed(sc.escape_vp))]
        else:
            parts = [self.tr("not escaped %1").replace("%1", signed(sc.escape_vp))]
        if sc.penalties:
            parts.append(self.tr("%n penalty(s) %1", "", sc.penalties).replace("%1", signed(sc.penalty_vp)))
        return self.tr(", ").join(parts)

    @property
    def total(self) -> int:
        return self.score.total

