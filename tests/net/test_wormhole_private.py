"""magic-wormhole's private names the invite helper leans on (ruin_qt/net/wormhole_private.py): each is
where that module says, in the version installed (pyproject pins the range), and a version where one has
moved degrades a feature instead of breaking an invite."""

from __future__ import annotations

import importlib
import sys
import types

import pytest

from ruin_qt.net import wormhole_private


@pytest.mark.parametrize("where", wormhole_private.PRIVATE_NAMES)
def test_each_private_name_is_where_the_module_reads_it(where):
    module, _, name = where.partition(":")
    try:
        found = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as e:
        pytest.fail(f"magic-wormhole moved {where} ({e}): ruin_qt/net/wormhole_private.py must follow it, "
                    "and pyproject's pin with it")
    assert isinstance(found, type)


def test_the_peer_status_is_read_from_magic_wormholes_own_classes():
    from wormhole._status import ConnectedPeer, ReconnectingPeer

    state, seen = wormhole_private.peer_state(ConnectedPeer(1, 2, "relay: tcp:127.0.0.1:4001"))
    assert state == "connected" and seen == (1, "relay: tcp:127.0.0.1:4001")
    assert wormhole_private.peer_state(ReconnectingPeer(3)) == ("reconnecting", ())
    assert wormhole_private.peer_state(object()) == ("", ())  # a status of another shape: not told


def test_without_dilations_connection_class_the_link_works_without_no_delay(monkeypatch):
    moved = types.ModuleType("wormhole._dilation.connection")  # as if a release moved the class away
    monkeypatch.setitem(sys.modules, "wormhole._dilation.connection", moved)
    assert wormhole_private.no_delay_for_dilation() is False


def test_dilations_connections_get_no_delay_once():
    from wormhole._dilation.connection import DilatedConnectionProtocol

    assert wormhole_private.no_delay_for_dilation() is True
    wrapped = DilatedConnectionProtocol.connectionMade
    assert getattr(wrapped, "no_delay", False)
    assert wormhole_private.no_delay_for_dilation() is True
    assert DilatedConnectionProtocol.connectionMade is wrapped  # not wrapped twice


def test_no_other_module_reaches_into_magic_wormholes_insides():
    import re
    from pathlib import Path

    root = Path(wormhole_private.__file__).resolve().parents[1]
    private = re.compile(r"^\s*(from|import)\s+wormhole\._", re.M)
    users = [str(p.relative_to(root)) for p in root.rglob("*.py") if private.search(p.read_text(encoding="utf-8"))]
    assert users == ["net/wormhole_private.py"], users


def test_the_way_back_in_the_protocol_doc_is_the_helpers_own():
    """docs/PROTOCOL.md's derivation of a way back's codes, done from its words alone, gives its examples,
    and the helper's ``code_for`` gives the same."""
    import hashlib
    import hmac
    import re
    from pathlib import Path

    from ruin_qt.net.wormhole_peer import code_for

    doc = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = doc[doc.index("### The way back to an invited seat"):]
    section = " ".join(section.split())  # the doc's lines wrap anywhere
    back = re.search(r"`B` = `([0-9a-f]{32})`", section).group(1)
    examples = re.findall(r"`G` = (\d+), `(\d{9}-[0-9a-f]{32})`", section)
    assert len(examples) == 2, examples

    def from_the_doc(b: str, g: int) -> str:
        d = hmac.new(b.encode("ascii"), f"ruin-qt way back {g}".encode("ascii"), hashlib.sha256).digest()
        return f"{int.from_bytes(d[:8], 'big') % 900_000_000 + 100_000_000}-{d[8:24].hex()}"

    for g, code in examples:
        assert from_the_doc(back, int(g)) == code == code_for(back, int(g))


def test_the_default_invite_servers_are_magic_wormholes_public_ones():
    """Named once, without Twisted (the app shows them, the helper uses them): the ones magic-wormhole's
    own ``wormhole`` tool uses."""
    from wormhole.cli.public_relay import MAILBOX_RELAY, TRANSIT_RELAY

    from ruin_qt.net.invite_defaults import PUBLIC_MAILBOX, PUBLIC_RELAY

    assert (PUBLIC_MAILBOX, PUBLIC_RELAY) == (MAILBOX_RELAY, TRANSIT_RELAY)
