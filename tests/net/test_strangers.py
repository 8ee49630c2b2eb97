"""Keeping strangers out: join-code guessing held back per
address and per table, the seat token rotating on every rejoin, a lobby seat
freed when its player leaves, unknown fields refused, and what a flood gets.
Real sockets on loopback (127.0.0.x: several addresses), and in-process where
the clock must be the test's."""

from __future__ import annotations

import json
import random
import time

import pytest

from ruin_qt.ai.base import make_brain
from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.strangers import FREE_TRIES, PAUSE_S, TABLE_TRIES, TRIES_WINDOW_S, CodeGuard
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import record

from .hosting import Wire
from .raw_ws import Closed, RawWs
from .tables import finish, same_game, start_bot, start_host

FLOOD = 30_000


def hello(**fields) -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, **fields})


def answer(ws: RawWs, want=("welcome", "error")) -> dict:
    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] in want:
            return m


def try_code(port: int, source: str, code: str) -> dict:
    """One connection from ``source`` keyed by ``code`` (docs/PROTOCOL.md, *The channel*), and its hello:
    the host's answer (a refusal in clear instead of the host's pake: the code was not even tried)."""
    ws = RawWs(port, source=source, code=code)
    try:
        if ws.refusal is not None:
            return ws.refusal
        ws.send(hello(code=code))
        return answer(ws)
    finally:
        ws.close()


@pytest.fixture
def host(tmp_path):
    procs = []

    def start(seats: str):
        p, port = start_host(seats, 3, tmp_path / f"host{len(procs)}")
        procs.append(p)
        return port

    yield start
    for p in procs:
        p.kill()
        p.communicate()


@pytest.mark.slow
def test_wrong_codes_from_one_address_pause_it_and_the_right_code_from_another_still_joins(host):
    """FREE_TRIES wrong codes, then each further hello from that address is refused
    (too_many_tries, the code not even looked at) for a pause; another address joins meanwhile, and
    after the pause the first address joins too."""
    port = host("remote,remote,remote")
    codes, start = [], time.monotonic()
    while len(codes) < 40:  # a connection a code: a channel keyed by a wrong code is hung up on
        codes.append(try_code(port, "127.0.0.2", f"WRONG{len(codes) % 10}")["code"])
    spent = time.monotonic() - start
    looked_at = codes.count("bad_code")
    print(f"40 wrong codes from one address in {spent:.1f} s: {looked_at} looked at, "
          f"{codes.count('too_many_tries')} refused unread")
    assert codes[:FREE_TRIES] == ["bad_code"] * FREE_TRIES
    assert codes[FREE_TRIES] == "too_many_tries"
    assert looked_at <= FREE_TRIES + max(0, int(spent / PAUSE_S)).bit_length()  # each pause doubles
    assert set(codes) == {"bad_code", "too_many_tries"}
    paused = try_code(port, "127.0.0.2", "TEST42")  # even the right code: not looked at during the pause
    assert paused["code"] == "too_many_tries" and "try again in" in paused["message"]
    assert try_code(port, "127.0.0.3", "TEST42")["type"] == "welcome"  # another address is not held back
    wait = int(paused["message"].split("try again in ")[1].split()[0])
    time.sleep(wait + 0.2)
    assert try_code(port, "127.0.0.2", "TEST42")["type"] == "welcome"  # after the pause, the right code joins


@pytest.mark.slow
def test_wrong_codes_from_many_addresses_are_capped_for_the_whole_table(host):
    """TABLE_TRIES wrong codes a minute from every address together; past that no code is looked at."""
    port = host("remote,remote")
    codes = [try_code(port, f"127.0.1.{i}", "NOPE99")["code"] for i in range(1, TABLE_TRIES + 11)]
    print(f"{len(codes)} addresses, one wrong code each: {codes.count('bad_code')} looked at")
    assert codes == ["bad_code"] * TABLE_TRIES + ["too_many_tries"] * 10
    assert try_code(port, "127.0.2.1", "TEST42")["code"] == "too_many_tries"  # the table is paused, for everyone


def test_the_table_cap_and_the_pauses_lift_with_time():
    """With the test's clock, the table's guard as the channel asks it (docs/PROTOCOL.md, *The channel*): the
    per-address pause doubles, the table's window slides, the right code starts an address afresh."""
    guard = CodeGuard()

    def try_(address: str, right: bool, now: float) -> str:
        if guard.wait(address, now) > 0:
            return "too_many_tries"  # the channel is refused before the code is tried
        if right:
            guard.right(address)
            return "welcome"
        guard.wrong(address, now)
        return "bad_code"

    t = 1000.0
    assert [try_("10.0.0.1", False, t) for _ in range(FREE_TRIES)] == ["bad_code"] * FREE_TRIES
    assert try_("10.0.0.1", True, t + PAUSE_S - 0.1) == "too_many_tries"
    assert try_("10.0.0.1", False, t + PAUSE_S) == "bad_code"  # looked at again after the pause ...
    assert try_("10.0.0.1", False, t + PAUSE_S + 2 * PAUSE_S - 0.1) == "too_many_tries"  # ... which doubled
    t = 5000.0
    for i in range(TABLE_TRIES):
        assert try_(f"10.1.0.{i}", False, t + i * 0.01) == "bad_code"
    assert try_("10.2.0.1", True, t + 1) == "too_many_tries"
    assert try_("10.2.0.1", True, t + TRIES_WINDOW_S + 0.5) == "welcome"  # the window slid on


