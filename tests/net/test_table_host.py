"""The host's authority in-process: joining, intents judged by the rules, refusals."""

from __future__ import annotations

import random

from ruin_qt.ai.match import play_game, seat_rng
from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import deal, record
from ruin_qt.session import computer

from .hosting import Wire


def table(kinds=("remote", "remote"), seed=4) -> Wire:
    return Wire(TableHost(list(kinds), seed, "test42"))


def test_joining_with_the_code_gives_a_seat_and_a_token_and_the_last_player_starts_the_game():
    w = table()
    a, wa = w.join(seat=1)
    assert wa["seat"] == 1 and len(wa["token"]) >= 20
    assert not w.host.started
    b, wb = w.join()
    assert wb["seat"] == 0 and wb["token"] != wa["token"]
    assert w.host.started
    state = w.last_state(a)
    assert state["view"]["seat"] == 1 and state["view"]["step"] == "setup"
    assert state["public"]["deciding"] == [0, 1] and state["public"]["phase"] == "setup"


def test_wrong_code_full_table_and_another_protocol_version_are_told_plainly():
    w = table(("remote",))
    c = w.open()
    assert w.send(c, {"type": "hello", "protocol": PROTOCOL, "code": "NOPE99"})[0]["code"] == "bad_code"
    v = w.open()
    got = w.send(v, {"type": "hello", "protocol": PROTOCOL + 1, "code": "TEST42"})
    assert got[0]["code"] == "protocol_version" and f"version {PROTOCOL}" in got[0]["message"]
    assert w.closed[v][0] == 1002
    w.join()
    d = w.open()
    assert w.send(d, {"type": "hello", "protocol": PROTOCOL, "code": "TEST42"})[0]["code"] == "started"


def test_an_intent_refused_by_the_rules_names_the_rule_and_changes_nothing():
    w = table()
    a, _ = w.join(seat=0)
    w.join(seat=1)
    before = w.last_state(a)
    got = w.send(a, {"type": "intent", "id": 7, "seat": 0, "intent": "confirm", "args": {}})
    assert got == [{"type": "refused", "id": 7, "rule": "R5.3", "code": "keep",
                    "message": "keep exactly two of the four objective cards"}]
    got = w.send(a, {"type": "intent", "id": 8, "seat": 0, "intent": "move_to", "args": {"cell": [5, 5]}})
    assert got[0]["type"] == "refused" and got[0]["rule"].startswith("R")
    assert w.last_state(a) == before


def test_a_connection_acts_for_its_own_seat_only():
    w = table()
    a, _ = w.join(seat=0)
    b, _ = w.join(seat=1)
    card = w.last_state(b)["view"]["hand"][0]
    got = w.send(a, {"type": "intent", "id": 1, "seat": 1, "intent": "toggle_keep", "args": {"card": card}})
    assert got[0]["code"] == "not_your_seat"
    assert w.last_state(b)["view"]["draft"]["keep"] == []


def test_gestures_undo_and_confirm_are_the_sessions_and_the_others_see_who_confirmed():
    w = table()
    a, _ = w.join(seat=0)
    b, _ = w.join(seat=1)
    hand = w.last_state(a)["view"]["hand"]
    for card in hand[:2]:
        assert w.send(a, {"type": "intent", "id": card, "seat": 0, "intent": "toggle_keep",
                          "args": {"card": card}})[-1]["type"] == "done"
    assert w.last_state(a)["view"]["draft"]["keep"] == hand[:2] and w.last_state(a)["view"]["can_undo"]
    w.send(a, {"type": "intent", "id": 50, "seat": 0, "intent": "undo"})
    assert w.last_state(a)["view"]["draft"]["keep"] == hand[:1]
    obs = w.host.session.hint_observation(0)

    from ruin_qt.ai.base import make_brain

    choice = make_brain("random").decide_setup(obs, random.Random(1))
    js = {"setup": record.setup_to_json(choice)}
    assert w.send(a, {"type": "intent", "id": 51, "seat": 0, "intent": "take_decision",
                      "args": {"decision": js}})[-1] == {"type": "done", "id": 51, "changed": True}
    w.send(a, {"type": "intent", "id": 52, "seat": 0, "intent": "confirm"})
    seen_by_b = w.last_state(b)["public"]
    assert seen_by_b["confirmed"] == [0] and seen_by_b["deciding"] == [1]


def test_the_host_deals_from_its_secret_deal_and_its_computer_seats_use_their_own_randomness():
    """The same seed deals two tables differently, and the
    computer seats' seeds are neither the seed's (as ``sim`` seeds them) nor each other's."""
    w, w2 = table(("ai:random", "ai:standard"), seed=9), table(("ai:random", "ai:standard"), seed=9)
    states = [random.Random(computer.seed(h.secret, i, 0)).getstate() for h in (w.host, w2.host) for i in (0, 1)]
    assert len(set(states) | {seat_rng(9, i).getstate() for i in (0, 1)}) == 6
    for x in (w, w2):
        x.host.start()
        x.run_computers()
        assert x.host.session.live.over
    recs = [record.to_record(x.host.session.live) for x in (w, w2)]
    assert recs[0]["shuffles"][0] != recs[1]["shuffles"][0]
    assert recs[0]["shuffles"][0] != record.to_record(play_game(["random", "standard"], 9)[0])["shuffles"][0]
    for x, rec in zip((w, w2), recs):
        d = x.host.deal
        assert deal.verify(rec, d.key, d.salt, d.commitment) == (True, deal.REASONS[""])
        assert record.replay(rec).over
