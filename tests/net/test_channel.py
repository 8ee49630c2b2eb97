"""The table's encrypted channel (docs/PROTOCOL.md, *The channel*): the doc's worked example is what the
code does; a wrong code is refused in clear and learns nothing; a man in the middle without the code can
neither join nor read; every byte of a whole game on loopback holds nothing of the game in clear."""

from __future__ import annotations

import json
import re
import socket
import threading
from pathlib import Path

import pytest
from spake2 import SPAKE2_A, SPAKE2_B
from websockets.frames import Opcode
from websockets.http11 import Request
from websockets.server import ServerProtocol

from ruin_qt.net.channel import ID_CLIENT, ID_HOST, INFO, Box, Channel, ChannelError, hkdf, password
from ruin_qt.net.host_service import HostService
from ruin_qt.net.table_client import TableClient
from ruin_qt.net.table_host import TableHost

from .raw_ws import RawWs
from .tables import finish, start_bot, start_host
from .wire_tap import WireTap, game_secrets

DOC = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
EXAMPLE = DOC.split("**A worked example.** Join code", 1)[1].split("Any SPAKE2 implementation", 1)[0]


def _hex_after(label: str) -> bytes:
    m = re.search(re.escape(label) + r"[^`]*`([0-9a-f]+)`", EXAMPLE)
    assert m, label
    return bytes.fromhex(m.group(1))


def test_the_docs_worked_example_is_what_the_channel_does():
    """PROTOCOL.md's example, value by value: the password, both pakes, K, the two keys, both frames."""
    code = re.match(r" `([^`]+)` \(password `([^`]+)`\)", EXAMPLE)
    assert code and password(code.group(1)) == code.group(2).encode()
    client = SPAKE2_A(password(code.group(1)), idA=ID_CLIENT, idB=ID_HOST, entropy_f=lambda n: b"\x11" * n)
    host = SPAKE2_B(password(code.group(1)), idA=ID_CLIENT, idB=ID_HOST, entropy_f=lambda n: b"\x22" * n)
    a, b = client.start(), host.start()
    assert a == _hex_after("the client's pake:") and b == _hex_after("the host's pake:")
    key = client.finish(b)
    assert key == host.finish(a) == _hex_after("`K` =")
    assert hkdf(key, INFO["client"]) == _hex_after("client → host key")
    assert hkdf(key, INFO["host"]) == _hex_after("host → client key")
    assert ID_CLIENT == b"ruin-qt/1 client" and ID_HOST == b"ruin-qt/1 host" and "`ruin-qt/1 client`" in DOC
    assert f"`info` = `{INFO['client'].decode()}`" in DOC and f"`info` = `{INFO['host'].decode()}`" in DOC
    frames = re.findall(r"`(0{48})`\s*\(the nonce\)\s*`([0-9a-f]+)`|`(0{48})`\s*`([0-9a-f]+)`", EXAMPLE)
    (n1, f1, _, _), (_, _, n2, f2) = frames
    hello = re.search(r"first message, `([^`]+)`", EXAMPLE).group(1)
    assert Box(hkdf(key, INFO["client"])).seal(hello.encode()) == bytes.fromhex(n1 + f1)
    assert Box(hkdf(key, INFO["host"])).seal(b'{"type":"bye"}') == bytes.fromhex(n2 + f2)
    # And the module's own ends, from the same randomness, agree with the doc end to end.
    c = Channel(code.group(1), "client", entropy=lambda n: b"\x11" * n)
    h = Channel("K7PX3Q", "host", entropy=lambda n: b"\x22" * n)
    c.finish(h.answer(c.start()))
    assert c.seal(hello) == bytes.fromhex(n1 + f1) and h.open(bytes.fromhex(n1 + f1)) == hello


def test_a_frame_replayed_reordered_or_tampered_with_does_not_open():
    c, h = Channel("TEST42", "client"), Channel("TEST42", "host")
    c.finish(h.answer(c.start()))
    first, second = c.seal("one"), c.seal("two")
    with pytest.raises(ChannelError):
        h.open(second)  # out of order
    assert h.open(first) == "one"
    with pytest.raises(ChannelError):
        h.open(first)  # replayed
    with pytest.raises(ChannelError):
        h.open(second[:-1] + bytes([second[-1] ^ 1]))  # one bit changed
    assert h.open(second) == "two"


@pytest.fixture
def table(qapp):
    host = TableHost(["remote", "remote"], 3, "TEST42")
    service = HostService(host)
    assert service.listen("127.0.0.1", 0)
    yield service
    service.quit()


def _pump(qapp, until, seconds: float = 10.0) -> None:
    import time

    end = time.monotonic() + seconds
    while not until() and time.monotonic() < end:
        qapp.processEvents()
        time.sleep(0.005)


def _in_thread(fn):
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except Exception as e:  # noqa: BLE001 - handed to the test's thread
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, out


