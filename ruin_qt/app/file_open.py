"""Records opened by the desktop: on macOS, Finder sends a double-clicked
``.ruin`` file (the bundle's document type) as a ``QFileOpenEvent`` to the
running application, not as a command-line argument."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject


class FileOpenFilter(QObject):
    """Opens each record the desktop hands the application in ``window``,
    through its guard, so an unfinished game is never replaced unasked."""

    def __init__(self, app, window) -> None:
        super().__init__(app)
        self.window = window
        app.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.FileOpen:
            path = event.file()
            if path:
                self.window.guard.then(lambda: self.window.open_file(path))
            return True
        return False
