"""The sheet scene: shows the viewer's grid and turns gestures into intents.

Like Qt's diagramscene example, the scene owns mouse and key handling and the
items only paint.  It never decides legality: the ghost's colour and the
status text come from ``GameModel.check_piece`` / ``check_cell``, reach from
``GameModel.reach``.  It only ever holds the items of ``model.viewer``'s
sheet; with nobody viewing (hand-off cover, computer seats) it is empty.

``SheetDrawing`` is the drawing alone (a seat's cells and pawn, no model, no
gestures): the live scene builds on it, and the replay window and PNG export
use it for sheets out of a record, so a sheet is drawn one way everywhere.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QImage, QKeyEvent, QKeySequence, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent, QGraphicsSceneWheelEvent

from ..model.game_model import GameModel
from ..rules.components import load_components
from ..rules.pieces import normalise
from ..rules.sheet import Sheet
from ..rules.turn import Turn
from . import style, texts
from .sheet_items import CellItem, CursorItem, EscapeItem, GhostItem, HintItem, PathItem, PawnItem, cell_centre

S = style.CELL
SIZE = 11
MARGIN = 6.0

Cell = tuple[int, int]


def traced_letters(sheet: Sheet, revealed, resolved) -> tuple[list[str], list[str]]:
    """The destinations traced on ``sheet`` (R1.4): (active, resolved), in
    the order they were revealed."""
    comps = load_components()
    active, done = [], []
    for L in revealed:
        if sheet.traced & comps.letter_bit(L):
            (done if L in resolved else active).append(L)
    return active, done


class SheetDrawing(QGraphicsScene):
    """One seat's sheet as the game draws it, and nothing else: cells (paper,
    letters, traced destinations, roads, walls, gates) and the pawn.  It knows
    no model and takes no gestures; the live ``SheetScene`` builds on it, and a
    replay or a PNG export shows a rules ``Sheet`` with it directly."""

    def __init__(self, letters: dict[str, Cell] | None = None, exit_cell: Cell | None = None, parent=None):
        super().__init__(parent)
        if letters is None or exit_cell is None:
            comps = load_components()
            letters, exit_cell = comps.letters, comps.exit
        self.exit_cell: Cell = tuple(exit_cell)
        self._letters = {tuple(cell): L for L, cell in letters.items()}
        self.setSceneRect(QRectF(-MARGIN, -MARGIN, SIZE * S + 2 * MARGIN, SIZE * S + 2 * MARGIN))
        self.setBackgroundBrush(QBrush(style.PAPER.darker(112)))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # few items, most repaint often
        self.seat = -1
        self.cells: dict[Cell, CellItem] = {}
        self.pawn: PawnItem | None = None
        self.path_item: PathItem | None = None

    def clear_sheet(self) -> None:
        if self.pawn is not None:
            self.pawn.stop()
        self.clear()
        self.cells, self.pawn, self.path_item = {}, None, None
        self.seat = -1

    def draw_sheet(self, seat: int, states: dict[Cell, str], pawn: Cell, active=(), resolved=(),
                   draft=frozenset(), fresh=frozenset(), path=()) -> None:
        """Replace whatever is shown by ``seat``'s sheet.  ``draft``: cells
        drawn this turn, still undoable; ``fresh``: cells a replay marks as
        drawn in the round shown; ``path``: a walk to trace (start first)."""
        self.clear_sheet()
        self.seat = seat
        act, res = set(active), set(resolved)
        for (r, c), state in states.items():
            letter = self._letters.get((r, c))
            item = CellItem(seat, r, c, letter, (r, c) == self.exit_cell)
            item.state = state
            item.draft = (r, c) in draft
            item.fresh = (r, c) in fresh
            if letter in act:
                item.dest = "active"
            elif letter in res:
                item.dest = "resolved"
            self.addItem(item)
            self.cells[(r, c)] = item
        if len(path) >= 2:
            self.path_item = PathItem(seat, list(path))
            self.addItem(self.path_item)
        self.pawn = PawnItem(seat)
        self.pawn.place(pawn)
        self.addItem(self.pawn)

    def draw_rules_sheet(self, seat: int, sheet: Sheet, revealed=(), resolved=(), fresh=frozenset(),
                         path=()) -> None:
        """A rules ``Sheet`` as it stands (``revealed``/``resolved``: the
        table's letters; only those traced on this sheet are drawn)."""
        states = {(r, c): sheet.state(r, c) for r in range(SIZE) for c in range(SIZE)}
        active, done = traced_letters(sheet, revealed, resolved)
        self.draw_sheet(seat, states, sheet.pawn_cell, active, done, fresh=fresh, path=path)

    def cell_states(self) -> dict[Cell, str]:
        """What is drawn, cell by cell (tests compare it with the rules)."""
        return {cell: item.state for cell, item in self.cells.items()}

    def render_image(self, size: int = 1100) -> QImage:
        """The sheet alone, square, ``size`` pixels wide, for export."""
        img = QImage(size, size, QImage.Format.Format_ARGB32)
        img.fill(style.PAPER.darker(112))
        p = QPainter(img)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.render(p, QRectF(0, 0, size, size), self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        p.end()
        return img


class SheetScene(SheetDrawing):
    status_changed = Signal(str)  # text for the status bar (why a ghost is illegal, what a click does)
    mode_changed = Signal()  # roads/walls or action C switched (the controls show it)

    def __init__(self, model: GameModel, parent=None):
        super().__init__(model.letter_cells(), model.exit_cell, parent)
        self.model = model
        self.ghost: GhostItem | None = None
        self.cursor_item: CursorItem | None = None
        self.escape_item: EscapeItem | None = None
        self.hint_item: HintItem | None = None
        self.cursor = model.exit_cell
        self.pointer_inside = False
        # ghost state (a view concern: the rules only see the final cells)
        self.card: str | None = None
        self.shape: tuple = ()
        self.kind = "road"
        self.c_mode = False  # action C: one wall instead of the piece
        self.setup_card: str | None = None
        self._ghost_key = None
        model.viewer_changed.connect(self._rebuild)
        model.cell_changed.connect(self._on_cell)
        model.destinations_changed.connect(self._on_destinations)
        model.pawn_moved.connect(self._on_pawn)
        model.turn_changed.connect(self.refresh)
        model.refused.connect(self._on_refused)
        model.hint_changed.connect(self._on_hint)

    # -- building --------------------------------------------------------
    def _rebuild(self, seat: int) -> None:
        self.clear_sheet()
        self.ghost, self.cursor_item, self.escape_item, self.hint_item = None, None, None, None
        self.seat = seat
        self._ghost_key = None
        if seat < 0:
            return
        snap = self.model.sheet_snapshot(seat)
        exit_cell = self.exit_cell
        self.draw_sheet(seat, snap.states, snap.pawn, snap.active, snap.resolved, draft=snap.draft_cells)
        self.ghost = GhostItem(seat)
        self.addItem(self.ghost)
        self.cursor_item = CursorItem(seat)
        self.cursor_item.hide()
        self.addItem(self.cursor_item)
        self.escape_item = EscapeItem(seat)
        self.escape_item.setPos(cell_centre(*exit_cell) + QPointF(0, S * 0.62))  # under the exit: the pawn stays visible
        self.escape_item.toggled.connect(self._toggle_escape)
        self.escape_item.hide()
        self.addItem(self.escape_item)
        self.hint_item = HintItem(seat)
        self.addItem(self.hint_item)
        self._on_hint(self.model.hint)
        self.refresh()

    def _on_hint(self, hint) -> None:
        """Show the Expert's suggestion on the acting seat's own sheet only."""
        if self.hint_item is None:
            return
        if hint is None or self.seat != self.model.actor:
            self.hint_item.set_hint([], None)
            return
        if isinstance(hint, Turn):
            pieces = []
            if hint.action in ("A", "B", "C"):
                pieces.append(("road" if hint.action == "A" else "wall", hint.cells))
            if hint.extra is not None:
                pieces.append((hint.extra[0], [hint.extra[1]]))
            target = hint.path[-1] if hint.path else None
            self.hint_item.set_hint(pieces, target)
        else:  # a SetupChoice
            pieces = [("road", cells) for _, cells in hint.roads] + [("wall", cells) for _, cells in hint.walls]
            self.hint_item.set_hint(pieces, None)

    def _on_cell(self, seat: int, r: int, c: int, state: str) -> None:
        if seat == self.seat and (r, c) in self.cells:
            self.cells[(r, c)].set(state=state)

    def _on_destinations(self, seat: int, active: list, resolved: list) -> None:
        if seat != self.seat:
            return
        act, res = set(active), set(resolved)
        for cell, item in self.cells.items():
            L = item.letter
            item.set(dest="active" if L in act else "resolved" if L in res else None)

    def _on_pawn(self, seat: int, path: list) -> None:
        if seat != self.seat or self.pawn is None:
            return
        d = self.model.draft
        if seat == self.model.actor and tuple(path) == tuple(getattr(d, "path", ()) or ()) and path:
            self.pawn.place(self.pawn_start())
            self.pawn.walk(path)  # a move this turn: walk it from the round's start
        else:
            self.pawn.place(path[-1])

    def pawn_start(self):
        """Where the pawn stood when this turn began."""
        return self.model.turn_start_cell()

    # -- state refresh after any draft change ----------------------------
    def refresh(self) -> None:
        if self.seat < 0 or not self.cells:
            return
        m = self.model
        step = m.step()
        if step == "setup":
            left = m.setup_cards_left()
            if self.setup_card not in left:
                self.setup_card = left[0] if left else None
            self.card = self.setup_card
            self.kind = m.setup_next_kind() or "road"
        elif step == "draw":
            self.card = m.active_card()
        else:
            self.card = None
        if self.card and (not self.shape or len(self.shape) != m.card_number(self.card) or self._shape_card != self.card):
            self.shape = normalise(m.card_cells(self.card))
            self._shape_card = self.card
        drafted = set(m.draft_cells()) if m.viewer == m.actor else set()
        reach = m.reach() if step == "move" else {}
        warps = set(m.warp_targets())
        for cell, item in self.cells.items():
            item.set(draft=cell in drafted, reach=reach.get(cell), warp_target=cell in warps)
        esc = m.can_escape()
        self.escape_item.setVisible(esc)
        if esc:
            d = m.draft
            self.escape_item.set_text(self.tr("Escaping ✓") if d.escape else self.tr("Escape"), d.escape)
        self._ghost_key = None
        self.update_ghost()

    _shape_card: str | None = None

    def mode(self) -> str:
        """"piece", "cell", "move" or "none": what a click does now."""
        step = self.model.step()
        if step == "setup":
            return "piece" if self.setup_card else "none"
        if step == "draw":
            return "cell" if self.c_mode else "piece"
        if step == "extra":
            return "cell"
        if step == "move":
            return "move"
        return "none"

    def ghost_cells(self) -> list[tuple[int, int]]:
        """The piece under the cursor, kept inside the grid (snapped)."""
        if self.mode() != "piece":
            return [self.cursor]
        h = max(r for r, _ in self.shape) + 1
        w = max(c for _, c in self.shape) + 1
        r0 = min(max(self.cursor[0] - h // 2, 0), SIZE - h)
        c0 = min(max(self.cursor[1] - w // 2, 0), SIZE - w)
        return [(r0 + r, c0 + c) for r, c in self.shape]

    def draw_kind(self) -> str:
        if self.model.step() == "draw" and self.c_mode:
            return "wall"
        return self.kind

    def update_ghost(self) -> None:
        """Snap, ask the rules, request a repaint: the hot path of a mouse move."""
        if self.ghost is None:
            return
        mode = self.mode()
        key = (mode, self.cursor, self.shape, self.kind, self.c_mode, self.pointer_inside or self._keyboard)
        if key == self._ghost_key:
            return
        self._ghost_key = key
        show = self.pointer_inside or self._keyboard
        if mode in ("piece", "cell") and show:
            cells = self.ghost_cells()
            kind = self.draw_kind()
            if mode == "piece":
                err = self.model.check_piece(kind, cells, self.card if self.model.step() == "setup" else None)
            else:
                err = self.model.check_cell(cells[0], kind)
            self.ghost.set_ghost(cells, kind, err is None)
            self.ghost.show()
            self.cursor_item.hide()
            if err is None:
                if self.model.step() == "setup":
                    self.status_changed.emit(self.tr("Click or press Enter to draw this setup piece here (R rotate, F mirror)."))
                elif mode == "cell":
                    self.status_changed.emit(self.tr("Click or press Enter to draw this cell."))
                else:
                    self.status_changed.emit(self.tr("Click or press Enter to draw here (R rotate, F mirror, Space roads/walls)."))
            else:
                self.status_changed.emit(texts.refusal(err.rule, err.message, err.code))
        else:
            self.ghost.hide()
            if mode == "move" and show:
                self.cursor_item.setPos(self.cursor[1] * S, self.cursor[0] * S)
                self.cursor_item.show()
                steps = self.model.reach().get(self.cursor)
                if steps is None:
                    self.status_changed.emit(self.tr("Not reachable this turn: the adventurer moves along roads and gates."))
                else:
                    self.status_changed.emit(self.tr("%n step(s): click or press Enter to move here.", "", steps))
            else:
                self.cursor_item.hide()

    _keyboard = False

    # -- gestures -> intents ---------------------------------------------
    def rotate(self, direction: int = 1) -> None:
        if self.shape:
            turns = 1 if direction > 0 else 3
            shape = self.shape
            for _ in range(turns):
                shape = normalise([(c, -r) for r, c in shape])
            self.shape = shape
            self.update_ghost()

    def mirror(self) -> None:
        if self.shape:
            self.shape = normalise([(r, -c) for r, c in self.shape])
            self.update_ghost()

    def toggle_kind(self) -> None:
        step = self.model.step()
        if step in ("draw", "extra"):
            if step == "draw" and self.c_mode:
                return  # action C is always a wall
            self.kind = "wall" if self.kind == "road" else "road"
            self.update_ghost()
            self.mode_changed.emit()

    def set_c_mode(self, on: bool) -> None:
        self.c_mode = on
        self._ghost_key = None
        self.update_ghost()
        self.mode_changed.emit()

    def activate(self) -> bool:
        """Click / Enter at the cursor."""
        m = self.model
        mode = self.mode()
        if mode == "piece":
            card = self.card if m.step() == "setup" else None
            ok = m.place_piece(self.draw_kind(), self.ghost_cells(), card)
            if ok and card is not None:
                self.setup_card = None
                self.refresh()
            if ok:
                self.c_mode = False
            return ok
        if mode == "cell":
            if m.step() == "draw":
                ok = m.place_c(self.cursor)
                if ok:
                    self.c_mode = False
                return ok
            return m.place_extra(self.kind, self.cursor)
        if mode == "move":
            return m.move_to(self.cursor)
        return False

    def _toggle_escape(self) -> None:
        d = self.model.draft
        self.model.set_escape(not getattr(d, "escape", False))

    def _on_refused(self, rule: str, code: str, message: str) -> None:
        self.status_changed.emit(texts.refusal(rule, message, code))

    def set_cursor(self, cell) -> None:
        if cell != self.cursor:
            self.cursor = cell
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
        inside = cell is not None
        if inside != self.pointer_inside:
            self.pointer_inside = inside
            self._ghost_key = None
        if cell is not None:
            self.cursor = cell
        self.update_ghost()  # a no-op unless the snapped cell or the mode changed
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
            self.activate()
        elif event.button() == Qt.MouseButton.RightButton:
            self.mirror()
        event.accept()

    def wheelEvent(self, event: QGraphicsSceneWheelEvent) -> None:
        if self.mode() == "piece":
            self.rotate(1 if event.delta() < 0 else -1)
            event.accept()
        else:
            event.ignore()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if self.seat < 0:
            event.ignore()
            return
        if key in moves:
            dr, dc = moves[key]
            r, c = self.cursor
            self._keyboard = True
            self._ghost_key = None
            self.set_cursor((min(max(r + dr, 0), SIZE - 1), min(max(c + dc, 0), SIZE - 1)))
            self.update_ghost()
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
            self.c_mode = False
            self.model.confirm()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._keyboard = True
            self.activate()
        else:
            event.ignore()
            return
        event.accept()
