"""A hostile network gets nothing: thousands of malformed, oversized, forged and
out-of-turn frames are refused (then disconnected), the game is unchanged and
the other players are unaffected.  In-process (every frame reaches the host's
checks); tests/net/test_hostile_loopback.py sends them down real sockets."""

from __future__ import annotations

import json
import random

from ruin_qt.ai.base import make_brain
from ruin_qt.net import host_state
from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import record

from .hostile import frame
from .hosting import Wire


def table_with_mallory() -> tuple[Wire, int, int, int, str]:
    """Three players; Mallory (seat 2) has confirmed her setup, so nothing she may do is open."""
    w = Wire(TableHost(["remote", "remote", "remote"], 12, "test42"))
    a, _ = w.join(seat=0)
    b, _ = w.join(seat=1)
    m, welcome = w.join(seat=2)
    card = w.last_state(a)["view"]["hand"][0]
    w.send(a, {"type": "intent", "id": 1, "seat": 0, "intent": "toggle_keep", "args": {"card": card}})
    choice = make_brain("random").decide_setup(w.host.session.hint_observation(2), random.Random(3))
    w.send(m, {"type": "intent", "id": 1, "seat": 2, "intent": "take_decision",
               "args": {"decision": {"setup": record.setup_to_json(choice)}}})
    w.send(m, {"type": "intent", "id": 2, "seat": 2, "intent": "confirm"})
    return w, a, b, m, welcome["token"]


def table_state(w: Wire) -> str:
    """The autosave, but Mallory's token (it rotates each time she rejoins with it)."""
    state = host_state.table_state(w.host)
    state["seats"][2]["token"] = None
    return json.dumps({k: state[k] for k in ("record", "pending", "drafts", "seats", "code")}, sort_keys=True)


def private(msg: dict) -> dict:
    """A state without the seats' presence (which Mallory's comings and goings do change)."""
    pub = {k: v for k, v in msg["public"].items() if k != "seats"}
    return {"public": pub, "seats": [{k: v for k, v in s.items() if k != "presence"} for s in msg["public"]["seats"]],
            "view": msg["view"]}


def test_ten_thousand_hostile_frames_change_nothing_and_are_all_refused():
    w, a, b, m, token = table_with_mallory()
    before, seen_a, seen_b = table_state(w), private(w.last_state(a)), private(w.last_state(b))
    accepted = w.host.accepted
    rng = random.Random(51)
    conn, stranger, sent, answers = m, w.open(), 0, {}
    stale = Wire(TableHost(["remote"], 1, "other1")).join("other1")[1]["token"]  # a token of another table
    while sent < 10_000:
        if conn in w.closed:  # hung up on: come back, as a hostile peer would
            conn = w.open()
            got = w.send(conn, {"type": "hello", "protocol": PROTOCOL, "token": token})
            token = next(m for m in got if m["type"] == "welcome")["token"]  # rotated: the old one is dead now
        if stranger in w.closed:
            stranger = w.open()
        # Mallory at her seat, or a stranger without one (forged and stale tokens, wrong codes)
        on = stranger if rng.random() < 0.2 else conn
        msg = frame(rng, 2, [0, 1], stale)
        for reply in w.send(on, msg if isinstance(msg, (str, bytes)) else json.dumps(msg)):
            key = reply["type"] if reply["type"] != "error" else "error:" + reply["code"]
            answers[key] = answers.get(key, 0) + 1
        sent += 1
    assert w.host.accepted == accepted  # not one hostile frame was taken
    assert table_state(w) == before
    assert private(w.last_state(a)) == seen_a and private(w.last_state(b)) == seen_b
    assert "done" not in answers and "welcome" not in answers and "state" not in answers
    for code in ("bad_json", "too_big", "not_your_seat", "bad_token", "bad_code", "already_joined", "not_joined",
                 "protocol_version", "not_text", "bad_field", "unknown_type", "unknown_intent"):
        assert answers.get("error:" + code), (code, answers)
    assert answers["refused"]  # out of turn: the session's NotDeciding
    assert len(w.closed) > 10  # repeated refusals end in a disconnect
    print(sent, "frames;", answers, len(w.closed), "disconnects")
    # ... and the honest players play on.
    got = w.send(a, {"type": "intent", "id": 99, "seat": 0, "intent": "undo"})
    assert got[-1] == {"type": "done", "id": 99, "changed": True}


def test_the_rate_limit_refuses_a_flood_then_hangs_up():
    w, a, b, m, token = table_with_mallory()
    before = table_state(w)
    flood = json.dumps({"type": "intent", "id": 1, "seat": 2, "intent": "confirm"})
    codes = []
    for _ in range(200):
        w.host.receive(m, flood, w.now)  # all at one instant
        w.pump()
        if m in w.closed:
            break
    codes = [x.get("code") for x in w.inbox[m]]
    assert "rate_limited" in codes and w.closed[m][0] == 1008
    assert table_state(w) == before
