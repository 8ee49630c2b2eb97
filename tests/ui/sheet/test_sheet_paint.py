"""The sheet paints fast again, and looks as it did.

What the paint keeps between paints must never show a stale picture: the
ghost's tiles are its own pixels, a cell gone blank is wiped from the screen,
and a look switch repaints the open sheet in the new colours.  These tests
read the pixels actually on screen (the offscreen platform's window grab) of
the sheet shown alone (``sheet_table``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.sheet import Sheet
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.common import style
from ruin_qt.ui.sheet import sheet_items
from ruin_qt.ui.sheet.paint_cache import Tiles
from ruin_qt.ui.sheet.sheet_drawing import SheetDrawing
from ruin_qt.ui.sheet.sheet_items import GhostItem

from ..driver import hover

S = style.CELL
PIECE = [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3)]


def start_solo(table, qtbot) -> None:
    m = table.model
    table.start_game([("Aki", "human")], seed=11)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(11))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)


def on_screen(view, qtbot) -> QImage:
    """The pixels of the view's window as last painted (pending repaints done first)."""
    qtbot.wait(30)
    top = view.window()
    return top.screen().grabWindow(top.winId()).toImage().convertToFormat(QImage.Format.Format_RGB32)


def at(view, scene_point: QPointF) -> QPoint:
    """Where ``scene_point`` is in the grab of the view's window (device pixels)."""
    top = view.window()
    return view.viewport().mapTo(top, view.mapFromScene(scene_point)) * top.devicePixelRatio()


def viewport_area(view) -> QRect:
    """The sheet view's viewport in the grab of its window (device pixels)."""
    top = view.window()
    ratio = top.devicePixelRatio()
    return QRect(view.viewport().mapTo(top, QPoint(0, 0)) * ratio, view.viewport().size() * ratio)


def array(img: QImage) -> np.ndarray:
    img = img.convertToFormat(QImage.Format.Format_ARGB32)
    a = np.frombuffer(img.constBits(), np.uint8, img.sizeInBytes()).reshape(img.height(), img.bytesPerLine())
    return a[:, : img.width() * 4].astype(int)


