"""Controls of the acting seat: setup choices, the draw (A/B/C), special
actions, escape, undo, hint and confirm.  Each button is bound to a
``TurnActions`` action (its menu item and shortcut too); enabled states come
from the viewing seat's own draft, a rules builder read through
``GameModel.view()`` (never guessed here)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ...model.game_model import GameModel
from ...session.facts import WALLED_RULE, Turn, components
from ..common import texts, tones
from ..common.fold import Fold, FoldRow, wrap_when_large
from ..common.phrases import PhraseLabel
from ..common.retranslate import Retranslating
from ..sheet import sheet_words
from ..sheet.sheet_scene import SheetScene
from .card_line import piece_icon
from .turn_actions import TurnActions, bind

PIECE_ICON = 44  # px: a setup card button's piece


class TurnPanel(Retranslating, QWidget):
    actions: TurnActions  # type: ignore[assignment]  # hides QWidget.actions(), which nothing calls on the panel
    special_asked = Signal(str)  # "extra" or "warp": which objective card pays is the window's question
    instruction_changed = Signal(str)  # what to do changed within the seat's decision (said to a screen reader)

    def __init__(self, model: GameModel, scene: SheetScene, parent=None, across_laptops: bool = False):
        """``across_laptops``: a network table's seat, whose game the table starts, never this screen's menu."""
        super().__init__(parent)
        self.model, self.scene = model, scene
        self.across_laptops = across_laptops
        self.actions = TurnActions(model, self)
        self._told: tuple | None = None  # (the decision: seat, phase, round; its instruction) while it lasts
        self._translating = False
        self.instructions = PhraseLabel(self)  # word-wrapped: Japanese breaks between phrases
        self.instructions.setMinimumHeight(40)
        # A wall just drawn over an active destination: allowed (R3.5), but said, with its rule,
        # while it can still be undone.
        self.walled_note = PhraseLabel(self)
        self.walled_note.setObjectName("walled_note")
        self.walled_note.hide()
        tones.follow(self.walled_note, tones.notice("attention"))

        # setup
        self.setup_box = QGroupBox(self)
        self.setup_box.setObjectName("setup_box")
        self.keep_label = QLabel(self.setup_box)
        self.keep_boxes = [QCheckBox(self.setup_box) for _ in range(4)]
        self.cards_label = QLabel(self.setup_box)
        self.card_buttons = [QPushButton(self.setup_box) for _ in range(4)]
        for i, b in enumerate(self.keep_boxes):
            b.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys with the sheet
            b.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)  # no dead space that toggles
            b.toggled.connect(lambda on, i=i: self._keep_clicked(i))
            b.installEventFilter(self)  # pointed at: its letters and route show on the map
        for i, button in enumerate(self.card_buttons):
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setIconSize(QSize(PIECE_ICON, PIECE_ICON))  # the piece's shape, large enough to read
            # Toggled, not clicked: a screen reader's "Toggle" action toggles without a click.
            button.toggled.connect(lambda on, i=i: self._setup_card_toggled(i, on))
        # Two columns, one when the column is narrow (large text); the words wrap.
        wrap_when_large(self.keep_label, self.cards_label)
        parts = [self.keep_label, *self.keep_boxes, self.cards_label, *self.card_buttons]
        QVBoxLayout(self.setup_box).addWidget(
            Fold(parts, 2, self.setup_box, whole=(self.keep_label, self.cards_label)))

        # the draw, special actions, escape
        self.play_box = QGroupBox(self)
        self.kind_button = QPushButton(self.play_box)
        self.rotate_button = QPushButton(self.play_box)
        self.mirror_button = QPushButton(self.play_box)
        self.c_button = QPushButton(self.play_box)
        self.c_button.setObjectName("c_button")
        self.none_button = QPushButton(self.play_box)
        self.extra_button = QPushButton(self.play_box)
        self.extra_button.setObjectName("extra_button")
        self.warp_button = QPushButton(self.play_box)
        self.escape_button = QPushButton(self.play_box)
        pl = QGridLayout(self.play_box)  # two columns: long words (Japanese) still fit a narrow panel
        for button in (self.kind_button, self.rotate_button, self.mirror_button):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        pl.addWidget(self.kind_button, 0, 0, 1, 2)
        pl.addWidget(self.rotate_button, 1, 0)
        pl.addWidget(self.mirror_button, 1, 1)
        pl.addWidget(self.c_button, 2, 0, 1, 2)
        pl.addWidget(self.extra_button, 3, 0)
        pl.addWidget(self.warp_button, 3, 1)
        pl.addWidget(self.none_button, 4, 0)
        pl.addWidget(self.escape_button, 4, 1)
        self.kind_button.clicked.connect(self.scene.toggle_kind)
        self.rotate_button.clicked.connect(lambda: self.scene.rotate(1))
        self.mirror_button.clicked.connect(self.scene.mirror)
        acts = self.actions
        for button, action in ((self.c_button, acts.c_mode), (self.none_button, acts.none),
                               (self.extra_button, acts.extra), (self.warp_button, acts.warp),
                               (self.escape_button, acts.escape)):
            bind(button, action)
        acts.c_mode.triggered.connect(lambda on: self.scene.set_c_mode(on))
        scene.mode_changed.connect(lambda: acts.c_mode.setChecked(self.scene.c_mode))
        acts.extra.triggered.connect(lambda: self.ask_special("extra"))
        acts.warp.triggered.connect(lambda: self.ask_special("warp"))
        acts.confirm.triggered.connect(self.confirm)

        self.undo_button = QPushButton(self)
        self.redo_button = QPushButton(self)
        self.confirm_button = QPushButton(self)
        self.confirm_button.setObjectName("confirm_button")
        self.confirm_button.setDefault(True)
        self.hint_button = QPushButton(self)
        self.hint_label = PhraseLabel(self)
        self.hint_label.hide()
        self.use_hint_button = QPushButton(self)
        self.use_hint_button.hide()
        for button, action in ((self.undo_button, acts.undo), (self.redo_button, acts.redo),
                               (self.confirm_button, acts.confirm), (self.hint_button, acts.hint),
                               (self.use_hint_button, acts.use_hint)):
            bind(button, action)
        model.hint_changed.connect(self._on_hint)
        # Confirm on a line of its own, at the right, when the column is narrow (large text).
        bottom = FoldRow([self.undo_button, self.redo_button, self.hint_button, None, self.confirm_button], 3, self)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.instructions)
        lay.addWidget(self.walled_note)
        lay.addWidget(self.setup_box)
        lay.addWidget(self.play_box)
        lay.addWidget(self.hint_label)
        lay.addWidget(self.use_hint_button, 0, Qt.AlignmentFlag.AlignRight)
        lay.addWidget(bottom)
        for sig in (model.turn_changed, model.viewer_changed, model.phase_changed, model.thinking_changed):
            sig.connect(self.refresh)
        model.undo_stack.indexChanged.connect(self.refresh)
        scene.mode_changed.connect(self.refresh)
        self.translate_ui()

    # -- strings ---------------------------------------------------------
    def translate_ui(self) -> None:
        self._translating = True
        try:
            self._translate_ui()
        finally:
            self._translating = False

    def _translate_ui(self) -> None:
        self.actions.translate_ui()
        self.setup_box.setTitle(self.tr("Setup"))
        self.keep_label.setText(self.tr("Keep two objective cards:"))
        self.cards_label.setText(self.tr("Choose the explore card to draw next:"))
        self.play_box.setTitle(self.tr("Your step 1"))
        self.kind_button.setToolTip(self.tr("Switch between action A (roads) and action B (walls) (Space)"))
        self.rotate_button.setText(self.tr("Rotate (R)"))
        self.rotate_button.setToolTip(self.tr("Turn the piece a quarter (R; Shift+R or the mouse wheel the other way)"))
        self.mirror_button.setText(self.tr("Mirror (F)"))
        self.mirror_button.setToolTip(self.tr("Flip the piece over (F, or a right click)"))
        self.c_button.setText(self.tr("Action C: 1 wall, +1 penalty"))
        self.none_button.setText(self.tr("No draw possible (+1 penalty)"))
        self.extra_button.setText(self.tr("Special: +1 cell…"))
        self.warp_button.setText(self.tr("Special: warp…"))
        self.undo_button.setText(self.tr("Undo"))
        self.redo_button.setText(self.tr("Redo"))
        self.confirm_button.setText(self.tr("Confirm"))
        self.use_hint_button.setText(self.tr("Use it"))
        self._on_hint(self.model.hint)
        self.refresh()

    def _on_hint(self, hint) -> None:
        """The suggestion in words, beside its drawing on the sheet; gone once
        the board changed or the hint was used (as its drawing is)."""
        hint = self.actions.fresh_hint() if hint is not None else None
        if hint is None:
            self.hint_label.hide()
            self.hint_label.clear()
            self.use_hint_button.hide()
            return
        self.use_hint_button.show()
        comps = components()
        if isinstance(hint, Turn):
            what = {
                "A": self.tr("draw the card as roads ○ where the dash-dot outline is"),
                "B": self.tr("draw the card as walls ■ where the dash-dot outline is"),
                "C": self.tr("take action C: one wall where the dash-dot square is"),
                "none": self.tr("draw nothing (no draw is possible)"),
            }[hint.action]
            parts = [what]
            if hint.extra is not None:
                parts.append(self.tr("pay an objective card for the +1 cell (outlined too)"))
            if hint.warp:
                parts.append(self.tr("pay an objective card for a warp"))
            if hint.path:
                parts.append(self.tr("move %n step(s) to the ringed cell", "", len(hint.path)))
            else:
                parts.append(self.tr("stay where you are"))
            if hint.escape:
                parts.append(self.tr("escape"))
            text = self.tr("Hint: %1.").replace("%1", self.tr(", then ").join(parts))
        else:
            a, b = zip(*(comps.objectives[c].letters for c in hint.keep)) if hint.keep else ((), ())
            kept = self.tr(" and ").join(texts.objective_label(x, y) for x, y in zip(a, b))
            text = self.tr("Hint: keep %1 and draw the outlined pieces.").replace("%1", kept)
        self.hint_label.setText(text)
        self.hint_label.show()

    # -- state -----------------------------------------------------------
    def refresh(self, *args) -> None:
        m = self.model
        if not shiboken6.isValid(m) or not shiboken6.isValid(m.undo_stack):
            return  # the window is being torn down: the stack's last signal
        self.actions.refresh()
        if self.use_hint_button.isVisible() and self.actions.fresh_hint() is None:
            self._on_hint(None)  # acted on or used: the words go with the drawing
        step = m.step()
        v = m.view()
        live = v if v is not None and v.acting else None  # the seat's view while it decides
        mine = live is not None
        self.setup_box.setVisible(step == "setup" and mine)
        self.play_box.setVisible(step in ("draw", "extra", "move") and mine)
        self.hint_button.setVisible(mine and step in ("setup", "draw", "extra", "move"))
        self.hint_button.setText(self.tr("Thinking…") if m.hint_pending else self.tr("Hint"))
        said = self._instruction(step, live)
        self.instructions.setText(said)
        self._tell((live.seat, live.obs.phase, live.obs.round) if live is not None else None, said)
        self._show_walled(live)
        if not (step == "setup" and mine):
            for b in self.keep_boxes + self.card_buttons:  # no stale private text, even hidden
                b.setText("")
                b.setAccessibleDescription("")
                b.setProperty("card", None)
        comps = components()
        setup = live.setup if live is not None else None
        if step == "setup" and setup is not None:
            keep = setup.keep
            for b, card in zip(self.keep_boxes, setup.dealt_objectives):
                b.blockSignals(True)
                b.setText(texts.objective_label(*comps.objectives[card].letters))
                b.setChecked(card in keep)
                b.setProperty("card", card)
                b.blockSignals(False)
            left = setup.cards_left()
            dealt_cards = setup.dealt_explore
            for i, button in enumerate(self.card_buttons):
                if i < len(dealt_cards):
                    L = dealt_cards[i]
                    button.setVisible(True)
                    button.setText(texts.card_label(L, comps.explore[L].number))
                    button.setAccessibleDescription(sheet_words.card(L))  # its piece's shape, for a screen reader
                    button.setIcon(piece_icon(L, PIECE_ICON))
                    button.setEnabled(L in left)
                    button.setProperty("card", L)
                    button.blockSignals(True)  # the chosen card shown, not chosen again
                    button.setChecked(L == self.scene.setup_card)
                    button.blockSignals(False)
                else:
                    button.setVisible(False)
        turn = live.turn if live is not None else None
        if step in ("draw", "extra", "move") and turn is not None:
            drawing = step == "draw"
            kind = texts.kind_name(self.scene.draw_kind())
            self.kind_button.setText(self.tr("Drawing: %1 (Space)").replace("%1", kind))
            self.kind_button.setEnabled(step == "extra" or (drawing and not self.scene.c_mode))
            self.rotate_button.setEnabled(drawing and not self.scene.c_mode)
            self.mirror_button.setEnabled(drawing and not self.scene.c_mode)
            self.none_button.setVisible(turn.can_draw_nothing())
            self.escape_button.setVisible(turn.can_escape())
            self.escape_button.setText(self.tr("Escaping ✓") if turn.escape else self.tr("Escape"))

    def _tell(self, decision: tuple | None, said: str) -> None:
        """A new instruction within the same decision (not a decision's first: the turn is told
        then, nor another language's words for the same one)."""
        told, self._told = self._told, (decision, said) if decision is not None else None
        if told is not None and decision == told[0] and said != told[1] and not self._translating:
            self.instruction_changed.emit(said)

    def _show_walled(self, v) -> None:
        """Destinations this decision's walls cover: the rules call them walled on this
        sheet (``SeatView.walled``, R8.2); the panel says so while Undo can take it back."""
        cells = v.drawn_cells if v is not None else frozenset()
        letters = components().letters
        walled = [L for L in (v.walled if v is not None else ()) if tuple(letters[L]) in cells]
        self.walled_note.setVisible(bool(walled))
        if not walled:
            self.walled_note.clear()  # hidden, it keeps no word of a sheet (the next seat's may follow)
            self.walled_note.setToolTip("")
        else:
            self.walled_note.setText(self.tr(
                "⚠ Your wall covers destination %1: your adventurer can never stand there, so its gem cannot be "
                "collected on your sheet (%2). Walls may cover letters (%3); undo if you did not mean it.")
                .replace("%1", self.tr(", ").join(walled)).replace("%2", WALLED_RULE).replace("%3", "R3.5"))
            self.walled_note.setToolTip(texts.rule_tip(WALLED_RULE))

    def _instruction(self, step: str, v) -> str:
        """What to do now; ``v`` is the viewing seat's view while it decides."""
        m = self.model
        p = m.public()
        if p.phase == "none":
            if self.across_laptops:
                return self.tr("The game starts as soon as every player has joined the table.")
            return self.tr("Start a new game from the Game menu.")
        if p.phase == "over":
            if p.n > 1:
                return self.tr("The game is over. Click a seat in the Seats tab to see its sheet.")
            return self.tr("The game is over.")
        if step == "handoff":
            return self.tr("Waiting for the next player.")
        if v is None:
            if p.thinking:
                return self.tr("Computer seats are thinking…")
            return self.tr("Waiting…")
        if step == "setup":
            kind = v.setup.next_kind()
            solo = v.obs.solo
            if kind is None:
                return self.tr("Keep two objective cards, then confirm your setup.")
            if kind == "road" and not v.setup.pieces:
                if solo:
                    return self.tr("Solo setup: two cards as roads, two as walls. First draw a road card "
                                   "covering the exit.")
                return self.tr("Draw a card as roads covering the exit (the other card becomes walls).")
            if kind == "road":
                return self.tr("Draw your second road card, touching your roads.")
            if solo:
                return self.tr("Now draw your two other cards as walls, each touching your setup cells.")
            return self.tr("Draw your other card as walls, touching your setup cells.")
        if step == "draw":
            return self.tr("Draw the active card's piece as roads (A) or walls (B), or take action C.")
        if step == "extra":
            return self.tr("Draw the +1 cell: a road or wall next to any filled cell (Space switches).")
        return self.tr("Move the adventurer (shaded cells: the steps needed), then confirm. "
                       "Special actions: one per round.")

    # -- gestures ----------------------------------------------------------
    def eventFilter(self, obj, event) -> bool:
        shown, hidden = (QEvent.Type.Enter, QEvent.Type.FocusIn), (QEvent.Type.Leave, QEvent.Type.FocusOut)
        if obj in self.keep_boxes and event.type() in shown + hidden:
            card = obj.property("card") if event.type() in shown else None
            self.scene.show_route(int(card) if card is not None else None)
        return super().eventFilter(obj, event)

    def _keep_clicked(self, i: int) -> None:
        card = self.keep_boxes[i].property("card")
        if card is not None:
            from ...session.intents import ToggleKeep  # with the first gesture, not at start-up

            self.model.act(ToggleKeep(int(card)))
        self.refresh()

    def _setup_card_toggled(self, i: int, on: bool) -> None:
        """A card ticked is chosen; the chosen card unticked stays chosen (one card is always drawn next)
        and its piece comes back to the hand, as a click on it did."""
        L = self.card_buttons[i].property("card")
        if L and (on or L == self.scene.setup_card):
            self.scene.setup_card = L
            self.scene.wake_ghost()  # a card chosen: its piece may show at once
            self.scene.refresh()
        self.refresh()

    def ask_special(self, special: str) -> None:
        """Asks for the objective card that pays for ``special`` ("extra", "warp"): the window answers."""
        v = self.model.view()
        if v is not None and v.turn is not None and v.turn.can_take_special():
            self.special_asked.emit(special)

    def confirm(self) -> None:
        from ...session.intents import Confirm

        self.scene.c_mode = False
        self.model.act(Confirm())
