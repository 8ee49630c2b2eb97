"""A human seat's gestures at the session: a refused draw names its rule and
its reason, and leaves the seat's draft, view, undo history and penalties as
they were.  The window's part (the ghost drawn red, the sentence in the
status bar, the rule in its tooltip) is tests/ui/sheet/test_illegal_gestures.py."""

from __future__ import annotations

import random

import pytest

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules.bitboard import SIZE
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.pieces import card_orientations
from ruin_qt.session.intents import Confirm, PlacePiece, TakeDecision
from ruin_qt.session.table import TableSession


def solo_at_the_draw(seed: int) -> TableSession:
    """A solo table whose seat has set up (a random legal setup) and now draws."""
    s = TableSession()
    s.new_game([("Aki", "human")], seed=seed)
    s.act(0, TakeDecision(random_setup(s.view(0).obs, random.Random(seed))))
    s.act(0, Confirm())
    assert s.view(0).step == "draw"
    return s


def refusals(s: TableSession, kind: str) -> dict[str, tuple[list, RuleError]]:
    """rule -> (cells of one placement of the active card, the refusal), as the
    seat's own view refuses it (what the window's ghost is drawn from)."""
    v = s.view(0)
    out: dict[str, tuple[list, RuleError]] = {}
    for o in card_orientations(v.obs.active_card):
        h = max(r for r, _ in o.cells) + 1
        w = max(c for _, c in o.cells) + 1
        for r0 in range(SIZE - h + 1):
            for c0 in range(SIZE - w + 1):
                cells = [(r0 + r, c0 + c) for r, c in o.cells]
                why = v.turn.check_piece(kind, cells)
                if why is not None:
                    out.setdefault(why.rule, (cells, why))
    return out


def snapshot(s: TableSession, seat: int = 0):
    v = s.view(seat)
    return (v.sheet.state_key(), v.drawn_cells, s.can_undo(seat), s.can_redo(seat), v.step, v.penalties,
            s.draft(seat))


def find(rule: str, kind: str) -> tuple[TableSession, list, RuleError]:
    for seed in range(1, 80):
        s = solo_at_the_draw(seed)
        found = refusals(s, kind).get(rule)
        if found:
            return s, *found
    pytest.fail(f"no seed shows a {rule} refusal")


@pytest.mark.parametrize("rule, kind, code", [
    ("R3.1", "road", "filled"),  # overlap
    ("R3.4", "road", "road_2x2"),  # 2x2 roads
    ("R3.2", "wall", "not_touching"),  # touching nothing drawn
])
def test_R3_a_refused_placement_names_its_rule_and_changes_nothing(rule, kind, code):
    """Was checked through the window's ghost and click (test_illegal_gestures)."""
    s, cells, why = find(rule, kind)
    assert why.rule == rule and why.code == code, why
    before = snapshot(s)
    with pytest.raises(RuleError) as e:
        s.act(0, PlacePiece(kind, cells))
    assert e.value.rule == rule and e.value.code == why.code  # the click is refused for the reason the ghost showed
    assert snapshot(s) == before
    assert s.view(0).turn.check_piece(kind, cells).rule == rule  # the refusal stands: still drawn red


def test_R4_2_confirming_before_drawing_is_refused_and_changes_nothing():
    """Was checked through Ctrl+Return in the window (test_illegal_gestures)."""
    s = solo_at_the_draw(5)
    before = snapshot(s)
    with pytest.raises(RuleError) as e:
        s.act(0, Confirm())
    assert e.value.rule == "R4.2"
    assert snapshot(s) == before and s.may_act() == {0}