def paint_ghost(legal: bool, kind: str, transform: QTransform, dpr: float = 1.0, tiles: bool = True) -> np.ndarray:
    """The ghost over ``PIECE`` painted on paper through ``transform``."""
    ghost = GhostItem(0)
    ghost.set_ghost(PIECE, kind, legal)
    img = QImage(round(260 * dpr), round(260 * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    img.fill(style.PAPER)
    for t in (sheet_items._BOXES, sheet_items._CROSSES):
        t.enabled = tiles
    try:
        p = QPainter(img)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        p.setTransform(transform)
        ghost.paint(p, None)
        p.end()
    finally:
        for t in (sheet_items._BOXES, sheet_items._CROSSES):
            t.enabled = True
    return array(img)


@pytest.mark.parametrize("legal", [True, False])
@pytest.mark.parametrize("kind", ["road", "wall"])
@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_the_ghosts_tiles_are_its_own_pixels(qapp, legal, kind, dpr):
    """Copied tiles give what drawing each cell anew gives, to a rounding step,
    at a scale whose cells fall on different sub-pixel phases, on a 2x screen too."""
    transform = QTransform.fromTranslate(3.37, 1.81).scale(1.7588, 1.7588).translate(-30, -30)
    sheet_items._BOXES.clear()
    direct = paint_ghost(legal, kind, transform, dpr, tiles=False)
    tiled = paint_ghost(legal, kind, transform, dpr)
    assert len(sheet_items._BOXES) == len(PIECE)  # one tile a cell: each falls on its own sub-pixel phase
    again = paint_ghost(legal, kind, transform, dpr)  # now from the kept tiles
    blank = paint_ghost(legal, kind, QTransform.fromTranslate(1000, 1000), dpr)  # the ghost off the image
    assert (direct != blank).sum() > 2000 * dpr * dpr  # the ghost was drawn
    assert np.abs(direct - tiled).max() <= 3
    assert (tiled == again).all()


def test_a_rotated_painter_draws_the_ghost_directly(qapp):
    rotated = QTransform().translate(130, 0).rotate(30).scale(1.3, 1.3)
    assert (paint_ghost(False, "road", rotated) == paint_ghost(False, "road", rotated, tiles=False)).all()


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_the_kept_background_is_the_backgrounds_own_pixels(qapp, dpr):
    """The table, paper and printed grid are drawn once a scale and copied: the
    same pixels as drawing them anew (a grid line's edge may round one step
    apart), whole or a part, on a 2x screen too."""
    d = SheetDrawing()
    d.draw_rules_sheet(0, Sheet())

    def render(source: QRectF, kept: bool) -> np.ndarray:
        d._backdrop.enabled = kept
        img = QImage(round(300 * dpr), round(300 * dpr), QImage.Format.Format_ARGB32_Premultiplied)
        img.setDevicePixelRatio(dpr)
        img.fill(0)
        p = QPainter(img)
        p.setRenderHints(QPainter.RenderHint.Antialiasing)
        d.render(p, QRectF(0, 0, 300, 300), source)
        p.end()
        return array(img)

    whole = d.sceneRect()
    part = QRectF(-6, 100, 170, 170)  # the table, the sheet's edge and a few cells
    for source in (whole, part, whole):
        kept, anew = render(source, True), render(source, False)
        assert np.abs(kept - anew).max() <= 2
        assert (kept != anew).mean() < 0.05  # only there


def test_a_cell_gone_blank_is_wiped_from_the_screen(sheet_table, qtbot):
    """Blank cells are skipped by every paint (ItemHasNoContents): one that
    loses its mark (an undo) must still be repainted without it."""
    start_solo(sheet_table, qtbot)
    scene, view = sheet_table.scene, sheet_table.view
    cell = next(c for c in [(r, c) for r in range(1, 7) for c in range(2, 10)] if scene.cells[c].blank())
    item = scene.cells[cell]
    assert item.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    middle = at(view, QPointF(cell[1] * S + S / 2, cell[0] * S + S / 2))
    paper = on_screen(view, qtbot).pixelColor(middle)
    item.set(state="wall")
    assert not item.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    assert on_screen(view, qtbot).pixelColor(middle) != paper
    item.set(state="empty")
    assert item.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    assert on_screen(view, qtbot).pixelColor(middle) == paper


def test_the_look_switch_repaints_the_open_sheet_in_its_new_colours(sheet_table, qtbot):
    """Pens, tones and the ghost's tiles are kept per look: switching to high
    contrast and back repaints what is on screen as a fresh paint of each look."""
    start_solo(sheet_table, qtbot)
    scene, view = sheet_table.scene, sheet_table.view
    hover(view, (5, 5))
    qtbot.waitUntil(lambda: scene.ghost.isVisible())
    area = viewport_area(view)
    paper = at(view, QPointF(10.5 * S, 0.6 * S))

    def fresh() -> QImage:  # everything drawn anew: no tile, pen or tone kept
        for tiles in (sheet_items._BOXES, sheet_items._CROSSES):
            tiles.clear()
        style._MADE.clear()
        scene._backdrop.clear()
        ratio = view.window().devicePixelRatio()
        logical = QRect(area.topLeft() / ratio, area.size() / ratio)
        return view.window().grab(logical).toImage().convertToFormat(QImage.Format.Format_RGB32)

    before = on_screen(view, qtbot)
    assert before.copy(area) == fresh()
    pen_before = style.pen("INK", 2.0).color()
    try:
        style.set_high_contrast(True)
        high = on_screen(view, qtbot)
        assert high.pixelColor(paper) == QColor("#ffffff") != before.pixelColor(paper)
        assert style.pen("INK", 2.0).color() == style.INK != pen_before  # no pen of the old look survives
        assert style.tone("PAPER", 40) == QColor(255, 255, 255, 40)
        assert high.copy(area) == fresh()
    finally:
        style.set_high_contrast(False)
    assert on_screen(view, qtbot).copy(area) == before.copy(area)  # the pencil look again, pixel for pixel
    view.resize(view.width() - 130, view.height() - 70)  # another scale: the kept background is redrawn
    qtbot.wait(50)
    area = viewport_area(view)
    assert on_screen(view, qtbot).copy(area) == fresh()


def test_tiles_keep_to_their_memory_budget(qapp):
    """Tiles of many phases (a resize, every cell) never hold more than their budget."""
    tiles = Tiles(QRectF(-2, -2, S + 4, S + 4), budget=60_000)
    img = QImage(400, 400, QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    p.scale(1.37, 1.37)
    tiles.draw(p, [QPointF(c * S + 0.1 * c, 0) for c in range(8)], "box", lambda q: q.drawRect(QRectF(1, 1, 30, 30)))
    p.end()
    assert 1 <= len(tiles) < 8 and tiles._bytes <= 60_000


def paint_square(t: float, key: tuple | None) -> np.ndarray:
    from ruin_qt.ui.sheet import pencil

    img = QImage(300, 300, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(0)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    pencil.double(p, pencil.rectangle(1, 1, 4, 5, True), style.SQUARE, 1.6, 3.0, t, key)
    p.end()
    return array(img).reshape(300, 300, 4)[..., 3]  # coverage: the alpha channel (ARGB32 is B, G, R, A in memory)


@pytest.mark.parametrize("t", [0.2, 0.5, 0.8])
def test_a_double_line_strokes_in_as_part_of_its_finished_outline(qapp, t):
    """The square's double line, half drawn, is its finished outline (made once) clipped to the
    part drawn so far, not an outline made anew at every frame: every pixel it covers, the finished line
    covers as much; it covers about ``t`` of it; and a line without a key (made anew) looks the same."""
    whole = paint_square(1.0, ("test-square",))
    part = paint_square(t, ("test-square",))
    assert (part <= whole + 1).all()
    assert 0.6 * t < part.sum() / whole.sum() < 1.4 * t + 0.05
    anew = paint_square(t, None)
    assert np.abs(anew - part).max() <= 1