def test_a_hello_naming_another_code_inside_the_channel_is_refused_and_counts_nothing():
    """The channel's connections know the code: a hello naming another is refused, never counted."""
    host = TableHost(["remote", "remote"], 3, "test42")
    w = Wire(host)
    conn = w._next = w._next + 1
    w.inbox[conn] = []
    host.connect(conn, 1.0, "10.0.0.1")
    for _ in range(FREE_TRIES + 1):
        host.receive(conn, hello(code="NOPE99"), 1.0)
    w.pump()
    assert [m["code"] for m in w.inbox[conn]] == ["bad_code"] * (FREE_TRIES + 1)
    assert host.guard.wait("10.0.0.1", 1.0) == 0


@pytest.mark.slow
def test_a_stolen_token_stops_working_once_its_owner_rejoins(host):
    """Every rejoin gets a new token (in its welcome) and the old one dies."""
    port = host("remote,remote")
    owner = RawWs(port, source="127.0.0.2")
    owner.send(hello(code="TEST42", seat=0))
    t1 = answer(owner)["token"]
    other = RawWs(port, source="127.0.0.3")
    other.send(hello(code="TEST42", seat=1))
    answer(other)
    owner.close()  # the owner's line drops; somebody has copied t1
    owner = RawWs(port, source="127.0.0.2")
    owner.send(hello(token=t1))
    back = answer(owner)
    assert back["type"] == "welcome" and back["seat"] == 0 and back["token"] != t1
    thief = RawWs(port, source="127.0.0.9")
    thief.send(hello(token=t1))
    assert answer(thief)["code"] == "bad_token"
    owner.close()
    again = RawWs(port, source="127.0.0.2")  # the new token is the way back now
    again.send(hello(token=back["token"]))
    assert answer(again)["seat"] == 0


@pytest.mark.slow
def test_a_player_who_leaves_the_lobby_frees_the_seat_and_the_game_waits_for_a_new_one(host):
    """The seat is open again (its name back, its token dead); the game starts only when it is taken."""
    port = host("remote,remote")
    aki = RawWs(port, source="127.0.0.2")
    aki.send(hello(code="TEST42", seat=0, name="Aki"))
    token = answer(aki)["token"]
    assert answer(aki, ("lobby",))["seats"][0] == {"name": "Aki", "kind": "remote", "presence": "here"}
    aki.close()
    bo = RawWs(port, source="127.0.0.3")
    bo.send(hello(code="TEST42", seat=1, name="Bo"))
    assert answer(bo)["seat"] == 1
    lobby = answer(bo, ("lobby", "state"))
    assert lobby["type"] == "lobby" and not lobby["started"]
    assert lobby["seats"][0] == {"name": "Player 1", "kind": "remote", "presence": "open"}
    stale = RawWs(port, source="127.0.0.2")
    stale.send(hello(token=token))
    assert answer(stale)["code"] == "bad_token"
    cy = RawWs(port, source="127.0.0.4")
    cy.send(hello(code="TEST42", name="Cy"))
    assert answer(cy)["seat"] == 0
    assert answer(cy, ("state",))["public"]["phase"] == "setup"  # now the game starts


def test_a_card_in_a_rounds_place_piece_is_refused_as_bad_field():
    """Unknown fields are refused everywhere; the host knows the phase the parser cannot."""
    w = Wire(TableHost(["remote", "remote"], 6, "test42"))
    conns = [w.join(seat=i)[0] for i in (0, 1)]
    brain = make_brain("random")
    for seat, conn in enumerate(conns):
        choice = brain.decide_setup(w.host.session.hint_observation(seat), random.Random(seat))
        w.send(conn, {"type": "intent", "id": 1, "seat": seat, "intent": "take_decision",
                      "args": {"decision": {"setup": record.setup_to_json(choice)}}})
        w.send(conn, {"type": "intent", "id": 2, "seat": seat, "intent": "confirm"})
    assert w.last_state(conns[0])["public"]["phase"] == "play"
    got = w.send(conns[0], {"type": "intent", "id": 3, "seat": 0, "intent": "place_piece",
                            "args": {"kind": "road", "cells": [[5, 5]], "card": "A"}})
    assert got == [{"type": "error", "code": "bad_field", "message": "'card' is not a field of place_piece in a round",
                    "id": 3}]
    got = w.send(conns[0], {"type": "intent", "id": 4, "seat": 0, "intent": "place_piece",
                            "args": {"kind": "road", "cells": [[5, 5]]}})
    assert got[-1]["type"] in ("done", "refused") and got[-1]["id"] == 4  # without it: the rules judge it


