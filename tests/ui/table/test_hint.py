"""The Hint button: the Expert's suggestion for the acting seat, drawn on its
own sheet, computed off the UI thread from that seat's observation."""

import pytest
from PySide6.QtCore import Qt

from ruin_qt.rules.turn import SetupChoice, Turn
from ruin_qt.session.intents import Confirm
from ruin_qt.ui.sheet.sheet_items import PawnItem

from .. import driver
from ..app.test_solo_game import pick_draw
from ..windows.test_table_feel import start_solo


def test_hint_for_setup_and_for_a_turn(window, qtbot):
    m = window.model
    window.start_game([("Aki", "human")], seed=6)
    panel = window.turn_panel
    assert panel.hint_button.isVisible() and panel.hint_button.isEnabled()
    with qtbot.waitSignal(m.hint_changed, timeout=30000) as blocker:
        panel.hint_button.click()
        assert panel.hint_button.text() == "Thinking…"
    hint = blocker.args[0]
    assert isinstance(hint, SetupChoice)
    m.session.game.check_setup(0, hint)  # legal
    assert window.scene.hint_item.pieces and panel.hint_label.isVisible()
    # take the hint with its button, confirm, and ask again in the first round
    panel.use_hint_button.click()
    setup = m.view().setup
    assert setup.keep == tuple(hint.keep) and len(setup.pieces) == len(hint.roads) + len(hint.walls)
    assert m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    assert m.hint is None and not panel.hint_label.isVisible()  # a hint belongs to one decision
    with qtbot.waitSignal(m.hint_changed, timeout=30000) as blocker:
        panel.hint_button.click()
    turn = blocker.args[0]
    assert isinstance(turn, Turn)
    m.session.game.check_turn(0, turn)
    assert window.scene.hint_item.seat == 0
    assert panel.hint_label.text().startswith("Hint:")
    panel.use_hint_button.click()
    assert m.view().turn.turn() == turn  # the suggested step 1, ready to confirm


def test_no_hint_for_a_seat_that_is_not_deciding(qtbot, runner):
    from ruin_qt.model.game_model import GameModel

    m = GameModel(runner=runner)
    m.new_game([("A", "human"), ("B", "human")], seed=2)
    assert not m.can_hint()  # the cover is up: nobody's turn is visible
    m.accept_handoff()
    assert m.can_hint()
    m.shutdown()


@pytest.mark.slow
@pytest.mark.parametrize("seats", [[("Aki", "human")], [("Aki", "human"), ("Ben", "ai:standard")]],
                         ids=["solo", "two-seats"])
def test_decisions_taken_from_the_hint_are_the_reviews_best(qtbot, seats, runner):
    """Through the model: the hint the player gets is the
    review's search (``review.hint``), and the decisions taken from it, as the
    record keeps them, are the review's best at the app's quality (at a
    table, with a computer seat deciding in the same rounds)."""
    from ruin_qt import review
    from ruin_qt.model.game_model import GameModel
    from ruin_qt.review.hint import hint
    from ruin_qt.rules import record

    m = GameModel(runner=runner)
    m.new_game(seats, seed=58)
    for _ in range(2):  # the setup and the first round
        obs = m.session.hint_observation(0)
        with qtbot.waitSignal(m.hint_changed, timeout=60000) as blocker:
            assert m.request_hint()
        assert blocker.args[0] == hint(obs)
        assert m.use_hint() and m.act(Confirm())
        qtbot.waitUntil(lambda: m.can_hint(), timeout=5000)
    rec = record.to_record(m.session.game)
    m.shutdown()
    assert [d.category for d in review.review(rec, 0).decisions] == ["best", "best"]


def test_a_stale_hint_goes_and_shift_h_is_disabled_without_one(window, qtbot, monkeypatch):
    """Turn > Use the hint (Shift+H) is disabled while there is no
    hint for this board (none asked, one still thinking, one gone stale), and says why."""
    import ruin_qt.ai.expert as expert

    monkeypatch.setattr(expert, "DEFAULT_BUDGET_S", 0.1)
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene, panel = window.model, window.view, window.scene, window.turn_panel
    start_solo(window, qtbot)
    use = panel.actions.use_hint
    assert use in window.menus.edit_menu.actions()
    assert not use.isEnabled() and "No hint" in use.toolTip()  # no hint: greyed in the Turn menu
    with qtbot.waitSignal(m.hint_changed, timeout=30000):
        qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
        assert not use.isEnabled() and "thinking" in use.toolTip()  # asked, not ready yet
    assert use.isEnabled() and "Shift+H" in use.toolTip()
    assert panel.hint_label.isVisible() and panel.use_hint_button.isVisible()
    kind, cells = pick_draw(m)
    driver.place_piece(view, scene, kind, cells)  # the board changed: the hint no longer lies there
    assert not panel.hint_label.isVisible() and not panel.use_hint_button.isVisible()
    assert not use.isEnabled()
    use.trigger()  # a disabled action does nothing: the piece stays where it was drawn
    assert m.view().turn.cells == tuple(cells) or sorted(m.view().turn.cells) == sorted(map(tuple, cells))
    with qtbot.waitSignal(m.hint_changed, timeout=30000):
        qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
    assert use.isEnabled()
    qtbot.mouseClick(panel.use_hint_button, Qt.MouseButton.LeftButton)  # used: its words go too
    assert not panel.hint_label.isVisible() and not panel.use_hint_button.isVisible()
    assert not use.isEnabled()
