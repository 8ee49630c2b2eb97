"""The sheet for a player who cannot see it: the map as a table of
cells that a screen reader walks, and the piece in hand as a button that says
where it lies and whether it fits.

Both are ordinary Qt widgets laid over the drawn sheet, so Qt's own
accessibility interfaces expose them (a ``QTableView`` is a table with rows,
columns, headers and a focused cell; a button has a name, a description and
a "Press" action).  They paint nothing but a focus frame and let the mouse
through to the sheet below; the keys they get go to the scene, which moves
the cursor or the piece exactly as when the drawn sheet has the focus."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QEvent, QModelIndex, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QHeaderView, QStyledItemDelegate, QTableView

from ..common import style
from ..common.viewport import own_viewport
from . import sheet_words as words
from .sheet_drawing import SIZE

S = style.CELL
NO_PARENT = QModelIndex()  # a table: its cells have no children


class SheetCells(QAbstractTableModel):
    """The viewing seat's 11x11 cells as words (nothing else: it is shown by the scene)."""

    def __init__(self, scene, parent=None):
        super().__init__(parent)
        self.scene = scene

    def rowCount(self, parent=NO_PARENT) -> int:
        return 0 if parent.isValid() or not self.scene.cells else SIZE

    def columnCount(self, parent=NO_PARENT) -> int:
        return 0 if parent.isValid() or not self.scene.cells else SIZE

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.AccessibleTextRole or not index.isValid():
            return None
        item = self.scene.cells.get((index.row(), index.column()))
        if item is None:
            return None
        return words.cell(item, self.scene.pawn_cell() == (item.r, item.c), words.takers(self.scene))

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return None
        text = (QCoreApplication.translate("SheetWords", "Column %1") if orientation == Qt.Orientation.Horizontal
                else QCoreApplication.translate("SheetWords", "Row %1"))
        return text.replace("%1", str(section + 1))

    def changed(self) -> None:
        if self.scene.cells:
            self.dataChanged.emit(self.index(0, 0), self.index(SIZE - 1, SIZE - 1))


class _Nothing(QStyledItemDelegate):
    def paint(self, painter, option, index) -> None:
        pass  # the scene draws the sheet


def _forward(widget, scene, event) -> bool:
    """A key for the sheet: the scene's own handling (True if it took it)."""
    event.setAccepted(True)
    QCoreApplication.sendEvent(scene, event)
    return event.isAccepted()


def _override(scene, event) -> bool:
    """Whether a key goes to the sheet before the window's shortcuts: only what the scene claims
    (Escape while a piece is held or J's question is open), as QGraphicsView asks it; an item view would claim every
    letter for its keyboard search, and C, N, H... are the window's."""
    if event.type() != QEvent.Type.ShortcutOverride:
        return False
    event.ignore()
    QCoreApplication.sendEvent(scene, event)
    return True


def _focus_frame(widget) -> None:
    if widget.hasFocus():
        p = QPainter(widget)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(style.ACTIVE_CARD, 3))
        p.drawRoundedRect(QRectF(widget.rect()).adjusted(1.5, 1.5, -1.5, -1.5), 4, 4)


def see_through(table: QTableView) -> None:
    """A table laid over a drawing for a screen reader: its cells fill it evenly, it draws nothing of its
    own (no headers, grid, frame or background), takes no mouse, and is reached by Tab, not within."""
    for header in (table.horizontalHeader(), table.verticalHeader()):
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.hide()
    table.setShowGrid(False)
    table.setFrameShape(QTableView.Shape.NoFrame)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setStyleSheet("QTableView { background: transparent; }")
    viewport = own_viewport(table)
    viewport.setAutoFillBackground(False)
    for w in (table, viewport):
        w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)


class SheetGrid(QTableView):
    """The map, cell by cell: its current cell is the scene's cursor."""

    def __init__(self, scene, parent):
        super().__init__(parent)
        self.scene = scene
        self.cells = SheetCells(scene, self)
        self.setModel(self.cells)
        self.setItemDelegate(_Nothing(self))
        see_through(self)
        self._changed = QTimer(self)  # many cells change in one gesture: one update after them
        self._changed.setSingleShot(True)
        self._changed.setInterval(0)
        self._changed.timeout.connect(self.cells.changed)

    def reset_cells(self) -> None:
        self.cells.beginResetModel()
        self.cells.endResetModel()
        self.follow()

    def refresh(self, *_) -> None:
        self._changed.start()

    def follow(self) -> None:
        """The current cell is where the scene's cursor is (a screen reader reads it out)."""
        if self.scene.cells:
            r, c = self.scene.cursor
            index = self.cells.index(r, c)
            if index != self.currentIndex():
                self.setCurrentIndex(index)

    def event(self, e) -> bool:
        return _override(self.scene, e) or super().event(e)

    def keyPressEvent(self, event) -> None:
        if not _forward(self, self.scene, event):
            super(QAbstractItemView, self).keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.scene.keys_came(event.reason())
        self.follow()
        self.viewport().update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.viewport().update()

    def paintEvent(self, event) -> None:
        _focus_frame(self.viewport())


