"""View > Text size: every text of the program from 100 % to 200 %.

Widgets take their size from the application font, so scaling that font
scales menus, buttons, labels and dialogs together, and Qt lays them out
again.  The sheet is drawn in its own units and scaled to the window; its
letters grow by half as much, as far as a cell leaves them room (its view
redraws on the FontChange every widget gets).  Two kinds of widget would
keep their size: one under a style sheet (Qt's style sheet style sets its
font once, when it polishes it), re-polished here; and a label drawn larger
than its neighbours, which ``emphasised`` keeps in proportion."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel, QWidget

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
    app.setFont(scaled(_base, _percent / 100))
    if isinstance(app, QApplication):
        for top in app.topLevelWidgets():
            for widget in (top, *top.findChildren(QWidget)):
                if sheet := widget.styleSheet():
                    widget.setStyleSheet("")  # the same sheet again would not re-polish
                    widget.setStyleSheet(sheet)


def scaled(font: QFont, factor: float) -> QFont:
    out = QFont(font)
    if out.pointSizeF() > 0:
        out.setPointSizeF(out.pointSizeF() * factor)
    else:
        out.setPixelSize(max(1, round(out.pixelSize() * factor)))
    return out


class _Emphasis(QObject):
    """Keeps a label's font ``factor`` times its parent's, bold, whatever the text size."""

    def __init__(self, label: QLabel, factor: float) -> None:
        super().__init__(label)
        self.label, self.factor = label, factor
        parent = label.parentWidget()
        assert parent is not None  # the size it keeps in step with
        parent.installEventFilter(self)
        self.apply(parent)

    def apply(self, parent: QWidget) -> None:
        font = scaled(parent.font(), self.factor)
        font.setBold(True)
        self.label.setFont(font)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange and isinstance(watched, QWidget):
            self.apply(watched)
        return False


def emphasised(label: QLabel, factor: float) -> None:
    """``label`` in bold, ``factor`` times its parent's text size, and so at every text size."""
    _Emphasis(label, factor)
