"""The turn and setup builders (R4, R5.3-R5.4): a decision built gesture by
gesture, as the table builds it, agrees with ``Game.check_turn`` and
``Game.check_setup`` on every decision of random and AI-played games; every
refusal names its rule."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.ai.standard import StandardBrain
from ruin_qt.rules.bitboard import mask_of
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe
from ruin_qt.rules.turn import SetupChoice, Turn

RULE_ID = re.compile(r"^R\d+(\.\d+)?$")
games = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def build_turn(game: Game, seat: int, turn: Turn):
    """``turn`` taken as a player takes it: the draw, the special action,
    a click on the cell to end on (a shortest walk), the escape."""
    b = game.turn_builder(seat)
    if turn.action in ("A", "B"):
        kind = "road" if turn.action == "A" else "wall"
        assert b.check_piece(kind, turn.cells) is None
        assert mask_of(turn.cells) in {p.mask for p in b.legal_placements(kind)}
        b = b.draw(kind, turn.cells)
    elif turn.action == "C":
        assert b.check_cell(turn.cells[0]) is None
        b = b.draw_c(turn.cells[0])
    else:
        assert b.can_draw_nothing()
        b = b.draw_nothing()
    if turn.discard is not None:
        assert b.can_take_special()
        b = b.take_special("extra" if turn.extra else "warp", turn.discard)
        if turn.extra:
            assert b.step == "extra" and b.check_cell(turn.extra[1], turn.extra[0]) is None
            b = b.place_extra(*turn.extra)
    assert b.step == "move"
    end = turn.path[-1] if turn.path else b.start_cell
    assert b.reach()[end] <= len(turn.path)
    b = b.move_to(end)
    if turn.escape:
        assert b.can_escape()
        b = b.set_escape(True)
    return b


def check_round(game: Game, turns: list[Turn | None]) -> None:
    for seat, turn in enumerate(turns):
        if turn is None:
            continue
        after = game.check_turn(seat, turn)
        b = build_turn(game, seat, turn)
        built = b.turn()
        assert game.check_turn(seat, built).state_key() == after.state_key()
        assert b.preview_sheet().state_key() == after.state_key()
        assert b.penalties == game.seats[seat].penalties + turn.penalties
        assert list(b.hand) == [c for c in game.seats[seat].hand if c != turn.discard]
        assert game.turn_builder(seat).replay(turn).turn() == turn


def play(game: Game, decide_setup, decide_turn) -> None:
    for i in range(game.n):
        choice = decide_setup(i)
        b = game.setup_builder(i)
        for card in choice.keep:
            b = b.toggle_keep(card)
        for kind, pieces in (("road", choice.roads), ("wall", choice.walls)):
            for card, cells in pieces:
                assert b.next_kind() == kind and card in b.cards_left()
                assert mask_of(cells) in {p.mask for p in b.placements(card, kind)}
                b = b.place(kind, card, cells)
        assert b.can_confirm() and b.choice() == choice
        assert b.drawn() == game.check_setup(i, choice)
        game.submit_setup(i, choice)
    while not game.over:
        turns = [None if s.escaped else decide_turn(i) for i, s in enumerate(game.seats)]
        check_round(game, turns)
        game.play_round(turns)


@games
@given(n=st.integers(1, 4), seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_R4_R5_builders_agree_with_the_engine_on_random_games(n, seed, policy):
    rng = random.Random(policy)
    game = Game([(f"S{i}", "ai:random") for i in range(n)], seed)
    play(game, lambda i: random_setup(observe(game, i), rng), lambda i: random_turn(observe(game, i), rng))


@pytest.mark.parametrize("n, seed", [(1, 21), (2, 22), (4, 23)])
def test_R4_R5_builders_agree_with_the_engine_on_standard_games(n, seed):
    brain, rng = StandardBrain(), random.Random(seed)
    game = Game([(f"S{i}", "ai:standard") for i in range(n)], seed)
    play(game, lambda i: brain.decide_setup(observe(game, i), rng), lambda i: brain.decide_turn(observe(game, i), rng))


def mutate(turn: Turn, rng: random.Random) -> Turn:
    """A turn with one thing changed, most likely breaking a rule."""
    cells = list(turn.cells)
    r = rng.randrange(8)
    if r == 0 and cells:
        cells[rng.randrange(len(cells))] = (rng.randrange(-1, 12), rng.randrange(-1, 12))
    elif r == 1:
        return Turn(rng.choice(["A", "B", "C", "none"]), turn.cells, turn.discard, turn.extra, turn.warp, turn.path,
                    turn.escape)
    elif r == 2:
        return Turn(turn.action, turn.cells, rng.randrange(30), turn.extra, turn.warp, turn.path, turn.escape)
    elif r == 3:
        return Turn(turn.action, turn.cells, turn.discard, ("road", (rng.randrange(11), rng.randrange(11))),
                    turn.warp, turn.path, turn.escape)
    elif r == 4:
        return Turn(turn.action, turn.cells, turn.discard, turn.extra, not turn.warp, turn.path, turn.escape)
    elif r == 5:
        path = list(turn.path) + [(rng.randrange(11), rng.randrange(11))]
        return Turn(turn.action, turn.cells, turn.discard, turn.extra, turn.warp, tuple(path), turn.escape)
    elif r == 6:
        return Turn(turn.action, turn.cells, turn.discard, turn.extra, turn.warp, turn.path, not turn.escape)
    else:
        cells = [(r0 + 1, c0) for r0, c0 in cells]
    return Turn(turn.action, tuple(cells), turn.discard, turn.extra, turn.warp, turn.path, turn.escape)


@games
@given(n=st.integers(1, 4), seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_R4_every_refusal_names_its_rule(n, seed, policy):
    rng = random.Random(policy)
    game = Game([(f"S{i}", "ai:random") for i in range(n)], seed)
    for i in range(n):
        game.submit_setup(i, random_setup(observe(game, i), rng))
    refused = 0
    while not game.over and game.round < 12:
        turns = [None if s.escaped else random_turn(observe(game, i), rng) for i, s in enumerate(game.seats)]
        for seat, turn in enumerate(turns):
            if turn is None:
                continue
            bad = mutate(turn, rng)
            try:
                game.check_turn(seat, bad)
            except RuleError as e:
                refused += 1
                assert RULE_ID.match(e.rule) and e.code, (e.rule, e.code, e.message)
                with pytest.raises(RuleError) as again:
                    game.turn_builder(seat).replay(bad)
                assert (again.value.rule, again.value.code) == (e.rule, e.code)
        game.play_round(turns)
    assert refused or game.over


def test_R5_4_setup_refusals_name_their_rule():
    game = Game([("A", "human"), ("B", "human")], 5)
    b = game.setup_builder(0)
    dealt = game.seats[0].dealt_explore
    for kind, card, cells in [("wall", dealt[0], [(5, 5)]), ("road", "Z", [(5, 5)]), ("road", dealt[0], [(0, 0)])]:
        err = b.check_piece(kind, card, cells)
        assert err is not None and RULE_ID.match(err.rule) and err.code
    with pytest.raises(RuleError) as e:
        b.choice()
    assert e.value.rule == "R5.3"
    with pytest.raises(RuleError) as e:
        b.toggle_keep(999)
    assert e.value.rule == "R5.3"
    with pytest.raises(RuleError) as e:
        game.check_setup(0, SetupChoice((1,), ()))
    assert e.value.rule == "R5.3"


def test_builders_never_change():
    game = Game([("A", "human")], 3)
    b = game.turn_builder(0)
    with pytest.raises(AttributeError):
        b.action = "A"
    with pytest.raises(RuleError):
        b.move_to((5, 5))  # no draw yet (R4.2)
    assert b.step == "draw" and b.action is None
