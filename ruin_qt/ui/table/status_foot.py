"""A table window's status bar, which at larger text may leave the window's
foot for the side column's.

The menu bar grows with View > Text size.  Where the window's height bounds
the map, the status bar's line across the window's foot is what the map would
lose; under the side column (which scrolls) it gives the map that height back,
and its messages wrap to the column's width instead of being cut."""

from __future__ import annotations

import weakref

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QMainWindow, QStatusBar, QVBoxLayout, QWidget

from ..common import text_size
from .side_panel import TablePage

LINES = 2  # under the column: a message of two lines of the column's width fits


class FootBar(QStatusBar):
    """The status bar; under the side column its message wraps."""

    under_column = False

    def paintEvent(self, event) -> None:
        message = self.currentMessage()
        if not self.under_column or not message:
            super().paintEvent(event)
            return
        # Imported here: only a bar under the column needs them, and making QStyle's type makes a dozen enum types.
        from PySide6.QtWidgets import QStyle, QStyleOption

        p = QPainter(self)
        opt = QStyleOption()
        opt.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, opt, p, self)
        # Up to its permanent widgets (a storage notice) and the size grip, as QStatusBar leaves them room.
        shown = [w.x() for w in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
                 if w.isVisible() and w.x() > 0]
        right = min([self.width() - 12, *(x - 2 for x in shown)])
        room = QRect(6, 0, right - 6, self.height())
        wrap = Qt.AlignmentFlag.AlignLeading | Qt.TextFlag.TextWordWrap
        fits = self.fontMetrics().boundingRect(room, wrap, message).height() <= room.height()
        p.setPen(self.palette().windowText().color())  # too long: its beginning shown, not its middle
        p.drawText(room, wrap | (Qt.AlignmentFlag.AlignVCenter if fits else Qt.AlignmentFlag.AlignTop), message)


class FootBarWindow(QMainWindow):
    """A main window whose status bar stays the same one wherever it sits (QMainWindow's own
    ``statusBar()`` would make a new one while it is away from the window's foot)."""

    _foot_bar: FootBar | None = None

    def statusBar(self) -> QStatusBar:
        if self._foot_bar is None:
            self._foot_bar = FootBar(self)
            self.setStatusBar(self._foot_bar)
        return self._foot_bar


class TipsToBar(QObject):
    """On the window while its bar is under the column: QMainWindow shows a status tip (a hovered menu's
    empty one clears the message) only on a bar at its foot, so the tip is handed to the bar.  A filter
    only then, not an ``event`` of the window's own: that carried every event of the window through Python."""

    def __init__(self, bar: QStatusBar):
        super().__init__(bar)
        self.bar = bar

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.StatusTip:
            self.bar.showMessage(event.tip())  # a QStatusTipEvent
            return True
        return False


class StatusFoot(QObject):
    """Puts ``window``'s status bar under the side column, at the foot of ``side`` (the table page's
    right-hand part, laid out top to bottom), while the table shows at larger text and the map
    would be bound by the window's height; at the window's foot otherwise."""

    def __init__(self, window: QMainWindow, page: TablePage, side: QWidget) -> None:
        super().__init__(side)
        # Held weakly: a table window deleted on close leaves memory at once, not at the next collection.
        self.window_ref, self.page, self.side = weakref.ref(window), page, side
        self.normal: tuple[QSize, int] | None = None  # the window's size and the map's side last seen at 100 %
        self.tips: TipsToBar | None = None  # on the window while the bar is under the column
        # Resize: the page's height and width; Show/Hide: the table's page; FontChange: the text size.
        page.installEventFilter(self)
        side.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.FontChange):
            self.place()
        return False

    def place(self) -> None:
        window = self.window_ref()
        if window is None or not shiboken6.isValid(window):
            return  # being deleted while shown (windows left at the program's exit): its children hide as it goes
        bar = window.statusBar()
        assert isinstance(bar, FootBar)  # the window is a FootBarWindow
        line = bar.sizeHint().height()  # its height at the window's foot
        at_foot = self.page.height() - (line if bar.under_column else 0)  # the page's height with it there
        sheet, size = self.page.sheet_side(at_foot), window.size()
        if text_size.percent() == 100:
            self.normal = (size, sheet)
        seen = self.normal[1] if self.normal is not None and self.normal[0] == size else None
        # Moved only if the map gains by it and would be smaller than at 100 % in this window (if that was
        # seen): a narrow column (the map bound by the window's width) keeps the message on one wide line.
        under = (text_size.percent() > 100 and self.side.isVisible()
                 and self.page.sheet_side(at_foot + line) > sheet and (seen is None or sheet < seen))
        if under == bar.under_column:
            if under:
                bar.setFixedHeight(LINES * bar.fontMetrics().lineSpacing() + 6)  # the text size may have changed
            return
        bar.under_column = under
        if under:
            layout = window.layout()
            assert layout is not None  # a main window's own
            layout.removeWidget(bar)
            foot = self.side.layout()
            assert isinstance(foot, QVBoxLayout)
            foot.addWidget(bar)
            bar.setFixedHeight(LINES * bar.fontMetrics().lineSpacing() + 6)
            self.tips = self.tips or TipsToBar(bar)
            window.installEventFilter(self.tips)
        else:
            foot = self.side.layout()
            assert foot is not None
            foot.removeWidget(bar)
            bar.setMinimumHeight(0)
            bar.setMaximumHeight(16777215)  # QWIDGETSIZE_MAX: its own height again
            window.setStatusBar(bar)  # back at the window's foot (it has none now: nothing is deleted)
            if self.tips is not None:
                window.removeEventFilter(self.tips)
        bar.show()
