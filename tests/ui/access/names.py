"""Which focusable widgets a screen reader would find without a name."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget


def focusable(top: QWidget) -> list[QWidget]:
    """The widgets that can take the keyboard focus themselves (one with a focus proxy passes it on)."""
    return [w for w in [top, *top.findChildren(QWidget)]
            if w.isVisible() and w.focusPolicy() != Qt.FocusPolicy.NoFocus and w.focusProxy() is None]


def name_of(w: QWidget) -> str:
    iface = QAccessible.queryAccessibleInterface(w)
    return iface.text(QAccessible.Text.Name).strip() if iface is not None else ""


def speaks_for(w: QWidget) -> QWidget:
    """The widget a screen reader announces when ``w`` has the focus: a spin box's inner
    line edit (its focus proxy) is announced as the spin box."""
    parent = w.parentWidget()
    return parent if parent is not None and parent.focusProxy() is w else w


def unnamed(top: QWidget) -> list[str]:
    return [f"{type(w).__name__} {w.objectName()!r} in {type(w.parentWidget()).__name__}"
            for w in focusable(top) if not name_of(speaks_for(w))]
