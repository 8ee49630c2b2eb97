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

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

Button = QMessageBox.StandardButton

# Who hears of every answer, as "title -> answer" (the app's crash trace).
listeners: list[Callable[[str], None]] = []


def _tell(title: str, answer: str) -> None:
    for listener in listeners:
        listener(f"{title} -> {answer}")


def keep(owner: QObject, name: str, widget: QObject) -> QObject:
    """``owner.name = widget`` until the widget is deleted: no Python
    reference outlives the C++ object it wraps."""
    setattr(owner, name, widget)

    def gone() -> None:
        if getattr(owner, name, None) is widget:
            setattr(owner, name, None)

    widget.destroyed.connect(gone)
    return widget


def message(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str,
            buttons: Button = Button.Ok, answered: Callable[[int], None] | None = None,
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
            name = Button(result).name
        except ValueError:
            name = str(result)
        _tell(title, name)
        if answered is not None:
            answered(result)

    box.finished.connect(finished)
    box.open()
    return box


def ask_file(parent: QWidget, title: str, start: str, filters: str, answered: Callable[[str], None],
             save: bool = False, suffix: str = "") -> QFileDialog:
    """A file dialog, open now; ``answered(path)`` once it is closed, with ""
    when the player cancelled it.  Saving: ``suffix`` (".png") is added to a
    name typed without it, and a file that exists is replaced only once the
    player says so (our own box: Qt's would run its own event loop)."""
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


def _confirm_replace(parent: QWidget, title: str, path: str, filters: str, answered: Callable[[str], None],
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
