"""A scroll area's viewport made in Python.

The viewport Qt makes for a scroll area is a C++ object Python has not seen:
the first time Python asks for one, PySide makes every class of QtWidgets it
had not made yet, with their enum types (about 30 ms, most of a start's
table).  A viewport made here is the same plain widget Qt would make, with
Qt's own name, background role and fill."""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QWidget


def own_viewport(area: QAbstractScrollArea) -> QWidget:
    """``area``'s viewport, replaced by one made in Python (call it before
    anything asks the area for its viewport)."""
    viewport = QWidget()
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    area.setViewport(viewport)
    return viewport
