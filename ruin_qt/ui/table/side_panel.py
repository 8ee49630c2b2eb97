"""The right-hand column of the table: it scrolls as a whole when the window
is short, and is never narrower than its widest row, so no word is cut.

Larger text (View > Text size) widens its rows; the map keeps the room it has
at 100 %, and the column's rows fold (long words wrap, a row of buttons takes
two lines) rather than squeeze the map; it scrolls sideways only past that."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QWidget

from ..common import text_size
from ..common.fold import foldings_in


class SidePanel(QScrollArea):
    def __init__(self, content: QWidget, parent=None):
        super().__init__(parent)
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click in the panel leaves the keys with the sheet
        # Off at 100 % (the column is as wide as its widest row); at larger text, as needed.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        content.installEventFilter(self)
        self._normal = 0  # px: its rows' width at 100 % text, once seen

    def _content(self) -> QWidget:
        content = self.widget()
        assert content is not None  # set once, when made
        return content

    def eventFilter(self, obj, event) -> bool:
        if obj is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # new texts (another language): the splitter asks our size again
        return False

    def _unfolded(self) -> int:
        """The content's width with every row side by side (none folded), at the text size now."""
        content = self._content()
        widest = content.minimumSizeHint().width()
        for fold in foldings_in(content):
            if fold.isVisibleTo(content):  # its margins on both sides, as on its left
                widest = max(widest, fold.wide_width(roomy=False) + 2 * fold.mapTo(content, QPoint(0, 0)).x())
        return widest

    def minimumSizeHint(self) -> QSize:
        """Its widest row at 100 %: at larger text about the width it had then (its words grow, the
        map's room does not shrink; its rows fold, and it scrolls sideways only past that)."""
        if text_size.percent() == 100:
            widest = self._normal = self._unfolded()
        else:  # its wrapped words make the estimate short: at least the width seen at 100 %
            widest = max(self._unfolded() * 100 // text_size.percent(), self._normal)
        return QSize(widest + self.verticalScrollBar().sizeHint().width() + 2, 200)

    def widest_row(self) -> int:
        """The width its rows want side by side, at the text size now."""
        return self._unfolded() + self.verticalScrollBar().sizeHint().width() + 2

    def sizeHint(self) -> QSize:
        return QSize(max(self.minimumSizeHint().width(), 460), 600)


MAX_PANEL = 560  # px: wider, the panel's buttons only stretch; the map view takes the rest


class TablePage(QSplitter):
    """The sheet on the left, the side panel on the right: the square sheet
    takes the width its height can use, the panel the rest up to
    ``MAX_PANEL``, and the map's view any width beyond (the sheet centred)."""

    def __init__(self, view: QWidget, panel: QWidget, parent=None):
        super().__init__(parent)
        self.addWidget(view)
        self.addWidget(panel)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.setChildrenCollapsible(False)

    def _side(self) -> QWidget:
        side = self.widget(1)
        assert side is not None  # the panel, added when made
        return side

    def sheet_side(self, height: int) -> int:
        """The sheet's side on a page ``height`` px tall, at the page's width."""
        least = self._side().minimumSizeHint().width()
        return max(320, min(height, self.width() - self.handleWidth() - least))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._split()

    def event(self, event) -> bool:
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            self._split()  # the column's rows changed (the text size): its share again, as after a resize
        return done

    def _split(self) -> None:
        total = self.width() - self.handleWidth()
        side = self._side()
        least = side.minimumSizeHint().width()
        sheet = self.sheet_side(self.height())
        # Larger text: the width the sheet cannot use goes to the column, as far as its rows want it.
        panels = side.findChildren(SidePanel)
        need = least + max((p.widest_row() - p.minimumSizeHint().width() for p in panels), default=0)
        # Its words grow: so does the most it takes (fewer rows fold, the tracks' boxes grow too).
        panel = min(total - sheet, max(need, MAX_PANEL * text_size.percent() // 100))
        self.setSizes([total - panel, panel])
