"""The channel's handshake as a state machine, without sockets: frames in, typed records out, one explicit
step at a time (the wire behaviour itself: test_channel.py, test_channel_doc.py, test_strangers.py)."""

from __future__ import annotations

import json

from ruin_qt.net.channel import Channel
from ruin_qt.net.handshake import (
    NOT_THE_TABLE,
    Close,
    Cut,
    Deliver,
    Handshake,
    Ready,
    SendSealed,
    SendText,
    Step,
)
from ruin_qt.net.strangers import FREE_TRIES, CodeGuard

HELLO = '{"type":"hello"}'


def pair(client_code: str = "K7PX3Q", host_code: str = "K7PX3Q", guard: CodeGuard | None = None):
    return Handshake(Channel(client_code, "client")), Handshake(Channel(host_code, "host"), guard, "10.0.0.1")


def key(client: Handshake, host: Handshake) -> None:
    """The pake exchange: the client's pake out, the host's answer, the client keyed."""
    (pake,) = client.opened()
    assert isinstance(pake, SendText) and client.step is Step.PAKE_SENT
    (answer,) = host.received(pake.text.encode(), False, 0.0)
    assert isinstance(answer, SendText) and host.step is Step.KEYED
    assert client.received(answer.text.encode(), False, 0.0) == [Ready()] and client.step is Step.KEYED


def refusal(records) -> tuple[str, bool]:
    """The error code of a refusal (an error, then the close 1008) and whether it went sealed."""
    said, close = records
    assert isinstance(close, Close) and close.code == 1008
    if isinstance(said, SendSealed):
        return "", True
    return json.loads(said.text)["code"], False


def test_the_client_is_ready_once_keyed_and_the_host_once_the_first_frame_opens():
    guard = CodeGuard()
    client, host = pair(guard=guard)
    assert (client.step, host.step) == (Step.OPENING, Step.AWAITING_PAKE)
    key(client, host)
    sealed = client.outgoing(HELLO)
    assert isinstance(sealed, SendSealed)
    assert host.received(sealed.frame, True, 0.0) == [Ready(), Deliver(HELLO)] and host.step is Step.CONFIRMED
    back = host.outgoing('{"type":"bye"}')
    assert isinstance(back, SendSealed)
    assert client.received(back.frame, True, 0.0) == [Deliver('{"type":"bye"}')] and client.step is Step.CONFIRMED
    assert client.opened() == []  # the client's pake goes once


def test_a_wrong_code_is_refused_in_clear_counted_and_ends_the_handshake():
    guard = CodeGuard()
    client, host = pair("K7PX3Q", "ABCDEF", guard)
    key(client, host)  # SPAKE2 agrees on a key all the same: a different one
    sealed = client.outgoing(HELLO)
    records = host.received(sealed.frame, True, 5.0)
    assert refusal(records) == ("bad_code", False) and host.step is Step.ENDED
    assert guard.tries["10.0.0.1"].wrong == 1
    assert host.received(sealed.frame, True, 6.0) == []  # nothing more is acted on
    # The client passes the host's refusal on as it came: it is the table's to tell.
    said = records[0]
    assert isinstance(said, SendText)
    assert client.received(said.text.encode(), False, 5.0) == [Deliver(said.text)] and client.step is Step.KEYED


def test_an_address_that_must_pause_is_refused_before_its_code_is_tried():
    guard = CodeGuard()
    for _ in range(FREE_TRIES):
        guard.wrong("10.0.0.1", 0.0)
    client, host = pair(guard=guard)
    (pake,) = client.opened()
    code, sealed = refusal(host.received(pake.text.encode(), False, 0.5))
    assert (code, sealed) == ("too_many_tries", False) and host.step is Step.ENDED
    assert not host.channel.keyed


def test_frames_out_of_turn_are_refused_as_the_protocol_names_them():
    client, host = pair()
    assert refusal(host.received(b"\0" * 40, True, 0.0)) == ("bad_channel", False)
    client, host = pair()
    assert refusal(host.received(HELLO.encode(), False, 0.0)) == ("no_channel", False)
    client, host = pair()
    key(client, host)
    assert refusal(host.received(HELLO.encode(), False, 0.0)) == ("not_text", False)  # not confirmed: in clear
    client, host = pair()
    key(client, host)
    host.received(client.outgoing(HELLO).frame, True, 0.0)
    (pake,) = Handshake(Channel("K7PX3Q", "client")).opened()
    assert refusal(host.received(pake.text.encode(), False, 0.0)) == ("", True)  # confirmed: sealed


def test_a_host_without_the_code_is_cut_by_the_client():
    client, host = pair("K7PX3Q", "ABCDEF")
    key(client, host)
    frame = host.outgoing('{"type":"welcome"}')
    assert isinstance(frame, SendSealed)
    assert client.received(frame.frame, True, 0.0) == [Cut(NOT_THE_TABLE, "the host does not know this table's code")]
    assert client.step is Step.ENDED


def test_a_sealed_frame_that_is_not_utf8_closes_with_1007():
    client, host = pair()
    key(client, host)
    frame = client.channel.seal(b"\xff\xfe")
    assert host.received(frame, True, 0.0) == [Close(1007, "text is not UTF-8")] and host.step is Step.ENDED


def test_before_the_key_our_messages_go_in_clear():
    client, host = pair()
    assert host.outgoing(HELLO) == SendText(HELLO)
