"""The host's autosave: a table dealt from a secret deal,
restarted from its autosave, goes on with the same key (the deal its players
hold the commitment of), the same host secret and computer seats' RNGs; an
older autosave without a deal still resumes, dealt from its seed as before."""

from __future__ import annotations

import random

from ruin_qt.ai.base import make_brain
from ruin_qt.net import host_state
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import deal, record
from ruin_qt.rules.game import Game

from .hosting import Wire
from .test_deal_privacy import decide

KINDS = ["remote", "remote", "ai:random"]


def play_until(w: Wire, conns: dict[int, int], rounds: int, rng: random.Random) -> None:
    brain = make_brain("random")
    session = w.host.session
    for _ in range(5000):  # bounded
        if session.live.over or session.live.round >= rounds:
            return
        w.run_computers()
        for seat, conn in conns.items():
            state = w.last_state(conn)
            if state["view"]["acting"] and not session.live.over and session.live.round < rounds:
                js = decide(brain, state, rng)
                w.send(conn, {"type": "intent", "id": 1, "seat": seat, "intent": "take_decision",
                              "args": {"decision": js}})
                w.send(conn, {"type": "intent", "id": 2, "seat": seat, "intent": "confirm"})


def rejoin(host: TableHost, tokens: list[str]) -> tuple[Wire, dict[int, int]]:
    from ruin_qt.net.protocol import PROTOCOL

    w = Wire(host)
    conns = {}
    for seat, token in enumerate(tokens):
        conns[seat] = w.open()
        w.send(conns[seat], {"type": "hello", "protocol": PROTOCOL, "token": token})
    return w, conns


def test_a_keyed_table_restarted_from_its_autosave_goes_on_with_the_same_deal(tmp_path):
    host = TableHost(KINDS, 31, "test42")
    w = Wire(host)
    conns = {seat: w.join(seat=seat)[0] for seat in (0, 1)}
    committed = w.inbox[conns[0]][0]["deal"]["commitment"]
    play_until(w, conns, 3, random.Random(4))
    host_state.save(host, tmp_path)
    before = len(host.session.live.shuffles)
    again = host_state.load(tmp_path)
    assert (again.deal, again.secret) == (host.deal, host.secret)
    assert again.session.live.deal_key == host.deal.key
    # Both tables, the same decisions from here on: the same game to its end, every shuffle from the key.
    ends = []
    for w2, conns2 in ((w, conns), rejoin(again, [s.token for s in again.seats[:2]])):
        assert w2.last_state(conns2[0])["public"]["deal"] == {"commitment": committed}
        play_until(w2, conns2, 10_000, random.Random(9))
        over = next(m for m in w2.inbox[conns2[1]] if m["type"] == "over")
        ends.append(over)
    assert ends[0]["record"] == ends[1]["record"] and ends[0]["deal"] == ends[1]["deal"] == host.deal.reveal()
    rec = ends[1]["record"]
    assert len(rec["shuffles"]) > before  # a shuffle (R10.2 at least) came after the restart
    assert deal.check_revealed(rec, ends[1]["deal"], committed) == deal.Verdict(True)


def test_an_older_autosave_without_a_deal_resumes_dealt_from_its_seed(tmp_path):
    host = TableHost(KINDS, 31, "test42")
    host.deal = None  # an older version's table: dealt from its seed
    w = Wire(host)
    conns = {seat: w.join(seat=seat)[0] for seat in (0, 1)}
    play_until(w, conns, 2, random.Random(4))
    state = host_state.table_state(host)
    del state["deal"], state["secret"]  # the fields an older version did not write
    again = host_state.restore(state)
    assert again.deal is None and again.session.live.deal_key is None and again.secret != host.secret
    w2, conns2 = rejoin(again, [s.token for s in again.seats[:2]])
    assert w2.last_state(conns2[0])["public"]["deal"] is None
    play_until(w2, conns2, 10_000, random.Random(9))
    over = next(m for m in w2.inbox[conns2[0]] if m["type"] == "over")
    assert over["deal"] is None
    fresh = record.replay(over["record"])
    dealt = Game([(s.name, s.kind) for s in fresh.seats], 31)
    assert fresh.shuffles[0] == dealt.shuffles[0] and fresh.shuffles[1] == dealt.shuffles[1]
    # An older autosave of a table not started yet draws a new secret deal.
    idle = host_state.table_state(TableHost(KINDS, 31, "test42"))
    del idle["deal"], idle["secret"]
    assert host_state.restore(idle).deal is not None
