"""The right-hand column of the table: it scrolls as a whole when the window
is short, and is never narrower than its widest row, so no word is cut."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class SidePanel(QScrollArea):
    def __init__(self, content: QWidget, parent=None):
        super().__init__(parent)
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click in the panel leaves the keys with the sheet
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        content.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if obj is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # new texts (another language): the splitter asks our size again
        return False

    def minimumSizeHint(self) -> QSize:
        width = self.widget().minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width() + 2
        return QSize(width, 200)

    def sizeHint(self) -> QSize:
        return QSize(max(self.minimumSizeHint().width(), 460), 600)
