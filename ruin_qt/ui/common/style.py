"""Colours and sizes shared by the painted widgets (one place to tune the look).

Two looks: the printed sheet drawn in pencil (the default) and high contrast
(white paper, black marks, geometric shapes, stronger colours).  Both keep
colour from being the only cue (WCAG 1.4.1): a refused ghost is also dashed,
hatched and crossed, destinations are frames with a chip, reach cells are
shaded and numbered; and the hues that must stay apart (legal against
illegal, a destination against the reach shading) are taken from the
Okabe–Ito palette, distinct under protanopia, deuteranopia and tritanopia.  Painters read
``style.NAME`` at paint time, so ``set_high_contrast`` takes effect at the next
repaint, which it requests of every widget."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QApplication, QWidget

CELL = 40.0  # scene units per cell; the view scales the whole scene to fit

# The pencil look: printed inks are warm browns, pencil marks are graphite.
_PENCIL = {
    "TABLE": "#d5c9b1",  # around the paper
    "PAPER": "#fbf6ea",
    "GRID": "#cdbb99",  # the printed grid
    "PRINT": "#7d6849",  # printed letters, frames and labels
    "INK": "#3b3b41",  # graphite: confirmed roads and walls
    "DRAFT": "#1f5fc4",  # blue pencil: cells drawn this turn, still undoable
    "FRESH": "#281f63c6",  # a replay: cells drawn in the round shown
    "PATH": "#bec0392b",  # a replay: the pawn's walk in the round shown
    "EXIT": "#f0d98a",
    "DEST": "#c4501a",  # an active destination (traced letter): vermillion
    "RESOLVED": "#7b7b7b",  # a destination whose gem was collected
    "BADGE": "#fffdf6",  # the chip a letter is printed on
    "LETTER": "#7d6849",
    "REACH": "#6656b4e9",  # sky blue: apart from the vermillion destinations in every vision
    "REACH_TEXT": "#0b4f86",
    "WARP": "#8e44ad",
    "LEGAL": "#0072b2",  # Okabe–Ito blue, against vermillion: never the same olive
    "ILLEGAL": "#d55e00",
    "PAWN": "#c0392b",
    "GEM": "#177e8c",
    "ACTIVE_CARD": "#e6a817",
    "CARD_FACE": "#fffaf0",
    "HINT": "#7b3fb5",  # the Expert's suggestion: dashed outline and the cell to end on
    "SQUARE": "#b86e00",  # the rectangle a square bonus scored: a double line, 3:1 on the paper
}
# High contrast: the Okabe–Ito palette (safe for colour-blind players), a shade
# darker where a mark must reach 3:1 on white paper.
_HIGH = {
    "TABLE": "#4d4d4d",
    "PAPER": "#ffffff",
    "GRID": "#707070",
    "PRINT": "#000000",
    "INK": "#000000",
    "DRAFT": "#0060c0",
    "FRESH": "#400060c0",
    "PATH": "#e0d00000",
    "EXIT": "#f0e442",
    "DEST": "#b34700",  # the palette's vermillion, darkened for the white letter
    "RESOLVED": "#4a4a4a",
    "BADGE": "#ffffff",
    "LETTER": "#000000",
    "REACH": "#8056b4e9",
    "REACH_TEXT": "#00406e",
    "WARP": "#a0307a",  # reddish purple
    "LEGAL": "#0072b2",
    "ILLEGAL": "#d55e00",
    "PAWN": "#d55e00",
    "GEM": "#0058a8",
    "ACTIVE_CARD": "#e69f00",
    "CARD_FACE": "#ffffff",
    "HINT": "#6a00c8",
    "SQUARE": "#a86400",  # the palette's orange, darkened to 3:1 on white
}

TABLE: QColor
PAPER: QColor
GRID: QColor
PRINT: QColor
INK: QColor
DRAFT: QColor
FRESH: QColor
PATH: QColor
EXIT: QColor
DEST: QColor
RESOLVED: QColor
BADGE: QColor
LETTER: QColor
REACH: QColor
REACH_TEXT: QColor
WARP: QColor
LEGAL: QColor
ILLEGAL: QColor
PAWN: QColor
GEM: QColor
ACTIVE_CARD: QColor
CARD_FACE: QColor
HINT: QColor
SQUARE: QColor

_high = False


def _apply(colours: dict[str, str]) -> None:
    globals().update({name: QColor(value) for name, value in colours.items()})
    _TONES.clear()  # pens and tones of the old look
    _PENS.clear()


# Pens and tones made of the look's colours, kept until the look changes: an
# item asks for them at every paint (a mouse move repaints the ghost) and
# building them anew each time was a good part of a repaint's Python work.
_TONES: dict[tuple, QColor] = {}
_PENS: dict[tuple, QPen] = {}


def tone(name: str, alpha: int | None = None) -> QColor:
    """The look's colour ``name`` ("ILLEGAL"), with ``alpha`` (0..255) if given."""
    key = ("tone", name, alpha)
    made = _TONES.get(key)
    if made is None:
        made = QColor(globals()[name])
        if alpha is not None:
            made.setAlpha(alpha)
        _TONES[key] = made
    return made


def pen(name: str, width: float, *shape, alpha: int | None = None) -> QPen:
    """A pen in the look's colour ``name``: ``shape`` as QPen takes it after the
    width (pen style, cap style, join style), e.g.
    ``style.pen("ILLEGAL", 2.6, Qt.PenStyle.DashLine)``.  Never change it: it is shared."""
    key = ("pen", name, width, shape, alpha)
    made = _PENS.get(key)
    if made is None:
        made = _PENS[key] = QPen(tone(name, alpha), width, *shape)
    return made


_apply(_PENCIL)


_LISTENERS: list[Callable[[], None]] = []


def on_look_changed(listener: Callable[[], None]) -> None:
    """``listener()`` after every switch of the look, before the windows repaint."""
    _LISTENERS.append(listener)


def set_high_contrast(on: bool) -> None:
    """Switch the look and repaint every window (the app stores the setting).

    Nothing happens when the look is already ``on``: every new window sets it
    at start-up.  Windows are reached through the top-level list and their own
    children, never QApplication.allWidgets(), which can name widgets Qt is
    still tearing down (wrapping one of those crashed now and then)."""
    global _high
    if bool(on) == _high:
        return
    _high = bool(on)
    _apply(_HIGH if _high else _PENCIL)
    app = QApplication.instance()
    if isinstance(app, QApplication):
        for listener in list(_LISTENERS):  # widget colours follow the look too (``tones`` listens)
            listener()
        for top in app.topLevelWidgets():
            if top.isVisible():
                top.update()
                for w in top.findChildren(QWidget):
                    w.update()


def high_contrast() -> bool:
    return _high


def hand_drawn() -> bool:
    """Pencil wobble on marks; high contrast draws exact shapes instead."""
    return not _high


def mark_width() -> float:
    """Pen width of a ○ in scene units."""
    return 3.4 if _high else 2.5
