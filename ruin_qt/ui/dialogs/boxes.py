"""Message boxes and file dialogs that never block.

Each opens window-modal with ``open()``, answers through a callback once it
is closed, and is deleted then.  No nested event loop (``exec()``, the
static ``QFileDialog.get…`` functions) runs under a caller's feet, so no box,
dialog or window can be deleted while a frame below still uses it, and a
callback can open the next dialog safely.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Qt, qVersion
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog

Button = QMessageBox.StandardButton
Obj = TypeVar("Obj", bound=QObject)
W = TypeVar("W", bound=QWidget)

# Who hears of every answer, as "title -> answer" (the app's crash trace).
listeners: list[Callable[[str], None]] = []


def _tell(title: str, answer: str) -> None:
    for listener in listeners:
        listener(f"{title} -> {answer}")


def keep(owner: QObject, name: str, widget: Obj) -> Obj:
    """``owner.name = widget`` until the widget is deleted: no Python
    reference outlives the C++ object it wraps."""
    setattr(owner, name, widget)

    def gone() -> None:
        if getattr(owner, name, None) is widget:
            setattr(owner, name, None)

    widget.destroyed.connect(gone)
    return widget


def deleted_on_close(widget: W) -> W:
    """``widget``, deleted once closed (or, a dialog, answered): a closed
    window would live on, and be retranslated at every language switch."""
    widget.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return widget


def shown_once(owner: QObject, name: str, make: Callable[[], W]) -> W:
    """``owner.name``'s window raised if it is open, else a new one from
    ``make()``, shown, kept there until deleted and deleted once closed (a
    closed one may wait to be deleted: it is never shown again)."""
    widget = getattr(owner, name, None)
    if widget is None or not widget.isVisible():
        widget = keep(owner, name, deleted_on_close(make()))
    widget.show()
    widget.raise_()
    return widget


def message(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str,
            buttons: Button = Button.Ok, answered: Callable[[int], object] | None = None,
            default: Button | None = None, escape: Button | None = None) -> QMessageBox:
    """A message box, open now; ``answered(button)`` once it is closed (Escape
    and the close button answer ``escape``, or Qt's choice of it)."""
    box = QMessageBox(icon, title, text, buttons, parent)
    if default is not None:
        box.setDefaultButton(default)
    if escape is not None:
        box.setEscapeButton(escape)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def finished(result: int) -> None:
        try:
            name = str(Button(result).name)  # told "None" for a combination of buttons, which has no name
        except ValueError:
            name = str(result)
        _tell(title, name)
        if answered is not None:
            answered(result)

    box.finished.connect(finished)
    box.open()
    return box


# Qt's own About Qt box, built as Qt's static aboutQt builds it, but shown without a nested
# event loop: that function runs exec().  Its words are Qt's, translated by Qt's catalogue (qtbase_*.qm) under
# Qt's own context, so they are held in names: the app's catalogue does not take them.
ABOUT_QT_TITLE = "About Qt"
ABOUT_QT_CAPTION = "<h3>About Qt</h3><p>This program uses Qt version %1.</p>"
ABOUT_QT_TEXT = (
    "<p>Qt is a C++ toolkit for cross-platform application development.</p>"
    "<p>Qt provides single-source portability across all major desktop operating systems. It is also available "
    "for embedded Linux and other embedded and mobile operating systems.</p>"
    "<p>Qt is available under multiple licensing options designed to accommodate the needs of our various "
    "users.</p>"
    "<p>Qt licensed under our commercial license agreement is appropriate for development of "
    "proprietary/commercial software where you do not want to share any source code with third parties or "
    "otherwise cannot comply with the terms of GNU (L)GPL.</p>"
    "<p>Qt licensed under GNU (L)GPL is appropriate for the development of Qt&nbsp;applications provided you can "
    "comply with the terms and conditions of the respective licenses.</p>"
    "<p>Please see <a href=\"https://%2/\">%2</a> for an overview of Qt licensing.</p>"
    "<p>Copyright (C) The Qt Company Ltd. and other contributors.</p>"
    "<p>Qt and the Qt logo are trademarks of The Qt Company Ltd.</p>"
    "<p>Qt is The Qt Company Ltd. product developed as an open source project. See "
    "<a href=\"https://%3/\">%3</a> for more information.</p>")
QT_LOGO = ":/qt-project.org/qmessagebox/images/qtlogo-64.png"


def about_qt(parent: QWidget) -> QMessageBox:
    """Help ▸ About Qt, non-modal, to show (``shown_once``), deleted once closed."""
    qt_own = QCoreApplication.translate  # Qt's own texts, in Qt's own translations (not this project's .ts)
    context = "QMessageBox"
    box = QMessageBox(parent)
    box.setWindowTitle(qt_own(context, ABOUT_QT_TITLE))
    box.setText(qt_own(context, ABOUT_QT_CAPTION).replace("%1", qVersion()))
    box.setInformativeText(qt_own(context, ABOUT_QT_TEXT).replace("%2", "qt.io/licensing")
                           .replace("%3", "qt.io"))
    logo = QPixmap(QT_LOGO)
    if not logo.isNull():
        box.setIconPixmap(logo)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.finished.connect(lambda *_: _tell(ABOUT_QT_TITLE, "closed"))
    box.setWindowModality(Qt.WindowModality.NonModal)  # shown, never exec(): the table stays usable behind it
    return box


def ask_file(parent: QWidget, title: str, start: str, filters: str, answered: Callable[[str], object],
             save: bool = False, suffix: str = "") -> QFileDialog:
    """A file dialog, open now; ``answered(path)`` once it is closed, with ""
    when the player cancelled it.  Saving: ``suffix`` (".png") is added to a
    name typed without it, and a file that exists is replaced only once the
    player says so (our own box: Qt's would run its own event loop)."""
    from PySide6.QtWidgets import QFileDialog  # when first asked for: its enum types are not a start's

    dlg = QFileDialog(parent, title, start, filters)
    if save:
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setFileMode(QFileDialog.FileMode.AnyFile)
        dlg.setOption(QFileDialog.Option.DontConfirmOverwrite, True)
    else:
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def finished(result: int) -> None:
        files = dlg.selectedFiles() if result == QDialog.DialogCode.Accepted else []
        _tell(title, "a file chosen" if files else "cancelled")  # never the path: it may name the player
        path = files[0] if files else ""
        if path and suffix and not path.lower().endswith(suffix):
            path += suffix
        if save and path and Path(path).exists():
            _confirm_replace(parent, title, path, filters, answered, suffix)
        else:
            answered(path)

    dlg.finished.connect(finished)
    dlg.open()
    return dlg


def _confirm_replace(parent: QWidget, title: str, path: str, filters: str, answered: Callable[[str], object],
                     suffix: str) -> None:
    """Replace ``path``?  Yes answers it; No, Escape or the close button go
    back to the file dialog, as the system's own dialogs do."""
    def reply(button: int) -> None:
        if button == Button.Yes:
            answered(path)
        else:
            ask_file(parent, title, path, filters, answered, save=True, suffix=suffix)

    text = QCoreApplication.translate("Boxes", "%1 already exists.\nDo you want to replace it?") \
        .replace("%1", Path(path).name)
    message(parent, QMessageBox.Icon.Warning, title, text, Button.Yes | Button.No, reply,
            default=Button.No, escape=Button.No)
