"""Pass-and-play privacy by construction (R12): no signal carries another
seat's private side, and a hand-off leaves nothing of one seat's gestures on
the next seat's table."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.model.game_model import GameModel
from ruin_qt.rules.components import load_components
from ruin_qt.rules.observation import Observation
from ruin_qt.rules.pieces import normalise
from ruin_qt.rules.setup_builder import SetupBuilder
from ruin_qt.rules.turn import SetupChoice, Turn
from ruin_qt.rules.turn_builder import TurnBuilder
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.session.views import SeatView
from ruin_qt.ui.sheet.sheet_items import PawnItem

from .. import driver

# Signals whose payload is one seat's private side (R12.1): the seat argument first.
PRIVATE = {"cell_changed", "pawn_moved", "destinations_changed", "penalties_changed", "hand_changed"}
PRIVATE_TYPES = (SeatView, Observation, TurnBuilder, SetupBuilder, Turn, SetupChoice)


class Spy:
    """Every signal the model declares, with who was viewing when it fired."""

    def __init__(self, m: GameModel):
        self.m = m
        self.log: list[tuple[str, tuple, int, bool]] = []
        self.names = [n for n, v in vars(GameModel).items() if isinstance(v, Signal)]
        assert len(self.names) >= 20
        for name in self.names:
            getattr(m, name).connect(lambda *args, name=name: self._seen(name, args))

    def _seen(self, name: str, args: tuple) -> None:
        s = self.m.screen
        self.log.append((name, args, s.viewer, s.awaiting_handoff))
        if name in PRIVATE:
            check_own(name, args, self.m.view())


def check_own(name: str, args: tuple, v: SeatView | None) -> None:
    """A private payload is the viewing seat's own state, as its view has it."""
    assert v is not None and args[0] == v.seat, (name, args)
    if name == "cell_changed":
        assert v.sheet.state(args[1], args[2]) == args[3]
    elif name == "hand_changed":
        assert tuple(args[1]) == v.hand
    elif name == "penalties_changed":
        assert args[1] == v.penalties
    elif name == "destinations_changed":
        assert (tuple(args[1]), tuple(args[2]), tuple(args[3])) == (v.active, v.resolved, v.walled)


def private_objects(x, depth=0):
    if isinstance(x, PRIVATE_TYPES):
        yield x
    elif isinstance(x, (list, tuple, set, frozenset)) and depth < 4:
        for y in x:
            yield from private_objects(y, depth + 1)


def check_payloads(spy: Spy) -> None:
    """While a seat views (or nobody does), nothing private of another seat goes out."""
    for name, args, viewer, covered in spy.log:
        if name in PRIVATE:
            assert viewer >= 0 and not covered, (name, args, viewer)
            assert args[0] == viewer, (name, args, viewer)
        if name == "hint_changed":
            assert args[0] is None or viewer >= 0
        for obj in private_objects(args):
            assert name == "hint_changed" and not covered and viewer >= 0, (name, obj)


def test_R12_no_signal_carries_another_seats_private_side(qtbot, monkeypatch, runner):
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m = GameModel(runner=runner)
    spy = Spy(m)
    m.new_game([("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")], seed=17)
    rng = random.Random(17)
    decisions = 0
    while m.public().phase != "over" and decisions < 60:
        qtbot.waitUntil(lambda: m.step() in ("handoff", "setup", "draw") or m.public().phase == "over", timeout=5000)
        if m.public().phase == "over":
            break
        if m.step() == "handoff":
            assert m.view() is None
            m.accept_handoff()
            continue
        v = m.view()
        if v.step == "setup":
            assert m.act(TakeDecision(random_setup(v.obs, rng)))
        else:  # the random policy takes every kind of turn: C, specials, escapes
            assert m.act(TakeDecision(random_turn(v.obs, rng)))
        assert m.act(Confirm())
        decisions += 1
    check_payloads(spy)
    assert decisions >= 20
    for name, _args, viewer, _covered in spy.log:
        assert not (name in PRIVATE and viewer == 2), "a computer seat's side was sent"
    assert {n for n, *_ in spy.log} >= PRIVATE | {"handoff_requested", "announced", "viewer_changed"}
    m.shutdown()


def test_a_hand_off_leaves_nothing_of_the_last_seat_on_the_table(window, qtbot, monkeypatch):
    """A draws with the keyboard and the mouse, switched to walls and turned the
    piece, asked for a hint; after the hand-off B's table starts afresh, on roads."""
    import ruin_qt.ai.expert as expert

    monkeypatch.setattr(expert, "DEFAULT_BUDGET_S", 0.2)
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    m, view, scene, panel = window.model, window.view, window.scene, window.turn_panel
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=21)
    rng = random.Random(21)
    for _ in range(2):  # both setups
        window.cover.button.click()
        assert m.act(TakeDecision(random_setup(m.view().obs, rng))) and m.act(Confirm())
    window.cover.button.click()
    v = m.view()
    assert v.step == "draw" and v.seat == 0
    card = v.obs.active_card
    walls = [p.cells for p in v.turn.legal_placements("wall")]
    assert walls, "seed 21 gives seat 1 a wall placement"
    cells = walls[len(walls) // 2]
    driver.key(view, Qt.Key.Key_Space)  # walls
    assert scene.kind == "wall"
    driver.key(view, Qt.Key.Key_Right)  # the keyboard moves the ghost
    driver.key(view, Qt.Key.Key_R)
    driver.place_piece(view, scene, "wall", cells)  # the mouse shapes and draws it
    assert m.view().turn.action == "B"
    driver.hover(view, (2, 2))  # the pointer stays on the sheet
    driver.key(view, Qt.Key.Key_R)
    with qtbot.waitSignal(m.hint_changed, timeout=30000):
        panel.hint_button.click()
    assert m.hint is not None and scene.hint_item.pieces
    driver.key(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # confirm
    assert m.step() == "handoff" and window.cover.isVisible()
    assert not scene.items()
    qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    v = m.view()
    assert v.seat == 1 and v.step == "draw" and v.obs.active_card == card
    assert scene.kind == "road" and not scene.c_mode
    assert panel.kind_button.text().startswith("Drawing: roads")
    assert scene.shape == normalise(load_components().explore[card].cells)  # the card's own orientation
    assert scene.cursor == load_components().exit and not scene.pointer_inside
    assert not scene.ghost.isVisible() and not scene.cursor_item.isVisible()
    assert not scene.hint_item.pieces and m.hint is None
    assert not any(item.draft or item.reach is not None for item in scene.cells.values())
    assert all(getattr(item, "seat", 1) == 1 for item in scene.items())
    assert view.hasFocus() or window.focusWidget() is view
