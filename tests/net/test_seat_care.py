"""No table waits for ever: the host gives a player's seat to someone else (its token revoked) or lets a
computer play it now, with "0: wait" too (R12.2: the seat's presence is public; its side stays private).
In-process on ``TableHost`` (tests/net/hosting.py), then the host's table window answered every way."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QToolButton

from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_host import TableHost
from ruin_qt.session import computer

from .hosting import Wire


def started(kinds=("remote", "remote")) -> tuple[Wire, dict[int, tuple[int, dict]]]:
    w = Wire(TableHost(list(kinds), 4, "test42"))  # no takeover: "0: wait"
    seats = {}
    for seat, kind in enumerate(kinds):
        if kind == "remote":
            seats[seat] = w.join(seat=seat)
    assert w.host.started
    return w, seats


def test_r12_invite_again_revokes_the_token_and_the_next_player_with_the_code_takes_the_seat_mid_game():
    w, seats = started()
    conn, welcome = seats[1]
    w.host.reopen(1, w.now)
    w.pump()
    assert w.closed[conn][0] == 4001  # the former player is told, and cut
    assert w.host.presence(1) == "open"
    old = w.open()
    got = w.send(old, {"type": "hello", "protocol": PROTOCOL, "token": welcome["token"]})
    assert got[0]["code"] == "bad_token"  # the old token opens nothing
    new, again = w.join(seat=1)
    assert again["seat"] == 1 and again["token"] != welcome["token"]
    assert w.host.presence(1) == "here"
    state = w.last_state(new)
    assert state["view"]["seat"] == 1 and state["public"]["phase"] == "setup"  # the seat where it stands
    # Nobody else gets in: every seat is taken again.
    late = w.open()
    assert w.send(late, {"type": "hello", "protocol": PROTOCOL, "code": "TEST42"})[0]["code"] == "started"


def test_r12_a_computer_plays_a_seat_away_now_under_wait_and_its_player_takes_it_back():
    w, seats = started()
    conn, welcome = seats[0]
    w.host.disconnect(conn, w.now)
    assert w.host.presence(0) == "away"
    w.host.tick(w.now + 10_000)  # "0: wait": nothing happens however long
    assert w.host.presence(0) == "away" and w.due() is None
    w.host.play_for(0, "beginner")
    w.pump()
    assert w.host.presence(0) == "computer_playing"
    plan = w.plan(w.due())
    assert plan is not None and plan.seat == 0 and plan.takeover
    assert type(plan.brain).__name__ == "BeginnerBrain"  # the level the host chose
    w.run_computers()
    assert 0 not in w.host.session.may_act()  # decided for: the table goes on
    back, _ = w.open(), None
    got = w.send(back, {"type": "hello", "protocol": PROTOCOL, "token": welcome["token"]})
    assert got[0]["type"] == "welcome" and w.host.presence(0) == "here"


def test_the_hosts_choice_of_a_computer_survives_a_restart_of_the_host():
    from ruin_qt.net import host_state

    w, seats = started()
    w.host.disconnect(seats[1][0], w.now)
    w.host.play_for(1, "standard")
    w.host.seats[1].back, w.host.seats[1].back_gen = "ab" * 16, 3
    again = host_state.restore(host_state.table_state(w.host))
    assert again.seats[1].taken_over and again.seats[1].takeover_level == "standard"
    assert (again.seats[1].back, again.seats[1].back_gen) == ("ab" * 16, 3)
    plan = computer.plan(again.session, 1, again.secret, again.takeover_level(1))
    assert plan is not None and plan.takeover and type(plan.brain).__name__ == "StandardBrain"


def test_only_a_players_seat_can_be_given_away_or_played_for():
    w, _ = started(("remote", "ai:random"))
    with pytest.raises(ValueError):
        w.host.reopen(1, w.now)
    with pytest.raises(ValueError):
        w.host.play_for(1, "standard")
    with pytest.raises(ValueError):
        w.host.play_for(0, "grandmaster")


# -- the host's table window, answered every way ----------------------------------------------------------

def away_in_host_window(qtbot, two_screens, servers):
    from ruin_qt.app import invites
    from ruin_qt.app.storage.settings import Settings

    host, join, host_dialog, _ = two_screens
    service = host_dialog.service
    settings = Settings()
    settings.set_invite_servers(servers.mailbox, servers.relay)
    invites.show_paths(host, service, settings)
    from ruin_qt.net.table_client import TableClient

    token = join.findChild(TableClient).token
    join.close()  # the friend's program is gone
    qtbot.waitUntil(lambda: service.host.presence(1) == "away", timeout=10_000)
    qtbot.waitUntil(lambda: host.findChild(QPushButton, "seat_care_again_1") is not None, timeout=5_000)
    return host, service, token


@pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")
def test_a_seat_away_under_wait_is_offered_invite_again_which_asks_first(qtbot, two_screens, servers):
    host, service, token = away_in_host_window(qtbot, two_screens, servers)
    assert host.seat_care.isVisible()
    line = host.findChild(QPushButton, "seat_care_again_1").parentWidget()
    assert "away since" in " ".join(w.text() for w in line.findChildren(object) if hasattr(w, "text")
                                    and isinstance(w.text(), str))
    assert "away since" in host.who.text()
    assert host.findChild(QPushButton, "seat_care_end_1") is not None  # the third choice, beside these two

    def ask() -> QMessageBox:
        host.findChild(QPushButton, "seat_care_again_1").click()
        qtbot.waitUntil(lambda: host.findChild(QMessageBox, "reopen_seat") is not None, timeout=2_000)
        return host.findChild(QMessageBox, "reopen_seat")

    box = ask()
    qtbot.keyClick(box, Qt.Key.Key_Escape)  # Escape: nothing given away
    qtbot.waitUntil(lambda: host.findChild(QMessageBox, "reopen_seat") is None or not box.isVisible())
    assert service.host.presence(1) == "away" and service.host.seats[1].token == token
    box = ask()
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert service.host.presence(1) == "away"
    box = ask()
    box.close()  # the window's close button answers as Escape
    assert service.host.presence(1) == "away"
    box = ask()
    box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: service.host.presence(1) == "open", timeout=2_000)
    assert service.host.seats[1].token is None and service.host.seats[1].back  # a new invite, a new way back
    qtbot.waitUntil(lambda: "New invite for seat 2" in host.seat_care.invite_label.text(), timeout=30_000)
    assert host.join_box.isVisible()  # the join code takes the seat too
    assert "waits for a new player" in " ".join(
        b.text() for b in host.seat_care.findChildren(object) if type(b).__name__ == "QLabel")


@pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")
def test_a_seat_away_under_wait_can_be_played_by_a_computer_at_once(qtbot, two_screens, servers):
    host, service, _ = away_in_host_window(qtbot, two_screens, servers)
    play = host.findChild(QToolButton, "seat_care_play_1")
    action = next(a for a in play.menu().actions() if a.objectName() == "seat_care_play_1_standard")
    action.trigger()
    qtbot.waitUntil(lambda: service.host.presence(1) == "computer_playing", timeout=2_000)
    qtbot.waitUntil(lambda: host.findChild(QPushButton, "seat_care_again_1") is None
                    or not shiboken6.isValid(host.findChild(QPushButton, "seat_care_again_1")), timeout=2_000)
    assert "a computer plays for now" in host.who.text()
    # The computer decides seat 2's setup (the host's runner, as a takeover): the table does not wait.
    qtbot.waitUntil(lambda: 1 not in service.host.session.may_act(), timeout=30_000)


def test_the_host_ends_the_game_with_the_scores_so_far_and_every_seat_is_told_its_end():
    from ruin_qt.net import host_state
    from ruin_qt.rules import record
    from ruin_qt.session.replay import finished_table

    w, seats = started()
    w.run_computers()
    so_far = w.host.session.live.scores()  # "if the game ended now"
    w.host.end_now()
    w.pump()
    for conn, _ in seats.values():
        over = next(m for m in w.inbox[conn] if m["type"] == "over")
        assert over["ended"] == "host" and over["winners"] == list(w.host.session.live.winners())
        assert w.last_state(conn)["public"]["phase"] == "over"
    assert w.host.session.live.final == so_far  # the scores so far, kept as final
    rec = over["record"]
    assert not record.replay(rec).over  # the record stops where the game was ended (docs/RECORD.md as it is)
    # A remote table replays it as ended, and shows every seat's final side with the same scores.
    table = finished_table(rec, ended=True)
    assert table.public().final == tuple(so_far)
    # Restarted, the host does not offer it back as a game to resume.
    again = host_state.restore(host_state.table_state(w.host))
    assert again.session.live.over and again.session.ended_early
    # Nothing more is taken.
    conn = seats[0][0]
    got = w.send(conn, {"type": "intent", "id": 99, "seat": 0, "intent": "confirm", "args": {}})
    assert got and got[0]["type"] in ("error", "refused"), got


class FakeKeeper:
    """The app's storage as a table's end files into it (``app.tables.table_game_keeper``)."""

    def __init__(self) -> None:
        self.filed: list = []

    def file_table_game(self, game, player) -> None:
        self.filed.append(game)


@pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")
def test_the_host_ends_the_game_from_its_window_and_both_histories_keep_the_scores_so_far(
        qtbot, two_screens, servers):
    from ruin_qt.app.tables import table_game_keeper
    from ruin_qt.net.table_client import TableClient

    host, join, host_dialog, _ = two_screens
    service = host_dialog.service
    client = join.findChild(TableClient)
    keepers = {"host": FakeKeeper(), "join": FakeKeeper()}
    service.game_over.connect(table_game_keeper(keepers["host"], service.host.final_record, 0,
                                                lambda: service.host.session.ended_early))
    client.over.connect(table_game_keeper(keepers["join"], client.table.final_record, 1, lambda: client.table.ended))
    so_far = service.host.session.live.scores()
    # The friend is still here: the end is the host's choice at any moment, from the Seats… menu.
    host.seat_care._fill_menu()
    end = next(a for a in host.seat_care.menu.actions() if a.objectName() == "seat_care_menu_end")
    end.trigger()
    box = host.findChild(QMessageBox, "end_game")
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert not service.host.session.live.over  # asked first: Cancel ends nothing
    end.trigger()
    host.findChild(QMessageBox, "end_game").button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: bool(keepers["host"].filed and keepers["join"].filed), timeout=10_000)
    for k in keepers.values():
        (game,) = k.filed
        assert game.over and game.final == so_far
    qtbot.waitUntil(lambda: host.scoreboard is not None and join.scoreboard is not None, timeout=10_000)
    assert "ended the game before its end" in join.statusBar().currentMessage()
