"""Answer whatever modal is up, every way a player can: a button, Escape,
the window's close button."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialogButtonBox, QFileDialog, QLineEdit, QMessageBox

ESCAPE, CLOSE = "escape", "close"


def modal(qtbot, kind=None):
    """The modal on top once it is up (of ``kind`` if given)."""
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not None
                    and (kind is None or isinstance(QApplication.activeModalWidget(), kind)), timeout=5000)
    return QApplication.activeModalWidget()


def button(dlg, which) -> QAbstractButton:
    if isinstance(dlg, QMessageBox):
        return dlg.button(which)
    box = dlg.findChild(QDialogButtonBox)
    return box.button(which)


def answer(qtbot, how, kind=None) -> None:
    """``how``: a standard button (QMessageBox's or QDialogButtonBox's), ESCAPE or CLOSE."""
    dlg = modal(qtbot, kind)
    if how == ESCAPE:
        focus = QApplication.focusWidget()
        QTest.keyClick(focus if focus is not None and dlg.isAncestorOf(focus) else dlg, Qt.Key.Key_Escape)
    elif how == CLOSE:
        handle = dlg.windowHandle()
        (handle or dlg).close()  # what the window system's close button does
    else:
        b = button(dlg, how)
        assert b is not None and b.isEnabled(), (dlg, how)
        QTest.mouseClick(b, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not dlg, timeout=5000)


def choose_file(qtbot, path) -> None:
    """Type ``path`` into the file dialog that is up and press Enter."""
    dlg = modal(qtbot, QFileDialog)
    edit = dlg.findChild(QLineEdit, "fileNameEdit")
    edit.setText(str(path))
    QTest.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not dlg, timeout=5000)
