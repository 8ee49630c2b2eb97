"""Every command of a turn as one QAction: the Turn menu, the panel's buttons,
the keyboard shortcut and its tooltip are the same object, so they can never
disagree (a menu item enabled while its button is not).

The sheet's own keys (arrows, Enter, R, F, Space, and the reading keys of
``sheet.read_keys``) stay with the sheet scene; ``sheet_keys`` lists them for
the Controls page."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractButton

from ...model.game_model import GameModel
from ...session.views import Draft
from ..sheet import read_keys


def sheet_keys() -> list[tuple[str, str]]:
    """(key, what it does) for the keys the sheet handles itself.  Each call is
    spelled out: lupdate does not follow an alias of ``translate``."""
    return [
        (QCoreApplication.translate("Controls", "Arrow keys"),
         QCoreApplication.translate("Controls", "move the piece or the cursor one cell")),
        (QCoreApplication.translate("Controls", "Enter"),
         QCoreApplication.translate("Controls", "draw the piece here, or move the adventurer here")),
        (QCoreApplication.translate("Controls", "R / Shift+R"),
         QCoreApplication.translate("Controls", "rotate the piece (mouse wheel too)")),
        (QCoreApplication.translate("Controls", "F"),
         QCoreApplication.translate("Controls", "mirror the piece (right click too)")),
        (QCoreApplication.translate("Controls", "Space"),
         QCoreApplication.translate("Controls", "switch between roads ○ (action A) and walls ■ (action B)")),
        *read_keys.help_rows(),  # the reading and jumping keys, from their own table
        (QCoreApplication.translate("Controls", "Tab / Shift+Tab"),
         QCoreApplication.translate("Controls", "leave the sheet for the controls beside it, and come back")),
    ]


# An action's own name, kept apart from its text (the undo stack writes
# "Undo Draw the +1 cell" into Undo's text): the Controls page lists the name.
NAME_PROPERTY = "command_name"


def shortcut_text(action: QAction) -> str:
    keys = action.shortcuts()
    return keys[0].toString(QKeySequence.SequenceFormat.NativeText) if keys else ""


def _trigger_unless(action: QAction, checked: bool) -> None:
    """Trigger ``action`` unless it is ``checked`` already."""
    if checked != action.isChecked():
        action.trigger()


def bind(button: QAbstractButton, action: QAction) -> None:
    """``button`` triggers ``action`` and follows its enabled, checked and
    tooltip state.  A click leaves the keyboard focus on the sheet."""
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    button.setCheckable(action.isCheckable())
    if action.isCheckable():
        # Toggled, not clicked: a screen reader's "Toggle" action toggles without a click.
        # The action's own state coming back (follow) is no new toggle.
        button.toggled.connect(lambda on: _trigger_unless(action, on))
    else:
        button.clicked.connect(lambda *_: action.trigger())

    def follow() -> None:
        button.setEnabled(action.isEnabled())
        button.setToolTip(action.toolTip())
        if action.isCheckable():
            button.setChecked(action.isChecked())

    action.changed.connect(follow)
    follow()


class TurnActions(QObject):
    """The acting seat's commands; their states follow the model."""

    def __init__(self, model: GameModel, parent: QObject | None = None):
        super().__init__(parent)
        self.model = model
        self.hinted_draft: Draft | None = None  # the draft the hint was given for: once it changes, the hint is stale
        self.undo = model.undo_stack.createUndoAction(self)
        self.undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo = model.undo_stack.createRedoAction(self)
        self.redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.confirm = self._action([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.hint = self._action([QKeySequence("H")])
        self.use_hint = self._action([QKeySequence("Shift+H")])
        self.c_mode = self._action([QKeySequence("C")], checkable=True)
        self.none = self._action([QKeySequence("N")])
        self.extra = self._action([QKeySequence("P")])
        self.warp = self._action([QKeySequence("W")])
        self.escape = self._action([QKeySequence("E")], checkable=True)
        self.hint.triggered.connect(model.request_hint)
        self.use_hint.triggered.connect(self._use_hint)
        model.hint_changed.connect(self._hint_given)
        self.none.triggered.connect(self._take_none)
        self.escape.triggered.connect(self._set_escape)
        for sig in (model.turn_changed, model.hint_changed, model.thinking_changed):
            sig.connect(self.refresh)
        self.translate_ui()

    def _hint_given(self, hint) -> None:
        v = self.model.view()
        self.hinted_draft = v.draft if hint is not None and v is not None else None

    def fresh_hint(self):
        """The hint, while the board is still the one it was given for (not acted on, not used)."""
        v = self.model.view()
        hint = self.model.hint
        return hint if hint is not None and v is not None and v.acting and v.draft is self.hinted_draft else None

    def _take_none(self) -> None:
        from ...session.intents import TakeNone  # with the first gesture, not at start-up

        self.model.act(TakeNone())

    def _set_escape(self, on: bool) -> None:
        from ...session.intents import SetEscape

        self.model.act(SetEscape(on))

    def _use_hint(self) -> None:
        if self.fresh_hint() is not None:  # the action is disabled otherwise: this guards a queued trigger
            self.model.use_hint()

    def _action(self, keys: list[QKeySequence], checkable: bool = False) -> QAction:
        a = QAction(self)
        a.setShortcuts(keys)
        a.setCheckable(checkable)
        return a

    def all(self) -> list[QAction]:
        """In the order of the Turn menu."""
        return [self.undo, self.redo, self.confirm, self.c_mode, self.none, self.extra, self.warp, self.escape,
                self.hint, self.use_hint]

    def translate_ui(self) -> None:
        for action, text, tip in [
            (self.undo, self.tr("&Undo"), self.tr("Take back the last thing you did this turn")),
            (self.redo, self.tr("&Redo"), self.tr("Do again what you took back")),
            (self.confirm, self.tr("&Confirm"), self.tr("End your step 1: what you drew can no longer change")),
            (self.c_mode, self.tr("Action &C: 1 wall, +1 penalty"),
             self.tr("Draw one wall next to a filled cell instead of the piece, and take a penalty")),
            (self.none, self.tr("&No draw possible (+1 penalty)"),
             self.tr("Only when neither the piece nor action C fits")),
            (self.extra, self.tr("Special: +1 cell…"), self.tr("Pay an objective card to draw one more road or wall")),
            (self.warp, self.tr("Special: warp…"), self.tr("Pay an objective card to jump once between two gates")),
            (self.escape, self.tr("&Escape"), self.tr("Leave the ruin from the exit (stage 2)")),
            (self.hint, self.tr("&Hint"),
             self.tr("Ask the Expert computer player what it would do (a dash-dot outline on your sheet)")),
            (self.use_hint, self.tr("&Use the hint"),
             self.tr("Make the suggested choices for you (you can still undo them)")),
        ]:
            action.setText(text)
            action.setProperty(NAME_PROPERTY, text)
            keys = shortcut_text(action)
            action.setToolTip(self.tr("%1 (%2)").replace("%1", tip).replace("%2", keys) if keys else tip)
        self._use_tip = self.use_hint.toolTip()
        self.refresh()

    def refresh(self, *args) -> None:
        m = self.model
        v = m.view()
        live = v if v is not None and v.acting else None  # the seat's view while it decides
        deciding = live is not None
        turn = live.turn if live is not None else None
        step = live.step if live is not None else "wait"
        self.confirm.setEnabled(live is not None and live.draft is not None and live.draft.can_confirm())
        self.hint.setEnabled(m.can_hint())
        # Shift+H is enabled only while there is a hint to use (one given
        # for this very board); its tooltip says why it is not.
        hinted = deciding and self.fresh_hint() is not None
        self.use_hint.setEnabled(hinted)
        if not hinted:
            why = self.tr("The Expert is still thinking: the hint is not ready yet.") if m.hint_pending \
                else self.tr("No hint to use: ask for one first (Hint, or H).")
            self.use_hint.setToolTip(self.tr("%1 (%2)").replace("%1", why).replace("%2", shortcut_text(self.use_hint)))
        else:
            self.use_hint.setToolTip(self._use_tip)
        self.c_mode.setEnabled(step == "draw")
        self.none.setEnabled(turn is not None and turn.can_draw_nothing())
        special = turn is not None and turn.can_take_special()
        self.extra.setEnabled(special)
        self.warp.setEnabled(special)
        self.escape.setEnabled(turn is not None and turn.can_escape())
        self.escape.setChecked(turn is not None and turn.escape)
