"""A player with the keyboard alone: every key goes to whatever has the focus,
as a real key would; the keys are counted.  The rules say where a piece may go
(a player knows them); each move itself is made with keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ruin_qt.rules.pieces import normalise
from ruin_qt.ui.sheet import ghost

NO = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier


class Keys:
    def __init__(self, window, qtbot, jumps: bool = True):
        """``jumps``: J takes the cursor across the sheet when that is fewer keys than the arrows."""
        self.window, self.qtbot = window, qtbot
        self.jumps = jumps
        self.count = 0

    def press(self, key, mod=NO) -> None:
        target = QApplication.focusWidget() or self.window
        QTest.keyClick(target, key, mod)
        self.count += 1

    def tab_to(self, widget, limit: int = 80) -> None:
        """Tab (or Shift+Tab) until ``widget`` has the focus."""
        for _ in range(limit):
            if QApplication.focusWidget() is widget:
                return
            self.press(Qt.Key.Key_Tab)
        raise AssertionError(f"Tab never reached {widget!r}; at {QApplication.focusWidget()!r}")

    def to_sheet(self) -> None:
        self.press(Qt.Key.Key_F6)
        assert self.window.view.hasFocus()

    # -- the sheet -------------------------------------------------------------
    def shape(self, cells) -> None:
        """R and F until the piece in hand has ``cells``' shape."""
        scene, target = self.window.scene, normalise(cells)
        for _ in range(2):
            for _ in range(4):
                if scene.shape == target:
                    return
                self.press(Qt.Key.Key_R)
            self.press(Qt.Key.Key_F)
        assert scene.shape == target, (scene.shape, target)

    def jump(self, cell) -> None:
        """J, the row, Space, the column, Enter: the cursor (and the piece) to ``cell``."""
        self.press(Qt.Key.Key_J)
        for digit in str(cell[0] + 1):
            self.press(Qt.Key.Key_0 + int(digit))
        self.press(Qt.Key.Key_Space)
        for digit in str(cell[1] + 1):
            self.press(Qt.Key.Key_0 + int(digit))
        self.press(Qt.Key.Key_Return)
        assert self.window.scene.cursor == tuple(cell)

    @staticmethod
    def jump_cost(cell) -> int:
        return 3 + len(str(cell[0] + 1)) + len(str(cell[1] + 1))

    def piece_to(self, cells) -> None:
        """The piece shaped and moved onto ``cells``: with J to the cell the cursor holds it by when
        that takes fewer keys than the arrows, then the arrows; Enter draws it."""
        scene = self.window.scene
        self.shape(cells)
        now = scene.ghost_state[1]
        far = abs(min(r for r, _ in cells) - min(r for r, _ in now)) \
            + abs(min(c for _, c in cells) - min(c for _, c in now))
        grab = ghost.grab_cell(scene.shape)
        held = (min(r for r, _ in cells) + grab[0], min(c for _, c in cells) + grab[1])
        if self.jumps and self.jump_cost(held) < far:
            self.jump(held)
        for _ in range(40):
            now = scene.ghost_state[1]
            dr = min(r for r, _ in cells) - min(r for r, _ in now)
            dc = min(c for _, c in cells) - min(c for _, c in now)
            if (dr, dc) == (0, 0):
                break
            if dr:
                self.press(Qt.Key.Key_Down if dr > 0 else Qt.Key.Key_Up)
            else:
                self.press(Qt.Key.Key_Right if dc > 0 else Qt.Key.Key_Left)
        assert sorted(scene.ghost_state[1]) == sorted(tuple(c) for c in cells), (scene.ghost_state, cells)
        self.press(Qt.Key.Key_Return)

    def cursor_to(self, cell) -> None:
        scene = self.window.scene
        r, c = scene.cursor
        if self.jumps and self.jump_cost(cell) < abs(cell[0] - r) + abs(cell[1] - c):
            self.jump(cell)
        for _ in range(40):
            r, c = scene.cursor
            if (r, c) == tuple(cell):
                return
            if r != cell[0]:
                self.press(Qt.Key.Key_Down if cell[0] > r else Qt.Key.Key_Up)
            else:
                self.press(Qt.Key.Key_Right if cell[1] > c else Qt.Key.Key_Left)
        raise AssertionError((scene.cursor, cell))
