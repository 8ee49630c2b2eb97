"""The program's icon rendered from its one source, resources/icons/ruin-qt.svg, with Qt."""

from __future__ import annotations

import os
from pathlib import Path

SVG = Path(__file__).resolve().parents[1] / "resources" / "icons" / "ruin-qt.svg"


def icon_image(size: int):
    """A transparent ``size`` x ``size`` QImage of the icon."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    if QGuiApplication.instance() is None:
        icon_image.app = QGuiApplication([])  # QPainter needs one; kept for the process
    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    QSvgRenderer(str(SVG)).render(p)
    p.end()
    return img
