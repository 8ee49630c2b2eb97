"""The protocol has one source
of truth.  The intent registry is the session's gestures (``session.intents``),
the doc's intent table and error list, and the host's dispatch; every message
each way is one class with one write and one parse; the welcome carries the
game's data, equal to components.json."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest

from ruin_qt.ai.base import make_brain
from ruin_qt.net import protocol
from ruin_qt.net.intent_args import INTENTS, ProtocolError
from ruin_qt.net.messages import (
    Bye,
    Done,
    Error,
    Hello,
    HostMessageError,
    IntentMessage,
    Lobby,
    Over,
    Refused,
    State,
    Welcome,
    parse_client,
    parse_host,
)
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import record
from ruin_qt.rules.deal import Deal
from ruin_qt.rules.errors import RuleError
from ruin_qt.session.intents import Confirm, MoveTo, PlaceC, PlacePiece, TakeDecision, ToggleKeep, Undo
from ruin_qt.session.table import TableSession

from .hosting import Wire

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")


def doc_table(heading: str) -> list[list[str]]:
    """The first markdown table under ``heading``: its rows (header and rule left out), cells stripped."""
    section = DOC.split(heading, 1)[1]
    rows, started = [], False
    for line in section.splitlines():
        if line.startswith("|"):
            started = True
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            rows.append([c.replace("\\|", "|") for c in cells])
        elif started:
            break
    return rows[2:]


def test_the_docs_intent_table_is_the_registry():
    """Names, arguments, their types and limits: docs/PROTOCOL.md's table equals ``INTENTS``."""
    rows = doc_table("## Intents")
    table = {row[0].strip("`"): row[1] for row in rows}
    assert list(table) == list(INTENTS)
    for name, spec in INTENTS.items():
        assert table[name] == spec.described(), name


def test_the_docs_error_codes_are_the_protocols():
    rows = doc_table("## Errors")
    assert {row[0].strip("`"): row[2] for row in rows} == protocol.ERRORS
    assert {row[0].strip("`") for row in rows if row[1] == "yes"} == set(protocol.FATAL)


@pytest.mark.parametrize("name", list(INTENTS))
def test_each_intent_is_the_session_gesture_it_names_with_its_fields(name):
    """The registry's arguments are the gesture's fields, in order (an optional one has a default)."""
    spec = INTENTS[name]
    fields = dataclasses.fields(spec.gesture)
    assert spec.gesture.name == name
    assert [f.name for f in fields] == [a.name for a in spec.args]
    assert [f.default is not dataclasses.MISSING for f in fields] == [a.optional for a in spec.args]


def test_a_client_message_built_by_the_registry_passes_the_hosts_checks_and_a_bad_one_does_not():
    msg = IntentMessage(3, 1, PlacePiece("road", ((5, 4), (5, 3)), "K")).as_dict()
    assert msg == {"type": "intent", "id": 3, "seat": 1, "intent": "place_piece",
                   "args": {"kind": "road", "cells": [[5, 4], [5, 3]], "card": "K"}}
    assert parse_client(json.dumps(msg)) == IntentMessage(3, 1, PlacePiece("road", [[5, 4], [5, 3]], "K"))
    assert "args" not in IntentMessage(4, 1, Confirm()).as_dict()
    with pytest.raises(ProtocolError):
        IntentMessage(5, 1, PlaceC((11, 0))).write()
    with pytest.raises(TypeError):
        MoveTo(**{"where": (1, 1)})


def test_the_client_messages_are_written_and_parsed_by_their_classes():
    hello = Hello(protocol.PROTOCOL, code="TEST42", name="Ann", seat=1)
    assert hello.as_dict() == {"type": "hello", "protocol": protocol.PROTOCOL, "code": "TEST42", "name": "Ann",
                               "seat": 1}
    assert parse_client(hello.write()) == hello
    assert Hello(protocol.PROTOCOL, token="t").as_dict() == {"type": "hello", "protocol": protocol.PROTOCOL,
                                                             "token": "t"}
    assert parse_client(Bye().write()) == Bye() and Bye().as_dict() == {"type": "bye"}
    with pytest.raises(ProtocolError):
        parse_client(json.dumps({"type": "hello", "protocol": 1}))  # neither code nor token


