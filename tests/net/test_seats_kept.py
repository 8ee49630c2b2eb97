"""In-process: a dropped player keeps the seat and its draft, a computer level
may take it over after the host's time, and the autosave holds the whole table."""

from __future__ import annotations

import json

from ruin_qt.net import host_state
from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_host import TableHost, Takeover

from .hosting import Wire


def two_players(takeover=None) -> tuple[Wire, int, int, str]:
    w = Wire(TableHost(["remote", "remote"], 8, "test42", takeover))
    a, _ = w.join(seat=0)
    b, welcome = w.join(seat=1)
    return w, a, b, welcome["token"]


def keep_two(w: Wire, conn: int, seat: int) -> list:
    hand = w.last_state(conn)["view"]["hand"]
    for card in hand[:2]:
        w.send(conn, {"type": "intent", "id": card, "seat": seat, "intent": "toggle_keep", "args": {"card": card}})
    return hand[:2]


def test_a_dropped_player_rejoins_with_the_token_and_finds_the_draft_as_it_was():
    w, a, b, token = two_players()
    kept = keep_two(w, b, 1)
    left = w.last_state(b)["view"]
    w.host.disconnect(b, w.now)
    w.pump()
    assert w.host.presence(1) == "away"
    assert w.last_state(a)["public"]["seats"][1]["presence"] == "away"
    c = w.open()
    got = w.send(c, {"type": "hello", "protocol": PROTOCOL, "token": token})
    assert got[0]["type"] == "welcome" and got[0]["seat"] == 1
    back = w.last_state(c)["view"]
    assert back == left and back["draft"]["keep"] == kept


def test_a_stale_or_forged_token_gets_no_seat():
    w, a, b, token = two_players()
    c = w.open()
    forged = token[:-1] + ("y" if token.endswith("x") else "x")  # one character off (a token may end in "x")
    assert w.send(c, {"type": "hello", "protocol": PROTOCOL, "token": forged})[0]["code"] == "bad_token"
    w2 = Wire(TableHost(["remote"], 8, "test42"))
    d = w2.open()
    assert w2.send(d, {"type": "hello", "protocol": PROTOCOL, "token": token})[0]["code"] == "bad_token"


def test_a_computer_level_takes_a_dropped_seat_after_the_hosts_time_and_gives_it_back():
    w, a, b, token = two_players(Takeover(30, "random"))
    w.host.disconnect(b, w.now)
    w.host.tick(w.now + 10)
    w.pump()
    assert w.due() is None  # still waiting for the player
    w.host.tick(w.now + 31)
    w.pump()
    assert w.host.presence(1) == "computer_playing"
    w.run_computers()
    assert w.last_state(a)["public"]["confirmed"] == [1]  # the computer confirmed seat 1's setup
    c = w.open()
    w.send(c, {"type": "hello", "protocol": PROTOCOL, "token": token})
    assert w.host.presence(1) == "here" and w.due() is None


def test_the_autosave_holds_the_whole_table_and_a_restarted_host_resumes_it(tmp_path):
    w, a, b, token = two_players()
    kept = keep_two(w, b, 1)
    host_state.save(w.host, tmp_path)
    again = host_state.load(tmp_path)
    assert again.code == w.host.code and [s.token for s in again.seats] == [s.token for s in w.host.seats]
    assert again.session.view(1).draft.keep == tuple(kept)
    w2 = Wire(again)
    c = w2.open()
    assert w2.send(c, {"type": "hello", "protocol": PROTOCOL, "token": token})[0]["seat"] == 1
    assert w2.last_state(c)["view"]["draft"] == w.last_state(b)["view"]["draft"]
    assert json.loads((tmp_path / "table.json").read_text(encoding="utf-8"))["format"] == "ruin-qt-table/1"


def test_a_host_that_quits_says_so_in_plain_words():
    w, a, b, _ = two_players()
    w.host.quit()
    w.pump()
    assert w.inbox[a][-1]["type"] == "closing" and "closed" in w.inbox[a][-1]["message"]
    assert w.closed[a][0] == 1001 and w.closed[b][0] == 1001
