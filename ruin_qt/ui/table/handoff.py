"""The pass-and-play cover: an opaque overlay over the whole window.

While it is up the model's viewer is -1, so the scene and the private panels
are already empty underneath; the cover only shows public text (whose turn,
the last announcements)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPalette
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from ..common import tones
from ..common.retranslate import Retranslating


def sized(font: QFont, px: int, bold: bool = False) -> QFont:
    f = QFont(font)
    f.setPixelSize(px)
    f.setBold(bold)
    return f


class HandoffCover(Retranslating, QWidget):
    accepted = Signal()  # the named player clicked: ready

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.name = ""
        self.news_source = list  # gives the last announcements, in the current language
        self.setAutoFillBackground(False)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.title = QLabel(self)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # Fonts, not style sheets: a style sheet fixes the palette the widget had, so
        # the text would keep a light palette's colour on a dark one.
        self.title.setFont(sized(self.title.font(), 26, bold=True))
        self.button = QPushButton(self)
        self.button.setMinimumHeight(44)
        self.button.setFont(sized(self.button.font(), 16))
        self.button.setMinimumWidth(260)
        self.button.clicked.connect(self._accept)
        self.news_label = QLabel(self)
        self.news_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.news_label.setWordWrap(True)
        self.news_label.setFont(sized(self.news_label.font(), 13))
        tones.follow(self.news_label, tones.quiet_label)
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        lay.addWidget(self.title)
        lay.addSpacing(16)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addSpacing(24)
        lay.addWidget(self.news_label)
        lay.addStretch(3)
        self.hide()
        parent.installEventFilter(self)
        self.translate_ui()

    def translate_ui(self) -> None:
        self.title.setText(self.tr("Pass to %1 — click when ready").replace("%1", self.name))
        self.button.setText(self.tr("I am %1: show my sheet").replace("%1", self.name))
        self.news_label.setText("\n".join(self.news_source()[-8:]))
        self.setAccessibleName(self.title.text())  # the cover takes the focus: a screen reader says whose turn
        self.setAccessibleDescription(self.news_label.text())


    def cover(self, name: str, news_source) -> None:
        """Up for the seat called ``name``; ``news_source()`` gives the public news to show."""
        self.name, self.news_source = name, news_source
        self.translate_ui()
        self._fill_parent()
        self.show()
        self.raise_()
        self.setFocus()

    def _accept(self) -> None:
        self.hide()
        self.accepted.emit()

    def mousePressEvent(self, event) -> None:
        self._accept()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._accept()
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event) -> None:
        QPainter(self).fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Window))  # opaque: hides the sheet

    def eventFilter(self, obj, event) -> bool:
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._fill_parent()
        return False

    def _fill_parent(self) -> None:
        parent = self.parentWidget()
        assert parent is not None  # made on the window it covers
        self.setGeometry(parent.rect())
