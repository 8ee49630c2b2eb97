"""A gesture is a value, written once (``session.intents``).

Every gesture goes value -> wire -> value unchanged, by the one registry the
host and the clients use; and one sequence of gestures gives the same
``Changes`` (and the same refusals, and the same draft) on the local
``TableSession`` as on a joining screen's ``RemoteTable`` whose host takes
them over the wire.  The strategies are keyed by a gesture's field types, as
the wire's codecs are: a new gesture of known field types is covered here
without a word of this file changing."""

from __future__ import annotations

import json
import random
import typing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.net.intent_args import CODECS, INTENTS, MAX_CARD, MAX_CELLS
from ruin_qt.net.messages import Done, IntentMessage, State, parse_client, parse_host
from ruin_qt.net.remote_table import RemoteTable
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import record
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe
from ruin_qt.rules.turn_builder import TurnBuilder
from ruin_qt.session import intents as gestures
from ruin_qt.session.intents import (
    CardId,
    Cell,
    Cells,
    Clear,
    Confirm,
    Decision,
    Kind,
    Letter,
    MoveTo,
    PlaceC,
    PlaceExtra,
    PlacePiece,
    Redo,
    SetEscape,
    Special,
    TakeDecision,
    TakeNone,
    TakeSpecial,
    ToggleKeep,
    Undo,
    field_types,
)
from ruin_qt.session.table import NotDeciding, TableSession

from .hosting import Wire, fixed_deal

examples = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _decisions() -> list:
    """Setups and turns of a random game: what a ``take_decision`` carries."""
    rng, g = random.Random(3), Game([("A", "ai:random"), ("B", "ai:random")], 3)
    out = []
    for i in range(g.n):
        out.append(random_setup(observe(g, i), rng))
        g.submit_setup(i, out[-1])
    while not g.over and len(out) < 30:
        turns = [None if s.escaped else random_turn(observe(g, i), rng) for i, s in enumerate(g.seats)]
        out += [t for t in turns if t is not None]
        g.play_round(turns)
    return out


DECISIONS = _decisions()
CELL = st.tuples(st.integers(0, 10), st.integers(0, 10))
# A strategy for every field type the wire can carry (``net.intent_args.CODECS``).
VALUES: dict[object, st.SearchStrategy] = {
    CardId: st.integers(0, MAX_CARD),
    Kind: st.sampled_from(["road", "wall"]),
    Cells: st.lists(CELL, min_size=1, max_size=MAX_CELLS).map(tuple),
    Letter: st.sampled_from([chr(c) for c in range(ord("A"), ord("Y"))]),
    Cell: CELL,
    Special: st.sampled_from(["extra", "warp"]),
    bool: st.booleans(),
    Decision: st.sampled_from(DECISIONS),
}


def values_of(hint: object) -> st.SearchStrategy:
    parts = typing.get_args(hint)
    if type(None) in parts:  # an optional field: left out, or one of its type's values
        return st.none() | VALUES[next(p for p in parts if p is not type(None))]
    return VALUES[hint]


def gesture(cls) -> st.SearchStrategy:
    return st.builds(cls, **{name: values_of(hint) for name, hint in field_types(cls).items()})


ANY_GESTURE = st.one_of([gesture(cls) for cls in gestures.INTENTS.values()])


def test_every_field_type_has_a_codec_and_a_strategy():
    types = {hint for cls in gestures.INTENTS.values() for hint in field_types(cls).values()}
    for hint in types:
        values_of(hint)  # a KeyError names a field type this test (or the wire) does not know
    assert set(VALUES) == set(CODECS)
    assert list(INTENTS) == list(gestures.INTENTS)


@examples
@given(ANY_GESTURE, st.integers(0, 2**53), st.integers(0, 3))
def test_every_gesture_round_trips_value_wire_value(intent, id, seat):
    msg = IntentMessage(id, seat, intent)
    text = msg.write()
    assert parse_client(text) == msg
    assert json.loads(text)["intent"] == intent.name
    again = INTENTS[intent.name].parse(json.loads(text).get("args"))
    assert again == intent and type(again) is type(intent)


# -- the local table and a joining screen's, gesture by gesture -----------------------------
SEAT = 1


