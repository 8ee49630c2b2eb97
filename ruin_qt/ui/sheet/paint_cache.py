"""What the sheet keeps from one paint to the next, so that a repaint (a mouse
move, an animation frame) only draws: bounds answered without
calling Python and blank items skipped (``FixedItem``), the hatching's lines,
device-pixel tiles of a drawing that every cell repeats alike (``Tiles``), and
the background as one image (``Backdrop``).  Pens and tones are kept by
``style`` (``style.pen``, ``style.tone``), emptied at every look switch."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache

from PySide6.QtCore import QLineF, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QImage, QPaintEngine, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

from ..common import style

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


class FixedItem(QGraphicsRectItem):
    """An item whose bounds never change, answered in C++: a paint asks every
    item of the scene for them, a cell several times, and 250 calls into Python
    cost a sheet's repaint more than drawing most of it."""

    def __init__(self, bounds: QRectF):
        super().__init__(bounds)
        self.setPen(QPen(Qt.PenStyle.NoPen))

    def set_blank(self, blank: bool) -> None:
        """A blank item (nothing to draw now) is skipped by every paint, not
        called to find out: most of the sheet's 121 cells are blank."""
        was = bool(self.flags() & NO_CONTENTS)
        if blank and not was and self.scene() is not None:
            self.scene().update(self.sceneBoundingRect())  # what it drew goes (Qt repaints no blank item)
        if blank != was:
            self.setFlag(NO_CONTENTS, blank)


@lru_cache(maxsize=8)
def hatch_lines(w: float, h: float, step: float = 7.0) -> list[QLineF]:
    """The hatching of a ``w`` × ``h`` box at (0, 0): lines from its bottom edge
    up to its top at 45°, ``step`` apart, each cut a little past the box's sides
    (a clip trims them there: rasterising what lies outside was half the work)."""
    lines, x, grow = [], -h, 1.5
    while x < w:  # from (x, h) to (x + h, 0)
        u0, u1 = max(x, -grow), min(x + h, w + grow)
        lines.append(QLineF(u0, h - (u0 - x), u1, h - (u1 - x)))
        x += step
    return lines


def _copies_pixels(p: QPainter, device: QTransform) -> bool:
    """A kept image can stand for a drawing on ``p``: a raster painter that at most scales and moves."""
    engine = p.paintEngine()
    return (engine is not None and engine.type() == QPaintEngine.Type.Raster
            and device.type().value <= QTransform.TransformationType.TxScale.value)


class Tiles:
    """Device-pixel images of a drawing that cells repeat alike (the ghost's
    box, outline and hatching), each rasterised once for its place's sub-pixel
    phase, scale and look, then copied: many times cheaper than rasterising
    dozens of antialiased strokes at every mouse move.  A tile holds the
    drawing's own pixels (same transform, same phase); only where its
    translucent layers overlap can a channel differ, by rounding (at most 3
    of 255 measured).  A
    painter that is not a raster one, or that rotates, is drawn on directly.

    The ``key`` given to ``draw`` must name everything the drawing depends on
    besides the look (a look switch empties the tiles)."""

    def __init__(self, bounds: QRectF, budget: int = 8 << 20):
        self.bounds = QRectF(bounds)  # where the drawing may paint, in its own coordinates
        self.budget = budget  # bytes of tiles kept, the least recently used dropped first
        self.enabled = True
        self._tiles: OrderedDict[tuple, QImage] = OrderedDict()
        self._bytes = 0
        style.on_look_changed(self.clear)

    def clear(self) -> None:
        self._tiles.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._tiles)

    def draw(self, p: QPainter, places: list[QPointF], key: Hashable, paint: Callable[[QPainter], None]) -> None:
        """``paint(painter)`` at each of ``places``, as if drawn with the origin moved there."""
        device = p.deviceTransform()
        if not (self.enabled and _copies_pixels(p, device)):
            for at in places:
                p.translate(at)
                paint(p)
                p.translate(-at)
            return
        p.save()
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        world = p.worldTransform()
        back = device.inverted()[0] * world  # device pixels -> world coordinates
        for at in places:
            x0, y0, tile = self._tile(p, QTransform.fromTranslate(at.x(), at.y()) * device, key, paint)
            p.setWorldTransform(QTransform.fromTranslate(x0, y0) * back)  # one tile pixel to a device pixel
            p.drawImage(QPointF(0, 0), tile)
        p.restore()

    def _tile(self, p: QPainter, local: QTransform, key: Hashable,
              paint: Callable[[QPainter], None]) -> tuple[int, int, QImage]:
        """The tile for the drawing mapped to the device by ``local``, and where it goes."""
        area = local.mapRect(self.bounds)
        x0, y0 = math.floor(area.left()), math.floor(area.top())
        phase = (round(local.dx() - x0, 6), round(local.dy() - y0, 6))
        tkey = (key, local.m11(), local.m22(), phase, style.high_contrast(), p.renderHints())
        tile = self._tiles.get(tkey)
        if tile is None:
            tile = QImage(math.ceil(area.right()) - x0, math.ceil(area.bottom()) - y0,
                          QImage.Format.Format_ARGB32_Premultiplied)
            tile.fill(0)
            q = QPainter(tile)
            q.setRenderHints(p.renderHints())
            q.setTransform(local * QTransform.fromTranslate(-x0, -y0))
            paint(q)
            q.end()
            self._tiles[tkey] = tile
            self._bytes += tile.sizeInBytes()
            while self._bytes > self.budget and len(self._tiles) > 1:
                self._bytes -= self._tiles.popitem(last=False)[1].sizeInBytes()
        else:
            self._tiles.move_to_end(tkey)
        return x0, y0, tile


