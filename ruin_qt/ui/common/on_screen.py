"""Open a window whole on the screen it belongs to: a laptop or a 1280×720
projector must not hide a window's title bar or its Close button."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, QTimer
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


def centre_on(box: QWidget, parent: QWidget) -> None:
    """Place a just-opened ``box`` in the middle of ``parent`` (within the
    screen): a box opened at start-up, before the window settled or before
    the box knew its own size, otherwise opens to one side."""
    def place() -> None:
        if not box.isVisible():
            return
        box.adjustSize()
        area = (parent.screen() or QGuiApplication.primaryScreen()).availableGeometry()
        size = box.frameGeometry().size()
        centre = parent.frameGeometry().center()
        x = min(max(centre.x() - size.width() // 2, area.left()), area.right() + 1 - size.width())
        y = min(max(centre.y() - size.height() // 2, area.top()), area.bottom() + 1 - size.height())
        box.move(x, y)

    place()
    QTimer.singleShot(0, place)  # again once the window system has placed both
