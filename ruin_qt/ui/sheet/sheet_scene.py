"""The sheet scene: shows the viewing seat's grid and turns gestures into intents.

Like Qt's diagramscene example, the scene owns mouse and key handling (its
input half: ``SheetInput``) and the items only paint.  It never decides legality: the ghost's colour, the status
text, reach and warp targets come from the viewing seat's own draft (a rules
builder, read through ``GameModel.view()``).  It only ever holds the items of
the viewing seat's sheet; with nobody viewing (hand-off cover, computer
seats) it is empty.

The ghost's cell, shape and orientation, the roads/walls switch, action C
and hover belong to the seat at the screen: a hand-off starts them afresh,
and every new decision starts on roads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, Signal

from ...model.game_model import GameModel
from ...session.facts import Turn, components, mirrored, piece, turned
from ...session.views import Draft
from ..common import style, texts
from ..common.recall import Recall
from . import ghost, jumps
from .overlays import HintOverlay, RouteOverlay
from .sheet_drawing import SheetDrawing
from .sheet_input import SheetInput

if TYPE_CHECKING:
    from ...session.intents import Kind
from .sheet_items import CursorItem, EscapeItem, GhostItem, cell_centre
from .sheet_story import SheetStory

S = style.CELL


class SheetScene(SheetInput, SheetDrawing):
    status_changed = Signal(str, str)  # status bar text (why a ghost is illegal, what a click does), its rule id
    mode_changed = Signal()  # roads/walls or action C switched (the controls show it)
    ghost_moved = Signal()  # the cursor, the piece or its legality changed (``ghost_state``)
    sheet_changed = Signal()  # what a cell holds changed, or another seat's sheet is shown
    spoken = Signal(str)  # a read key's words, for the screen reader (the player asked: assertive)

    def __init__(self, model: GameModel, parent=None):
        comps = components()
        super().__init__(comps.letters, comps.exit, parent)
        self.model = model
        self.ghost: GhostItem | None = None
        self.cursor_item: CursorItem | None = None
        self.escape_item: EscapeItem | None = None
        self.hint_item: HintOverlay | None = None
        self.route_item: RouteOverlay | None = None
        self._hint_draft: Draft | None = None  # the draft the hint was shown for: acting hides it
        self.recall: Recall | None = None  # the announcements said so far (``common.recall``), for "." and ","
        self._start_afresh()
        model.viewer_changed.connect(self._rebuild)
        model.decision_started.connect(self._on_decision_started)
        model.cell_changed.connect(self._on_cell)
        model.destinations_changed.connect(self._on_destinations)
        model.pawn_moved.connect(self._on_pawn)
        model.turn_changed.connect(self.refresh)
        model.refused.connect(self._on_refused)
        model.hint_changed.connect(self._on_hint)
        for signal in (model.cell_changed, model.destinations_changed, model.pawn_moved, model.turn_changed):
            signal.connect(self.sheet_changed)
        self.story = SheetStory(self, model)  # after _rebuild's connection: it reads the rebuilt sheet

    # -- the seat's own table state ----------------------------------------
    def _start_afresh(self) -> None:
        """Forget everything the previous seat left on the table."""
        self.cursor = self.exit_cell
        self.prompt = jumps.CellPrompt()  # J's "which cell?", closed
        self.pointer_inside = False
        self._keyboard = False
        self.shape: tuple = ()
        self.origin: tuple[int, int] | None = None  # the piece's top-left, once placed under the cursor
        self._shape_card: str | None = None
        # After a drawing the next ghost rests (hidden) until the pointer moves to
        # another cell or a key moves or turns it: the piece just drawn stays in view.
        self._resting: tuple[int, int] | None = None
        self._held: tuple[int, int] | None = None  # the press cell while the left button holds the piece
        self.ghost_state: tuple = ("none", (), "road", None)  # mode, cells, kind, the rules' refusal
        self._new_decision()

    def _new_decision(self) -> None:
        """A decision starts on roads, with no card or action C picked."""
        self.card: str | None = None
        self.kind: Kind = "road"
        self.c_mode = False  # action C: one wall instead of the piece
        self.setup_card: str | None = None
        self._ghost_key: tuple | None = None  # what the ghost last showed: update_ghost skips an unchanged one

    def _on_decision_started(self, seat: int) -> None:
        if seat == self.seat:
            self._new_decision()
            self.refresh()
            self.mode_changed.emit()

    # -- building --------------------------------------------------------
    def _rebuild(self, seat: int) -> None:
        self.clear_sheet()
        self.ghost, self.cursor_item, self.escape_item, self.hint_item = None, None, None, None
        self.route_item = None
        self._start_afresh()
        v = self.model.view()
        if seat < 0 or v is None:
            self.sheet_changed.emit()
            self.ghost_moved.emit()
            return
        self.draw_rules_sheet(seat, v.sheet, v.obs.revealed, v.obs.resolved, draft=v.drawn_cells)
        self.ghost = GhostItem(seat)
        self.addItem(self.ghost)
        self.cursor_item = CursorItem(seat)
        self.cursor_item.hide()
        self.addItem(self.cursor_item)
        self.escape_item = EscapeItem(seat)
        # Under the exit, so the pawn on it stays visible.
        self.escape_item.setPos(cell_centre(*self.exit_cell) + QPointF(0, S * 0.62))
        self.escape_item.toggled.connect(self._toggle_escape)
        self.escape_item.hide()
        self.addItem(self.escape_item)
        self.hint_item = HintOverlay(seat)
        self.addItem(self.hint_item)
        self.route_item = RouteOverlay(seat)
        self.addItem(self.route_item)
        self._on_hint(self.model.hint)
        self.refresh()
        self.mode_changed.emit()
        self.sheet_changed.emit()

    def _on_hint(self, hint) -> None:
        """The Expert's suggestion, on the sheet of the seat it was asked for."""
        if self.hint_item is None:
            return
        v = self.model.view()
        self._hint_draft = v.draft if v is not None else None
        if hint is None:
            self.hint_item.set_hint([], None)
        elif isinstance(hint, Turn):
            pieces: list[tuple[str, Sequence[tuple[int, int]]]] = []
            if hint.action in ("A", "B", "C"):
                pieces.append(("road" if hint.action == "A" else "wall", hint.cells))
            if hint.extra is not None:
                pieces.append((hint.extra[0], [hint.extra[1]]))
            self.hint_item.set_hint(pieces, hint.path[-1] if hint.path else None)
        else:  # a SetupChoice: each piece on its own, in drawing order
            pieces = [("road", cells) for _, cells in hint.roads] + [("wall", cells) for _, cells in hint.walls]
            self.hint_item.set_hint(pieces, None)

    def show_route(self, card: int | None) -> None:
        """Highlight objective ``card``'s letters and its best path (None: hide)."""
        v = self.model.view()
        if self.route_item is None or v is None:
            return
        plan = v.plan(card) if card is not None else None  # setup: the dealt cards, still to keep or not
        if plan is None:
            self.route_item.set_plan(None)
            return
        self.route_item.set_plan(plan, v.road_cells)

    def _on_cell(self, seat: int, r: int, c: int, state: str) -> None:
        if seat == self.seat and (r, c) in self.cells:
            item = self.cells[(r, c)]
            if item.state == state:
                return
            item.set(state=state)
            if state != "empty":
                self.stroke_in((r, c))
            self.story.saw(seat, (r, c), state, item.dest)
            if self.square_item is not None and self.model.public().phase == "play":
                self.show_square(None, "")  # the seat draws on: the stage's outline has been seen

    def _on_destinations(self, seat: int, active: list, resolved: list, walled: Iterable = ()) -> None:
        if seat != self.seat:
            return
        act, res, wal = set(active), set(resolved), set(walled)
        for cell, item in self.cells.items():
            L = item.letter
            dest = "active" if L in act else "resolved" if L in res else "walled" if L in wal else None
            if dest == item.dest:
                continue
            was = item.dest
            item.set(dest=dest)
            self.story.saw(seat, cell, item.state, dest)
            if dest == "active":
                self.trace_in(cell)
            elif dest == "resolved" and was == "active":
                self.flash_letter(cell)

    def _on_pawn(self, seat: int, path: list) -> None:
        if seat != self.seat or self.pawn is None:
            return
        v = self.model.view()
        if v is not None and v.acting and path and tuple(path) == v.path:
            self.pawn.place(v.start_cell)
            self.pawn.walk(path)  # a move this turn: walk it from the round's start
        else:
            self.pawn.place(path[-1])

    # -- state refresh after any draft change ----------------------------
    def refresh(self) -> None:
        v = self.model.view()
        if self.seat < 0 or not self.cells or v is None:
            return
        step = v.step
        if v.setup is not None and step == "setup":
            left = v.setup.cards_left()
            if self.setup_card not in left:
                self.setup_card = left[0] if left else None
            self.card = self.setup_card
            self.kind = "wall" if v.setup.next_kind() == "wall" else "road"
        elif step == "draw":
            self.card = v.obs.active_card
        else:
            self.card = None
        if self.card and self._shape_card != self.card:
            self.shape = piece(self.card)
            self.origin = None
            self._shape_card = self.card
        turn = v.turn if v.acting else None
        reach = turn.reach() if turn is not None else {}
        warps = set(turn.warp_targets()) if turn is not None else set()
        drafted = v.drawn_cells
        for cell, item in self.cells.items():
            item.set(draft=cell in drafted, reach=reach.get(cell), warp_target=cell in warps)
        # Drawn with the cells in _rebuild: a sheet with cells has its overlays.
        assert self.hint_item is not None and self.escape_item is not None
        if self.hint_item.pieces and v.draft is not self._hint_draft:
            self.hint_item.set_hint([], None)  # the player acted: the suggestion no longer lies there
        esc = turn is not None and turn.can_escape()
        self.escape_item.setVisible(esc)
        if turn is not None and esc:
            self.escape_item.set_text(self.tr("Escaping ✓") if turn.escape else self.tr("Escape"), turn.escape)
        self._ghost_key = None
        self.update_ghost()

    def pawn_cell(self):
        """Where the viewing seat's adventurer stands (this turn's walk included)."""
        v = self.model.view()
        return v.sheet.pawn_cell if v is not None else None

    def keys_came(self, reason) -> None:
        """The player brought the keys to the sheet (Tab, a shortcut): the ghost shows for them."""
        keys = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason, Qt.FocusReason.ShortcutFocusReason)
        if reason in keys and not self._keyboard:
            self._keyboard = True
            self._ghost_key = None
            self.update_ghost()

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
        """The piece under the cursor, the cursor's cell covered (``ghost``)."""
        if self.mode() != "piece":
            return [self.cursor]
        if self.origin is None:
            self.origin = ghost.origin_under(self.shape, self.cursor)
        return ghost.cells_at(self.shape, self.origin)

    def draw_kind(self) -> Kind:
        if self.model.step() == "draw" and self.c_mode:
            return "wall"
        return self.kind

    def _why_not(self, mode: str, cells, kind: str):
        """The rules' refusal of the ghost as it stands, or None if legal."""
        v = self.model.view()
        if v is None:
            return None
        if v.setup is not None:
            return v.setup.check_piece(kind, self.card or "", cells)
        if v.turn is None:
            return None
        return v.turn.check_piece(kind, cells) if mode == "piece" else v.turn.check_cell(cells[0], kind)

    def update_ghost(self) -> None:
        """Snap, ask the rules, request a repaint: the hot path of a mouse move."""
        if self.ghost is None:
            return
        assert self.cursor_item is not None  # made with the ghost
        mode = self.mode()
        show = (self.pointer_inside or self._keyboard) and self._resting is None
        key = (mode, self.cursor, self.shape, self.kind, self.c_mode, show, self._held is not None)
        if key == self._ghost_key:
            return
        self._ghost_key = key
        if mode in ("piece", "cell"):
            cells = self.ghost_cells()
            kind = self.draw_kind()
            err = self._why_not(mode, cells, kind)
            self.ghost_state = (mode, tuple(cells), kind, err)
        else:
            self.ghost_state = (mode, (self.cursor,), self.kind, None)
        self.ghost_moved.emit()
        if mode in ("piece", "cell") and show:
            pawn = self.cell_at(self.pawn.pos()) if self.pawn is not None else None
            self.ghost.set_ghost(cells, kind, err is None, (pawn,) if pawn in cells else ())
            self.ghost.show()
            self.cursor_item.hide()
            rule = ""
            if err is not None:
                text, rule = texts.not_allowed(err.message, err.code), err.rule
            elif self._held is not None:
                text = self.tr("Release to draw here (Esc, or a release off the sheet, puts it back).")
            elif self.model.step() == "setup":
                text = self.tr("Click or press Enter to draw this setup piece here (R rotate, F mirror).")
            elif mode == "cell":
                text = self.tr("Click or press Enter to draw this cell.")
            else:
                text = self.tr("Click or press Enter to draw here (R rotate, F mirror, Space roads/walls).")
            self.status_changed.emit(text, rule)
        else:
            self.ghost.hide()
            if mode == "move" and show:
                self.cursor_item.setPos(self.cursor[1] * S, self.cursor[0] * S)
                self.cursor_item.show()
                v = self.model.view()
                steps = v.turn.reach().get(self.cursor) if v is not None and v.turn is not None else None
                if steps is None:
                    text = self.tr("Not reachable this turn: the adventurer moves along roads and gates.")
                else:
                    text = self.tr("%n step(s): click or press Enter to move here.", "", steps)
                self.status_changed.emit(text, "")
            else:
                self.cursor_item.hide()
                self.status_changed.emit("", "")  # nothing to do here now: no stale advice

    # -- gestures -> intents ---------------------------------------------
    def wake_ghost(self) -> None:
        """The player moved on from the piece just drawn: the ghost shows again."""
        if self._resting is not None:
            self._resting = None
            self._ghost_key = None
            self.update_ghost()

    def rotate(self, direction: int = 1) -> None:
        self.wake_ghost()
        if self.shape:
            self.shape = turned(self.shape, 1 if direction > 0 else -1)
            self.origin = None  # turned about the cell pointed at
            self.update_ghost()

    def mirror(self) -> None:
        self.wake_ghost()
        if self.shape:
            self.shape = mirrored(self.shape)
            self.origin = None
            self.update_ghost()

    def toggle_kind(self) -> None:
        self.wake_ghost()
        step = self.model.step()
        if step in ("draw", "extra"):
            if step == "draw" and self.c_mode:
                return  # action C is always a wall
            self.kind = "wall" if self.kind == "road" else "road"
            self.update_ghost()
            self.mode_changed.emit()

    def set_c_mode(self, on: bool) -> None:
        self._resting = None
        self.c_mode = on
        self._ghost_key = None
        self.update_ghost()
        self.mode_changed.emit()

    def activate(self) -> bool:
        """Click / Enter at the cursor."""
        from ...session.intents import MoveTo, PlaceC, PlaceExtra, PlacePiece  # with the first gesture

        m = self.model
        mode = self.mode()
        if mode == "piece":
            card = self.card if m.step() == "setup" else None
            ok = m.act(PlacePiece(self.draw_kind(), tuple(self.ghost_cells()), card))
            if ok and card is not None:
                self.setup_card = None
            if ok:
                self.c_mode = False
                self._rest()
            return ok
        if mode == "cell":
            ok = m.act(PlaceC(self.cursor)) if m.step() == "draw" else m.act(PlaceExtra(self.kind, self.cursor))
            if ok:
                self.c_mode = False
                self._rest()
            return ok
        if mode == "move":
            return m.act(MoveTo(self.cursor))
        return False

    def _rest(self) -> None:
        self._resting = self.cursor
        self.refresh()

    def _toggle_escape(self) -> None:
        v = self.model.view()
        if v is not None and v.turn is not None:
            from ...session.intents import SetEscape  # with the first gesture, not at start-up

            self.model.act(SetEscape(not v.turn.escape))

    def _on_refused(self, rule: str, code: str, message: str) -> None:
        self.status_changed.emit(texts.not_allowed(message, code), rule)
