"""Every cue its own shape.  The cues that share the warm
hues -- an active destination's frame, a refused ghost, a square bonus's
outline -- and the review curve's markers are rendered, passed through
protanopia, deuteranopia and tritanopia (Machado et al. 2009), reduced to
luminance, and must still differ: by line style for the outlines, by shape
for the markers.  Hue cannot pass these checks: they measure only where
ink stands out from the paper.  And (a rough edge players met) a refused ghost
leaves the letter and the adventurer under it readable."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from ruin_qt.ui.common import style
from ruin_qt.ui.sheet import pencil
from ruin_qt.ui.sheet.sheet_items import BadgeItem, CellItem, GhostItem, SquareItem

from .. import colour_vision as cv
from .test_sheet_look import LETTERS, chip_box, drawing
from .test_sheet_look import render as render_drawing

S = style.CELL
ZOOM = 4
CUE_CELL = (1, 1)  # every outline cue drawn round this one cell of a 3 x 3 patch
SEEN = 3.0  # a line is seen at 3:1 against the paper (WCAG 1.4.11)


@pytest.fixture(params=["pencil", "high"])
def look(request, qapp) -> Iterator[str]:
    style.set_high_contrast(request.param == "high")
    yield request.param
    style.set_high_contrast(False)


def paper() -> np.ndarray:
    return np.array([[[style.PAPER.redF(), style.PAPER.greenF(), style.PAPER.blueF()]]])


def render(items: list[QGraphicsItem]) -> np.ndarray:
    return cv.render_items(items, 3, 3, ZOOM)


def destination() -> np.ndarray:
    item = CellItem(0, *CUE_CELL, "D", False)
    item.set(dest="active")
    return render([item, BadgeItem(item)])


def refused_ghost() -> np.ndarray:
    g = GhostItem(0)
    g.set_ghost([CUE_CELL], "road", False)
    return render([g])


def square_bonus() -> np.ndarray:
    return render([SquareItem(0, (*CUE_CELL, 1, 1), "")])


class _OldSquare(QGraphicsItem):
    """The square's outline before every cue had a shape of its own: one solid
    pencil line, as a destination's frame."""

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 3 * S, 3 * S)

    def paint(self, p, option, widget=None) -> None:
        hand = style.hand_drawn()
        pencil.stroke(p, pencil.rectangle(*CUE_CELL, 1, 1, hand), style.SQUARE, 3.0)


def line_style(srgb: np.ndarray, vision: str) -> tuple[str, int]:
    """("solid" or "broken", parallel lines) of the cue's top edge, judged on
    what stands out from the paper in luminance under ``vision``.  The edge is
    looked at along its right part: clear of the corners and of a letter's chip."""
    lum = cv.luminance(cv.simulate(srgb, vision))
    ground = cv.luminance(cv.simulate(paper(), vision))[0, 0]
    mask = cv.contrast(lum, ground) >= SEEN
    top = CUE_CELL[0] * S
    rows = slice(int((top - 6) * ZOOM), int((top + 6) * ZOOM))
    cols = slice(int((CUE_CELL[1] * S + 20) * ZOOM), int((CUE_CELL[1] * S + 35) * ZOOM))
    band = mask[rows, cols]
    covered = band.any(axis=0).mean()
    runs = [int(np.count_nonzero(np.diff(column.astype(int)) == 1) + column[0]) for column in band.T]
    lines = int(np.median([n for n in runs if n] or [0]))
    return ("solid" if covered > 0.9 else "broken" if covered > 0.3 else "none"), lines


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_destination_refused_ghost_and_square_bonus_differ_by_line_style(look, vision):
    """One solid line round a destination, a dashed one round a refused ghost,
    a double one round a square bonus: told apart with the hue taken away."""
    styles = {"destination": line_style(destination(), vision),
              "refused ghost": line_style(refused_ghost(), vision),
              "square bonus": line_style(square_bonus(), vision)}
    assert styles["destination"] == ("solid", 1), styles
    assert styles["refused ghost"] == ("broken", 1), styles
    assert styles["square bonus"] == ("solid", 2), styles
    assert len(set(styles.values())) == 3, (look, vision, styles)


@pytest.mark.parametrize("vision", ["deuteranopia", "protanopia"])
def test_the_check_fails_on_the_old_single_line_square(look, vision):
    """The measure can fail: the square's old outline, one solid line, is the
    destination's style once the hue is gone (the olive a colour-blind eye saw)."""
    assert line_style(render([_OldSquare()]), vision) == line_style(destination(), vision) == ("solid", 1)


# -- the review curve's markers ---------------------------------------------------------------

