"""The view on the sheet scene: scales the vector drawing to the window.

Everything is painted as vectors in scene units, so fitting the scene on
resize keeps it crisp at any size and on high-DPI screens (Qt 6 scales by the
device pixel ratio itself)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView

from ..common.retranslate import Retranslating
from .sheet_drawing import SheetDrawing
from .sheet_scene import SheetScene


class SheetView(Retranslating, QGraphicsView):
    def __init__(self, scene: SheetDrawing, parent=None):
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)  # hover moves the ghost without a button held
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Only the ghost and a few cells change per gesture: repaint just those.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setMinimumSize(320, 320)
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setAccessibleName(self.tr("Map sheet"))
        self.setToolTip("")


    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def leaveEvent(self, event) -> None:
        scene = self.scene()
        if isinstance(scene, SheetScene) and scene.pointer_inside:
            scene.pointer_inside = False
            scene._ghost_key = None
            scene.update_ghost()
        super().leaveEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return super().focusNextPrevChild(next)  # Tab leaves the sheet for the controls
