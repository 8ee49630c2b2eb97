"""Hand-drawn marks as vector paths: the ○ and ■ a pencil leaves on the sheet.

Every mark wobbles a little, seeded by where it is drawn (the cell, the box),
so the same mark is the same shape at every repaint and every zoom: no jitter,
no bitmaps.  Paths are in a cell's own coordinates (0..CELL) and cached; with
``style.hand_drawn()`` off (high contrast) the shapes are exact."""

from __future__ import annotations

import bisect
import math
import random
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF

from ..common import style

S = style.CELL


def _rng(*key: int) -> random.Random:
    seed = 0
    for k in key:
        seed = seed * 1_000_003 + k + 7
    return random.Random(seed)


def _smooth(points: list[QPointF], closed: bool = False) -> QPainterPath:
    """A Catmull-Rom curve through ``points`` (pencil strokes have no corners)."""
    path = QPainterPath(points[0])
    n = len(points)
    for i in range(n - 1 if not closed else n):
        p0 = points[(i - 1) % n] if (closed or i > 0) else points[i]
        p1, p2 = points[i], points[(i + 1) % n]
        p3 = points[(i + 2) % n] if (closed or i + 2 < n) else p2
        path.cubicTo(p1 + (p2 - p0) / 6, p2 - (p3 - p1) / 6, p2)
    return path


def _line(path: QPainterPath, rng: random.Random, a: QPointF, b: QPointF, bow: float) -> None:
    """A straight pencil line from ``a`` to ``b``, bowed a little."""
    d = b - a
    length = math.hypot(d.x(), d.y()) or 1.0
    normal = QPointF(-d.y() / length, d.x() / length)
    mid = (a + b) / 2 + normal * rng.uniform(-bow, bow)
    path.moveTo(a)
    path.quadTo(mid, b)


@lru_cache(maxsize=512)
def road(r: int, c: int, hand: bool = True) -> QPainterPath:
    """A ○: one pencil loop whose end overshoots its start."""
    centre = QPointF(S / 2, S / 2)
    radius = S * 0.27
    if not hand:
        path = QPainterPath()
        path.addEllipse(centre, radius, radius)
        return path
    rng = _rng(r, c, 1)
    a0 = rng.uniform(0, 2 * math.pi)
    sweep = 2 * math.pi + rng.uniform(0.3, 0.6)
    rx, ry = radius * rng.uniform(0.95, 1.05), radius * rng.uniform(0.95, 1.05)
    tilt = rng.uniform(0, math.pi)
    drift = rng.uniform(-0.07, 0.07)  # the loop ends a little inside or outside its start
    pts = []
    n = 14
    for i in range(n + 1):
        a = a0 + sweep * i / n
        k = 1 + drift * i / n + rng.uniform(-0.025, 0.025)
        x, y = rx * math.cos(a) * k, ry * math.sin(a) * k
        pts.append(centre + QPointF(x * math.cos(tilt) - y * math.sin(tilt), x * math.sin(tilt) + y * math.cos(tilt)))
    return _smooth(pts)


def _quad(rng: random.Random, inset: float, jitter: float) -> list[QPointF]:
    lo, hi = inset, S - inset
    return [QPointF(x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter))
            for x, y in ((lo, lo), (hi, lo), (hi, hi), (lo, hi))]


@lru_cache(maxsize=512)
def wall(r: int, c: int, hand: bool = True) -> tuple[QPainterPath, QPainterPath, QPainterPath]:
    """A ■: (its shape, the zig-zag scribble that fills it while it is
    drawn in, the lighter fill inside its pencilled edge)."""
    if not hand:
        path = QPainterPath()
        path.addRect(QRectF(5, 5, S - 10, S - 10))
        return path, QPainterPath(), QPainterPath()
    rng = _rng(r, c, 2)
    corners = _quad(rng, 5.5, 1.2)
    shape = QPainterPath(corners[0])
    for q in corners[1:]:
        shape.lineTo(q)
    shape.closeSubpath()
    lo, hi = 6.5, S - 6.5

    def diagonal(t: float) -> tuple[QPointF, QPointF]:
        return (QPointF(lo + min(t, hi - lo), lo + max(0.0, t - (hi - lo))),
                QPointF(lo + max(0.0, t - (hi - lo)), lo + min(t, hi - lo)))

    scribble = QPainterPath()
    t = rng.uniform(1.0, 3.0)
    pts: list[QPointF] = []
    while t < 2 * (hi - lo):  # zig-zag strokes across the diagonal, corner to corner
        a, b = diagonal(t)
        j = QPointF(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5))
        pts += [a + j, b] if len(pts) % 4 == 0 else [b + j, a]
        t += 3.1
    scribble.moveTo(pts[0])
    for q in pts[1:]:
        scribble.lineTo(q)
    centre = QPointF(S / 2, S / 2)  # the fill inside the pencilled edge, a little uneven
    inner = QPainterPath()
    inner.addPolygon(QPolygonF([q + (centre - q) * rng.uniform(0.07, 0.11) for q in corners]))
    inner.closeSubpath()
    return shape, scribble, inner


