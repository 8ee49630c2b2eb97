"""A readable sheet that looks like the printed one
drawn in pencil.  Each test renders the real drawing and looks at its pixels
or its stacking order, as a player's eye would."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

from ruin_qt.rules.components import load_components
from ruin_qt.ui.common import style
from ruin_qt.ui.sheet.sheet_boxes import ScoreSheet, Track
from ruin_qt.ui.sheet.sheet_drawing import SIZE, SheetDrawing
from ruin_qt.ui.sheet.sheet_items import BadgeItem

S = style.CELL
COMPS = load_components()
LETTERS = {L: tuple(cell) for L, cell in COMPS.letters.items()}
EXIT = tuple(COMPS.exit)


def drawing(marks: dict, pawn=EXIT, active=(), resolved=()) -> SheetDrawing:
    states = {(r, c): "empty" for r in range(SIZE) for c in range(SIZE)}
    states.update(marks)
    d = SheetDrawing()
    d.draw_sheet(0, states, pawn, active, resolved)
    return d


def render(d: SheetDrawing, source: QRectF, scale: float = 4.0, dpr: float = 1.0) -> QImage:
    """``source`` (scene units) painted ``scale`` logical pixels per unit."""
    w, h = round(source.width() * scale), round(source.height() * scale)
    img = QImage(round(w * dpr), round(h * dpr), QImage.Format.Format_ARGB32)
    img.setDevicePixelRatio(dpr)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    d.render(p, QRectF(0, 0, w, h), source)
    p.end()
    return img


def cell_box(cell, inset: float = 0.0) -> QRectF:
    r, c = cell
    return QRectF(c * S + inset, r * S + inset, S - 2 * inset, S - 2 * inset)


def chip_box(cell) -> QRectF:
    r, c = cell
    return QRectF(c * S + 2.5, r * S + 2.5, 11, 11)


def lum(c: QColor) -> float:
    return (0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue()) / 255


def pixels(img: QImage) -> list[QColor]:
    return [img.pixelColor(x, y) for y in range(img.height()) for x in range(img.width())]


def grey(img: QImage) -> np.ndarray:
    """Luminance, 0..1, of an ARGB32 image as an array (fast enough for whole images)."""
    img = img.convertToFormat(QImage.Format.Format_ARGB32)
    a = np.frombuffer(img.constBits(), np.uint8, img.sizeInBytes()).reshape(img.height(), img.bytesPerLine() // 4, 4)
    b, g, r = a[:, : img.width(), 0], a[:, : img.width(), 1], a[:, : img.width(), 2]
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def near(c: QColor, target: QColor, tol: int = 40) -> bool:
    return abs(c.red() - target.red()) + abs(c.green() - target.green()) + abs(c.blue() - target.blue()) < tol


# -- a readable sheet --------------------------------------------------------------------

def test_a_letter_stays_legible_over_a_wall_a_road_and_the_pawn(qapp):
    walled, road, under_pawn = LETTERS["C"], LETTERS["B"], LETTERS["P"]
    d = drawing({walled: "wall", road: "road", under_pawn: "gate"}, pawn=under_pawn)
    for L, cell in (("C", walled), ("B", road), ("P", under_pawn)):
        # Stacking: the letter's chip is the topmost thing at its corner, above the marks and the pawn.
        top = d.items(chip_box(cell).center())[0]
        assert isinstance(top, BadgeItem) and top.cell.letter == L
        assert top.zValue() > d.pawn.zValue()
        # Pixels: a light chip with dark letter strokes on it, whatever is drawn in the cell.
        values = [lum(px) for px in pixels(render(d, chip_box(cell)))]
        light = sum(v > 0.8 for v in values) / len(values)
        dark = sum(v < 0.6 for v in values) / len(values)
        assert light > 0.5 and dark > 0.04, (L, light, dark)


def test_untraced_active_and_resolved_letters_look_different(qapp):
    cell = LETTERS["K"]
    looks = {}
    for dest in (None, "active", "resolved"):
        d = drawing({cell: "road"}, active=["K"] if dest == "active" else [],
                    resolved=["K"] if dest == "resolved" else [])
        assert d.cells[cell].dest == dest
        looks[dest] = pixels(render(d, cell_box(cell)))
    corner = QRectF(chip_box(cell).topLeft(), chip_box(cell).size() + chip_box(cell).size() * 0.8)
    chip = [pixels(render(drawing({cell: "road"}, active=a, resolved=r), corner))
            for a, r in (([], []), (["K"], []), ([], ["K"]))]

    def share(pxs, colour):
        return sum(near(px, colour) for px in pxs) / len(pxs)

    untraced, active, resolved = chip
    assert share(active, style.DEST) > 0.2  # a solid red chip: a destination to reach
    assert share(untraced, style.DEST) == 0 and share(resolved, style.DEST) == 0
    assert share(resolved, style.GEM) > 0.02  # collected: a tick beside the letter
    assert share(untraced, style.GEM) == 0
    # The whole cell: an active destination is traced round in red, a resolved one in grey.
    assert share(looks["active"], style.DEST) > share(looks["resolved"], style.DEST) + 0.05
    assert looks[None] != looks["resolved"]


def test_the_exit_is_marked_even_under_a_road_and_the_pawn(qapp):
    d = drawing({EXIT: "road"}, pawn=EXIT)
    badge = d.cells[EXIT].badge
    assert badge is not None and badge.zValue() > d.pawn.zValue()
    values = [lum(px) for px in pixels(render(d, chip_box(EXIT)))]
    assert sum(v < 0.5 for v in values) / len(values) > 0.1  # the door drawn on the chip
    whole = pixels(render(d, cell_box(EXIT)))
    assert sum(near(px, style.EXIT) for px in whole) / len(whole) > 0.3  # the printed exit colour


def test_a_gate_is_drawn_twice_round_a_road_never_just_once(qapp):
    cell = (3, 6)  # no letter there
    assert cell not in LETTERS.values()
    scale = 8.0

    def inner_band_inked(state: str) -> list[bool]:
        d = drawing({cell: state})
        img = render(d, cell_box(cell), scale)
        # the band 4.8..7.8 units in from each side, around its middle: a gate's second frame lies there
        out = []
        for side in range(4):
            found = False
            for along in range(int(15 * scale), int(25 * scale)):
                for depth in range(int(4.8 * scale), int(7.8 * scale)):
                    x, y = [(along, depth), (depth, along), (along, int(S * scale) - 1 - depth),
                            (int(S * scale) - 1 - depth, along)][side]
                    found = found or lum(img.pixelColor(x, y)) < 0.5
            out.append(found)
        return out

    assert inner_band_inked("gate") == [True] * 4
    assert inner_band_inked("road") == [False] * 4


# -- the printed sheet drawn in pencil ----------------------------------------------------

def test_marks_are_hand_drawn_each_its_own_shape_and_never_jitter(qapp):
    a, b = (1, 1), (9, 9)
    d = drawing({a: "road", b: "road", (1, 2): "wall", (9, 8): "wall"})
    first = {cell: render(d, cell_box(cell)) for cell in (a, b, (1, 2), (9, 8))}
    assert first[a] != first[b]  # a pencil draws no two circles alike
    assert first[(1, 2)] != first[(9, 8)]
    again = drawing({a: "road", b: "road", (1, 2): "wall", (9, 8): "wall"})
    assert all(render(again, cell_box(cell)) == img for cell, img in first.items())  # seeded by the cell


def test_high_contrast_changes_the_colours_and_back(qapp):
    cell = (3, 6)
    pencil = render(drawing({cell: "wall"}), cell_box(cell), 2)
    try:
        style.set_high_contrast(True)
        assert style.high_contrast() and not style.hand_drawn()
        assert style.PAPER == QColor("#ffffff") and style.INK == QColor("#000000")
        contrast = render(drawing({cell: "wall"}), cell_box(cell), 2)
        assert contrast.pixelColor(6, 40) == QColor("white")  # paper
        assert contrast.pixelColor(40, 40) == QColor("black")  # the ■
        assert pencil.pixelColor(6, 40) != QColor("white")
    finally:
        style.set_high_contrast(False)
    assert render(drawing({cell: "wall"}), cell_box(cell), 2) == pencil


def test_the_sheet_is_vector_crisp_at_twice_the_device_pixel_ratio(qapp):
    d = drawing({(3, 3): "road", (3, 4): "wall", LETTERS["C"]: "gate"}, active=["C"])
    area = QRectF(3 * S, 0, 4 * S, 4 * S)
    hidpi = render(d, area, 2.0, dpr=2.0)  # a 2x screen
    direct = render(d, area, 4.0)  # the same device pixels painted directly
    assert hidpi.size() == direct.size()
    diff = np.abs(grey(hidpi) - grey(direct))
    assert diff.mean() < 0.01  # drawn anew at device resolution, never an upscaled bitmap
    # and a printed grid line stays a sharp line: its soft edge is a pixel or two wide, not a blur
    row = [lum(direct.pixelColor(x, int(1.5 * S * 4))) for x in range(int(S * 4) - 8, int(S * 4) + 8)]
    lo, hi = min(row), max(row)
    soft = [v for v in row if lo + 0.15 * (hi - lo) < v < hi - 0.15 * (hi - lo)]
    assert len(soft) <= 3


def test_tracks_have_the_papers_ten_boxes_and_overflow_into_the_margin(qtbot):
    for kind in ("gem", "penalty"):
        track = Track(kind)
        qtbot.addWidget(track)
        track.resize(track.sizeHint())
        assert track.boxes == 10
        past = QRectF(track.box_rect(9).right() + 2, 0, track.width(), track.height()).toAlignedRect()
        track.set_count(10)
        assert all(lum(px) < 0.05 or px.alpha() < 30 or lum(px) > 0.6 for px in pixels(track.grab(past).toImage()))
        track.set_count(12)  # 11th and later: outside the boxes ("+2")
        assert any(lum(px) < 0.4 and px.alpha() > 200 for px in pixels(track.grab(past).toImage()))


@pytest.mark.parametrize("labels", [["Square bonus", "Gems", "Honour", "Routes", "Total"],
                                    ["スクエアボーナス", "宝石", "栄誉", "ルート", "合計"]])
def test_score_boxes_are_the_papers_and_every_text_fits(qtbot, labels):
    sheet = ScoreSheet()
    qtbot.addWidget(sheet)
    sheet.set_labels(labels)
    sheet.set_values([48, None, 120, -150, 45, 63], final=False)
    sheet.resize(sheet.minimumSizeHint())
    assert sheet.texts() == ["48", "–", "120", "-150", "45", "63"]
    label_font, value_font = sheet._fonts()
    cells = sheet.cells()
    assert [name for _, _, name, _ in cells] == [labels[0], "", *labels[1:]]  # "Square bonus" over boxes 1 and 2
    assert cells[0][1].right() < cells[1][1].left()  # two square-bonus boxes side by side
    for lab, box, name, _value in cells:
        assert QFontMetricsF(label_font).horizontalAdvance(name) <= lab.width() + 0.5, name
        assert QFontMetricsF(value_font).horizontalAdvance("−888") <= box.width(), name
        assert QRectF(sheet.rect()).contains(lab.united(box))


def test_switching_the_look_repaints_the_open_views(qtbot):
    class Counting(Track):
        painted = 0

        def paintEvent(self, event):
            self.painted += 1
            super().paintEvent(event)

    track = Counting("gem")
    qtbot.addWidget(track)
    track.show()
    qtbot.waitExposed(track)
    qtbot.waitUntil(lambda: track.painted > 0)
    before = track.painted
    try:
        style.set_high_contrast(True)
        qtbot.waitUntil(lambda: track.painted > before, timeout=2000)
    finally:
        style.set_high_contrast(False)
