"""Controls of the acting seat: setup choices, the draw (A/B/C), special
actions, escape, undo and confirm.  Every button only calls a model intent;
enabled states come from the viewing seat's own draft, a rules builder read
through ``GameModel.view()`` (never guessed here)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..model.game_model import GameModel
from ..rules.components import load_components
from ..rules.turn import Turn
from . import texts
from .retranslate import Retranslating
from .sheet_scene import SheetScene


class ObjectiveChoiceDialog(Retranslating, QDialog):
    """Which objective card pays for the special action (R4.3)."""

    def __init__(self, model: GameModel, special: str, parent=None):
        super().__init__(parent)
        self.model, self.special = model, special
        self.setModal(True)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.list = QListWidget(self)
        v = model.view()
        for card, a, b, done in (v.routes if v is not None else ()):
            item = QListWidgetItem(("✓ " if done else "· ") + texts.objective_label(a, b))
            item.setData(Qt.ItemDataRole.UserRole, card)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        self.buttons = QDialogButtonBox(ok_cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.list.itemDoubleClicked.connect(lambda *_: self.accept())
        lay = QVBoxLayout(self)
        lay.addWidget(self.label)
        lay.addWidget(self.list)
        lay.addWidget(self.buttons)
        self.translate_ui()

    def translate_ui(self) -> None:
        if self.special == "extra":
            self.setWindowTitle(self.tr("Special action: +1 cell"))
        else:
            self.setWindowTitle(self.tr("Special action: warp"))
        self.label.setText(self.tr("Discard which objective card to pay for it?"))


    def chosen(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)


class TurnPanel(Retranslating, QWidget):
    def __init__(self, model: GameModel, scene: SheetScene, parent=None):
        super().__init__(parent)
        self.model, self.scene = model, scene
        self.choice_dialog: ObjectiveChoiceDialog | None = None
        self.instructions = QLabel(self)
        self.instructions.setWordWrap(True)
        self.instructions.setMinimumHeight(40)

        # setup
        self.setup_box = QGroupBox(self)
        self.keep_label = QLabel(self.setup_box)
        self.keep_boxes = [QCheckBox(self.setup_box) for _ in range(4)]
        self.cards_label = QLabel(self.setup_box)
        self.card_buttons = [QPushButton(self.setup_box) for _ in range(4)]
        sl = QGridLayout(self.setup_box)
        sl.addWidget(self.keep_label, 0, 0, 1, 4)
        for i, b in enumerate(self.keep_boxes):
            sl.addWidget(b, 1, i)
            b.toggled.connect(lambda on, i=i: self._keep_clicked(i))
        sl.addWidget(self.cards_label, 2, 0, 1, 4)
        for i, b in enumerate(self.card_buttons):
            b.setCheckable(True)
            sl.addWidget(b, 3, i)
            b.clicked.connect(lambda on, i=i: self._setup_card_clicked(i))

        # the draw, special actions, escape
        self.play_box = QGroupBox(self)
        self.kind_button = QPushButton(self.play_box)
        self.rotate_button = QPushButton(self.play_box)
        self.mirror_button = QPushButton(self.play_box)
        self.c_button = QPushButton(self.play_box)
        self.c_button.setCheckable(True)
        self.none_button = QPushButton(self.play_box)
        self.extra_button = QPushButton(self.play_box)
        self.warp_button = QPushButton(self.play_box)
        self.escape_button = QPushButton(self.play_box)
        self.escape_button.setCheckable(True)
        pl = QGridLayout(self.play_box)
        buttons = [self.kind_button, self.rotate_button, self.mirror_button, self.c_button, self.none_button,
                   self.extra_button, self.warp_button, self.escape_button]
        for i, b in enumerate(buttons):
            pl.addWidget(b, i // 3, i % 3)
        self.kind_button.clicked.connect(self.scene.toggle_kind)
        self.rotate_button.clicked.connect(lambda: self.scene.rotate(1))
        self.mirror_button.clicked.connect(self.scene.mirror)
        self.c_button.clicked.connect(lambda on: self.scene.set_c_mode(on))
        self.none_button.clicked.connect(self.model.take_none)
        self.extra_button.clicked.connect(lambda: self.ask_special("extra"))
        self.warp_button.clicked.connect(lambda: self.ask_special("warp"))
        self.escape_button.clicked.connect(lambda on: self.model.set_escape(on))

        self.undo_button = QPushButton(self)
        self.redo_button = QPushButton(self)
        self.confirm_button = QPushButton(self)
        self.confirm_button.setDefault(True)
        self.hint_button = QPushButton(self)
        self.hint_button.clicked.connect(self.model.request_hint)
        self.hint_label = QLabel(self)
        self.hint_label.setWordWrap(True)
        self.hint_label.hide()
        self.use_hint_button = QPushButton(self)
        self.use_hint_button.hide()
        self.use_hint_button.clicked.connect(self.use_hint)
        model.hint_changed.connect(self._on_hint)
        self.undo_button.clicked.connect(model.undo_stack.undo)
        self.redo_button.clicked.connect(model.undo_stack.redo)
        self.confirm_button.clicked.connect(self.confirm)
        bottom = QHBoxLayout()
        bottom.addWidget(self.undo_button)
        bottom.addWidget(self.redo_button)
        bottom.addWidget(self.hint_button)
        bottom.addStretch(1)
        bottom.addWidget(self.confirm_button)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.instructions)
        lay.addWidget(self.setup_box)
        lay.addWidget(self.play_box)
        hint_row = QHBoxLayout()
        hint_row.addWidget(self.hint_label, 1)
        hint_row.addWidget(self.use_hint_button)
        lay.addLayout(hint_row)
        lay.addLayout(bottom)
        for sig in (model.turn_changed, model.viewer_changed, model.phase_changed, model.thinking_changed):
            sig.connect(self.refresh)
        model.undo_stack.indexChanged.connect(self.refresh)
        scene.mode_changed.connect(self.refresh)
        self.translate_ui()

    # -- strings ---------------------------------------------------------
    def translate_ui(self) -> None:
        self.setup_box.setTitle(self.tr("Setup"))
        self.keep_label.setText(self.tr("Keep two objective cards:"))
        self.cards_label.setText(self.tr("Choose the explore card to draw next:"))
        self.play_box.setTitle(self.tr("Your step 1"))
        self.kind_button.setToolTip(self.tr("Space: switch between action A (roads) and action B (walls)"))
        self.rotate_button.setText(self.tr("Rotate (R)"))
        self.mirror_button.setText(self.tr("Mirror (F)"))
        self.c_button.setText(self.tr("Action C: 1 wall, +1 penalty"))
        self.none_button.setText(self.tr("No draw possible (+1 penalty)"))
        self.extra_button.setText(self.tr("Special: +1 cell…"))
        self.warp_button.setText(self.tr("Special: warp…"))
        self.undo_button.setText(self.tr("Undo (Ctrl+Z)"))
        self.redo_button.setText(self.tr("Redo"))
        self.confirm_button.setText(self.tr("Confirm (Ctrl+Enter)"))
        self.use_hint_button.setText(self.tr("Use it"))
        self.use_hint_button.setToolTip(self.tr("Make the suggested choices for you (you can still undo them)"))
        self.hint_button.setToolTip(self.tr("Ask the Expert computer player what it would do (purple on your sheet)"))
        self._on_hint(self.model.hint)
        self.refresh()


    def _on_hint(self, hint) -> None:
        """The suggestion in words, beside its drawing on the sheet."""
        if hint is None:
            self.hint_label.hide()
            self.hint_label.clear()
            self.use_hint_button.hide()
            return
        self.use_hint_button.show()
        comps = load_components()
        if isinstance(hint, Turn):
            what = {
                "A": self.tr("draw the card as roads ○ where the purple outline is"),
                "B": self.tr("draw the card as walls ■ where the purple outline is"),
                "C": self.tr("take action C: one wall where the purple square is"),
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

    def use_hint(self) -> None:
        """Start the decision over with the suggestion (one undoable step)."""
        self.model.use_hint()

    # -- state -----------------------------------------------------------
    def refresh(self, *args) -> None:
        m = self.model
        if not shiboken6.isValid(m) or not shiboken6.isValid(m.undo_stack):
            return  # the window is being torn down: the stack's last signal
        step = m.step()
        v = m.view()
        mine = v is not None and v.acting
        self.setup_box.setVisible(step == "setup" and mine)
        self.play_box.setVisible(step in ("draw", "extra", "move") and mine)
        self.undo_button.setEnabled(mine and m.undo_stack.canUndo())
        self.redo_button.setEnabled(mine and m.undo_stack.canRedo())
        self.confirm_button.setEnabled(mine and v.draft is not None and v.draft.can_confirm())
        self.hint_button.setVisible(mine and step in ("setup", "draw", "extra", "move"))
        self.hint_button.setEnabled(m.can_hint())
        self.hint_button.setText(self.tr("Thinking…") if m.hint_pending else self.tr("Hint"))
        self.instructions.setText(self._instruction(step, v if mine else None))
        if not (step == "setup" and mine):
            for b in self.keep_boxes + self.card_buttons:  # no stale private text, even hidden
                b.setText("")
                b.setProperty("card", None)
        comps = load_components()
        if step == "setup" and mine and v.setup is not None:
            keep = v.setup.keep
            for b, card in zip(self.keep_boxes, v.setup.dealt_objectives):
                b.blockSignals(True)
                b.setText(texts.objective_label(*comps.objectives[card].letters))
                b.setChecked(card in keep)
                b.setProperty("card", card)
                b.blockSignals(False)
            left = v.setup.cards_left()
            dealt_cards = v.setup.dealt_explore
            for i, b in enumerate(self.card_buttons):
                if i < len(dealt_cards):
                    L = dealt_cards[i]
                    b.setVisible(True)
                    b.setText(texts.card_label(L, comps.explore[L].number))
                    b.setEnabled(L in left)
                    b.setChecked(L == self.scene.setup_card)
                    b.setProperty("card", L)
                else:
                    b.setVisible(False)
        turn = v.turn if mine else None
        if step in ("draw", "extra", "move") and turn is not None:
            drawing = step == "draw"
            kind = texts.kind_name(self.scene.draw_kind())
            self.kind_button.setText(self.tr("Drawing: %1 (Space)").replace("%1", kind))
            self.kind_button.setEnabled(step == "extra" or (drawing and not self.scene.c_mode))
            self.rotate_button.setEnabled(drawing and not self.scene.c_mode)
            self.mirror_button.setEnabled(drawing and not self.scene.c_mode)
            self.c_button.setEnabled(drawing)
            self.c_button.setChecked(drawing and self.scene.c_mode)
            self.none_button.setVisible(turn.can_draw_nothing())
            special = turn.can_take_special()
            self.extra_button.setEnabled(special)
            self.warp_button.setEnabled(special)
            self.escape_button.setVisible(turn.can_escape())
            self.escape_button.setChecked(turn.escape)
            self.escape_button.setText(self.tr("Escaping ✓") if turn.escape else self.tr("Escape"))

    def _instruction(self, step: str, v) -> str:
        """What to do now; ``v`` is the viewing seat's view while it decides."""
        m = self.model
        p = m.public()
        if p.phase == "none":
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
            if kind is None:
                return self.tr("Keep two objective cards, then confirm your setup.")
            if kind == "road" and not v.setup.pieces:
                return self.tr("Draw a card as roads covering the exit (the other card becomes walls).")
            if kind == "road":
                return self.tr("Draw your second road card, touching your roads.")
            return self.tr("Draw a card as walls, touching your setup cells.")
        if step == "draw":
            return self.tr("Draw the active card's piece as roads (A) or walls (B), or take action C.")
        if step == "extra":
            return self.tr("Draw the +1 cell: a road or wall next to any filled cell (Space switches).")
        return self.tr("Move the adventurer (green cells: steps needed), then confirm. Special actions: one per round.")

    # -- gestures ----------------------------------------------------------
    def _keep_clicked(self, i: int) -> None:
        card = self.keep_boxes[i].property("card")
        if card is not None:
            self.model.toggle_keep(int(card))
        self.refresh()

    def _setup_card_clicked(self, i: int) -> None:
        L = self.card_buttons[i].property("card")
        if L:
            self.scene.setup_card = L
            self.scene.refresh()
        self.refresh()

    def ask_special(self, special: str) -> None:
        v = self.model.view()
        if v is None or v.turn is None or not v.turn.can_take_special():
            return
        dlg = ObjectiveChoiceDialog(self.model, special, self.window())
        self.choice_dialog = dlg
        dlg.accepted.connect(lambda: self._special_chosen(dlg))
        dlg.finished.connect(lambda *_: self._dialog_closed(dlg))
        dlg.open()

    def _dialog_closed(self, dlg: ObjectiveChoiceDialog) -> None:
        dlg.deleteLater()
        self.window().activateWindow()  # shortcuts (Ctrl+Z, Ctrl+Enter) work again at once
        for view in self.scene.views():
            view.setFocus()

    def _special_chosen(self, dlg: ObjectiveChoiceDialog) -> None:
        card = dlg.chosen()
        self.choice_dialog = None
        if card is not None:
            self.model.take_special(dlg.special, card)

    def confirm(self) -> None:
        self.scene.c_mode = False
        self.model.confirm()
