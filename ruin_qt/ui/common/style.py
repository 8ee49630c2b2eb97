"""Colours and sizes shared by the painted widgets (one place to tune the look).

Two looks: the printed sheet drawn in pencil (the default) and high contrast
(white paper, black marks, geometric shapes, stronger colours).  Painters read
``style.NAME`` at paint time, so ``set_high_contrast`` takes effect at the next
repaint, which it requests of every widget."""

from __future__ import annotations

from PySide6.QtGui import QColor
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
    "DEST": "#c8482a",  # an active destination (traced letter)
    "RESOLVED": "#7b7b7b",  # a destination whose gem was collected
    "BADGE": "#fffdf6",  # the chip a letter is printed on
    "LETTER": "#7d6849",
    "REACH": "#5a50b45a",
    "REACH_TEXT": "#1d6b2b",
    "WARP": "#8e44ad",
    "LEGAL": "#1e9e3a",
    "ILLEGAL": "#d11f1f",
    "PAWN": "#c0392b",
    "GEM": "#177e8c",
    "ACTIVE_CARD": "#e6a817",
    "CARD_FACE": "#fffaf0",
    "HINT": "#7b3fb5",  # the Expert's suggestion: dashed outline and the cell to end on
    "SQUARE": "#e08a12",  # the rectangle a square bonus scored
}
_HIGH = {
    "TABLE": "#4d4d4d",
    "PAPER": "#ffffff",
    "GRID": "#707070",
    "PRINT": "#000000",
    "INK": "#000000",
    "DRAFT": "#0044ff",
    "FRESH": "#400044ff",
    "PATH": "#e0d00000",
    "EXIT": "#ffd400",
    "DEST": "#d00000",
    "RESOLVED": "#4a4a4a",
    "BADGE": "#ffffff",
    "LETTER": "#000000",
    "REACH": "#7000b400",
    "REACH_TEXT": "#004d00",
    "WARP": "#7a00cc",
    "LEGAL": "#007a1f",
    "ILLEGAL": "#e00000",
    "PAWN": "#e00000",
    "GEM": "#0058a8",
    "ACTIVE_CARD": "#ff8c00",
    "CARD_FACE": "#ffffff",
    "HINT": "#6a00c8",
    "SQUARE": "#ff7a00",
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


_apply(_PENCIL)


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
        from . import tones  # widget colours follow the look too (tones reads this module)

        tones.refresh_all()
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
