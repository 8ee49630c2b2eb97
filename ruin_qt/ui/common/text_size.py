"""View > Text size: every text of the program from 100 % to 200 %.

Widgets take their size from the application font, so scaling that font
scales menus, buttons, labels and dialogs together, and Qt lays them out
again.  The sheet is drawn in its own units and scaled to the window; its
letters grow by half as much, as far as a cell leaves them room (its view
redraws on the FontChange every widget gets)."""

from __future__ import annotations

from PySide6.QtGui import QFont, QGuiApplication

SIZES = (100, 110, 125, 150, 175, 200)  # percent, the steps of Ctrl+Plus and Ctrl+Minus

_percent = 100
_base: QFont | None = None  # the application font at 100 % (the language's family)


def percent() -> int:
    return _percent


def clamp(value: int) -> int:
    return min(max(int(value), SIZES[0]), SIZES[-1])


def sheet_factor() -> float:
    """How much larger the sheet's letters are drawn: half the text's growth."""
    return 1.0 + (_percent - 100) / 200


def set_base(font: QFont) -> None:
    """The application's font at 100 % (a language switch brings its own family)."""
    global _base
    _base = QFont(font)
    _apply()


def set_percent(value: int) -> None:
    global _percent
    value = clamp(value)
    if value == _percent:
        return
    _percent = value
    _apply()


def step(direction: int) -> int:
    """The next size up (1) or down (-1) from the current one."""
    if direction > 0:
        return next((s for s in SIZES if s > _percent), SIZES[-1])
    return next((s for s in reversed(SIZES) if s < _percent), SIZES[0])


def _apply() -> None:
    global _base
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):
        return
    if _base is None:
        _base = QFont(app.font())
    font = QFont(_base)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * _percent / 100)
    else:
        font.setPixelSize(max(1, round(font.pixelSize() * _percent / 100)))
    app.setFont(font)