class Backdrop:
    """A scene's background kept as one device-pixel image per scale, phase and
    look, and copied where a paint exposes it: Qt's CacheBackground, but for
    every raster painter (a view's repaint and ``QGraphicsView.render`` alike).
    The background is opaque, so the copy is its pixels (a grid line's edge may
    round a step apart: drawn under another clip).  A resize
    draws it anew once; a painter that is not a raster one, or that rotates,
    is drawn on directly."""

    def __init__(self):
        self.enabled = True
        self._key: tuple | None = None
        self._image: QImage | None = None
        self._origin = (0, 0)

    def clear(self) -> None:
        self._key = self._image = None

    def draw(self, p: QPainter, exposed: QRectF, paint: Callable[[QPainter, QRectF], None]) -> None:
        """``paint(painter, rect)`` draws the background of ``rect`` (scene coordinates)."""
        device = p.deviceTransform()
        if not (self.enabled and _copies_pixels(p, device)):
            paint(p, exposed)
            return
        wanted = device.mapRect(exposed).toAlignedRect()
        x0, y0 = math.floor(device.dx()), math.floor(device.dy())
        key = (device.m11(), device.m22(), round(device.dx() - x0, 6), round(device.dy() - y0, 6),
               style.high_contrast(), p.renderHints())
        image = self._image
        if key != self._key or image is None or not QRect(*self._origin, image.width(), image.height()).contains(
                wanted.translated(-x0, -y0)):
            self._paint(p, device, key, wanted, x0, y0, paint)
            image = self._image
            assert image is not None  # _paint keeps what it drew
        ox, oy = self._origin
        source = wanted.translated(-x0 - ox, -y0 - oy)
        p.save()
        p.setWorldTransform(QTransform.fromTranslate(x0 + ox, y0 + oy) * device.inverted()[0] * p.worldTransform())
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        p.drawImage(QPointF(source.topLeft()), image, QRectF(source))
        p.restore()

    def _paint(self, p: QPainter, device: QTransform, key: tuple, wanted: QRect, x0: int, y0: int,
               paint: Callable[[QPainter, QRectF], None]) -> None:
        """Draw the background of ``wanted`` (device pixels), with what was kept if the scale is the same."""
        area = wanted.translated(-x0, -y0)
        if key == self._key and self._image is not None:
            area = area.united(QRect(*self._origin, self._image.width(), self._image.height()))
        target = p.device()  # blended as on the target (an opaque format rounds otherwise)
        image = QImage(area.size(), target.format() if isinstance(target, QImage) else
                       QImage.Format.Format_ARGB32_Premultiplied)
        q = QPainter(image)
        q.setRenderHints(p.renderHints())
        local = device * QTransform.fromTranslate(-x0 - area.left(), -y0 - area.top())
        q.setTransform(local)
        paint(q, local.inverted()[0].mapRect(QRectF(image.rect())))
        q.end()
        self._key, self._image, self._origin = key, image, (area.left(), area.top())
