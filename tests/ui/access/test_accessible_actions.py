"""Every accessible action does what a click does: a screen reader's user
presses or toggles through the object's action ("Press", "Toggle"), never a
mouse.  Qt's "Toggle" toggles a checkable button without a click, and
"Press" clicks it a moment later; both must move the game as a click does."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import SIGNAL, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QDialog

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.session.intents import Confirm, TakeDecision

SEED = 11


def act(widget, qtbot) -> None:
    """The widget's first accessible action, as a screen reader does it."""
    iface = QAccessible.queryAccessibleInterface(widget)
    actions = iface.actionInterface()
    assert actions is not None and actions.actionNames(), widget
    actions.doAction(actions.actionNames()[0])
    qtbot.wait(250)  # "Press" clicks after a short animation


def click(widget, qtbot) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    qtbot.wait(250)


def setup_game(window, qtbot):
    window.start_game([("Aki", "human")], seed=SEED)
    return window.model


def draw_game(window, qtbot):
    m = setup_game(window, qtbot)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(SEED))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    return m


def drawn_game(window, qtbot):
    """Step 1 with a decision taken: Undo has something to take back."""
    from ruin_qt.ai.random_policy import random_turn

    m = draw_game(window, qtbot)
    m.act(TakeDecision(random_turn(m.view().obs, random.Random(SEED))))
    return m


def state(window, refused: list) -> tuple:
    """What a click on the turn panel can change."""
    m, scene = window.model, window.scene
    v = m.view()
    return (m.step(), v.setup.keep if v is not None and v.setup is not None else None, scene.setup_card,
            scene.draw_kind(), scene.c_mode, scene.shape, window.turn_panel.actions.c_mode.isChecked(),
            len(refused), m.undo_stack.index())


def effect(window, qtbot, start, pick, how) -> tuple[tuple, tuple]:
    refused: list = []
    start(window, qtbot)
    window.model.refused.connect(lambda *a: refused.append(a))
    before = state(window, refused)
    how(pick(window.turn_panel), qtbot)
    return before, state(window, refused)


def other_card(panel):
    return next(b for b in panel.card_buttons if b.isVisible() and b.isEnabled() and not b.isChecked())


CASES = {
    "an objective box": (setup_game, lambda p: p.keep_boxes[0]),
    "an explore card": (setup_game, other_card),
    "the chosen explore card": (setup_game, lambda p: next(b for b in p.card_buttons if b.isChecked())),
    "roads or walls": (draw_game, lambda p: p.kind_button),
    "rotate": (draw_game, lambda p: p.rotate_button),
    "mirror": (draw_game, lambda p: p.mirror_button),
    "action C": (draw_game, lambda p: p.c_button),
    "undo": (drawn_game, lambda p: p.undo_button),
    "confirm": (drawn_game, lambda p: p.confirm_button),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_turn_panel_action_does_what_a_click_does(window, qtbot, case):
    start, pick = CASES[case]
    before, clicked = effect(window, qtbot, start, pick, click)
    _, acted = effect(window, qtbot, start, pick, act)
    assert acted == clicked, f"{case}: by its action {acted}, by a click {clicked} (before {before})"
    if case != "the chosen explore card":  # a click on the chosen card keeps it chosen
        assert clicked != before, f"{case}: a click changed nothing"


def test_choosing_an_explore_card_by_its_toggle_action_changes_the_card(window, qtbot):
    setup_game(window, qtbot)
    panel = window.turn_panel
    chosen = window.scene.setup_card
    button = other_card(panel)
    assert "Toggle" in QAccessible.queryAccessibleInterface(button).actionInterface().actionNames()
    act(button, qtbot)
    assert window.scene.setup_card == button.property("card") != chosen
    assert [b for b in panel.card_buttons if b.isChecked()] == [button]  # one box ticked: the card drawn next


def actionable_buttons(widget) -> list[QAbstractButton]:
    out = []
    for b in widget.findChildren(QAbstractButton):
        iface = QAccessible.queryAccessibleInterface(b)
        if b.isVisible() and b.isEnabled() and iface.actionInterface() and iface.actionInterface().actionNames():
            out.append(b)
    return out


def check_buttons(dialog: QDialog, qtbot) -> int:
    """A checkable button reacts to being toggled (its Toggle action gives no click); a pressable one
    is clicked by its Press action."""
    buttons = actionable_buttons(dialog)
    for b in buttons:
        if b.isCheckable():
            assert b.receivers(SIGNAL("clicked(bool)")) + b.receivers(SIGNAL("clicked()")) == 0, \
                f"{b.text()!r}: its Toggle action gives no click, and something waits for one"
        else:
            with qtbot.waitSignal(b.clicked, timeout=2000):
                QAccessible.queryAccessibleInterface(b).actionInterface().doAction("Press")
            if not dialog.isVisible():
                dialog.show()  # an OK or Close button closed it: the others are checked too
    return len(buttons)


def test_the_dialogs_buttons_answer_their_actions(window, qtbot, monkeypatch):
    from ruin_qt.ui.dialogs.new_game import NewGameDialog
    from tests.ui.windows.test_final_sheet import board

    dialogs = [NewGameDialog(None), board(qtbot, [(120, 40), (150, 30)], ["Aki", "Bo"])]
    checked = 0
    for dlg in dialogs:
        qtbot.addWidget(dlg)
        for name in ("accept", "reject", "done"):
            monkeypatch.setattr(dlg, name, lambda *a: None)  # pressed OK and Cancel leave it open to go on
        dlg.show()
        qtbot.waitExposed(dlg)
        checked += check_buttons(dlg, qtbot)
    assert checked >= 4
    # The turn panel's checkable buttons (action C, the explore cards) follow the same rule.
    setup_game(window, qtbot)
    for b in [*window.turn_panel.card_buttons, window.turn_panel.c_button]:
        if b.isCheckable():
            assert b.receivers(SIGNAL("clicked(bool)")) + b.receivers(SIGNAL("clicked()")) == 0, b.text()


def test_each_tab_of_the_side_column_opens_by_its_action(window, qtbot):
    setup_game(window, qtbot)
    tabs = window.public_tabs
    bar = QAccessible.queryAccessibleInterface(tabs.tabBar())
    pages = [bar.child(i) for i in range(bar.childCount())]
    pages = [c for c in pages if c.role() == QAccessible.Role.PageTab]
    assert len(pages) == tabs.count() >= 3
    for i in reversed(range(tabs.count())):
        pages[i].actionInterface().doAction(pages[i].actionInterface().actionNames()[0])
        qtbot.wait(1)
        assert tabs.currentIndex() == i  # as a click on the tab
