"""Property tests: random legal games of 1-4 seats keep every invariant."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.bench import mid_game
from ruin_qt.rules import record
from ruin_qt.rules.bitboard import BOARD, has_2x2
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe

from .helpers import accepted_masks
from .naive import COMPS, naive_connected, naive_escape_vp, naive_square, naive_total

RULE_IDS = {"R2.2", "R3.1", "R3.2", "R3.4", "R4.2", "R4.3", "R4.4", "R4.5"}
games = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(n, seed, policy_seed, on_round=None):
    rng = random.Random(policy_seed)
    g = Game([(f"S{i}", "ai:random") for i in range(n)], seed)
    for i in range(n):
        g.submit_setup(i, random_setup(observe(g, i), rng))
    while not g.over:
        before = [(s.sheet.copy(), s.escaped) for s in g.seats]
        turns = [None if s.escaped else random_turn(observe(g, i), rng) for i, s in enumerate(g.seats)]
        g.play_round(turns)
        if on_round:
            on_round(g, before, turns)
    return g


def check_R1_3_changes(g, before, turns):
    for s, (old, was_escaped) in zip(g.seats, before):
        new = s.sheet
        assert new.roads & new.walls == 0 and new.gates & ~new.roads == 0
        assert (new.roads | new.walls) & ~BOARD == 0
        assert not has_2x2(new.roads)  # R3.4 holds on every sheet at all times
        # nothing erased: roads stay roads (maybe gates), walls stay walls,
        # empty -> anything; road -> gate is the only change of a filled cell
        assert old.roads & ~new.roads == 0
        assert old.walls & ~new.walls == 0
        assert old.gates & ~new.gates == 0
        assert old.roads & new.walls == 0
        if was_escaped:
            assert new.state_key() == old.state_key()


@games
@given(n=st.integers(1, 4), seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_R1_3_cells_only_change_as_allowed(n, seed, policy):
    random_game(n, seed, policy, check_R1_3_changes)


@games
@pytest.mark.slow
@given(n=st.integers(1, 4), seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_R11_running_score_equals_score_from_scratch_and_replay_matches(n, seed, policy):
    events = []
    penalties = [0] * n
    escape_rounds = [None] * n
    traced = [set() for _ in range(n)]  # letters traced on each sheet, from announcements
    square1 = [None] * n

    def track(g, before, turns):
        events.extend(g.log[-1])
        for i, t in enumerate(turns):
            if t is not None and t.action in ("C", "none"):
                penalties[i] += 1
        for e in g.log[-1]:
            if e.kind == "escaped":
                escape_rounds[e.seat] = g.round
            if e.kind == "revealed":
                for i in range(n):
                    if escape_rounds[i] is None:
                        traced[i].add(e.letter)
            if e.kind == "stage":
                for i, s in enumerate(g.seats):
                    square1[i] = naive_square(s.sheet, traced[i])

    g0 = Game([(f"S{i}", "ai:random") for i in range(n)], seed)
    setup_letters = {c for s in g0.seats for c in s.dealt_explore}
    for t in traced:
        t.update(setup_letters)
    g = random_game(n, seed, policy, track)
    scores = g.scores()
    for i, s in enumerate(g.seats):
        sc = scores[i]
        assert s.gems == sum(1 for e in events if e.kind == "gem" and e.seat == i)
        assert sc.penalties == penalties[i]
        assert sc.square1 == square1[i]
        assert sc.square2 == naive_square(s.sheet, traced[i])
        assert sc.escape_vp == naive_escape_vp(escape_rounds, i, n == 1)
        routes = 15 * sum(naive_connected(s.sheet, *(COMPS.letters[L] for L in COMPS.objectives[card].letters))
                          for card in s.hand)
        assert sc.routes == routes
        assert sc.total == naive_total(square1[i], sc.square2, s.gems, penalties[i], sc.escape_vp, routes)
    rec = json.loads(record.dumps(g))
    again = record.replay(rec)
    assert record.summary(again) == record.summary(g)
    assert [s.sheet.state_key() for s in again.seats] == [s.sheet.state_key() for s in g.seats]
    assert [s.hand for s in again.seats] == [s.hand for s in g.seats]
    assert again.scores() == g.scores() and again.winners() == g.winners()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), rounds=st.integers(0, 25), card=st.sampled_from(sorted("ABCDEFGHIJKLMNOPQRSTUVWX")))
def test_R3_every_enumerated_placement_is_accepted_and_every_other_has_a_rule(seed, rounds, card):
    g = mid_game(seed, rounds)
    if g.over:
        return
    sheet = g.seats[0].sheet
    before = sheet.filled
    for kind in ("road", "wall"):
        legal = {p.mask for p in sheet.legal_placements(card, kind, before)}
        assert legal == accepted_masks(sheet, card, kind, before, RULE_IDS)
    # and through the game: every enumerated placement of the active card is a legal turn
    active = g.active_card
    for kind, action in (("road", "A"), ("wall", "B")):
        for p in sheet.legal_placements(active, kind, before)[:15]:
            from ruin_qt.rules.turn import Turn

            g.check_turn(0, Turn(action, tuple(p.cells)))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), rounds=st.integers(0, 25), data=st.data())
def test_R4_random_turns_are_either_legal_or_refused_with_a_rule(seed, rounds, data):
    """Fuzzed step-1 turns: check_turn accepts or names a rule, never crashes,
    and a refused turn leaves the game untouched."""
    from ruin_qt.rules.turn import Turn

    g = mid_game(seed, rounds)
    if g.over:
        return
    cell = st.tuples(st.integers(-1, 11), st.integers(-1, 11))
    turn = Turn(
        action=data.draw(st.sampled_from(["A", "B", "C", "none"])),
        cells=tuple(data.draw(st.lists(cell, min_size=1, max_size=5))),
        discard=data.draw(st.one_of(st.none(), st.integers(1, 24))),
        extra=data.draw(st.one_of(st.none(), st.tuples(st.sampled_from(["road", "wall"]), cell))),
        warp=data.draw(st.booleans()),
        path=tuple(data.draw(st.lists(cell, max_size=6))),
        escape=data.draw(st.booleans()),
    )
    snapshot = record.dumps(g)
    try:
        g.play_round([turn])
    except RuleError as e:
        assert e.rule in RULE_IDS | {"R5"}, e.rule
        assert e.round == g.round + 1 and e.seat == 0
        assert record.dumps(g) == snapshot