@lru_cache(maxsize=512)
def frame(r: int, c: int, inset: float, hand: bool = True, salt: int = 3) -> QPainterPath:
    """A square drawn round the cell, ``inset`` from its edge (a gate's border, a trace)."""
    if not hand:
        path = QPainterPath()
        path.addRect(QRectF(inset, inset, S - 2 * inset, S - 2 * inset))
        return path
    rng = _rng(r, c, salt, int(inset * 10))
    return outline(rng, QRectF(inset, inset, S - 2 * inset, S - 2 * inset), overshoot=1.2, bow=0.7)


def outline(rng: random.Random, rect: QRectF, overshoot: float = 3.0, bow: float = 1.2) -> QPainterPath:
    """A rectangle in four pencil strokes, each a little past its corners."""
    path = QPainterPath()
    tl, tr, br, bl = rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()
    o = overshoot
    sides = ((tl, tr, QPointF(o, 0)), (tr, br, QPointF(0, o)), (br, bl, QPointF(-o, 0)), (bl, tl, QPointF(0, -o)))
    for a, b, d in sides:
        jitter = QPointF(rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6))
        _line(path, rng, a - d * rng.uniform(0.2, 1.0) + jitter, b + d * rng.uniform(0.2, 1.0), bow)
    return path


@lru_cache(maxsize=256)
def rectangle(r0: int, c0: int, h: int, w: int, hand: bool = True) -> QPainterPath:
    """The outline of a block of cells in scene coordinates (the square bonus)."""
    rect = QRectF(c0 * S, r0 * S, w * S, h * S).adjusted(-2, -2, 2, 2)
    if not hand:
        path = QPainterPath()
        path.addRect(rect)
        return path
    return outline(_rng(r0, c0, h, w, 4), rect, overshoot=5.0, bow=2.0)


@lru_cache(maxsize=64)
def check(i: int, size: float, salt: int = 5) -> QPainterPath:
    """A pencil tick in a box ``size`` wide (a track's box ``i``)."""
    rng = _rng(i, salt)
    def at(x0: float, x1: float, y0: float, y1: float) -> QPointF:
        return QPointF(size * rng.uniform(x0, x1), size * rng.uniform(y0, y1))

    path = QPainterPath(at(0.18, 0.26, 0.5, 0.58))
    path.quadTo(QPointF(size * 0.33, size * 0.66), at(0.4, 0.46, 0.76, 0.82))
    path.quadTo(QPointF(size * 0.6, size * 0.42), at(0.8, 0.88, 0.14, 0.22))
    return path


@lru_cache(maxsize=64)
def cross(i: int, size: float, salt: int = 6) -> QPainterPath:
    """A pencil ✕ in a box ``size`` wide (a penalty's box ``i``)."""
    rng = _rng(i, salt)
    path = QPainterPath()
    lo, hi = size * 0.2, size * 0.8
    _line(path, rng, QPointF(lo + rng.uniform(-1, 1), lo), QPointF(hi, hi + rng.uniform(-1, 1)), size * 0.05)
    _line(path, rng, QPointF(hi + rng.uniform(-1, 1), lo), QPointF(lo, hi + rng.uniform(-1, 1)), size * 0.05)
    return path


_Flat = list[tuple[list[QPointF], list[float]]]  # per stroke: its points and the length up to each
_FLAT: dict[tuple, _Flat] = {}


