"""The windows: a host window and a joining window (offscreen, loopback only)
play a round, each deciding at once, and the joining screen shows nothing
of the host seat's sheet."""

from __future__ import annotations

import random

import pytest
import shiboken6

from ruin_qt.app import tables as app_tables
from ruin_qt.app.tables import hosted_table
from ruin_qt.net.messages import State
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.dialogs.host_table import HostTableDialog
from ruin_qt.ui.dialogs.join_table import JoinTableDialog

from .screens import decide

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def test_a_host_window_and_a_joining_window_play_a_round_deciding_at_once(qtbot, two_screens):
    host_w, join_w, host_dialog, spied = two_screens
    hm, jm = host_w.model, join_w.model
    session = host_dialog.service.host.session
    client = join_w.model.session
    qtbot.waitUntil(lambda: jm.step() == "setup" and hm.step() == "setup", timeout=10_000)
    assert hm.screen.seat == 0 and jm.screen.seat == 1
    rng = random.Random(2)
    for rounds_after in (0, 1):  # the setup, then round 1
        # Both decide at once: each takes a whole decision while the other's is still open.
        assert hm.act(TakeDecision(decide(hm, rng))) and jm.act(TakeDecision(decide(jm, rng)))
        qtbot.waitUntil(lambda: client.in_flight == 0, timeout=10_000)
        assert session.may_act() == {0, 1}
        assert "still deciding" in join_w.who.text() and "still deciding" in host_w.who.text()
        assert jm.act(Confirm())
        qtbot.waitUntil(lambda: 1 not in session.may_act(), timeout=10_000)
        qtbot.waitUntil(lambda: "Bo: confirmed" in host_w.who.text(), timeout=10_000)
        assert "Aki: still deciding" in join_w.who.text()
        assert hm.act(Confirm())
        qtbot.waitUntil(lambda r=rounds_after: (jm.public().phase, jm.public().round, jm.step()) == ("play", r, "draw"),
                        timeout=10_000)
        assert (hm.public().phase, hm.public().round, hm.step()) == ("play", rounds_after, "draw")
    assert session.public().round == 1
    qtbot.waitUntil(lambda: jm.public().round == 1 and jm.step() == "draw", timeout=10_000)
    # This screen shows its own seat's sheet, the host's shows its own: the two are the host's sheets 1 and 0.
    assert jm.view().sheet == session.view(1).sheet and hm.view().sheet == session.view(0).sheet
    assert jm.view().sheet != session.view(0).sheet
    # Nothing of seat 0's private side ever reached the joining screen.
    states = [m for m in spied if isinstance(m, State)]
    assert states and all(m.view.seat == 1 and m.view.observation.seat == 1 for m in states)
    host_sheet = session.view(0).sheet
    assert not any(str(b) in str(m) for m in spied for b in (host_sheet.roads, host_sheet.walls))
    with pytest.raises(PermissionError):
        jm.screen.view_of(0)


def test_a_host_window_restarted_after_a_crash_resumes_the_table_and_the_joining_screen_comes_back(
        qtbot, two_screens, tmp_path, runner):
    host_w, join_w, host_dialog, spied = two_screens
    hm, jm = host_w.model, join_w.model
    rng = random.Random(3)
    qtbot.waitUntil(lambda: jm.step() == "setup" and hm.step() == "setup", timeout=10_000)
    assert jm.act(TakeDecision(decide(jm, rng))) and jm.act(Confirm())
    hm_choice = decide(hm, rng)
    assert hm.act(TakeDecision(hm_choice))  # the host's own draft, not confirmed
    qtbot.waitUntil(lambda: 1 not in host_dialog.service.host.session.may_act(), timeout=10_000)
    port = host_dialog.service.port
    # The table's autosave is written off the UI thread: the crash comes once it has landed (a crash
    # in the few ms before loses that last change, and the seat decides again).
    qtbot.waitUntil(lambda: not host_dialog.service._saving, timeout=10_000)
    # The host's program dies: its sockets drop, its window is gone, nobody is told.
    host_w.model.shutdown()
    host_dialog.service.server.stop()
    host_w.hide()
    again = app_tables.host_dialog(listen="127.0.0.1", data=tmp_path / "table", runner=runner)
    qtbot.addWidget(again)
    assert not again.resume_button.isHidden()
    windows = []
    again.table_opened.connect(lambda service, seat: windows.append(hosted_table(service, seat, runner=runner)))
    assert again.resume_table() and again.service.port == port
    qtbot.addWidget(windows[0])
    hm2 = windows[0].model
    assert hm2.step() == "setup" and hm2.view().setup.choice() == hm_choice  # its draft, as it was
    qtbot.waitUntil(lambda: again.service.host.presence(1) == "here", timeout=15_000)  # Bo is back, by token
    assert hm2.act(Confirm())
    qtbot.waitUntil(lambda: jm.step() == "draw" and hm2.step() == "draw", timeout=10_000)
    again.close_table()