def test_a_wrong_code_is_refused_in_clear_and_learns_nothing(qapp, table):
    """A client keyed with another code: its sealed hello does not open; it is told bad_code in clear,
    and everything it got besides is the host's pake: not one sealed frame."""
    def attempt():
        ws = RawWs(table.port, code="WRONG9")
        ws.send(json.dumps({"type": "hello", "protocol": 1, "code": "WRONG9", "name": "Mallory"}))
        return ws, json.loads(ws.recv(timeout=10))

    t, out = _in_thread(attempt)
    _pump(qapp, lambda: not t.is_alive())
    assert "error" not in out, out.get("error")
    ws, answer = out["value"]
    assert answer["type"] == "error" and answer["code"] == "bad_code"
    assert [json.loads(f)["type"] for f in ws.frames] == ["pake", "error"]  # nothing sealed came
    assert table.host.guard.tries["127.0.0.1"].wrong == 1  # counted as a wrong code


def test_the_right_code_joins_and_only_the_pake_travels_in_clear(qapp, table):
    def attempt():
        ws = RawWs(table.port, code="tes t42")  # typed as a player might
        ws.send(json.dumps({"type": "hello", "protocol": 1, "code": "TEST42", "name": "Aki"}))
        return ws, json.loads(ws.recv(timeout=10))

    t, out = _in_thread(attempt)
    _pump(qapp, lambda: not t.is_alive())
    ws, welcome = out["value"]
    assert welcome["type"] == "welcome" and welcome["token"]
    clear = [f for f in ws.frames if f.startswith(b"{")]
    assert len(clear) == 1 and json.loads(clear[0])["type"] == "pake"
    assert not any(welcome["token"].encode() in f for f in ws.frames)


def test_a_plain_client_without_the_channel_is_told_so_in_clear(qapp, table):
    def attempt():
        ws = RawWs(table.port, code=None)
        ws.send(json.dumps({"type": "hello", "protocol": 1, "code": "TEST42"}))
        return json.loads(ws.recv(timeout=10))

    t, out = _in_thread(attempt)
    _pump(qapp, lambda: not t.is_alive())
    assert out["value"]["code"] == "no_channel"


def _fake_host(code: str) -> tuple[socket.socket, dict]:
    """A man in the middle playing the host with a code of its own guessing: it answers the pake, cannot
    open the client's hello, and sends a welcome sealed under its own key."""
    server = socket.create_server(("127.0.0.1", 0))
    seen: dict = {"sealed": []}

    def serve():
        sock, _ = server.accept()
        sock.settimeout(10)
        p, ch = ServerProtocol(), Channel(code, "host")
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    return
                p.receive_data(data)
                for ev in p.events_received():
                    if isinstance(ev, Request):
                        p.send_response(p.accept(ev))
                    elif ev.opcode is Opcode.TEXT:
                        p.send_text(ch.answer(bytes(ev.data)).encode())
                    elif ev.opcode is Opcode.BINARY:
                        try:
                            seen["opened"] = ch.open(bytes(ev.data))
                        except ChannelError:
                            seen["sealed"].append(bytes(ev.data))
                        p.send_binary(ch.seal('{"type":"welcome","protocol":1,"seat":0,"token":"forged",'
                                              '"seats":2,"deal":null,"game":{}}'))
                for chunk in p.data_to_send():
                    sock.sendall(chunk)
        except OSError:
            pass

    threading.Thread(target=serve, daemon=True).start()
    return server, seen


def test_a_man_in_the_middle_without_the_code_can_neither_read_the_hello_nor_pass_for_the_host(qapp):
    server, seen = _fake_host("GUESS7")
    client = TableClient("127.0.0.1", server.getsockname()[1], "TEST42", "Aki")
    failed: list = []
    client.failed.connect(lambda code, msg: failed.append((code, msg)))
    client.start()
    _pump(qapp, lambda: bool(failed))
    server.close()
    assert "opened" not in seen and len(seen["sealed"]) == 1  # the hello, and it did not open
    assert b"Aki" not in seen["sealed"][0] and b"TEST42" not in seen["sealed"][0]
    assert failed and failed[0][0] == "gone" and "does not know this table's code" in failed[0][1]
    assert client.seat is None and client.token is None  # nothing forged was taken for the table's word


@pytest.mark.slow
def test_every_byte_of_a_whole_game_on_loopback_holds_nothing_of_it_in_clear(tmp_path):
    """Two bots play a whole game through a tap that keeps every byte both ways: no token, no name, no
    objective id list, no draft's cells, no card letter order, no JSON field of the game."""
    host, port = start_host("remote,remote", 7, tmp_path / "host")
    tap = WireTap(port)
    names = ["Aki Hanazono", "Bo Lindqvist"]
    bots = [start_bot(tap.port, "random", i, tmp_path / f"record{i}.json", "--name", names[i],
                      "--state", str(tmp_path / f"bot{i}.json")) for i in range(2)]
    errs = finish(bots + [host])
    tap.close()
    assert [b.returncode for b in bots] == [0, 0], errs
    seen = bytes(tap.seen)
    rec = json.loads((tmp_path / "record0.json").read_text(encoding="utf-8"))
    tokens = [json.loads((tmp_path / f"bot{i}.json").read_text(encoding="utf-8"))["token"] for i in range(2)]
    assert len(seen) > 50_000  # a whole game went through the tap
    secrets = [*game_secrets(rec, tokens, names, "TEST42"), '"name"', '"welcome"', '"state"']
    found = [s for s in secrets if s.encode() in seen]
    assert not found, f"in clear on the wire: {found}"
