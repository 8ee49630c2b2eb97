"""Open a window whole on the screen it belongs to: a laptop or a 1280×720
projector must not hide a window's title bar or its Close button.  And what
a window does once its first frame is on the screen."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# Room left for the window manager's title bar and borders, which are not
# known before the window is first shown.
DECORATION = QSize(16, 40)


def fit_on_screen(window: QWidget, want: QSize, near: QWidget | None = None) -> None:
    """Resize ``window`` to ``want`` or less and place it inside the available
    area of ``near``'s screen (else its own), centred on ``near`` if given."""
    screen = (near or window).screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(want)
        return
    area = screen.availableGeometry()
    room = area.size() - DECORATION
    size = want.boundedTo(room).expandedTo(window.minimumSizeHint().boundedTo(room))
    window.resize(size)
    centre = near.frameGeometry().center() if near is not None and near.isVisible() else area.center()
    top_left = centre - QPoint(size.width() // 2, size.height() // 2)
    # Clamp so the whole frame, title bar included, lies inside the area.
    x = min(max(top_left.x(), area.left()), area.right() + 1 - size.width() - DECORATION.width())
    y = min(max(top_left.y(), area.top()), area.bottom() + 1 - size.height() - DECORATION.height())
    window.move(max(x, area.left()), max(y, area.top()))


class _Follower(QObject):
    """Keeps a box centred on its window while the window moves or resizes."""

    def __init__(self, box: QWidget, parent: QWidget):
        super().__init__(box)
        self.box, self.parent_window = box, parent
        parent.installEventFilter(self)

    def place(self) -> None:
        box, parent = self.box, self.parent_window
        if not box.isVisible():
            return
        box.adjustSize()
        area = (parent.screen() or QGuiApplication.primaryScreen()).availableGeometry()
        size = box.frameGeometry().size()
        # A window not shown yet (or minimised) has no place of its own: the screen's middle.
        shown = parent.isVisible() and not parent.isMinimized()
        centre = parent.frameGeometry().center() if shown else area.center()
        x = min(max(centre.x() - size.width() // 2, area.left()), area.right() + 1 - size.width())
        y = min(max(centre.y() - size.height() // 2, area.top()), area.bottom() + 1 - size.height())
        box.move(x, y)

    def eventFilter(self, obj, event) -> bool:
        if obj is self.parent_window and event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            self.place()
        return False


def centre_on(box: QWidget, parent: QWidget) -> None:
    """Keep a just-opened ``box`` in the middle of ``parent`` (within the
    screen) for as long as it is open.  A prompt opened at start-up, before
    the window manager placed the window, otherwise stays where the window
    was first put, off to one side."""
    follower = _Follower(box, parent)
    follower.place()
    QTimer.singleShot(0, follower.place)  # once the box knows its laid-out size


class _AfterFirstFrame(QObject):
    def __init__(self, window: QWidget, then) -> None:
        super().__init__(window)
        self._then = then
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, self._then)  # after this paint: the frame reaches the screen first
            self.deleteLater()
        return False


def after_first_frame(window: QWidget, then) -> None:
    """Call ``then()`` once ``window``'s first frame is painted (not at all if it never is)."""
    _AfterFirstFrame(window, then)
