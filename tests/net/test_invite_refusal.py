"""A made-up invite in the Join dialog, with magic-wormhole's own mailbox server on loopback: it
said "Opening the invite…" for a minute with Join off and no way out.  Now it can be cancelled at
once, and it is refused as soon as the mailbox has listed its nameplates (one connection to the
mailbox: no wormhole helper is started for it)."""

from __future__ import annotations

import pytest

from ruin_qt.app import invites
from ruin_qt.app import tables as app_tables
from ruin_qt.app.storage.settings import Settings
from ruin_qt.net import link_process

pytestmark = [pytest.mark.xdist_group("net-processes"),
              pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")]
WAIT_MS = 60_000  # a hang guard, never a speed check


@pytest.fixture
def settings(tmp_path, servers) -> Settings:
    s = Settings(tmp_path / "settings.ini")
    s.set_invite_servers(servers.mailbox, servers.relay)
    return s


@pytest.fixture
def helpers_started(monkeypatch) -> list:
    started: list = []
    join = link_process.WormholeLink.join
    monkeypatch.setattr(link_process.WormholeLink, "join",
                        lambda self, *a, **k: (started.append(a), join(self, *a, **k))[1])
    return started


def test_a_made_up_invite_is_refused_by_the_mailbox_without_waiting_for_anyone(qtbot, settings, helpers_started):
    join = app_tables.join_dialog(settings=settings)
    qtbot.addWidget(join)
    join.code.setText("917-guitarist-revenge")
    join.join()
    assert "Opening the invite" in join.problem.text() and join.cancel_button.isVisibleTo(join)
    qtbot.waitUntil(lambda: join.join_button.isEnabled(), timeout=WAIT_MS)
    assert join.problem.text() == invites.failure_text("no_peer", "")
    assert join.invite is None and join.client is None and not join.cancel_button.isVisibleTo(join)
    assert helpers_started == []  # the mailbox's list decided it: no helper waited its minute


def test_an_invite_being_opened_is_cancelled_at_once(qtbot, settings, helpers_started):
    join = app_tables.join_dialog(settings=settings)
    qtbot.addWidget(join)
    join.code.setText("918-guitarist-revenge")
    join.join()
    link = join.invite
    assert link is not None and not join.join_button.isEnabled()
    join.cancel_button.click()
    assert join.join_button.isEnabled() and join.invite is None and not join.cancel_button.isVisibleTo(join)
    assert join.problem.text() == "The invite was not opened."
    qtbot.wait(300)  # a late answer from the mailbox is not heard: nothing starts, nothing is said
    assert join.problem.text() == "The invite was not opened." and helpers_started == []
    join.join()  # and another try can start at once
    assert join.invite is not None and join.invite is not link
    join.cancel_invite()


def test_a_cancel_after_the_helper_started_stops_it(qtbot, servers, settings, helpers_started):
    """An invite the mailbox cannot judge (the host's nameplate is there): the helper runs; Cancel ends it."""
    from .wormhole_servers import Lines, ended, helper, is_event, send

    host = helper(*servers.args(), "host", "--target", "1")
    lines = Lines(host)
    try:
        send(host, {"cmd": "invite", "seat": 1, "table_code": "ABC123"})
        code = lines.until(is_event("code"))
        assert code is not None, lines.err
        nameplate = code["code"].split("-")[0]
        join = app_tables.join_dialog(settings=settings)
        qtbot.addWidget(join)
        join.code.setText(f"{nameplate}-zulu-yankee")  # its nameplate, other words: the helper must try
        join.join()
        link = join.invite
        qtbot.waitUntil(lambda: link.running, timeout=WAIT_MS)
        assert len(helpers_started) == 1
        join.cancel_button.click()
        assert join.join_button.isEnabled() and not link.running
        qtbot.waitUntil(lambda: link_process.retiring() == 0, timeout=WAIT_MS)  # the helper ended, told to
    finally:
        ended(host)
