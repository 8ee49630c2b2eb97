"""The net's one codec: every message of every room (the table's, the channel's, the invite
helper's lines) and every content type goes value -> JSON -> value and JSON -> value -> JSON
unchanged, its values drawn from its declared field types; docs/PROTOCOL.md's tables list
every message with its fields (a guard, shown to fail on a message planted in a copy of the
package); and a joining screen's table shows, frame by frame, the views the host's session has."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import shutil
import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruin_qt
from ruin_qt.ai.base import make_brain
from ruin_qt.net import contents, link_lines, messages
from ruin_qt.net.codec import Codec, Opaque, ProtocolError, codec_for, dumps, plain, read
from ruin_qt.net.link_lines import parse_command, parse_event
from ruin_qt.net.message_base import ROOMS, TAGS, parse
from ruin_qt.net.messages import IntentMessage, parse_client, parse_host
from ruin_qt.net.remote_table import RemoteTable
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import record
from ruin_qt.rules.turn_builder import TurnBuilder
from ruin_qt.session.intents import Confirm, TakeDecision

from .hosting import Wire, fixed
from .test_gestures_as_values import ANY_GESTURE, same

PACKAGE = Path(ruin_qt.__file__).resolve().parent
ROOT = PACKAGE.parent
SENDERS = {"host": "host", "client": "client", "channel": "both, in clear"}

JSON_LEAF = st.none() | st.booleans() | st.integers(-2**60, 2**60) | st.text(max_size=8)
JSON = st.recursive(JSON_LEAF, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                         max_size=3), max_leaves=8)
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)


def values_of(hint: Any) -> st.SearchStrategy:
    """Values of a declared type, by the same reading of types as the codec's."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        own = [m for m in hint.__metadata__ if isinstance(m, Codec)]
        if own and own[0].span is not None:
            lo, hi = own[0].span
            if args[0] is int:
                return st.integers(lo, hi)
            return st.text(st.characters(exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp", "Zs", "Co", "Cn")),
                           min_size=lo, max_size=min(hi, 12)).filter(str.isprintable)
        return values_of(args[0])
    if origin in (typing.Union, types.UnionType):
        return st.one_of([st.none() if a is type(None) else values_of(a) for a in args])
    if origin is Literal:
        return st.sampled_from(args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(values_of(args[0]), max_size=3).map(tuple)
    if origin is tuple:
        return st.tuples(*(values_of(a) for a in args))
    if origin is frozenset:
        return st.frozensets(values_of(args[0]), max_size=3)
    if origin is dict:
        return st.dictionaries(TEXT, values_of(args[1]), max_size=3)
    if hint is Any:
        return JSON
    if hint is Opaque:
        return st.dictionaries(TEXT, JSON, max_size=3).map(Opaque)
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(-2**180, 2**180)  # a sheet's bitboards are wide
    if hint is str:
        return TEXT
    if dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint, include_extras=True)
        return st.builds(hint, **{f.name: values_of(hints[f.name]) for f in dataclasses.fields(hint)})
    raise TypeError(f"no values for {hint!r}")


def message_values(cls: type) -> st.SearchStrategy:
    if cls is IntentMessage:
        return st.builds(IntentMessage, st.integers(0, 2**53), st.integers(0, 3), ANY_GESTURE)
    values = values_of(cls)
    return values.filter(_passes_checked)


def _passes_checked(m) -> bool:
    try:
        m.checked()
    except ProtocolError:
        return False
    return True


MESSAGES = [cls for room in ROOMS.values() for cls in room.values()]
CONTENTS = [c for c in vars(contents).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
            and c.__module__ == contents.__name__] + [messages.LobbySeat]
PARSE = {"host": parse_host, "client": parse_client, "command": parse_command, "event": parse_event,
         "channel": lambda text: parse("channel", text)}
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])


def test_every_room_has_its_messages_and_the_helpers_lines_are_messages_too():
    assert set(ROOMS) == {"host", "client", "channel", "command", "event"}
    assert TAGS == {"host": "type", "client": "type", "channel": "type", "command": "cmd", "event": "event"}
    assert {link_lines.Invite, link_lines.Failed, messages.Pake, messages.State} <= set(MESSAGES)