def test_the_join_dialog_says_plainly_when_the_code_is_wrong(qtbot, tmp_path):
    host_dialog = app_tables.host_dialog(listen="127.0.0.1")
    qtbot.addWidget(host_dialog)
    assert host_dialog.open_table()
    join_dialog = app_tables.join_dialog()
    qtbot.addWidget(join_dialog)
    join_dialog.address.setText(f"127.0.0.1:{host_dialog.service.port}")
    join_dialog.code.setText("WRONG9")
    assert join_dialog.join()
    qtbot.waitUntil(lambda: "join code" in join_dialog.problem.text(), timeout=10_000)
    assert join_dialog.join_button.isEnabled()
    host_dialog.close_table()


def test_the_game_menu_opens_the_host_and_join_dialogs(qtbot):
    from ruin_qt.app.wiring import make_main_window

    window = make_main_window()
    qtbot.addWidget(window)
    window.menus.act_host.trigger()
    host = window.findChild(HostTableDialog)
    assert host is not None and host.isVisible() and host.service is None  # nothing listens before "Open"
    host.close()
    assert host.service is None
    window.menus.act_join.trigger()
    join = window.findChild(JoinTableDialog)
    assert join is not None and join.isVisible() and join.browser is None  # no multicast in tests
    join.close()
    window.model.shutdown()


def test_a_hosted_table_outlives_the_dialog_that_opened_it(qtbot, tmp_path, runner):
    """The monkey closed the Host dialog (with the main window) while the table's
    window stayed open: the table goes on, and closing its window later ends it."""
    host_dialog = app_tables.host_dialog(listen="127.0.0.1", data=tmp_path / "table", runner=runner)
    host_dialog.name.setText("Aki")
    windows = []
    host_dialog.table_opened.connect(lambda service, seat: windows.append(hosted_table(service, seat, runner=runner)))
    assert host_dialog.open_table()
    service = host_dialog.service
    host_dialog.close()
    host_dialog.deleteLater()
    qtbot.waitUntil(lambda: not shiboken6.isValid(host_dialog), timeout=5000)
    assert shiboken6.isValid(service) and service.server.port
    windows[0].close()
    qtbot.wait(10)


def test_the_host_chooses_who_plays_for_a_player_away(qtbot):
    """A takeover plays at the level the host chose (it was once always Standard)."""
    d = app_tables.host_dialog(listen="127.0.0.1")
    qtbot.addWidget(d)
    assert not d.takeover_level.isEnabled()  # no wait set: nobody takes over
    d.takeover.setValue(30)
    assert d.takeover_level.isEnabled() and d.takeover_level.currentData() == "standard"
    # Levels quick enough for the host's own event loop only.
    assert [d.takeover_level.itemData(i) for i in range(d.takeover_level.count())] == ["beginner", "standard"]
    d.takeover_level.setCurrentIndex(d.takeover_level.findData("beginner"))
    d.translate_ui()  # a language change keeps the choice
    assert d.takeover_level.currentData() == "beginner"
    assert d.open_table()
    try:
        host = d.service.host
        assert host.takeover is not None and (host.takeover.seconds, host.takeover.level) == (30, "beginner")
        assert not d.takeover_level.isEnabled()  # the table is open: its terms are set
    finally:
        d.close_table()


def test_a_whole_game_across_two_windows_ends_with_every_seats_final_sheet_on_the_joining_screen(qtbot, two_screens):
    host_w, join_w, host_dialog, _spied = two_screens
    hm, jm = host_w.model, join_w.model
    session = host_dialog.service.host.session
    rng = random.Random(4)
    client = jm.session

    def ready() -> bool:  # the game is over, or a seat (an escaped one no more) has its decision open here
        return session.public().phase == "over" or (client.in_flight == 0 and (
            jm.screen.deciding_here or hm.screen.deciding_here))

    while session.public().phase != "over":
        qtbot.waitUntil(ready, timeout=10_000)
        for m in (jm, hm):
            if m.screen.deciding_here:
                assert m.act(TakeDecision(decide(m, rng))) and m.act(Confirm())
    qtbot.waitUntil(lambda: join_w.scoreboard is not None, timeout=10_000)
    g = session.live
    for w in (join_w, host_w):  # the host's own seat at its window sees the same
        dlg = w.scoreboard
        assert dlg is not None and dlg.isVisible()
        assert [s.view.seat for s in dlg.sheets] == [0, 1]
        assert dlg.totals() == [s.total for s in g.final]
        assert list(dlg.decision.winners) == g.winners()
        assert not dlg.again_button.isEnabled()
    assert join_w.scoreboard.review_seat == 1 and host_w.scoreboard.review_seat == 0
    assert join_w.model.final_views()[0].sheet == session.view(0).sheet


def test_the_host_dialog_outlives_its_closed_table_window(qtbot, two_screens):
    host_w, _join_w, host_dialog, _spied = two_screens
    service = host_dialog.service
    host_w.close()  # deleted with its model and the service it owns
    qtbot.waitUntil(lambda: not shiboken6.isValid(service), timeout=10_000)
    host_dialog.refresh()  # as a language change does
    assert host_dialog.closed() and host_dialog.addresses() == []
    assert host_dialog.address.text() == "The table is closed." and host_dialog.lobby.count() == 0
    host_dialog.close_table()  # nothing left to stop: no error
