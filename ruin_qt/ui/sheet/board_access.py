"""Drawn sheets a screen reader reads as tables, as it reads the table's map:
a review's board (each cell in words, with what the decision drew there and
where the adventurer walked) and a final score sheet's lines (line, value).

Each is a ``QTableView`` laid over what it stands for: Qt's own table
interface (rows, columns, headers, cells) reaches AT-SPI and UI Automation.
It paints nothing but a focus frame and the current cell's outline, and the
mouse goes through to what is drawn below; the arrow keys walk its cells."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QEvent, QModelIndex, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QStyledItemDelegate, QTableView

from ..common import style
from . import sheet_words as words
from .sheet_access import see_through
from .sheet_drawing import SIZE

S = style.CELL
NO_PARENT = QModelIndex()


class _Outline(QStyledItemDelegate):
    """Nothing of the drawing is painted over; the current cell, while the table has the keys, is outlined."""

    def paint(self, painter, option, index) -> None:
        view = self.parent()
        assert isinstance(view, ReadGrid)  # made by ReadGrid, its parent
        if view.outline_cell and view.hasFocus() and index == view.currentIndex():
            painter.save()
            painter.setPen(QPen(style.ACTIVE_CARD, 2, Qt.PenStyle.DashLine))
            painter.drawRect(QRectF(option.rect).adjusted(1, 1, -1, -1))
            painter.restore()


class ReadGrid(QTableView):
    """A transparent table over a drawing: read by a screen reader, walked with the arrows.
    ``outline_cell``: its cells lie over what they say (a map's), so the current one is outlined."""

    outline_cell = True

    def __init__(self, parent):
        super().__init__(parent)
        self.setItemDelegate(_Outline(self))
        see_through(self)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        if not self.currentIndex().isValid() and self.model() is not None and self.model().rowCount():
            self.setCurrentIndex(self.model().index(0, 0))
        self.viewport().update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.viewport().update()

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.hasFocus():
            p = QPainter(self.viewport())
            p.setPen(QPen(style.ACTIVE_CARD, 3))
            p.drawRoundedRect(QRectF(self.viewport().rect()).adjusted(1.5, 1.5, -1.5, -1.5), 4, 4)


# -- a review's board ------------------------------------------------------------
class BoardCells(QAbstractTableModel):
    """A drawn board's 11x11 cells in words: what each holds, whether this decision drew it, the walk."""

    def __init__(self, drawing, parent=None):
        super().__init__(parent)
        self.drawing = drawing
        self.walk: tuple = ()  # the cells the adventurer stepped onto

    def rowCount(self, parent=NO_PARENT) -> int:
        return 0 if parent.isValid() or not self.drawing.cells else SIZE

    def columnCount(self, parent=NO_PARENT) -> int:
        return 0 if parent.isValid() or not self.drawing.cells else SIZE

    def pawn(self):
        pawn = self.drawing.pawn
        if pawn is None:
            return None
        return (int(pawn.pos().y() // S), int(pawn.pos().x() // S))

    def words_at(self, r: int, c: int) -> str | None:
        item = self.drawing.cells.get((r, c))
        if item is None:
            return None
        said = [words.content(item)]
        if item.fresh:
            said.append(QCoreApplication.translate("BoardWords", "drawn in this decision"))
        if (r, c) in self.walk:
            said.append(QCoreApplication.translate("BoardWords", "walked over"))
        if self.pawn() == (r, c):
            said.append(QCoreApplication.translate("BoardWords", "the adventurer ends here"))
        text = words._comma().join(said)
        return QCoreApplication.translate("SheetWords", "%1: %2").replace("%1", words.at(r, c)).replace("%2", text)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.AccessibleTextRole or not index.isValid():
            return None
        return self.words_at(index.row(), index.column())

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return None
        text = (QCoreApplication.translate("SheetWords", "Column %1") if orientation == Qt.Orientation.Horizontal
                else QCoreApplication.translate("SheetWords", "Row %1"))
        return text.replace("%1", str(section + 1))

    def drawn(self) -> list[tuple[int, int]]:
        return sorted(cell for cell, item in self.drawing.cells.items() if item.fresh)


class BoardGrid(ReadGrid):
    """A review's board as a table, kept over the map wherever the view fits it."""

    def __init__(self, view, drawing):
        super().__init__(view.viewport())
        self.view = view
        self.cells = BoardCells(drawing, self)
        self.setModel(self.cells)
        self._place = QTimer(self)  # after the view has fitted the drawing to its new size
        self._place.setSingleShot(True)
        self._place.setInterval(0)
        self._place.timeout.connect(self.place)
        view.installEventFilter(self)
        self.show()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._place.start()
        return False

    def place(self) -> None:
        self.setGeometry(self.view.mapFromScene(QRectF(0, 0, SIZE * S, SIZE * S)).boundingRect())

    def show_board(self, name: str, walk=()) -> None:
        """The board was drawn afresh (another decision): its cells and name anew."""
        self.cells.beginResetModel()
        self.cells.walk = tuple(walk)
        self.cells.endResetModel()
        drawn = self.cells.drawn()
        where = words._comma().join(words.at(*c) for c in drawn) if drawn else \
            QCoreApplication.translate("BoardWords", "nothing")
        self.setAccessibleName(name)
        self.setAccessibleDescription(QCoreApplication.translate(
            "BoardWords", "Drawn in this decision: %1. Arrow keys move from cell to cell.").replace("%1", where))
        self._place.start()


# -- a final score sheet's lines --------------------------------------------------
class ScoreLines(QAbstractTableModel):
    """(line, value) rows: what the paper sheet's score boxes say."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[tuple[str, str]] = []
        self.heads: tuple[str, str] = ("", "")

    def set_rows(self, rows: list[tuple[str, str]], heads: tuple[str, str]) -> None:
        self.beginResetModel()
        self.rows, self.heads = list(rows), heads
        self.endResetModel()

    def rowCount(self, parent=NO_PARENT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=NO_PARENT) -> int:
        return 0 if parent.isValid() else 2

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.AccessibleTextRole or not index.isValid() or index.row() >= len(self.rows):
            return None
        return self.rows[index.row()][index.column()]

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.heads[section] if section < 2 else None
        return self.rows[section][0] if section < len(self.rows) else None


class ScoreTable(ReadGrid):
    """A score sheet's lines and values as a table, over the boxes that show them (its rows do
    not line up with the boxes' own: only the frame shows it has the keys)."""

    outline_cell = False

    def __init__(self, parent):
        super().__init__(parent)
        self.lines = ScoreLines(self)
        self.setModel(self.lines)