def table(seed=4, kinds=("remote", "remote"), deal: Deal | None = None) -> Wire:
    return Wire(TableHost(list(kinds), seed, "test42", deal=deal))


def test_the_welcome_carries_the_games_data_as_components_json_holds_it():
    data = json.loads((ROOT / "resources" / "components.json").read_text(encoding="utf-8"))
    _, welcome = table().join()
    game = welcome["game"]
    assert game["size"] == data["grid"]["size"] and game["exit"] == data["grid"]["exit"]
    assert game["letters"] == data["grid"]["letters"]
    assert game["explore_cards"] == data["explore_cards"] and len(game["explore_cards"]) == 24
    assert game["objective_cards"] == data["objective_cards"] and len(game["objective_cards"]) == 24


def test_joining_sends_welcome_first_then_lobby_and_state_in_the_order_the_doc_gives():
    w = table()
    a, _ = w.join(seat=0)
    assert [m["type"] for m in w.inbox[a]] == ["welcome", "lobby"]  # not the last: the lobby only
    b, _ = w.join(seat=1)
    assert [m["type"] for m in w.inbox[b]] == ["welcome", "state", "lobby"]  # the last: the deal, then the lobby
    assert [m["type"] for m in w.inbox[a]][2:] == ["state", "lobby"]
    w.host.disconnect(b, w.now)
    w.pump()
    c = w.open()
    token = next(m for m in w.inbox[b] if m["type"] == "welcome")["token"]
    got = w.send(c, {"type": "hello", "protocol": protocol.PROTOCOL, "token": token})
    assert [m["type"] for m in got] == ["welcome", "lobby", "state"]  # a rejoin during the game


def test_every_message_a_host_sends_in_a_whole_game_parses_into_its_class():
    w = table(seed=6)
    conns = {seat: w.join(seat=seat)[0] for seat in (0, 1)}
    brain, rng, ids = make_brain("random"), random.Random(6), 0
    w.send(conns[0], {"type": "intent", "id": 1, "seat": 0, "intent": "confirm"})  # refused: keep two (R5.3)
    w.send(conns[0], {"type": "intent", "id": 2, "seat": 1, "intent": "confirm"})  # an error
    while not w.host.session.live.over:
        for seat, conn in conns.items():
            obs = w.host.session.hint_observation(seat)
            if obs is None:
                continue
            d = brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)
            ids += 2
            w.send(conn, IntentMessage(ids, seat, TakeDecision(d)).write())
            w.send(conn, IntentMessage(ids + 1, seat, Confirm()).write())
    w.host.quit()
    w.pump()
    parsed = [parse_host(json.dumps(m)) for m in w.inbox[conns[0]]]
    assert [m.as_dict() for m in parsed if m is not None] == w.inbox[conns[0]]  # one write, one parse: the same
    kinds = {type(m) for m in parsed}
    assert {Welcome, Lobby, State, Done, Refused, Error, Over} <= kinds and None not in parsed
    assert next(m for m in parsed if isinstance(m, Refused)).id == 1
    assert next(m for m in parsed if isinstance(m, Error)).id == 2
    tail = [type(m).__name__ for m in parsed if not isinstance(m, (Done, Refused, Error))][-3:]
    assert tail == ["State", "Over", "Closing"]  # the end: the final state, the record, then the host leaves


@pytest.mark.parametrize("text", ["[]", "{}", '{"type": "done", "id": "7", "changed": true}',
                                  '{"type": "welcome", "seat": 0}', '{"type": "over", "winners": [0]}', "nope"])
def test_a_malformed_host_message_is_an_error_not_a_crash(text):
    with pytest.raises(HostMessageError):
        parse_host(text)