class GhostButton(QAbstractButton):
    """The piece in hand: pressing it draws the piece where it lies."""

    def __init__(self, scene, parent):
        super().__init__(parent)
        self.scene = scene
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.clicked.connect(self._draw)
        self.hide()

    def _draw(self) -> None:
        self.scene.keys_came(Qt.FocusReason.ShortcutFocusReason)
        self.scene.activate()

    def event(self, e) -> bool:
        return _override(self.scene, e) or super().event(e)

    def keyPressEvent(self, event) -> None:
        if not _forward(self, self.scene, event):
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:
        event.accept()  # Space and Enter are the scene's (roads/walls, draw), not a click's

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.scene.keys_came(event.reason())

    def paintEvent(self, event) -> None:
        _focus_frame(self)

    def describe(self, kind: str, cells, error, mode: str = "piece") -> None:
        """Its name: the piece where it lies and whether it fits; in "cell" mode action C's wall
        or the +1 cell, a piece of its own (never the card's piece it stands in for)."""
        c_action = mode == "cell" and self.scene.c_mode and self.scene.model.step() == "draw"
        name = words.piece(kind, cells, error) if mode == "piece" else words.one_cell(kind, cells[0], error, c_action)
        if name != self.accessibleName():
            self.setAccessibleName(name)
            self.setText(name)
        if mode == "piece":
            desc = QCoreApplication.translate(
                "SheetWords", "The piece in hand: %1. Arrow keys move it, R turns it, F mirrors it, "
                "Space switches roads and walls, Enter draws it.").replace("%1", words.shape(self.scene.shape))
        elif c_action:
            desc = QCoreApplication.translate(
                "SheetWords", "Action C: one wall next to a cell filled before this round, instead of the card's "
                "piece, for a penalty. Arrow keys move it, Enter draws it, C goes back to the piece.")
        else:
            desc = QCoreApplication.translate(
                "SheetWords", "The +1 cell: one road or wall next to a filled cell. Arrow keys move it, Space "
                "switches roads and walls, Enter draws it.")
        if desc != self.accessibleDescription():
            self.setAccessibleDescription(desc)

    def forget(self) -> None:
        """No piece in hand: the button keeps no word of where the last one lay (read on the bus
        by anyone, hidden or not, and in pass-and-play it was another seat's)."""
        if self.accessibleName() or self.text() or self.accessibleDescription():
            self.setAccessibleName("")
            self.setText("")
            self.setAccessibleDescription("")


class StandIns:
    """The view's two stand-ins, kept over what they stand for: the map's current cell is the
    scene's cursor, the piece's button shows while there is a piece in hand and takes the
    keys from the map then (and gives them back after)."""

    def __init__(self, view, scene):
        self.view, self.scene = view, scene
        # On the viewport: a scroll area's accessible children are its viewport and scroll bars only.
        self.grid = SheetGrid(scene, view.viewport())
        self.button = GhostButton(scene, view.viewport())
        view.setFocusProxy(self.grid)
        scene.sheet_changed.connect(self.grid.refresh)
        # Once per pass of the event loop, not per mouse move: the hot path stays the ghost's.
        self._follow = QTimer(view)
        self._follow.setSingleShot(True)
        self._follow.setInterval(0)
        self._follow.timeout.connect(self.follow)
        scene.ghost_moved.connect(self._follow.start)
        scene.model.viewer_changed.connect(self._viewer_changed)

    def translate(self) -> None:
        self.grid.setAccessibleName(QCoreApplication.translate("SheetView", "Your map, 11 rows by 11 columns"))
        self.grid.setAccessibleDescription(QCoreApplication.translate(
            "SheetView", "Arrow keys move around the map. L says where you are; 1 reads the row, 2 the column, "
            "3 the card line, 4 the piece in hand; S the score, O your objectives, T the seats. J jumps to a cell "
            "by its row and column. Enter draws or moves here. Shift+F1 lists every key."))
        self.grid.refresh()
        self.follow()

    def _viewer_changed(self, seat: int) -> None:
        self.grid.reset_cells()
        self.follow()

    def _over(self, cells) -> QRect:
        """Where ``cells`` (a rectangle of them) lie in the viewport."""
        rows, cols = [r for r, _ in cells], [c for _, c in cells]
        area = QRectF(min(cols) * S, min(rows) * S, (max(cols) - min(cols) + 1) * S, (max(rows) - min(rows) + 1) * S)
        return self.view.mapFromScene(area).boundingRect()

    def place(self) -> None:
        """After a resize: over the map (a screen reader's highlight and a mouse review find them)."""
        self.grid.setGeometry(self._over([(0, 0), (SIZE - 1, SIZE - 1)]))
        self.follow()

    def follow(self) -> None:
        self.grid.follow()
        button, grid = self.button, self.grid
        mode, cells, kind, error = self.scene.ghost_state
        had_focus = button.hasFocus() or grid.hasFocus()
        if mode in ("piece", "cell") and cells and self.scene.cells:
            button.setGeometry(self._over(cells))
            button.describe(kind, cells, error, mode)
            if not button.isVisible():
                button.show()
                self.view.setFocusProxy(button)
                if had_focus:
                    button.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            if button.isVisible():
                self.view.setFocusProxy(grid)
                if had_focus:
                    grid.setFocus(Qt.FocusReason.OtherFocusReason)
                button.hide()
            button.forget()
