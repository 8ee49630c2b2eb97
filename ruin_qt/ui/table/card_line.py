"""The card line (3 face-up explore cards, the active one highlighted), the
deck count, and a browser of the line, the discard pile and the deck's
contents (the paper sheet's checklist, kept automatically)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEasingCurve, QEvent, QMimeData, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QFont, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...model.game_model import GameModel
from ...session.facts import components, mirrored
from ..common import style
from ..common.fold import FoldRow, wrap_when_large
from ..common.mime import CARD_MIME
from ..common.retranslate import Retranslating
from ..sheet import motion, sheet_words

CARD_SHARE = 0.15  # of the window's height: the tallest a card of the line grows


def _piece(p: QPainter, area: QRectF, cells, colour, max_unit: float) -> None:
    """A polyomino centred in ``area``, printed as joined squares."""
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    unit = min(area.width() / w, area.height() / h, max_unit)
    x0 = area.center().x() - unit * w / 2
    y0 = area.center().y() - unit * h / 2
    p.setPen(QPen(style.CARD_FACE, max(0.8, unit * 0.08)))
    p.setBrush(colour)
    for r, c in cells:
        p.drawRect(QRectF(x0 + c * unit, y0 + r * unit, unit, unit))


def paint_card(p: QPainter, rect: QRectF, letter: str, cells, number: int, active: bool = False) -> None:
    """A card face as printed: its number (the steps) top left, the piece's
    mirror image small top right, the piece in the middle and its coordinate
    letter bottom right, on a chip like the sheet's letters."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(style.ACTIVE_CARD if active else style.GRID, 3.5 if active else 1.2))
    p.setBrush(style.CARD_FACE)
    card = rect.adjusted(2, 2, -2, -2)
    p.drawRoundedRect(card, 7, 7)
    p.setPen(QPen(style.GRID, 0.8))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(card.adjusted(3.5, 3.5, -3.5, -3.5), 5, 5)  # the printed inner border
    corner = max(12.0, rect.height() * 0.2)
    f = QFont()
    f.setBold(True)
    f.setPixelSize(max(9, int(corner * 0.7)))
    p.setFont(f)
    steps = QRectF(card.left() + 5, card.top() + 5, corner, corner)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(style.INK)
    p.drawEllipse(steps)
    p.setPen(style.CARD_FACE)
    p.drawText(steps, Qt.AlignmentFlag.AlignCenter, str(number))
    corner_box = QRectF(card.right() - 5 - corner * 1.4, card.top() + 5, corner * 1.4, corner)
    _piece(p, corner_box, mirrored(cells), style.GRID, corner / 3)
    chip = QRectF(card.right() - 5 - corner, card.bottom() - 5 - corner, corner, corner)
    p.setPen(QPen(style.GRID, 0.8))
    p.setBrush(style.BADGE)
    p.drawRoundedRect(chip, 3, 3)
    p.setPen(style.PRINT)
    p.drawText(chip, Qt.AlignmentFlag.AlignCenter, letter)
    area = QRectF(card.left() + 8, steps.bottom() + 3, card.width() - 16, chip.top() - steps.bottom() - 5)
    _piece(p, area, cells, style.INK, card.width() / 5)
    p.restore()


def card_icon(letter: str, size: int = 64) -> QIcon:
    card = components().explore[letter]
    pm = QPixmap(size, int(size * 1.3))
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    paint_card(p, QRectF(0, 0, pm.width(), pm.height()), letter, card.cells, card.number)
    p.end()
    return QIcon(pm)


def piece_icon(letter: str, size: int = 44) -> QIcon:
    """The card's piece alone, as large as the icon allows (the setup buttons
    say the letter and the steps in words: no badge covers the piece)."""
    cells = components().explore[letter].cells
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    _piece(p, QRectF(1, 1, size - 2, size - 2), cells, style.INK, size / 2.5)
    p.end()
    return QIcon(pm)


