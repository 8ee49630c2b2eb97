"""The end of a game at a table across laptops: the joining window opens the
final score sheet with every seat's sheet (the host's record replayed), the
game can be reviewed and kept, and a closed table's window leaves memory."""

from __future__ import annotations

import gc
import json
import random
import weakref

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QFileDialog

from ruin_qt.ai.base import make_brain
from ruin_qt.app.storage.keeper import GameKeeper
from ruin_qt.app.storage.record_files import read_record
from ruin_qt.app.tables import hosted_table, joined_table
from ruin_qt.model.game_model import GameModel
from ruin_qt.net.codec import read
from ruin_qt.net.contents import Seen
from ruin_qt.net.host_service import HostService
from ruin_qt.net.table_client import TableClient
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules import record
from ruin_qt.rules.deal import Deal
from ruin_qt.rules.turn import SetupChoice
from ruin_qt.session.intents import Confirm, TakeDecision

from .hosting import Wire, fixed
from .tables import same_game

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")

SEAT = 1  # the joining screen's


def decide(brain, obs, rng):
    return brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)


def played_game(seed: int) -> tuple[TableHost, list[dict]]:
    """A two-seat table played to its end in-process (random decisions); what seat 1's screen was sent."""
    w = Wire(fixed(TableHost(["remote", "remote"], seed, "test42", names=["Aki", "Bo"]), seed))
    conns = {seat: w.join(seat=seat)[0] for seat in (0, 1)}
    brain, rng, ids = make_brain("random"), random.Random(seed), 0
    while not w.host.session.live.over:
        for seat, conn in conns.items():
            state = w.last_state(conn)
            if not state["view"]["acting"]:
                continue
            obs = read(Seen, state["view"]["observation"]).value()
            d = decide(brain, obs, rng)
            js = {"setup": record.setup_to_json(d)} if isinstance(d, SetupChoice) else {"turn": record.turn_to_json(d)}
            ids += 2
            w.send(conn, {"type": "intent", "id": ids, "seat": seat, "intent": "take_decision",
                          "args": {"decision": js}})
            w.send(conn, {"type": "intent", "id": ids + 1, "seat": seat, "intent": "confirm"})
    return w.host, w.inbox[conns[SEAT]]


def test_the_end_reaches_a_joined_seat_when_the_hosts_own_seat_ends_the_game():
    """The host's own screen acts on the session and then publishes: its last confirm sends the end too."""
    w = Wire(fixed(TableHost(["local", "remote"], 9, "test42", names=["Aki", "Bo"]), 10))  # a deal it ends on
    conn = w.join(seat=1)[0]
    session, brain, rng, ids = w.host.session, make_brain("random"), random.Random(9), 0
    last = None
    while not session.live.over:
        if w.last_state(conn)["view"]["acting"]:  # the joined seat decides first...
            obs = read(Seen, w.last_state(conn)["view"]["observation"]).value()
            d = decide(brain, obs, rng)
            js = {"setup": record.setup_to_json(d)} if isinstance(d, SetupChoice) else {"turn": record.turn_to_json(d)}
            ids += 2
            w.send(conn, {"type": "intent", "id": ids, "seat": 1, "intent": "take_decision", "args": {"decision": js}})
            w.send(conn, {"type": "intent", "id": ids + 1, "seat": 1, "intent": "confirm"})
            last = 1
        if 0 in session.may_act():  # ...the host's seat last, as its window does it
            obs = session.hint_observation(0)
            session.act(0, TakeDecision(decide(brain, obs, rng)))
            session.act(0, Confirm())
            w.host.publish()
            w.pump()
            last = 0
    assert last == 0  # the host's own seat ended the game
    got = [m["type"] for m in w.inbox[conn]]
    assert got.count("over") == 1 and got.index("over") > max(i for i, t in enumerate(got) if t == "state")
    over = w.inbox[conn][got.index("over")]
    assert over["winners"] == session.live.winners() and same_game(over["record"], record.to_record(session.live))


@pytest.fixture(scope="module")
def finished():
    return played_game(11)


def feed(client: TableClient, messages: list[dict]) -> None:
    """The host's messages, as the client's socket hands them over."""
    for m in messages:
        client._on_message(json.dumps(m))


def joining_window(runner, qtbot, keeper=None):
    client = TableClient("127.0.0.1", 9, "TEST42")  # never started: the test hands it the host's messages
    window = joined_table(client, SEAT, keeper=keeper, runner=runner)
    qtbot.addWidget(window)
    window.show()
    return client, window


