"""docs/PROTOCOL.md and the host agree (raw connections to a real host on loopback): a second
``pake`` is ``bad_channel``; an open channel with no ``hello`` is closed with a close frame 1008 at
the hello deadline; capital hex in a ``pake`` is refused; and once the channel has opened no
error comes in clear (``not_text`` and ``bad_frame`` come sealed, then the close)."""

from __future__ import annotations

import json

import pytest

from ruin_qt.net import transport
from ruin_qt.net.channel import ChannelError, pake_text, parse_pake

from .raw_ws import Closed, RawWs
from .test_channel import _in_thread, _pump


def until_closed(ws: RawWs) -> tuple[list[str], int]:
    """Everything the host still says, and its close code (1006: cut without a close frame)."""
    said = []
    try:
        while True:
            said.append(ws.recv(timeout=15))
    except (Closed, TimeoutError):
        pass
    rcvd = ws.p.close_rcvd
    return said, rcvd.code if rcvd is not None else 1006


def run(qapp, fn):
    t, out = _in_thread(fn)
    _pump(qapp, lambda: not t.is_alive(), seconds=30)
    assert "error" not in out, out.get("error")
    return out["value"]


def test_a_second_pake_is_bad_channel(qapp, table):
    def attempt():
        ws = RawWs(table.port)
        ws.p.send_text(ws.channel.start().encode("utf-8"))  # the same pake again, in clear
        ws._flush()
        return ws, until_closed(ws)

    ws, (said, code) = run(qapp, attempt)
    assert [json.loads(m)["code"] for m in said] == ["bad_channel"] and code == 1008


def test_an_open_channel_without_a_hello_is_closed_1008_at_the_deadline(qapp, table, monkeypatch):
    monkeypatch.setattr(transport, "HANDSHAKE_S", 0.5)  # the deadline's length is not the point: its close is

    def attempt():
        ws = RawWs(table.port)  # the channel keyed, then nothing
        assert ws.channel.keyed and ws.refusal is None
        return until_closed(ws)

    said, code = run(qapp, attempt)
    assert said == [] and code == 1008


def test_capital_hex_in_a_pake_is_refused():
    good = json.loads(pake_text(bytes(range(33))))
    assert parse_pake(json.dumps(good)) == bytes(range(33))
    shouting = {**good, "pake": good["pake"].upper()}
    assert shouting["pake"] != good["pake"]
    with pytest.raises(ChannelError) as e:
        parse_pake(json.dumps(shouting))
    assert e.value.code == "bad_channel"


def test_a_capital_hex_pake_is_told_bad_channel_by_the_host(qapp, table):
    def attempt():
        ws = RawWs(table.port, code=None)  # the exchange by hand
        from ruin_qt.net.channel import Channel

        pake = json.loads(Channel("TEST42", "client").start())
        ws.send(json.dumps({**pake, "pake": pake["pake"].upper()}))
        return until_closed(ws)

    said, code = run(qapp, attempt)
    assert [json.loads(m)["code"] for m in said] == ["bad_channel"] and code == 1008


@pytest.mark.parametrize("wrong", ["text", "replayed"])
def test_after_the_channel_opens_errors_come_sealed_never_in_clear(qapp, table, wrong):
    def attempt():
        ws = RawWs(table.port)
        ws.send(json.dumps({"type": "hello", "protocol": 1, "code": "TEST42", "name": "Aki"}))
        assert json.loads(ws.recv())["type"] == "welcome"
        frames_before = len(ws.frames)
        if wrong == "text":
            ws.p.send_text(b'{"type": "bye"}')  # a text frame inside the channel
        else:
            ws.p.send_binary(ws.channel.seal("{}")[:-1] + b"x")  # a sealed frame that does not open
        ws._flush()
        said, code = until_closed(ws)
        return ws.frames[frames_before:], said, code

    after, said, code = run(qapp, attempt)
    errors = [json.loads(m) for m in said if json.loads(m)["type"] == "error"]
    assert [e["code"] for e in errors] == ["not_text" if wrong == "text" else "bad_frame"] and code == 1008
    assert not any(f.startswith(b"{") for f in after)  # nothing in clear: the error was sealed
