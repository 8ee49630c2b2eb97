"""Asking magic-wormhole's own mailbox server (on loopback) whether anybody waits with an invite:
a made-up code is known to be hopeless at once, a host's code is not, and a server that does not
list leaves the probe unable to tell (the helper's own wait decides then)."""

from __future__ import annotations

import pytest

from ruin_qt.net.mailbox_probe import APP_ID, NOBODY, UNKNOWN, WAITING, MailboxProbe, nameplate_of

from .wormhole_servers import Lines, ended, helper, is_event, send, start_server, stop

pytestmark = pytest.mark.xdist_group("net-processes")
WAIT_MS = 30_000  # a hang guard, never a speed check


def probe(qtbot, mailbox: str, code: str) -> MailboxProbe:
    p = MailboxProbe(mailbox, code)
    with qtbot.waitSignal(p.answered, timeout=WAIT_MS):
        pass
    return p


def test_the_probe_speaks_for_the_helpers_application():
    from ruin_qt.net import wormhole_peer

    assert APP_ID == wormhole_peer.APP_ID  # else it would ask about another application's nameplates
    assert nameplate_of(" 17-guitarist-revenge ") == "17"


def test_a_made_up_invite_is_known_hopeless_and_a_hosts_invite_is_not(qtbot, servers):
    made_up = probe(qtbot, servers.mailbox, "913-guitarist-revenge")
    assert made_up.result == NOBODY and made_up.own is not None  # the empty list was checked with its own
    qtbot.waitUntil(lambda: made_up.leaving is None, timeout=WAIT_MS)  # its nameplate given back, then gone
    # The nameplate it allocated to check was given back (the server may list it a moment longer).
    for _ in range(20):
        again = probe(qtbot, servers.mailbox, f"{made_up.own}-guitarist-revenge")
        if again.result == NOBODY:
            break
        qtbot.wait(250)
    assert again.result == NOBODY
    host = helper(*servers.args(), "host", "--target", "1")
    lines = Lines(host)
    try:
        send(host, {"cmd": "invite", "seat": 1, "table_code": "ABC123"})
        code = lines.until(is_event("code"))
        assert code is not None, lines.err
        assert probe(qtbot, servers.mailbox, code["code"]).result == WAITING
        assert probe(qtbot, servers.mailbox, "914-guitarist-revenge").result == NOBODY  # others listed, not it
    finally:
        ended(host)


def test_a_mailbox_that_does_not_list_or_cannot_be_reached_leaves_it_unknown(qtbot, tmp_path):
    server, port = start_server("wormhole-mailbox", ["--disallow-list", f"--channel-db={tmp_path / 'db.sqlite'}"],
                                "127.0.0.1", tmp_path)
    try:
        assert probe(qtbot, f"ws://127.0.0.1:{port}/v1", "7-guitarist-revenge").result == UNKNOWN
    finally:
        stop(server)
    assert probe(qtbot, f"ws://127.0.0.1:{port}/v1", "7-guitarist-revenge").result == UNKNOWN  # closed port
    assert probe(qtbot, "wss://127.0.0.1:1/v1", "7-a-b").result == UNKNOWN  # not spoken here
    assert probe(qtbot, "not a url", "7-a-b").result == UNKNOWN


def test_without_a_chosen_mailbox_the_probe_asks_the_helpers_default(monkeypatch):
    from ruin_qt.net.invite_defaults import PUBLIC_MAILBOX
    from ruin_qt.net.mailbox_probe import default_mailbox

    monkeypatch.setenv("RUIN_QT_MAILBOX", "ws://127.0.0.1:9/v1")  # as the suite points every helper
    assert default_mailbox() == "ws://127.0.0.1:9/v1"
    monkeypatch.delenv("RUIN_QT_MAILBOX")
    assert default_mailbox() == PUBLIC_MAILBOX