def _flattened(path: QPainterPath, key: tuple | None) -> _Flat:
    """``path`` as polylines with cumulative lengths (cached by ``key``: a
    stroke-in repaints it every frame)."""
    if key is not None and key in _FLAT:
        return _FLAT[key]
    out: _Flat = []
    for poly in path.toSubpathPolygons():
        pts = [poly.at(i) for i in range(poly.size())]
        run, acc = 0.0, [0.0]
        for a, b in zip(pts, pts[1:]):
            run += math.hypot((b - a).x(), (b - a).y())
            acc.append(run)
        out.append((pts, acc))
    if key is not None:
        _FLAT[key] = out
    return out


def _partial(path: QPainterPath, t: float, key: tuple | None = None) -> QPainterPath:
    """The first ``t`` of ``path``'s length, stroke after stroke (flattened)."""
    strokes = _flattened(path, key)
    left = sum(acc[-1] for _, acc in strokes) * t
    out = QPainterPath()
    for pts, acc in strokes:
        if left <= 0 or len(pts) < 2:
            break
        if acc[-1] <= left:
            out.addPolygon(QPolygonF(pts))
            left -= acc[-1]
            continue
        k = bisect.bisect_right(acc, left) - 1  # the segment the drawn part ends in
        a, b = pts[k], pts[k + 1]
        seg = acc[k + 1] - acc[k]
        out.addPolygon(QPolygonF(pts[: k + 1] + [a + (b - a) * ((left - acc[k]) / seg if seg else 1.0)]))
        break
    return out


_INKED: dict[tuple, QPainterPath] = {}
_DOUBLED: dict[tuple, QPainterPath] = {}


def stroke(p: QPainter, path: QPainterPath, colour: QColor, width: float, t: float = 1.0,
           key: tuple | None = None) -> None:
    """Draw ``path`` as a pencil line; ``t`` < 1 draws only its first part,
    stroke by stroke (the stroke-in animation).  With a ``key`` naming the
    path, the finished line is filled from its cached outline: filling is
    much cheaper than stroking anew at every paint."""
    if t <= 0.0:
        return
    if t >= 1.0 and key is not None:
        outline_path = _INKED.get((key, width))
        if outline_path is None:
            stroker = QPainterPathStroker()
            stroker.setWidth(width)
            stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            outline_path = _INKED[(key, width)] = stroker.createStroke(path).simplified()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawPath(outline_path)
        return
    p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path if t >= 1.0 else _partial(path, t, key))


def double(p: QPainter, path: QPainterPath, colour: QColor, width: float, gap: float, t: float = 1.0,
           key: tuple | None = None) -> None:
    """Draw ``path`` as a double line: two pencil lines ``width`` wide, ``gap``
    apart (the edges of the band a stroke ``gap`` wide would cover).  Its own
    line style, not only its own colour: a destination's frame is one solid
    line, a refused ghost's outline dashed.  With a ``key`` the outline is made
    once and filled at every paint, as ``stroke`` does; while it strokes in
    (``t`` < 1) it is clipped to the part drawn so far."""
    if t <= 0.0:
        return
    outline_path = _DOUBLED.get((key, width, gap)) if key is not None else None
    if outline_path is None:
        band = QPainterPathStroker()
        band.setWidth(gap + width)
        band.setCapStyle(Qt.PenCapStyle.RoundCap)
        band.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        edge = QPainterPathStroker()
        edge.setWidth(width)
        edge.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        # Simplifying twice costs 0.8 ms: once per square, not at every frame of its stroke-in.
        outline_path = edge.createStroke(band.createStroke(path).simplified()).simplified()
        if key is not None:
            _DOUBLED[(key, width, gap)] = outline_path
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    if t >= 1.0:
        p.drawPath(outline_path)
        return
    reach = QPainterPathStroker()  # the band the part drawn so far covers, both lines and a pixel more
    reach.setWidth(gap + 2 * width + 2)
    reach.setCapStyle(Qt.PenCapStyle.RoundCap)
    reach.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.save()
    p.setClipPath(reach.createStroke(_partial(path, t, key)), Qt.ClipOperation.IntersectClip)
    p.drawPath(outline_path)
    p.restore()
