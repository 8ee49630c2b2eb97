"""The view on the sheet scene: scales the vector drawing to the window.

Everything is painted as vectors in scene units, so fitting the scene on
resize keeps it crisp at any size and on high-DPI screens (Qt 6 scales by the
device pixel ratio itself)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView

from ..common import style
from ..common.retranslate import Retranslating
from .sheet_access import GhostButton, SheetGrid
from .sheet_drawing import SIZE, SheetDrawing
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
        self.grid: SheetGrid | None = None
        self.ghost_button: GhostButton | None = None
        if isinstance(scene, SheetScene):  # the table's sheet is also told in words (issue 65)
            # On the viewport: a scroll area's accessible children are its viewport and scroll bars only.
            self.grid = SheetGrid(scene, self.viewport())
            self.ghost_button = GhostButton(scene, self.viewport())
            self.setFocusProxy(self.grid)
            scene.sheet_changed.connect(self.grid.refresh)
            # Once per pass of the event loop, not per mouse move: the hot path stays the ghost's.
            self._follow = QTimer(self)
            self._follow.setSingleShot(True)
            self._follow.setInterval(0)
            self._follow.timeout.connect(self._ghost_moved)
            scene.ghost_moved.connect(self._follow.start)
            scene.model.viewer_changed.connect(self._viewer_changed)
        self.translate_ui()

    def translate_ui(self) -> None:
        self.setAccessibleName(self.tr("Map sheet"))
        self.viewport().setAccessibleName(self.tr("Map sheet"))
        self.setToolTip("")
        if self.grid is not None:
            self.grid.setAccessibleName(self.tr("Your map, 11 rows by 11 columns"))
            self.grid.setAccessibleDescription(self.tr(
                "Arrow keys move around the map. L says where you are; 1 reads the row, 2 the column, "
                "3 the card line, 4 the piece in hand. Enter draws or moves here."))
            self.grid.refresh()
            self._ghost_moved()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.FontChange and self.scene() is not None:
            self.scene().update()  # View > Text size: the sheet's letters grow with the text
        super().changeEvent(event)

    def _viewer_changed(self, seat: int) -> None:
        assert self.grid is not None
        self.grid.reset_cells()
        self._ghost_moved()

    def _place(self) -> None:
        """The stand-ins lie over what they stand for (a screen reader's highlight and a mouse review find them)."""
        if self.grid is None:
            return
        cell = style.CELL
        self.grid.setGeometry(self.mapFromScene(QRectF(0, 0, SIZE * cell, SIZE * cell)).boundingRect())
        self._ghost_moved()

    def _ghost_moved(self) -> None:
        """The piece in hand (its stand-in shown only while there is one) and the map's current cell."""
        scene, button, grid = self.scene(), self.ghost_button, self.grid
        if not isinstance(scene, SheetScene) or button is None or grid is None:
            return
        grid.follow()
        mode, cells, kind, error = scene.ghost_state
        had_focus = button.hasFocus() or grid.hasFocus()
        if mode == "piece" and cells and scene.cells:
            rows, cols = [r for r, _ in cells], [c for _, c in cells]
            cell = style.CELL
            area = QRectF(min(cols) * cell, min(rows) * cell, (max(cols) - min(cols) + 1) * cell,
                          (max(rows) - min(rows) + 1) * cell)
            button.setGeometry(self.mapFromScene(area).boundingRect())
            button.describe(kind, cells, error)
            if not button.isVisible():
                button.show()
                self.setFocusProxy(button)
                if had_focus:
                    button.setFocus(Qt.FocusReason.OtherFocusReason)
        elif button.isVisible():
            self.setFocusProxy(grid)
            if had_focus:
                grid.setFocus(Qt.FocusReason.OtherFocusReason)
            button.hide()


    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._place()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._place()

    def leaveEvent(self, event) -> None:
        scene = self.scene()
        if isinstance(scene, SheetScene) and scene.pointer_inside:
            scene.pointer_inside = False
            scene._ghost_key = None
            scene.update_ghost()
        super().leaveEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return super().focusNextPrevChild(next)  # Tab leaves the sheet for the controls
