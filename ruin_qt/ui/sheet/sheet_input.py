"""What the mouse, the keys and a card dragged from the line do on the sheet.

A left press over the sheet with a piece (or a cell) in hand takes it up: the
ghost follows the pointer while the button is held, snapped and checked as a
hover is, and the release draws it at the release cell (a click is a press
and a release in one place).  A release off the sheet, or Escape while the
button is held, puts it down undrawn.

``SheetInput`` is the input half of ``SheetScene`` (as in Qt's diagramscene,
the scene owns its event handling): it turns events into the scene's own
commands -- move the cursor, rotate, mirror, activate -- and those into the
model's intents.  It decides nothing about the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QTransform
from PySide6.QtWidgets import QGraphicsSceneDragDropEvent, QGraphicsSceneMouseEvent, QGraphicsSceneWheelEvent

from ...model.game_model import GameModel
from ..common import style
from ..common.mime import CARD_MIME
from . import ghost, jumps, read_keys
from .sheet_drawing import SIZE, Cell, SheetDrawing
from .sheet_items import EscapeItem

S = style.CELL


class SheetInput(SheetDrawing):
    """``SheetScene``'s first base, before its drawing half: events in, scene commands out."""

    # The scene's state these events read and move (``SheetScene`` sets it: see its _start_afresh).
    model: GameModel
    spoken: Signal
    cursor: Cell
    origin: Cell | None
    shape: tuple
    c_mode: bool
    pointer_inside: bool
    prompt: jumps.CellPrompt
    _keyboard: bool
    _resting: Cell | None
    _held: Cell | None
    _ghost_key: tuple | None

    if TYPE_CHECKING:  # the scene's commands these events give (``SheetScene`` defines them)
        def mode(self) -> str: ...
        def ghost_cells(self) -> list[Cell]: ...
        def update_ghost(self) -> None: ...
        def activate(self) -> bool: ...
        def rotate(self, direction: int = 1) -> None: ...
        def mirror(self) -> None: ...
        def toggle_kind(self) -> None: ...
        def set_c_mode(self, on: bool) -> None: ...

    def set_cursor(self, cell) -> None:
        """The pointer is over ``cell``: the piece goes under it."""
        if cell != self.cursor:
            self.cursor = cell
            self.origin = None
            self.update_ghost()

    def step_cursor(self, dr: int, dc: int) -> None:
        """An arrow key: the piece (or the cursor) moves one cell, every press."""
        self._keyboard = True
        self._resting = None
        self._ghost_key = None
        r, c = self.cursor
        if self.mode() == "piece":
            self.ghost_cells()  # placed under the cursor if it was not yet
            assert self.origin is not None
            moved = ghost.shifted(self.shape, self.origin, dr, dc)
            if moved is not None:  # the cell pointed at moves with the piece
                self.origin = moved
                self.cursor = (min(max(r + dr, 0), SIZE - 1), min(max(c + dc, 0), SIZE - 1))
        else:
            self.cursor = (min(max(r + dr, 0), SIZE - 1), min(max(c + dc, 0), SIZE - 1))
        self.update_ghost()

    def jump_cursor(self, cell) -> None:
        """A jumping key: the cursor to ``cell``, the piece in hand under it (as the arrows take it)."""
        self._keyboard = True
        self._resting = None
        self._ghost_key = None
        self.set_cursor(tuple(cell))
        self.update_ghost()

    @staticmethod
    def cell_at(pos) -> tuple[int, int] | None:
        r, c = int(pos.y() // S), int(pos.x() // S)
        if 0 <= r < SIZE and 0 <= c < SIZE and pos.x() >= 0 and pos.y() >= 0:
            return (r, c)
        return None

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        cell = self.cell_at(event.scenePos())
        self._keyboard = False
        if self._held is not None and not event.buttons() & Qt.MouseButton.LeftButton:
            self._held = None  # its release went elsewhere (a dialog took the mouse): nothing drawn
            self._ghost_key = None
        if self._resting is not None and cell != self._resting:
            self._resting = None  # moved on from the piece just drawn
        inside = cell is not None
        if inside != self.pointer_inside:
            self.pointer_inside = inside
            self._ghost_key = None
        if cell is not None and cell != self.cursor:
            self.cursor, self.origin = cell, None
        self.update_ghost()  # a no-op unless the cell or the mode changed
        super().mouseMoveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        item = self.itemAt(event.scenePos(), QTransform())
        if isinstance(item, EscapeItem) and item.isVisible():
            super().mousePressEvent(event)
            return
        cell = self.cell_at(event.scenePos())
        if cell is None:
            return
        self.pointer_inside = True
        self.set_cursor(cell)
        if event.button() == Qt.MouseButton.LeftButton:
            if self.mode() in ("piece", "cell"):
                self.hold(cell)  # drawn at the release
            else:
                self.activate()
        elif event.button() == Qt.MouseButton.RightButton:
            self.mirror()
        event.accept()

    # -- the piece in hand: press, drag, release ---------------------------
    def hold(self, cell) -> None:
        """A left press took the piece up at ``cell``: it shows there, even just after a drawing."""
        self._held = cell
        self._keyboard = False
        self._resting = None
        self._ghost_key = None
        self.update_ghost()

    def drop_held(self) -> None:
        """Put the piece down undrawn (Escape, a release off the sheet): the ghost hovers again."""
        if self._held is not None:
            self._held = None
            self._ghost_key = None
            self.update_ghost()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._held is None or event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)  # the Escape control's release, or nothing held
            return
        cell = self.cell_at(event.scenePos())
        event.accept()
        if cell is None:  # released off the sheet: nothing is drawn
            self.pointer_inside = False
            self.drop_held()
            return
        self._held = None
        self.pointer_inside = True
        self.set_cursor(cell)
        self._ghost_key = None
        if self.mode() in ("piece", "cell"):
            self.activate()  # refused: the reason in the status bar, as a click's
        else:
            self.update_ghost()

    def event(self, e: QEvent) -> bool:
        # Escape while a piece is held, or J's question open, is the sheet's (no window shortcut takes it first).
        if e.type() == QEvent.Type.ShortcutOverride and (self._held is not None or self.prompt.open) \
                and isinstance(e, QKeyEvent) and e.key() == Qt.Key.Key_Escape:
            e.accept()
            return True
        return super().event(e)

    # -- the active card dragged from the line ---------------------------
    def _card_drag(self, event: QGraphicsSceneDragDropEvent) -> bool:
        """A drag of the active card while its piece may be drawn; the ghost follows it."""
        if not event.mimeData().hasFormat(CARD_MIME) or self.model.step() != "draw":
            event.ignore()
            return False
        if self.c_mode:
            self.set_c_mode(False)  # the card is the piece, not action C's wall
        cell = self.cell_at(event.scenePos())
        if cell is not None:
            self.pointer_inside = True
            self._keyboard = False
            self._resting = None  # the piece just drawn no longer hides the one being dragged in
            self.set_cursor(cell)
            self._ghost_key = None
            self.update_ghost()
        event.acceptProposedAction()
        return cell is not None

    def dragEnterEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        self._card_drag(event)

    def dragMoveEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        self._card_drag(event)

    def dragLeaveEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        self.pointer_inside = False
        self._ghost_key = None
        self.update_ghost()

    def dropEvent(self, event: QGraphicsSceneDragDropEvent) -> None:
        if self._card_drag(event):
            self.activate()

    def wheelEvent(self, event: QGraphicsSceneWheelEvent) -> None:
        if self.mode() == "piece":
            self.rotate(1 if event.delta() < 0 else -1)
            event.accept()
        else:
            event.ignore()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        moves: dict[int, Cell] = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
                                  Qt.Key.Key_Down: (1, 0)}
        if self.seat < 0:
            event.ignore()
            return
        if self.prompt.open:  # J's "which cell?": the digits are its own
            said = self.prompt.key(self, key)
            if said is not None:
                if said:
                    self.spoken.emit(said)
                event.accept()
                return
        read = read_keys.command(key, event.modifiers())
        if key == Qt.Key.Key_Escape and self._held is not None:
            self.drop_held()
        elif key in moves:
            self.step_cursor(*moves[key])
        elif event.matches(QKeySequence.StandardKey.Undo):  # fallback, as for confirm below
            self.model.undo_stack.undo()
        elif event.matches(QKeySequence.StandardKey.Redo):
            self.model.undo_stack.redo()
        elif key == Qt.Key.Key_R:
            self.rotate(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
        elif key == Qt.Key.Key_F:
            self.mirror()
        elif key == Qt.Key.Key_Space:
            self.toggle_kind()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            # Normally the window's Confirm shortcut takes this first; the scene
            # still confirms when no shortcut fired (e.g. the window not active).
            from ...session.intents import Confirm  # with the first gesture, not at start-up

            self.c_mode = False
            self.model.act(Confirm())
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._keyboard = True
            self.activate()
        elif read is not None:  # a reading or jumping key (``read_keys.COMMANDS``)
            self.spoken.emit(read.run(self))
        else:
            event.ignore()
            return
        event.accept()
