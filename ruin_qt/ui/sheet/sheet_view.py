"""The view on the sheet scene: scales the vector drawing to the window.

Everything is painted as vectors in scene units, so fitting the scene on
resize keeps it crisp at any size and on high-DPI screens (Qt 6 scales by the
device pixel ratio itself)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView

from ..common.retranslate import Retranslating
from ..common.viewport import own_viewport
from .sheet_access import StandIns
from .sheet_drawing import SheetDrawing
from .sheet_scene import SheetScene


class SheetView(Retranslating, QGraphicsView):
    def __init__(self, scene: SheetDrawing, parent=None):
        super().__init__(scene, parent)
        own_viewport(self)
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
        # The sheet told in words to a screen reader: the table's sheet only.
        self.stand_ins = StandIns(self, scene) if isinstance(scene, SheetScene) else None
        self.grid = self.stand_ins.grid if self.stand_ins else None
        self.ghost_button = self.stand_ins.button if self.stand_ins else None
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setAccessibleName(self.tr("Map sheet"))
        self.viewport().setAccessibleName(self.tr("Map sheet"))
        self.setToolTip("")
        if self.stand_ins is not None:
            self.stand_ins.translate()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.FontChange and self.scene() is not None:
            self.scene().update()  # View > Text size: the sheet's letters grow with the text
        super().changeEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.stand_ins is not None:
            self.stand_ins.place()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.stand_ins is not None:
            self.stand_ins.place()

    def leaveEvent(self, event) -> None:
        scene = self.scene()
        if isinstance(scene, SheetScene) and scene.pointer_inside:
            scene.pointer_inside = False
            scene._ghost_key = None
            scene.update_ghost()
        super().leaveEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return super().focusNextPrevChild(next)  # Tab leaves the sheet for the controls