def test_a_message_type_this_client_does_not_know_is_left_alone():
    assert parse_host('{"type": "news", "text": "a newer host"}') is None


def _to_play(w: Wire, conns: dict[int, int]) -> None:
    """Both seats' setups taken and confirmed (the same for the same seed)."""
    rng = random.Random(1)
    for seat, conn in conns.items():
        d = make_brain("random").decide_setup(w.host.session.hint_observation(seat), rng)
        w.send(conn, IntentMessage(10 + seat, seat, TakeDecision(d)).write())
        w.send(conn, IntentMessage(20 + seat, seat, Confirm()).write())


def _extra_cell(w: Wire, seat: int, kind: str) -> list[int]:
    draft = w.host.session.draft(seat)
    for r in range(11):
        for c in range(11):
            try:
                draft.place_extra(kind, (r, c))
            except RuleError:
                continue
            return [r, c]
    raise AssertionError("no cell for the extra")


@pytest.mark.parametrize("reverse", [False, True])
def test_the_host_dispatches_by_keyword_so_the_order_of_args_does_not_matter(reverse):
    """Two tables, the same deal and the same gestures; one sends every intent's
    arguments in reverse order.  The host takes them alike (it once passed
    ``args.values()`` by position: ``{"discard": 3, "special": "extra"}`` went wrong)."""
    results, same = [], Deal.new()  # one secret deal for both tables: the same cards
    for flip in (False, reverse):
        w = table(seed=13, deal=same)
        conns = {seat: w.join(seat=seat)[0] for seat in (0, 1)}
        _to_play(w, conns)

        def send(intent: str, args: dict, _w=w, _c=conns[0], _flip=flip) -> dict:
            args = dict(reversed(list(args.items()))) if _flip else args
            return _w.send(_c, {"type": "intent", "id": 99, "seat": 0, "intent": intent, "args": args})[-1]

        turn = w.host.session.hint_observation(0)
        assert send("place_c", {"cell": _wall_cell(w)}) == {"type": "done", "id": 99, "changed": True}
        assert send("take_special", {"special": "extra", "discard": turn.hand[0]})["type"] == "done"
        assert send("place_extra", {"kind": "wall", "cell": _extra_cell(w, 0, "wall")})["type"] == "done"
        results.append(w.last_state(conns[0])["view"]["draft"])
    assert results[0] == results[1] and results[0]["special"] == "extra" and results[0]["extra"] is not None


def _wall_cell(w: Wire) -> list[int]:
    draft = w.host.session.draft(0)
    for r in range(11):
        for c in range(11):
            try:
                draft.draw_c((r, c))
            except RuleError:
                continue
            return [r, c]
    raise AssertionError("no cell for action C")


def test_a_rate_limited_intent_is_answered_with_its_id():
    w = table()
    a, _ = w.join(seat=0)
    w.join(seat=1)
    w.host.conns[a].tokens, w.host.conns[a].last = 0, w.now + 0.05  # the next message finds the bucket empty
    got = w.send(a, IntentMessage(41, 0, Undo()).write())
    assert got == [{"type": "error", "code": "rate_limited", "message": "at most 40 messages a second", "id": 41}]


def test_an_intent_whose_arguments_are_refused_is_answered_with_its_id():
    w = table()
    a, _ = w.join(seat=0)
    got = w.send(a, {"type": "intent", "id": 8, "seat": 0, "intent": "place_c", "args": {"cell": [11, 0]}})
    assert got[0]["code"] == "bad_field" and got[0]["id"] == 8
    got = w.send(a, {"type": "intent", "id": 9, "seat": 0, "intent": "fly"})
    assert got[0]["code"] == "unknown_intent" and got[0]["id"] == 9


def test_join_counts_seats_from_1_as_people_do():
    """A person types the seat (as review --seat): 1 to 4; the protocol's numbering stays from 0."""
    from ruin_qt.app.table_commands import join_main

    for wrong in ("0", "5"):
        with pytest.raises(SystemExit) as e:
            join_main(["127.0.0.1:1", "--code", "TEST42", "--seat", wrong])
        assert e.value.code == 2


