"""Painting helpers shared by the sheet's items and the ghost: a mark (○, ■,
gate) as the pencil draws it, a letter's chip, short centred text."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QStaticText, QTransform

from ..common import style
from . import pencil


@lru_cache(maxsize=128)
def _static(text: str, pixels: float, bold: bool) -> tuple[QStaticText, QSizeF]:
    st = QStaticText(text)
    st.setTextFormat(Qt.TextFormat.PlainText)
    st.prepare(QTransform(), font(pixels, bold))
    metrics = QFontMetricsF(font(pixels, bold))
    return st, QSizeF(metrics.horizontalAdvance(text), metrics.height())


def draw_centred(p: QPainter, box: QRectF, text: str, pixels: float, bold: bool = False) -> None:
    """Short text centred in ``box`` (laid out once: a sheet paints dozens)."""
    st, size = _static(text, pixels, bold)
    p.setFont(font(pixels, bold))
    p.drawStaticText(QPointF(box.center().x() - size.width() / 2, box.center().y() - size.height() / 2), st)


def chip(p: QPainter, box: QRectF, edge: QColor, fill: QColor, radius: float = 3.0) -> None:
    """A rounded chip with a thin edge, as two fills (cheaper than a stroke)."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(edge)
    p.drawRoundedRect(box, radius, radius)
    p.setBrush(fill)
    p.drawRoundedRect(box.adjusted(0.7, 0.7, -0.7, -0.7), radius - 0.5, radius - 0.5)


def struck_chip(p: QPainter, box: QRectF, letter: str) -> None:
    """A destination walled on this sheet (R3.5, R8.2): its letter grey on a chip, struck out."""
    chip(p, box, style.RESOLVED, style.BADGE)
    p.setPen(QPen(style.RESOLVED, 1.6))
    draw_centred(p, box, letter, 10, True)
    p.drawLine(box.bottomLeft() + QPointF(2.5, -2.5), box.topRight() + QPointF(-2.5, 2.5))


def grow_from(p: QPainter, point: QPointF, k: float) -> None:
    """Scale what ``p`` paints next by ``k`` about ``point``."""
    if k != 1.0:
        p.translate(point)
        p.scale(k, k)
        p.translate(-point)


@lru_cache(maxsize=8)
def font(pixels: float, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(1, round(pixels)))  # scene units: the view scales it like every other mark
    f.setBold(bold)
    return f


@lru_cache(maxsize=64)
def _mixed(rgba: int, paper: int, k: float) -> QColor:
    a, b = QColor.fromRgba(rgba), QColor.fromRgba(paper)
    return QColor(round(a.red() + (b.red() - a.red()) * k), round(a.green() + (b.green() - a.green()) * k),
                  round(a.blue() + (b.blue() - a.blue()) * k), a.alpha())


def shade(colour: QColor, k: float) -> QColor:
    """``colour`` a fraction ``k`` of the way to the paper's."""
    return _mixed(colour.rgba(), style.PAPER.rgba(), k)


def mark_colour(draft: bool) -> QColor:
    return style.DRAFT if draft else style.INK


def paint_mark(p: QPainter, r: int, c: int, kind: str, colour: QColor, t: float = 1.0) -> None:
    """A ○, ■ or gate as the pencil draws it in cell (r, c), ``t`` of the way
    through drawing it (painter at the cell's top-left)."""
    hand = style.hand_drawn()
    if kind == "wall":
        shape, scribble, inner = pencil.wall(r, c, hand)
        p.setPen(Qt.PenStyle.NoPen)
        if t >= 1.0:
            if not hand:
                p.setBrush(colour)
                p.drawPath(shape)
                return
            p.setBrush(colour)
            p.drawPath(shape)
            p.setBrush(shade(colour, 0.2))  # graphite laid on paper is a shade lighter than its edge
            p.drawPath(inner)
            return
        fill = QColor(colour)
        fill.setAlphaF(fill.alphaF() * t)
        p.setBrush(fill)
        p.drawPath(shape)
        if hand:  # being drawn: the zig-zag that fills it
            pencil.stroke(p, scribble, colour, 1.1, t, ("scribble", r, c))
    elif kind in ("road", "gate"):
        width = style.mark_width()
        pencil.stroke(p, pencil.road(r, c, hand), colour, width, t if kind == "road" else 1.0,
                      ("road", r, c, hand))
        if kind == "gate":  # a road with a border (R1.3): drawn twice round, unmistakable
            pencil.stroke(p, pencil.frame(r, c, 2.6, hand), colour, 2.6 if hand else 3.2, t, ("gate", r, c, hand))
            pencil.stroke(p, pencil.frame(r, c, 6.2, hand, 7), colour, 1.1 if hand else 1.6, t,
                          ("gate2", r, c, hand))
