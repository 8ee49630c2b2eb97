"""Every client checks the host's deal at the end.  A real
bot process (``python -m ruin_qt join``) against a host on loopback that
lies -- a record with one shuffle changed, or a key other than the one it
committed to -- says so and exits with its own status; an honest host's deal
passes.  A joining screen's ``RemoteTable`` reaches the same verdicts."""

from __future__ import annotations

import json

import pytest

from ruin_qt.model.runner import Runner, decider
from ruin_qt.net.bot_client import DEAL_FAILED
from ruin_qt.net.codec import read
from ruin_qt.net.contents import Revealed
from ruin_qt.net.host_service import HostService
from ruin_qt.net.messages import parse_host
from ruin_qt.net.remote_table import RemoteTable
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules.deal import Deal, Verdict

from .tables import deal_verdict, finish, start_bot


class LyingHost(TableHost):
    """Reveals another key than the one it committed to, or a record with a shuffle changed."""

    lie = ""

    def start(self) -> None:
        super().start()
        if self.lie == "key":
            self.deal = Deal.new()  # its own commitment for it: not the one sent at the start

    def final_record(self) -> dict | None:
        rec = super().final_record()
        if rec is not None and self.lie == "shuffle":
            order = rec["shuffles"][-1]["order"]
            order[0], order[1] = order[1], order[0]
        return rec


@pytest.mark.parametrize(("lie", "status", "reason"), [
    ("", 0, "every shuffle follows from the secret"),
    ("shuffle", DEAL_FAILED, "is not the order the revealed key gives"),
    ("key", DEAL_FAILED, "do not match the commitment"),
])
def test_the_bot_checks_the_hosts_deal_and_exits_with_its_own_status_when_it_fails(qtbot, tmp_path, lie, status,
                                                                                 reason):
    host = LyingHost(["remote", "ai:random"], 5, "TEST42")
    host.lie = lie
    runner = Runner()
    service = HostService(host, decide=decider(runner))
    runner.setParent(service)
    assert service.listen("127.0.0.1", 0)
    bot = start_bot(service.port, "random", 0, tmp_path / "r.json")
    try:
        qtbot.waitUntil(lambda: bot.poll() is not None, timeout=120_000)  # a hang guard, not a speed check
    finally:
        errs = finish([bot])
        service.quit()
    assert bot.returncode == status, errs
    verdict = deal_verdict(bot)
    assert verdict["verified"] is (status == 0) and reason in verdict["reason"], errs
    assert (status == DEAL_FAILED) == ("the host's deal could not be verified" in errs[0])


def test_a_joining_screen_checks_the_deal_against_the_first_frames_commitment():
    from .test_deal_privacy import play

    host = TableHost(["remote", "remote", "ai:random"], 7, "test42")
    spied, _w = play(host)
    over_at = next(i for i, m in enumerate(spied) if m["type"] == "over")
    over = spied[over_at]

    def verdict(frames, rec, revealed) -> Verdict | None:
        table = RemoteTable(lambda *_: None)
        for m in frames:
            if m["type"] == "state":
                table.receive(parse_host(json.dumps(m)))
        table.finish(rec, read(Revealed, revealed) if revealed is not None else None)
        return table.deal_verdict

    frames = spied[:over_at]
    assert verdict(frames, over["record"], over["deal"]) == Verdict(True)
    other = Deal.new()
    assert verdict(frames, over["record"], other.reveal()).code == "commitment"
    changed = json.loads(json.dumps(over["record"]))
    changed["shuffles"][2]["order"].reverse()
    assert verdict(frames, changed, over["deal"]) == Verdict(False, "bad_shuffle", 3)
    assert verdict(frames, over["record"], None).code == "no_deal"
    # A host that changes its commitment in a later frame cannot make its other key pass.
    later = [*frames[:-1], {**frames[-1], "public": {**frames[-1]["public"], "deal": {"commitment": other.commitment}}}]
    assert verdict(later, over["record"], other.reveal()).code == "commitment"


def test_a_returning_screen_holds_the_host_to_the_commitment_it_was_first_told(qtbot, tmp_path):
    """The commitment is kept with the seat (app/storage/joined_tables.py) and handed to the client
    of a return after a restart: a host that dealt anew since cannot pass its new commitment off."""
    from ruin_qt.app.storage.joined_tables import JoinedTables
    from ruin_qt.net.contents import Commitment
    from ruin_qt.net.messages import Welcome
    from ruin_qt.net.table_client import TableClient

    first, later = Deal.new(), Deal.new()
    store = JoinedTables(tmp_path)
    assert store.remember("127.0.0.1", 4000, 1, "tok", "Bo", "Aki, Bo", first.commitment) is None
    (kept,) = store.tables()
    assert kept.commitment == first.commitment
    client = TableClient("127.0.0.1", 4000, "", "Bo", token=kept.token, commitment=kept.commitment)
    client.handle(Welcome(1, 1, "tok2", 2, None, Commitment(later.commitment)))
    assert client.table.commitment == first.commitment  # not the host's word of today
    fresh = TableClient("127.0.0.1", 4000, "TEST42", "Bo")
    fresh.handle(Welcome(1, 1, "tok", 2, None, Commitment(first.commitment)))
    assert fresh.table.commitment == first.commitment  # a first join takes the welcome's