@pytest.mark.parametrize("cls", MESSAGES, ids=lambda c: f"{c.room}:{c.type}")
@SOME
@given(data=st.data())
def test_every_message_round_trips_value_json_value_and_json_value_json(cls, data):
    msg = data.draw(message_values(cls))
    text = msg.write()
    back = PARSE[cls.room](text)
    assert back == msg and type(back) is cls
    assert json.loads(text)[cls.tag] == cls.type
    assert back.write() == text  # and the JSON, read and written again, is the same bytes


@pytest.mark.parametrize("cls", CONTENTS, ids=lambda c: c.__name__)
@SOME
@given(data=st.data())
def test_every_content_type_round_trips_value_json_value_and_json_value_json(cls, data):
    value = data.draw(values_of(cls))
    text = dumps(plain(value))
    back = read(cls, json.loads(text))
    assert back == value
    assert dumps(plain(back)) == text


def test_a_value_of_the_wrong_type_is_refused_with_the_field_named():
    with pytest.raises(ProtocolError, match="'port'"):
        parse_event('{"event":"listening","port":0}')
    with pytest.raises(ProtocolError, match="'path'"):
        parse_event('{"event":"peer","seat":0,"path":"carrier pigeon"}')
    with pytest.raises(ProtocolError):
        parse_command('{"cmd":"await","seat":0,"table_code":"K7PX3Q","back":""}')  # a way back names one
    assert parse_event('{"event":"news","text":"a newer helper"}') is None
    with pytest.raises(TypeError):
        codec_for(complex)


# -- the doc's tables ---------------------------------------------------------------------------
def doc_rows(doc: str, heading: str) -> list[list[str]]:
    section = doc.split(heading, 1)[1]
    rows, started = [], False
    for line in section.splitlines():
        if line.startswith("|"):
            started = True
            rows.append([c.strip() for c in line.strip().split("|")[1:-1]])
        elif started:
            break
    return rows[2:]


def fields_cell(fields: list[tuple[str, bool]]) -> str:
    return ", ".join(f"`{k}`" + ("?" if optional else "") for k, optional in fields)


def undocumented(rooms: dict[str, dict[str, list[tuple[str, bool]]]], doc: str) -> list[str]:
    """Every message of ``rooms`` (room -> kind -> its fields) that the doc's tables lack or describe
    otherwise, and every row of those tables no message has."""
    said = {(SENDERS[r] if r in SENDERS else r, k): fields_cell(f) for r, kinds in rooms.items()
            for k, f in kinds.items()}
    table = {(row[1], row[0].strip("`")): row[2] for row in doc_rows(doc, "## Messages")}
    table |= {(("command" if row[0].startswith("`cmd`") else "event"), row[0].split(": ")[1].strip("`")): row[1]
              for row in doc_rows(doc, "ruin_qt runs its side of an invite in a helper process")}
    wrong = [f"{who} {kind}" for (who, kind), cell in said.items() if table.get((who, kind)) != cell]
    return wrong + [f"{who} {kind}: in the doc only" for who, kind in table if (who, kind) not in said]


def rooms_of(classes: dict) -> dict[str, dict[str, list[tuple[str, bool]]]]:
    return {room: {kind: cls.wire_fields() for kind, cls in kinds.items()} for room, kinds in classes.items()}


def test_the_docs_message_tables_are_the_codecs_rooms():
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    assert undocumented(rooms_of(ROOMS), doc) == []


ROOMS_OF_A_COPY = """
import json, sys
sys.path.insert(0, sys.argv[1])
import ruin_qt.net.messages, ruin_qt.net.link_lines
from ruin_qt.net.message_base import ROOMS
print(json.dumps({room: {kind: cls.wire_fields() for kind, cls in kinds.items()} for room, kinds in ROOMS.items()}))
"""


