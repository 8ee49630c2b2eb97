"""One route by which changes reach views.  Whatever changes a
table -- this screen's gesture, a computer seat's answer, another laptop's
intent, a host's frame -- the table tells its watchers, once per call, with
the ``Changes`` it made; a model watches its table and nothing else feeds it."""

from __future__ import annotations

import ast
import gc
import random
from pathlib import Path

import pytest

import ruin_qt
from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.errors import RuleError
from ruin_qt.session.intents import Confirm, PlacePiece, TakeDecision
from ruin_qt.session.table import NotDeciding, TableSession
from ruin_qt.session.views import Changes

PACKAGE = Path(ruin_qt.__file__).resolve().parent


class Heard:
    def __init__(self) -> None:
        self.told: list[Changes] = []

    def __call__(self, ch: Changes) -> None:
        self.told.append(ch)

    def hear(self, ch: Changes) -> None:
        self.told.append(ch)


def test_a_table_tells_each_call_once_with_what_it_returned():
    s, heard = TableSession(), Heard()
    s.watch(heard)
    ch = s.new_game([("Aki", "human"), ("Rando", "ai:random")], seed=3)  # it begins the setup inside: one telling
    assert heard.told == [ch] and ch.thinking and s.thinking() == [1]
    setup = random_setup(s.view(0).obs, random.Random(3))
    ch = s.act(0, TakeDecision(setup))
    assert heard.told[-1] == ch and len(heard.told) == 2


def test_a_refused_gesture_and_one_that_may_not_be_made_tell_nothing():
    s, heard = TableSession(), Heard()
    s.new_game([("Aki", "human"), ("Bo", "human")], seed=4)
    s.watch(heard)
    with pytest.raises(RuleError):
        s.act(0, PlacePiece("road", ((0, 0), (9, 9))))
    with pytest.raises(NotDeciding):
        s.act(5, TakeDecision(random_setup(s.view(0).obs, random.Random(4))))
    assert heard.told == []


def test_a_watcher_gone_is_told_nothing_and_one_unwatched_neither():
    s = TableSession()
    gone, kept = Heard(), Heard()
    s.watch(gone.hear)  # a bound method is held weakly (a model whose window closed)
    s.watch(kept.hear)
    del gone
    gc.collect()
    s.new_game([("Aki", "human")], seed=5)
    assert len(kept.told) == 1
    s.unwatch(kept.hear)
    s.act(0, TakeDecision(random_setup(s.view(0).obs, random.Random(5))))
    assert len(kept.told) == 1


def test_a_model_hears_a_change_it_did_not_make(qtbot, runner):
    """As the host makes a remote seat's intent: on the session, with no call into the model."""
    from ruin_qt.model.game_model import GameModel
    from ruin_qt.session.screen import SeatScreen

    s = TableSession()
    m = GameModel(s, screen=SeatScreen(s, 0), runner=runner)
    s.new_game([("Aki", "human"), ("Bo", "human")], seed=6)
    assert m.public().phase == "setup" and m.step() == "setup"
    s.act(1, TakeDecision(random_setup(s.view(1).obs, random.Random(6))))
    with qtbot.waitSignal(m.decided, timeout=1000) as got:
        s.act(1, Confirm())
    assert got.args == [1]
    m.shutdown()


def test_nothing_but_the_model_feeds_the_model():
    """No module wires a change into a model by hand (before: a host's ``changed`` signal and a
    client's, each connected to ``model.apply`` in app/tables.py): a model's ``apply`` is reached
    from model/game_model.py only (the table's watcher, and the screen's own changes there)."""
    calls = []
    for f in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "apply" and f.name != "game_model.py" \
                    and "model" in ast.unparse(node.value).lower():
                calls.append(f"{f.relative_to(PACKAGE)}:{node.lineno}")
    assert not calls, calls