class CardFace(QWidget):
    """One face-up card of the line."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.letter: str | None = None
        self.active = False
        self.setMinimumSize(70, 86)
        self.setMaximumWidth(158)
        self.tallest = 190  # px: set from the window's height (``fit_height``)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def sizeHint(self) -> QSize:
        return QSize(86, 104)

    # A wide panel (a large screen) shows the cards larger, at a card's proportions.
    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return max(86, min(int(width * 1.2), self.tallest))

    def fit_height(self, window_height: int) -> None:
        """The cards grow with the window's height, not with the panel's width:
        a wide, low window (1280×720) keeps its room for the map and the panel."""
        tallest = max(86, min(190, int(window_height * CARD_SHARE)))
        if tallest != self.tallest:
            self.tallest = tallest
            self.setMaximumWidth(max(70, int(tallest / 1.2)))
            self.updateGeometry()

    def set_card(self, letter: str | None, active: bool) -> None:
        self.letter, self.active = letter, active
        self.setCursor(Qt.CursorShape.OpenHandCursor if active and letter else Qt.CursorShape.ArrowCursor)
        self.setToolTip(self.tr("Drag the active card onto your sheet to place its piece") if active and letter else "")
        # A picture only: a screen reader hears the card and its piece's shape.
        said = sheet_words.card(letter) if letter else self.tr("No card")
        self.setAccessibleName(self.tr("Active card: %1").replace("%1", said) if active and letter else said)
        self.update()

    # The active card can be dragged onto the sheet: the sheet places its piece.
    def mousePressEvent(self, event) -> None:
        self._press = event.position().toPoint() if event.button() == Qt.MouseButton.LeftButton else None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        press = getattr(self, "_press", None)
        if (press is not None and self.active and self.letter
                and (event.position().toPoint() - press).manhattanLength() >= QApplication.startDragDistance()):
            self._press = None
            self.start_drag()
        super().mouseMoveEvent(event)

    def start_drag(self) -> Qt.DropAction:
        assert self.letter is not None  # a card with no letter is never dragged
        mime = QMimeData()
        mime.setData(CARD_MIME, QByteArray(self.letter.encode("ascii")))
        drag = QDrag(self)
        drag.setMimeData(mime)
        thumb = self.grab().scaledToWidth(44, Qt.TransformationMode.SmoothTransformation)
        drag.setPixmap(thumb)
        # Up and left of the pointer: the ghost under the pointer shows the piece and whether it fits.
        drag.setHotSpot(QPoint(thumb.width() + 10, thumb.height() + 10))
        return drag.exec(Qt.DropAction.CopyAction)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        rect = QRectF(self.rect())
        if self.letter is None:
            p.setPen(QPen(style.GRID, 1, Qt.PenStyle.DashLine))
            p.drawRoundedRect(rect.adjusted(3, 3, -3, -3), 7, 7)
            return
        card = components().explore[self.letter]
        paint_card(p, rect, self.letter, card.cells, card.number, self.active)


class LeavingCard(QWidget):
    """A discarded card's face sliding away from where it lay in the line
    (the line itself already shows what is left: only the picture lags)."""

    def __init__(self, parent: QWidget, letter: str, where: QRect):
        super().__init__(parent)
        self.letter, self.t = letter, 0.0
        self.start = where
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setGeometry(where)
        self.show()
        self.raise_()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setOpacity(max(0.0, 1.0 - self.t))
        card = components().explore[self.letter]
        paint_card(p, QRectF(self.rect()), self.letter, card.cells, card.number)

    @staticmethod
    def step(card: LeavingCard, t: float) -> None:
        card.t = t
        away = QPoint(-int(card.start.width() * 0.9 * t), int(card.start.height() * 0.25 * t))
        card.move(card.start.topLeft() + away)
        card.update()
        if t >= 1.0:
            card.deleteLater()


class CardLineWidget(Retranslating, QWidget):
    browse_requested = Signal()  # the player wants the line/discard/deck browser

    def __init__(self, model: GameModel, parent=None):
        super().__init__(parent)
        self.setObjectName("card_line")
        self.model = model
        self.faces = [CardFace(self) for _ in range(3)]
        self.title = QLabel(self)
        self.active_label = QLabel(self)
        self.deck_label = QLabel(self)
        self.deck_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.browse = QPushButton(self)
        self.browse.clicked.connect(self.browse_requested)
        # Long words wrap, and the deck goes under the cards, when the column is narrow (large text).
        wrap_when_large(self.title, self.active_label)
        deck = QWidget(self)
        side = QVBoxLayout(deck)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.deck_label)
        side.addWidget(self.browse)
        side.addStretch(1)
        self.row = FoldRow([*self.faces, deck], 3, self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lay.addWidget(self.row)
        lay.addWidget(self.active_label)
        self._line: list[str] = []
        self._deck = 0
        model.line_changed.connect(self._on_line)
        model.phase_changed.connect(lambda *_: self._texts())
        self.translate_ui()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.window().installEventFilter(self)  # once per window: Qt ignores a second install
        self._fit(self.window().height())

    def eventFilter(self, obj, event) -> bool:
        if obj is self.window() and event.type() == QEvent.Type.Resize:
            self._fit(event.size().height())
        return False

    def _fit(self, window_height: int) -> None:
        for f in self.faces:
            f.fit_height(window_height)

    def translate_ui(self) -> None:
        self.title.setText(self.tr("<b>Line</b> (the active card is highlighted, far from the deck)"))
        self.browse.setText(self.tr("&Cards…"))
        self.browse.setToolTip(self.tr("Step through the line, the discard pile and the cards still in the deck"))
        self._texts()

    def _texts(self) -> None:
        self.deck_label.setText(self.tr("Deck\n%n card(s)", "", self._deck))
        over = self.model.public().phase == "over"
        for i, f in enumerate(self.faces):  # after the game no card is active
            f.set_card(self._line[i] if i < len(self._line) else None, i == 0 and not over)
        if over:
            self.active_label.setText(self.tr("The game is over: no card is active."))
        elif self._line:
            L = self._line[0]
            self.active_label.setText(self.tr("Active card: %1, move up to %2 steps")
                                      .replace("%1", L).replace("%2", str(components().explore[L].number)))
        else:
            self.active_label.setText(self.tr("No active card"))


    def _on_line(self, line: list, deck: int) -> None:
        self._slide_discarded(self._line, list(line))
        self._line, self._deck = list(line), deck
        self._texts()


    def _slide_discarded(self, old: list[str], new: list[str]) -> None:
        """Cards that left the line for the discard pile slide away from their place."""
        if not motion.enabled():
            return
        discard = set(self.model.public().discard)
        leaving = [LeavingCard(self, L, QRect(self.faces[i].mapTo(self, QPoint(0, 0)), self.faces[i].size()))
                   for i, L in enumerate(old[:len(self.faces)]) if L not in new and L in discard]
        if leaving:
            motion.animate(self, 300, LeavingCard.step, leaving, stagger_ms=70,
                           easing=QEasingCurve.Type.InCubic)


class CardBrowser(Retranslating, QDialog):
    """Line, discard pile and deck contents; arrow keys step through each."""

    def __init__(self, model: GameModel, parent=None):
        super().__init__(parent)
        self.model = model
        self.tabs = QTabWidget(self)
        self.lists = [QListWidget(self) for _ in range(3)]
        for lw in self.lists:
            lw.setViewMode(QListWidget.ViewMode.IconMode)
            lw.setIconSize(QSize(64, 83))
            lw.setResizeMode(QListWidget.ResizeMode.Adjust)
            lw.setMovement(QListWidget.Movement.Static)
            lw.setSpacing(6)
            self.tabs.addTab(lw, "")
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        from PySide6.QtWidgets import QDialogButtonBox  # the dialog's alone: its enum types are not a start's

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs)
        lay.addWidget(self.note)
        lay.addWidget(buttons)
        self.resize(560, 420)
        # Bound methods, not lambdas: a closed browser is deleted, and its connections with it.
        model.line_changed.connect(self._changed)
        model.phase_changed.connect(self._changed)
        self.refill()
        self.translate_ui()

    def _changed(self, *_) -> None:
        self.refill()

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Explore cards"))
        p = self.model.public()
        self.tabs.setTabText(0, self.tr("Line (%1)").replace("%1", str(self.lists[0].count())))
        self.tabs.setTabText(1, self.tr("Discard pile (%1)").replace("%1", str(self.lists[1].count())))
        self.tabs.setTabText(2, self.tr("Still in the deck (%1)").replace("%1", str(p.deck_size)))
        for i, cards in enumerate(self.lists):
            cards.setAccessibleName(self.tabs.tabText(i))
        self.tabs.setAccessibleName(self.windowTitle())
        if p.phase == "setup":
            self.note.setText(self.tr("During the setup only the deck's size is public: which letters it holds "
                                      "would tell the other seats' setup cards."))
        else:
            self.note.setText(self.tr("The deck's order is hidden: its cards are listed alphabetically."))

    def refill(self) -> None:
        p = self.model.public()
        # The deck's letters are public once every setup card lies face up in
        # the discard pile (R5.5); before that, the letters missing from the
        # deck would be the other seats' setup cards (R12), and a browser left
        # open across a hand-off would show the next seat the last one's.
        unseen = p.unseen_cards() if p.phase not in ("none", "setup") else []
        groups = [list(p.line), list(p.discard), unseen]
        explore = components().explore
        for lw, cards in zip(self.lists, groups):
            lw.clear()
            for L in cards:
                item = QListWidgetItem(card_icon(L), self.tr("%1 · %2 steps")
                                       .replace("%1", L).replace("%2", str(explore[L].number)))
                lw.addItem(item)
            if lw.count():
                lw.setCurrentRow(0)
        self.translate_ui()
