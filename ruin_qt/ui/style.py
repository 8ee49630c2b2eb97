"""Colours and sizes shared by the painted widgets (one place to tune the look)."""

from __future__ import annotations

from PySide6.QtGui import QColor

CELL = 40.0  # scene units per cell; the view scales the whole scene to fit

PAPER = QColor("#f6eedb")
GRID = QColor("#b9a888")
INK = QColor("#4a3b2c")  # confirmed roads and walls
DRAFT = QColor("#1f63c6")  # cells drawn this turn, still undoable
FRESH = QColor(31, 99, 198, 40)  # a replay: cells drawn in the round shown
PATH = QColor(192, 57, 43, 190)  # a replay: the pawn's walk in the round shown
EXIT = QColor("#e6c45f")
DEST = QColor("#d2502a")  # an active destination (traced letter)
RESOLVED = QColor("#8c8c8c")
LETTER = QColor("#9b8b70")
REACH = QColor(80, 180, 90, 90)
REACH_TEXT = QColor("#1d6b2b")
WARP = QColor("#8e44ad")
LEGAL = QColor("#1e9e3a")
ILLEGAL = QColor("#d11f1f")
PAWN = QColor("#c0392b")
ACTIVE_CARD = QColor("#e6a817")
CARD_FACE = QColor("#fffaf0")
HINT = QColor("#7b3fb5")  # the Expert's suggestion: dashed outline and the cell to end on