def test_the_draft_decoder_remakes_a_setup_draft_as_the_host_holds_it():
    """``contents.draft_steps`` is both the joining screen's and the autosave's way back."""
    from ruin_qt.net.host_state import restore_draft
    from ruin_qt.net.remote_table import origin_of, replay_draft

    w = table(seed=5)
    a, _ = w.join(seat=0)
    w.join(seat=1)
    s = w.host.session
    choice = make_brain("random").decide_setup(s.hint_observation(0), random.Random(2))
    for card in choice.keep:
        s.act(0, ToggleKeep(card))
    card, cells = choice.roads[0]
    s.act(0, PlacePiece("road", cells, card))
    dj = w.host.frame(0).view.draft
    obs = s.view(0).obs
    assert replay_draft(origin_of(obs, dj), dj) == s.draft(0)
    again = TableSession()
    again.resume(record.replay(record.to_record(s.live)))
    again.begin()
    restore_draft(again, 0, dj)
    assert again.draft(0) == s.draft(0)


def rule_ids(text: str) -> set[str]:
    """The ids a rules page defines: ``## R8 ...`` and its numbered items ``1.`` .. as R8.1 .."""
    ids, section = set(), None
    for line in text.splitlines():
        if m := re.match(r"## (R\d+) ", line):
            section = m.group(1)
            ids.add(section)
        elif line.startswith("## "):
            section = None
        elif section and (m := re.match(r"(\d+)\. ", line)):
            ids.add(f"{section}.{m.group(1)}")
    return ids


def test_the_rules_the_refusals_cite_are_in_the_repositorys_rules_page():
    """docs/RULES.md (which the protocol points to) defines every rule id a refusal may carry,
    and no more than the project's rules reference (/work/shared/RULES.md when present) has."""
    page = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    defined = rule_ids(page)
    cited = set()
    for f in (ROOT / "ruin_qt").rglob("*.py"):
        cited |= set(re.findall(r"\"(R\d+(?:\.\d+)?)\"", f.read_text(encoding="utf-8")))
    assert cited and cited <= defined, cited - defined
    assert {f"R{n}" for n in range(1, 13)} <= defined and len(defined) == 54  # 12 rules, 42 items
    assert "(RULES.md)" in DOC  # the protocol points there
    reference = Path("/work/shared/RULES.md")
    if reference.is_file():
        assert rule_ids(reference.read_text(encoding="utf-8")) == defined


def test_every_error_code_the_host_sends_is_one_the_protocol_defines():
    sent = set()
    for f in (ROOT / "ruin_qt" / "net").glob("*.py"):
        sent |= set(re.findall(r"(?:(?<![\w.])Error|ProtocolError|ChannelError|_refuse)\(\"([a-z_]+)\"",
                               f.read_text(encoding="utf-8")))
    assert sent == set(protocol.ERRORS)


def test_a_decision_whose_record_does_not_parse_is_refused_by_the_rules_format_once_the_intent_is_heard():
    """The decision is made a value when the message is parsed; a malformed one is still the rules'
    "format" refusal, and only for a connection whose intent reaches the session."""
    w = table()
    a, _ = w.join(seat=0)
    w.join(seat=1)
    bad = {"type": "intent", "id": 5, "seat": 0, "intent": "take_decision", "args": {"decision": {"turn": 7}}}
    assert w.send(a, bad) == [{"type": "refused", "id": 5, "rule": "format", "code": "",
                               "message": "turn is not an object"}]
    got = w.send(a, {**bad, "seat": 1})
    assert got[0]["type"] == "error" and got[0]["code"] == "not_your_seat" and got[0]["id"] == 5
    stranger = w.open()
    got = w.send(stranger, bad)
    assert got[0]["type"] == "error" and got[0]["code"] == "not_joined"