@pytest.mark.slow
def test_a_flood_is_told_rate_limited_then_closed_with_1008(host):
    """What a flood gets, as docs/PROTOCOL.md says: answers while the burst lasts, then
    `rate_limited` errors, then close 1008 -- not a dropped line (the host reads on until the client answers)."""
    port = host("remote")  # one seat: the game starts as it joins
    ws = RawWs(port, source="127.0.0.2")
    ws.send(hello(code="TEST42", seat=0))
    answer(ws)
    flood = json.dumps({"type": "intent", "id": 1, "seat": 0, "intent": "redo"})
    sent = 0
    try:
        for _ in range(FLOOD):  # all at once, nothing read meanwhile
            ws.send(flood)
            sent += 1
    except Closed:
        pass
    got = []
    try:
        while True:
            got.append(json.loads(ws.recv(timeout=10)))
    except Closed:
        pass
    codes = [m.get("code") for m in got if m["type"] == "error"]
    done = sum(m["type"] == "done" for m in got)
    print(f"a flood of {FLOOD} ({sent} sent): {done} answered, {codes.count('rate_limited')} rate_limited, "
          f"then close {ws.p.close_code}")
    assert sent == FLOOD  # the host read it all (and dropped what came after its close)
    # Ten strikes in a row close it; on a loaded machine the bucket may refill between sends, an
    # intent is answered again and the strikes start over (more rate_limited in all, never fewer).
    assert [m["type"] for m in got[-10:]] == ["error"] * 10 and codes[-10:] == ["rate_limited"] * 10
    assert done and ws.p.close_code == 1008


@pytest.mark.slow
def test_a_bot_killed_in_the_lobby_finds_its_token_dead_and_joins_again_with_the_code(tmp_path):
    """Leaving the lobby freed the seat (its token died): a bot started again with its --state file
    is told bad_token and joins with the code instead; the game then plays as sim plays it."""
    levels, seed = ["random", "random"], 8
    host, port = start_host("remote,remote", seed, tmp_path / "host")
    state = tmp_path / "a.json"
    a = start_bot(port, levels[0], 0, tmp_path / "r0.json", "--state", str(state))
    bound = time.monotonic() + 30
    while not (state.is_file() and state.read_text(encoding="utf-8")) and time.monotonic() < bound:
        time.sleep(0.1)
    a.kill()
    a.communicate()
    a2 = start_bot(port, levels[0], 0, tmp_path / "r0.json", "--state", str(state))
    b = start_bot(port, levels[1], 1, tmp_path / "r1.json")
    errs = finish([a2, b, host])
    assert a2.returncode == b.returncode == 0, errs
    assert "bad_token" in errs[0]
    got = [json.loads((tmp_path / f"r{i}.json").read_text(encoding="utf-8")) for i in (0, 1)]
    assert same_game(got[0], got[1]) and record.replay(got[0]).over


def test_a_joining_screen_whose_line_drops_in_the_lobby_takes_its_seat_again_with_the_code(qtbot):
    """The lobby freed the seat and killed the token; the TableClient, told bad_token before any
    state, says hello with the code again, asking for the same seat (a lower one is open too), and the game
    starts with it."""
    from ruin_qt.net.host_service import HostService
    from ruin_qt.net.messages import Welcome
    from ruin_qt.net.table_client import TableClient

    service = HostService(TableHost(["remote", "remote", "remote"], 4, "test42"))
    assert service.listen("127.0.0.1", 0)
    clients = {}

    def join(name: str) -> TableClient:
        c = clients[name] = TableClient("127.0.0.1", service.port, "test42", name)
        c.start()
        return c

    xi = join("Xi")
    qtbot.waitUntil(lambda: xi.token is not None, timeout=10_000)
    aki = join("Aki")
    welcomes, failures = [], []
    aki.frame_received.connect(lambda m: isinstance(m, Welcome) and welcomes.append(m))
    aki.failed.connect(lambda code, msg: failures.append(code))
    qtbot.waitUntil(lambda: len(welcomes) == 1, timeout=10_000)
    xi.close()  # seat 0 is open again
    qtbot.waitUntil(lambda: service.host.presence(0) == "open", timeout=10_000)
    aki.peer._cut(1006, "the line dropped")  # as a broken line: no close frame
    qtbot.waitUntil(lambda: len(welcomes) == 2, timeout=10_000)
    assert [w.seat for w in welcomes] == [1, 1] and welcomes[1].token != welcomes[0].token
    assert failures == [] and service.host.seats[1].name == "Aki"
    join("Bo"), join("Cy")
    qtbot.waitUntil(lambda: aki.table.seat == 1 and service.host.started, timeout=10_000)
    for c in clients.values():
        c.close()
    service.quit()