def marker_mask(category: str, vision: str, colour: str | None = None) -> np.ndarray:
    """The pixels a category's marker inks on the curve's white ground under ``vision``."""
    from ruin_qt.ui.windows.review_window import CATEGORY_COLOURS, CATEGORY_SIZES, CATEGORY_SYMBOLS, pg

    size = 48
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(size / 2, size / 2)
    p.scale(2.5, 2.5)
    draw = pg.graphicsItems.ScatterPlotItem.drawSymbol
    draw(p, CATEGORY_SYMBOLS[category], CATEGORY_SIZES.get(category, 12), pg.mkPen(style.INK.name(), width=1),
         pg.mkBrush(colour or CATEGORY_COLOURS[category]))
    p.end()
    lum = cv.luminance(cv.simulate(cv.rgb(image), vision))
    return cv.contrast(lum, 1.0) >= 1.15


def shape_difference(a: np.ndarray, b: np.ndarray) -> float:
    return float((a ^ b).sum() / max((a | b).sum(), 1))


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_review_markers_differ_by_shape(qapp, vision):
    from ruin_qt.ui.windows.review_window import CATEGORY_COLOURS

    masks = {c: marker_mask(c, vision) for c in CATEGORY_COLOURS}
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert shape_difference(masks[a], masks[b]) >= 0.2, (vision, a, b)
    # Colour alone would not pass: one shape in two categories' colours is one mask.
    assert shape_difference(marker_mask("good", vision), marker_mask("good", vision, CATEGORY_COLOURS["best"])) < 0.05


def test_the_review_curve_draws_each_category_in_its_shape_and_keys_them(qtbot):
    from ruin_qt.model.runner import Runner
    from ruin_qt.ui.windows import review_words as words
    from ruin_qt.ui.windows.review_window import CATEGORY_SYMBOLS, ReviewWindow

    from ..windows.test_review_window import _made_up_review, _short_record

    review = _made_up_review()
    cats = list(CATEGORY_SYMBOLS)
    base = review.decisions[-1]
    rows = tuple(dataclasses.replace(base, index=i, round=i, category=cats[i % len(cats)]) for i in range(12))
    w = ReviewWindow(_short_record(), 0, None, workers=1, runner=Runner())
    qtbot.addWidget(w)
    w.show_review(dataclasses.replace(review, decisions=rows))
    assert [str(s) for s in w.points.data["symbol"]] == [CATEGORY_SYMBOLS[d.category] for d in rows]
    title = w.curve.getPlotItem().titleLabel.text
    for c in cats:
        assert words.category_name(c) in title


# -- the rough edge: a refused ghost never hides a letter nor crosses the adventurer out ------

def test_a_refused_ghost_leaves_the_letter_and_the_adventurer_readable(qapp):
    letter = LETTERS["P"]
    pawn = (letter[0], letter[1] + 1)
    area = QRectF(letter[1] * S, letter[0] * S, 2 * S, S)
    bare = drawing({pawn: "road"}, pawn=pawn)
    before = render_drawing(bare, area)
    d = drawing({pawn: "road"}, pawn=pawn)
    ghost = GhostItem(0)
    ghost.set_ghost([letter, pawn], "wall", False, clear=[pawn])
    d.addItem(ghost)
    after = render_drawing(d, area)
    # Stacking: the letter's chip and the pawn lie over the ghost, as over a drawn mark.
    top = d.items(chip_box(letter).center())[0]
    assert isinstance(top, BadgeItem) and top.cell.letter == "P"
    assert d.pawn.zValue() > ghost.zValue() and top.zValue() > ghost.zValue()
    # Pixels: the chip's letter is as it was; the pawn keeps its colour and is crossed by nothing.
    chip = chip_box(letter).translated(-area.topLeft())
    chip_px = QRectF(chip.x() * 4, chip.y() * 4, chip.width() * 4, chip.height() * 4).toRect()
    assert after.copy(chip_px) == before.copy(chip_px)

    def pawn_pixels(img: QImage) -> int:
        centre = QPointF(S * 1.5, S * 0.5) * 4
        return sum(abs(img.pixelColor(int(centre.x() + dx), int(centre.y() + dy)).hue() - style.PAWN.hue()) < 12
                   and img.pixelColor(int(centre.x() + dx), int(centre.y() + dy)).saturation() > 120
                   for dx in range(-40, 41, 2) for dy in range(-60, 61, 2))

    assert pawn_pixels(after) >= 0.97 * pawn_pixels(before) > 50
    # The letter's own cell is still crossed: the refusal is seen.
    assert not ghost.legal and letter not in ghost.clear


def test_the_scene_leaves_the_pawns_cell_uncrossed(sheet_table, qtbot):
    from .test_illegal_gestures import start_solo

    start_solo(sheet_table, qtbot, 3)
    scene = sheet_table.scene
    pawn = scene.cell_at(scene.pawn.pos())
    scene.set_c_mode(True)  # one wall: the ghost is the pointed cell
    from .. import driver

    driver.hover(sheet_table.view, pawn)
    assert scene.ghost.cells == [pawn] and not scene.ghost.legal
    assert scene.ghost.clear == {pawn}
    other = (0, 0) if pawn != (0, 0) else (0, 1)
    driver.hover(sheet_table.view, other)
    assert pawn not in scene.ghost.clear