def test_at_the_end_the_joining_window_shows_every_seats_final_sheet(qtbot, finished, tmp_path, monkeypatch, runner):
    host, sent = finished
    g = host.session.live
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path / "data"))
    keeper = GameKeeper(GameModel(runner=runner))
    client, window = joining_window(runner, qtbot, keeper)
    over_at = next(i for i, m in enumerate(sent) if m["type"] == "over")
    feed(client, sent[:over_at])
    assert window.model.public().phase == "over" and window.scoreboard is None  # the record is still to come
    feed(client, sent[over_at:])
    dlg = window.scoreboard
    assert dlg is not None and dlg.isVisible()
    assert [v.seat for v in window.model.final_views()] == [0, 1]
    assert len(dlg.sheets) == 2
    assert dlg.totals() == [s.total for s in g.final]
    assert list(dlg.decision.winners) == g.winners()
    names = ["Aki", "Bo"]
    assert all(names[i] in dlg.headline.text() for i in g.winners())
    # The host seat's sheet is the host's own, shown only now the game is over (R11.5, R12).
    assert window.model.final_views()[0].sheet == host.session.view(0).sheet
    assert not dlg.again_button.isEnabled() and "host" in dlg.again_button.toolTip()
    assert str(host.seed) not in dlg.again_button.toolTip()
    # The deal the host revealed follows from the key it committed to at the start.
    assert dlg.deal_label.isVisible() and dlg.deal_label.text().startswith("The deal was verified: every shuffle")
    assert dlg.review_button.isEnabled() and dlg.review_seat == SEAT
    review = window.open_review(SEAT)
    assert review is not None and same_game(review.record, record.to_record(g))
    review.close()
    assert dlg.save_button.isVisible()
    dlg.save_button.click()  # the Save dialog opens, non-blocking, with a name of its own
    asked = window.findChild(QFileDialog)
    assert asked is not None and asked.isVisible() and asked.selectedFiles()[0].endswith(".ruin")
    asked.reject()
    path = tmp_path / "table.ruin"
    assert window.save_to(str(path))
    assert same_game(read_record(path), record.to_record(g))
    assert str(path) in window.statusBar().currentMessage()
    assert window.tabs.currentWidget() is window.seats_table
    # The Seats tab's rows open each final sheet in the big view, as on the main window.
    assert window.model.view_final_sheet(0) and window.model.view().sheet == host.session.view(0).sheet
    assert window.model.view_final_sheet(SEAT) and window.model.view().seat == SEAT
    # The line dropped and came back: the host sends the end again; the sheet is not opened twice.
    feed(client, sent[over_at - 1:])
    assert window.scoreboard is dlg
    keeper.close()


def test_a_record_that_is_not_the_game_shown_leaves_only_this_seats_sheet(qtbot, finished, runner):
    _host, sent = finished
    other_host, _ = played_game(12)
    client, window = joining_window(runner, qtbot)
    over_at = next(i for i, m in enumerate(sent) if m["type"] == "over")
    forged = {**sent[over_at], "record": record.to_record(other_host.session.live)}
    feed(client, [*sent[:over_at], forged])
    dlg = window.scoreboard
    assert dlg is not None and [s.view.seat for s in dlg.sheets] == [SEAT]
    assert not dlg.review_button.isEnabled() and not dlg.save_button.isVisible()
    assert "could not be read" in window.statusBar().currentMessage()
    assert "The host's deal could not be verified: " in dlg.deal_label.text()  # another game's deal
    assert not window.model.view_final_sheet(0) and window.model.view().seat == SEAT


@pytest.mark.parametrize(("lie", "why"), [("key", "not the one it committed to"), ("shuffle", "shuffle 3 of the game")])
def test_a_deal_that_fails_its_check_is_told_plainly_on_the_final_sheet(qtbot, finished, lie, why, runner):
    _host, sent = finished
    client, window = joining_window(runner, qtbot)
    over_at = next(i for i, m in enumerate(sent) if m["type"] == "over")
    over = json.loads(json.dumps(sent[over_at]))
    if lie == "key":
        over["deal"] = Deal.new().reveal()
    else:
        over["record"]["shuffles"][2]["order"].reverse()
    feed(client, [*sent[:over_at], over])
    text = window.scoreboard.deal_label.text()
    assert "The host's deal could not be verified: " in text and why in text and "verified: every" not in text


def test_the_hosts_own_screen_shows_no_verdict_on_its_own_deal(qtbot, runner):
    host, _ = played_game(13)
    service = HostService(host)
    window = hosted_table(service, 0, runner=runner)
    qtbot.addWidget(window)
    window.show_final_sheets()
    assert window.scoreboard is not None and window.scoreboard.deal_label.isHidden()


def settle() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()
    gc.collect()


def test_a_closed_joining_window_leaves_memory_with_its_client_and_model(qtbot, finished, runner):
    _host, sent = finished
    client, window = joining_window(runner, qtbot)
    feed(client, sent)
    assert window.scoreboard is not None
    gone = [weakref.ref(x) for x in (window, window.model, client, window.scoreboard)]
    window.close()
    del client, window
    settle()
    assert [r() for r in gone] == [None] * 4


def test_a_closed_host_window_leaves_memory_with_its_service(qtbot, runner):
    service = HostService(TableHost(["local", "remote"], 9, "TEST42"))
    assert service.listen("127.0.0.1", 0)
    window = hosted_table(service, 0, runner=runner)
    window.show()
    gone = [weakref.ref(x) for x in (window, window.model, service)]
    cpp = [service.server]
    window.close()
    del service, window
    settle()
    assert [r() for r in gone] == [None] * 3
    assert not shiboken6.isValid(cpp[0])


def test_the_main_window_forgets_a_closed_table_window(qtbot, runner):
    from ruin_qt.app.wiring import make_main_window

    main = make_main_window()
    qtbot.addWidget(main)
    menus = main.menus
    first = joined_table(TableClient("127.0.0.1", 9, "TEST42"), SEAT, runner=runner)
    menus._show_table(first)
    assert menus.open_tables() == [first]
    first.close()
    settle()  # deleted: only its Python name was left in the list
    second = joined_table(TableClient("127.0.0.1", 9, "TEST42"), SEAT, runner=runner)
    menus._show_table(second)
    assert menus.open_tables() == [second] and menus.net_windows == [second]
    second.close()
    main.model.shutdown()
    main.keeper.close()