class Pair:
    """The same game twice: a local ``TableSession``, and a host whose seat 1 is played from a
    ``RemoteTable`` (its gestures sent as intent messages, the host's answers fed back)."""

    def __init__(self, n: int, play: bool):
        self.w = Wire(TableHost(["remote", "remote"], n, "TEST42", deal=fixed_deal(n)))
        self.conns = [self.w.join(seat=seat)[0] for seat in (0, 1)]
        host = self.w.host.session
        if play:  # both setups taken at the host: the first round is open
            rng = random.Random(n)
            for seat in (0, 1):
                choice = random_setup(host.hint_observation(seat), rng)
                self.w.send(self.conns[seat], IntentMessage(90 + seat, seat, TakeDecision(choice)).write())
                self.w.send(self.conns[seat], IntentMessage(92 + seat, seat, Confirm()).write())
        self.local = TableSession()
        self.local.resume(record.replay(record.to_record(host.live)))
        self.local.begin()
        self.outbox: list = []
        self.ids = 0
        self.remote = RemoteTable(self._send)
        self.read = 0
        self.deliver()

    def _send(self, intent) -> int:
        self.ids += 1
        self.outbox.append(IntentMessage(self.ids, SEAT, intent))
        return self.ids

    def deliver(self) -> None:
        """What the remote table sent reaches the host; what the host said reaches the remote table."""
        for msg in self.outbox:
            self.w.send(self.conns[SEAT], msg.write())
        self.outbox.clear()
        inbox = self.w.inbox[self.conns[SEAT]]
        for raw in inbox[self.read:]:
            msg = parse_host(json.dumps(raw))
            if isinstance(msg, State):
                self.remote.receive(msg)
            elif msg is not None and getattr(msg, "id", None) is not None:
                self.remote.answered(msg.id, refused=not isinstance(msg, Done))
        self.read = len(inbox)


def same(a, b) -> bool:
    """Two drafts alike (a step 1 is equal to another only on the very same start: its sub-actions, then)."""
    return a.key() == b.key() if isinstance(a, TurnBuilder) and isinstance(b, TurnBuilder) else a == b


def outcome(table, intent) -> tuple:
    """What ``table`` makes of seat 1's ``intent``: its Changes, or its refusal."""
    try:
        return ("changes", table.act(SEAT, intent))
    except RuleError as e:
        return ("refused", e.rule)
    except NotDeciding:
        return ("not deciding",)


def candidates(local: TableSession, rng: random.Random) -> list:
    """Gestures worth trying on seat 1's draft now: legal ones the rules offer, and plain guesses."""
    out: list = [Undo(), Redo(), Clear(), Confirm(), TakeNone(), SetEscape(True), SetEscape(False)]
    try:
        draft = local.draft(SEAT)
    except NotDeciding:
        return out
    obs = observe(local.live, SEAT)
    cell = (rng.randrange(11), rng.randrange(11))
    if local.live.phase == "setup":
        out += [ToggleKeep(c) for c in obs.dealt_objectives]
        out.append(TakeDecision(random_setup(obs, rng)))
        for card in obs.dealt_explore:
            for kind in ("road", "wall"):
                places = draft.placements(card, kind)
                if places:
                    out.append(PlacePiece(kind, rng.choice(places).cells, card))
    else:
        out.append(TakeDecision(random_turn(obs, rng)))
        for kind in ("road", "wall"):
            places = draft.legal_placements(kind)
            if places:
                out.append(PlacePiece(kind, rng.choice(places).cells))
        out += [PlaceC(cell), MoveTo(cell), PlaceExtra("wall", cell)]
        out += [TakeSpecial(s, c) for s in ("extra", "warp") for c in obs.hand]
        reach = draft.reach() if draft.step == "move" else {}
        out += [MoveTo(c) for c in list(reach)[:3]]
    return out


@pytest.mark.parametrize("play", [False, True], ids=["setup", "round"])
@examples
@given(st.integers(1, 10_000), st.lists(st.integers(0, 10_000), min_size=1, max_size=14))
def test_the_local_table_and_a_joining_screens_give_the_same_changes(play, n, picks):
    pair = Pair(n % 50 + 1, play)
    rng = random.Random(n)
    for pick in picks:
        options = candidates(pair.local, rng)
        intent = options[pick % len(options)]
        here, there = outcome(pair.local, intent), outcome(pair.remote, intent)
        assert here == there, intent
        pair.deliver()
        host = pair.w.host.session
        if SEAT in pair.local.may_act():
            assert same(host.draft(SEAT), pair.local.draft(SEAT)), intent  # the host took it alike
            assert same(pair.remote.view(SEAT).draft, pair.local.view(SEAT).draft), intent
            assert pair.remote.can_undo(SEAT) == pair.local.can_undo(SEAT)
            assert pair.remote.can_redo(SEAT) == pair.local.can_redo(SEAT)
        else:
            assert SEAT not in host.may_act() and SEAT not in pair.remote.may_act()
