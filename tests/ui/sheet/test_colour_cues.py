"""Colour is never the only cue (WCAG 1.4.1).  The legal and
the refused ghost, an active destination, a reach cell and a drawn piece are
rendered, passed through protanopia, deuteranopia and tritanopia (Machado et
al. 2009, severity 1.0, linear RGB) and must still differ by something that is
not hue: the shape of what stands out from the paper (judged on luminance
alone), or a luminance contrast of at least 3:1."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtWidgets import QGraphicsItem

from ruin_qt.rules.routes import RoutePlan
from ruin_qt.ui.common import style
from ruin_qt.ui.sheet.overlays import RouteOverlay
from ruin_qt.ui.sheet.sheet_items import BadgeItem, CellItem, GhostItem

from .. import colour_vision as cv

S = style.CELL
ZOOM = 3  # pixels per scene unit: thin strokes stay measurable
STROKE = 3.0  # a line or a mark is seen at 3:1 against the paper (WCAG 1.4.11)
SHADE = 1.2  # a shaded fill stands out from the paper at this contrast
PIECE = [(0, 0), (0, 1), (1, 1)]


@pytest.fixture(params=["pencil", "high"])
def look(request, qapp) -> Iterator[str]:
    style.set_high_contrast(request.param == "high")
    yield request.param
    style.set_high_contrast(False)


def render(items: list[QGraphicsItem], rows: int = 2, cols: int = 2) -> np.ndarray:
    return cv.render_items(items, rows, cols, ZOOM)


def ghost(legal: bool, kind: str) -> np.ndarray:
    g = GhostItem(0)
    g.set_ghost(PIECE, kind, legal)
    return render([g])


def cell(**state) -> np.ndarray:
    letter = state.pop("letter", None)
    item = CellItem(0, 0, 0, letter, False)
    item.set(**state)
    return render([item, BadgeItem(item)] if letter else [item], 1, 1)


def seen(srgb: np.ndarray, vision: str, threshold: float = STROKE) -> tuple[np.ndarray, np.ndarray]:
    """The luminance a viewer of ``vision`` gets, and the mask of what stands out from the paper."""
    lum = cv.luminance(cv.simulate(srgb, vision))
    paper = cv.luminance(cv.simulate(np.array([[[style.PAPER.redF(), style.PAPER.greenF(), style.PAPER.blueF()]]]),
                                     vision))[0, 0]
    return lum, cv.contrast(lum, paper) >= threshold


def shape_difference(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the marked pixels (either mask) that only one of the two marks."""
    return float((a ^ b).sum() / max((a | b).sum(), 1))


def non_hue_cue(a: np.ndarray, b: np.ndarray, vision: str) -> tuple[float, float]:
    """(shape difference, luminance contrast of the two marks' darkest tenth) under ``vision``."""
    la, ma = seen(a, vision)
    lb, mb = seen(b, vision)
    ink_a = float(np.percentile(la[ma], 10)) if ma.any() else 1.0
    ink_b = float(np.percentile(lb[mb], 10)) if mb.any() else 1.0
    return shape_difference(ma, mb), float(cv.contrast(ink_a, ink_b))


def differ(a: np.ndarray, b: np.ndarray, vision: str) -> bool:
    shape, lum = non_hue_cue(a, b, vision)
    return shape >= 0.2 or lum >= 3.0


@pytest.mark.parametrize("vision", cv.VISIONS)
@pytest.mark.parametrize("kind", ["road", "wall"])
def test_a_refused_ghost_differs_by_shape_not_only_hue(look, vision, kind):
    legal, illegal = ghost(True, kind), ghost(False, kind)
    shape, _lum = non_hue_cue(legal, illegal, vision)
    assert shape >= 0.2, (look, vision, kind, shape)
    # The cross is there to be seen: its strokes reach 3:1 against the paper in every vision.
    lum, mask = seen(illegal, vision)
    paper = seen(np.ones((1, 1, 3)) * [style.PAPER.redF(), style.PAPER.greenF(), style.PAPER.blueF()], vision)[0]
    assert cv.contrast(np.percentile(lum[mask], 2), paper[0, 0]) >= 3.0, (look, vision, kind)


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_destinations_pieces_and_reach_stay_apart(look, vision):
    marks = {
        "destination": cell(letter="D", dest="active"),
        "reach": cell(reach=2),
        "road": cell(state="road"),
        "drafted road": cell(state="road", draft=True),
        "wall": cell(state="wall"),
    }
    names = list(marks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if {a, b} == {"road", "drafted road"}:
                continue  # the same mark in two pencils: a draft is told apart by Undo, not by sight
            assert differ(marks[a], marks[b], vision), (look, vision, a, b, non_hue_cue(marks[a], marks[b], vision))
    # The reach shading itself is seen without its hue: it stands out from the paper.
    lum, mask = seen(marks["reach"], vision, SHADE)
    assert mask.mean() >= 0.5, (look, vision, mask.mean())


def test_the_simulation_does_confuse_red_and_green():
    """The check can fail: the old red/green pair is one olive to a deuteranope."""
    red, green = np.array([[[0xd1, 0x1f, 0x1f]]]) / 255, np.array([[[0x1e, 0x9e, 0x3a]]]) / 255
    a, b = cv.simulate(red, "deuteranopia")[0, 0], cv.simulate(green, "deuteranopia")[0, 0]
    assert np.abs(a - b).max() < 0.2 and cv.contrast(cv.luminance(a), cv.luminance(b)) < 1.5
    # ... and a cell drawn in two colours only (same shape) is not a cue.
    g = GhostItem(0)
    g.set_ghost(PIECE, "road", True)
    same = render([g])
    assert not differ(same, same, "deuteranopia")


@pytest.mark.parametrize("vision", cv.VISIONS)
def test_a_complete_route_differs_from_an_open_one_by_more_than_hue(look, vision):
    """The route overlay: complete (blue) and in progress (blue pencil) share a hue
    family; the cues are shapes: the cells still to draw dashed on an open route,
    a tick on a complete one (as a cross on a blocked one)."""
    path = ((0, 0), (0, 1), (0, 2), (0, 3))

    def route(complete: bool) -> np.ndarray:
        overlay = RouteOverlay(0)
        plan = RoutePlan(1, ("A", "B"), (path[0], path[-1]), complete, path, 0 if complete else 2, None)
        overlay.set_plan(plan, road_cells=path if complete else path[:2])
        return render([overlay], 1, 4)

    shape, _lum = non_hue_cue(route(True), route(False), vision)
    assert shape >= 0.2, (look, vision, shape)