def test_the_doc_check_fails_on_a_message_planted_in_a_copy_of_the_package(tmp_path):
    """A new message, in a copy of the package, that the doc's table lacks: the check names it."""
    shutil.copytree(PACKAGE, tmp_path / "ruin_qt", ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp_path / "ruin_qt" / "net" / "messages.py"
    chat = '\n\n@dataclass(frozen=True)\nclass Chat(HostMessage):\n    type = "chat"\n    text: str\n'
    target.write_text(target.read_text(encoding="utf-8") + chat, encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", ROOMS_OF_A_COPY, str(tmp_path)], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    rooms = {r: {k: [tuple(f) for f in fs] for k, fs in kinds.items()} for r, kinds in json.loads(out.stdout).items()}
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    assert undocumented(rooms, doc) == ["host chat"]
    assert set(undocumented(rooms, re.sub(r"\| `closing` \| host .*\n", "", doc))) == {"host chat", "host closing"}


# -- the same game at the host and at a joining screen ----------------------------------------------
PUBLIC_SAME = ("phase", "stage", "round", "seats", "line", "deck_size", "discard", "revealed", "resolved", "acting",
               "thinking", "final", "winners")


def test_a_host_and_a_remote_table_give_the_same_views_frame_by_frame():
    """A game played at a host (seat 1 by intents over the wire): at every state seat 1 is sent, the
    joining screen's table made from it shows the public table and seat 1's view as the host's session
    has them, field by field; at the end, every seat's final view too."""
    host = fixed(TableHost(["remote", "remote", "ai:random"], 11, "test42"), 11)
    w = Wire(host)
    conns = {seat: w.join(seat=seat)[0] for seat in (0, 1)}
    remote = RemoteTable(lambda *_: 0)
    brain, rng, ids, fed, compared = make_brain("random"), random.Random(3), 0, 0, 0

    def follow() -> None:
        nonlocal fed, compared
        inbox = w.inbox[conns[1]]
        for m in inbox[fed:]:
            msg = parse_host(json.dumps(m))
            if m["type"] == "state":
                remote.receive(msg)
            elif m["type"] == "over":
                remote.finish(msg.record.json, msg.deal)
        fed = len(inbox)
        if remote.frame is None:
            return
        s = host.session
        for name in PUBLIC_SAME:
            assert getattr(remote.public(), name) == getattr(s.public(), name), name
        mine, theirs = remote.view(1), s.view(1)
        for f in dataclasses.fields(theirs):
            a, b = getattr(mine, f.name), getattr(theirs, f.name)
            assert same(a, b) if f.name == "draft" else a == b, f.name
        if isinstance(theirs.draft, TurnBuilder):  # a step 1 is equal only on its very start: that, too
            assert tuple(mine.draft.start) == tuple(theirs.draft.start)
        compared += 1

    while not host.session.live.over and ids < 2000:
        w.run_computers()
        follow()
        for seat, conn in conns.items():
            if host.session.live.over or seat not in host.session.may_act():
                continue
            obs = host.session.hint_observation(seat)
            d = brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)
            ids += 2
            w.send(conn, IntentMessage(ids, seat, TakeDecision(d)).write())
            follow()
            w.send(conn, IntentMessage(ids + 1, seat, Confirm()).write())
            follow()
    assert host.session.live.over and compared > 20
    for seat in range(3):
        mine, theirs = remote.view(seat), host.session.view(seat)
        for f in ("seat", "name", "sheet", "hand", "penalties", "score", "routes", "active", "resolved", "walled"):
            assert getattr(mine, f) == getattr(theirs, f), (seat, f)
    assert record.to_record(host.session.live) == remote.final_record()


def test_a_sheets_grid_rows_say_what_its_cells_are():
    from ruin_qt.net.contents import GRID_MARK, SheetData
    from ruin_qt.rules.bitboard import SIZE
    from ruin_qt.rules.sheet import Sheet

    rng = random.Random(5)
    for _ in range(50):
        s = Sheet.__new__(Sheet)
        s.roads, s.gates, s.walls = (rng.getrandbits(16 * SIZE) for _ in range(3))
        s.traced, s.pawn = 0, 0
        grid = SheetData.of(s).grid
        assert grid == tuple("".join(GRID_MARK[s.state(r, c)] for c in range(SIZE)) for r in range(SIZE))
