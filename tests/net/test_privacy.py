"""Privacy by construction: a spy on every frame sent to one seat finds no
other seat's sheet, hand, setup cards or draft before the game ends."""

from __future__ import annotations

import json
import random

from ruin_qt.ai.base import make_brain
from ruin_qt.net.codec import read
from ruin_qt.net.contents import Seen
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import record
from ruin_qt.rules.turn import SetupChoice

from .hosting import Wire, fixed

SPY = 1


def walk(x, ints: set, texts: set, keys: list) -> None:
    if isinstance(x, dict):
        for k, v in x.items():
            keys.append(k)
            walk(v, ints, texts, keys)
    elif isinstance(x, list):
        for v in x:
            walk(v, ints, texts, keys)
    elif isinstance(x, bool) or x is None:
        return
    elif isinstance(x, int):
        ints.add(x)
    elif isinstance(x, str):
        texts.add(x)


def hand_paths(x, path=()) -> list[tuple]:
    if isinstance(x, dict):
        return [p for k, v in x.items() for p in ([path + (k,)] if k == "hand" else []) + hand_paths(v, path + (k,))]
    if isinstance(x, list):
        return [p for v in x for p in hand_paths(v, path)]
    return []


def test_a_spy_on_one_seats_frames_finds_no_other_seats_private_side():
    kinds = ["remote", "remote", "ai:standard", "remote"]
    w = Wire(fixed(TableHost(kinds, 17, "test42"), 17))
    conns = {seat: w.join(seat=seat)[0] for seat in (0, 1, 3)}
    brains = {seat: make_brain("random") for seat in conns}
    rng = random.Random(5)
    secret_ints: set[int] = set()
    secret_letters: set[str] = set()
    session = w.host.session

    def note_secrets() -> None:
        g = session.game
        for j in range(g.n):
            if j == SPY:
                continue
            v = session.view(j)
            for sheet in (g.seats[j].sheet, v.sheet):  # its sheet, and its sheet with its draft on it
                # traced letters are public (revealed for every sheet); roads, gates and walls are not
                secret_ints.update(b for b in (sheet.roads, sheet.walls, sheet.gates) if b > 2**16)
            if g.phase == "setup":
                secret_letters.update(g.seats[j].dealt_explore)

    rounds = 0
    while not session.live.over and rounds < 200:
        rounds += 1
        w.run_computers()
        note_secrets()
        for seat, conn in conns.items():
            state = w.last_state(conn)
            if not state["view"]["acting"]:
                continue
            obs = read(Seen, state["view"]["observation"]).value()
            d = brains[seat].decide_setup(obs, rng) if obs.phase == "setup" else brains[seat].decide_turn(obs, rng)
            js = {"setup": record.setup_to_json(d)} if isinstance(d, SetupChoice) else {"turn": record.turn_to_json(d)}
            w.send(conn, {"type": "intent", "id": rounds, "seat": seat, "intent": "take_decision",
                          "args": {"decision": js}})
            note_secrets()  # the draft, taken and not confirmed
            w.send(conn, {"type": "intent", "id": rounds + 1000, "seat": seat, "intent": "confirm"})
            note_secrets()
    assert session.live.over
    spied = w.inbox[conns[SPY]]
    over_at = next(i for i, m in enumerate(spied) if m["type"] == "over")
    own_ints: set[int] = set()
    for g_sheet in (session.live.seats[SPY].sheet,):
        own_ints.update((g_sheet.roads, g_sheet.walls, g_sheet.gates, g_sheet.traced))
    ints, texts, keys = set(), set(), []
    for m in spied[:over_at]:
        walk(m, ints, texts, keys)
        if m["type"] == "state":
            assert m["view"]["seat"] == SPY and m["view"]["observation"]["seat"] == SPY
            if m["public"]["phase"] == "setup":
                setup_texts: set = set()
                walk(m, set(), setup_texts, [])
                assert not setup_texts & secret_letters  # no other seat's setup cards
    assert secret_ints and secret_letters
    bad = (ints & secret_ints) - own_ints
    assert not bad  # no other seat's sheet, nor its draft
    # Hands appear only inside the seat's own view (its hand, its observation's, its draft's start).
    assert all(path[0] == "view" for m in spied[:over_at] for path in hand_paths(m))
    assert max(len(json.dumps(m)) for m in spied) < 64_000
