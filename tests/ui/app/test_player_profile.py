"""One player: one person, one player.  The tutorial,
New Game and the Daily Challenge seat the player profile in both languages
and the history credits it; its name is asked once at the first start
(every answer tried); the history's earlier names merge into it once."""

from __future__ import annotations

import os
import random
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app import i18n
from ruin_qt.app.profile_flow import ask_at_start, ask_name, offer_earlier_names
from ruin_qt.app.storage.autosave import Autosave
from ruin_qt.app.storage.profile import system_name

from ..play import play_to_the_end

OK = QDialogButtonBox.StandardButton.Ok
SHOTS = Path(os.environ.get("RUIN_QT_PROFILE_SHOTS", "/tmp/shots-profile"))


def named(window, name: str = "Aki"):
    player = window.keeper.player
    assert player.rename(name)
    player.named()
    return player


def discard_if_asked(window) -> None:
    box = window.guard.box
    if box is not None and box.isVisible():
        box.done(QMessageBox.StandardButton.Discard)


def finish(window, qtbot, seed: int):
    play_to_the_end(window, qtbot, random.Random(seed))
    qtbot.waitUntil(lambda: window.scoreboard is not None, timeout=5000)
    return window.keeper.history.results()[-len(window.model.public().seats):]


def earlier(window, name: str, seed: int, *others: str):
    """A game of an earlier version: no profile on any seat."""
    g = play_random_game(1 + len(others), seed)
    for seat, n in zip(g.seats, (name, *others)):
        seat.name, seat.kind = n, "human"
    window.keeper.history.add_game(g)
    return g.scores()[0].total


# -- one player wherever the game starts ---------------------------------------------

def test_tutorial_new_game_and_daily_in_both_languages_record_the_same_player(window, qtbot):
    player = named(window, "Aki")
    played = []
    try:
        for lang in ("en", "ja"):
            i18n.install_language(lang)
            window.tutorial_host.action.trigger()  # Help ▸ Tutorial
            discard_if_asked(window)
            assert window.tutorial_host.tutorial.active and window.model.public().names == ["Aki"]
            played += finish(window, qtbot, 1)
            window.menus.act_new.trigger()
            dlg = window.new_game_dialog
            dlg.count.setValue(1)
            assert dlg.names[0].text() == "Aki"  # not "Player 1" / "プレイヤー1"
            qtbot.mouseClick(dlg.buttons.button(OK), Qt.MouseButton.LeftButton)
            discard_if_asked(window)
            played += finish(window, qtbot, 2)
            window.menus.act_daily.trigger()
            intro = window.daily_dialog
            assert intro.name.text() == "Aki"  # not "Player" / "プレイヤー"
            assert intro.best_today == (played[2].total if lang == "ja" else None)  # the player's best today
            qtbot.mouseClick(intro.start_button, Qt.MouseButton.LeftButton)
            discard_if_asked(window)
            assert window.keeper.daily is not None
            played += finish(window, qtbot, 3)
    finally:
        i18n.install_language("en")
    assert len(played) == 6 and len({r.game_id for r in played}) == 6
    assert all(r.profile == player.id and r.name == "Aki" for r in played)
    assert sum(r.daily is not None for r in played) == 2
    window.show_statistics()
    sw = window.stats_window
    assert sw.player.count() == 2 and sw.player.currentText() == "Aki (you)"  # one player, all six games
    assert len(sw._selected()) == 6
    sw.close()


def test_the_final_sheet_counts_the_players_earlier_games_under_other_names(window, qtbot):
    """A player's final sheet once said "Your first solo game" beside a 210 VP game played as
    "Player": once that name is the player's, its game is the best to beat."""
    player = named(window, "Aki")
    before = earlier(window, "Player", 31)
    window.start_game([("Aki", "human")], seed=12)
    finish(window, qtbot, 4)
    assert window.scoreboard.best.text().startswith("Your first solo game")  # "Player" is still someone else
    window.scoreboard.close()
    assert player.merge(["Player"]) == 1
    window.start_game([("Aki", "human")], seed=13)
    rows = finish(window, qtbot, 5)
    best = window.keeper.history.solo_best("", profile=player.id, exclude_game=rows[0].game_id)
    assert best >= before and str(best) in window.scoreboard.best.text()
    assert not window.scoreboard.best.text().startswith("Your first")


def test_a_resumed_game_keeps_the_players_seat_whatever_the_name_since(window, qtbot, data_dir):
    player = named(window, "Aki")
    window.start_game([("Bo", "human"), ("Aki", "human")], seed=21)
    assert window.keeper.mine == (player.id, 1)
    assert Autosave(data_dir).load().extra["me"] == 1
    player.rename("Akiko")  # Game ▸ Player Name… mid-game
    window.keeper.resume(Autosave(data_dir).load())
    assert window.keeper.mine == (player.id, 1)
    rows = finish(window, qtbot, 6)
    assert [r.profile for r in rows] == [None, player.id]  # Bo is a guest


# -- the first start ------------------------------------------------------------------------

def test_the_first_start_asks_the_name_then_the_earlier_names_then_offers_the_tutorial(window, qtbot):
    for name, seed in (("Player", 1), ("プレイヤー", 2), ("Player 1", 3), ("Bo", 4)):
        earlier(window, name, seed)
    earlier(window, "Cy", 5, "Di")  # pass-and-play guests: never offered
    player = window.keeper.player
    shown = []
    ask_at_start(window, player, lambda: (shown.append("offers"), window.offer_at_start()))
    dlg = window.player_name_dialog
    assert dlg is not None and dlg.isVisible() and dlg.first and not shown
    assert dlg.name.text() == (system_name() or "Player")  # the system's user name offered
    dlg.name.setText("山田 花子")  # a Japanese name
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert player.name == "山田 花子" and not player.needs_name() and not shown
    merge = window.earlier_names_dialog
    assert merge is not None and merge.isVisible() and merge.heading.text() == "These are you:"
    offered = [(b.property("player_name"), b.isChecked()) for b in merge.boxes]
    assert sorted(offered[:3]) == [("Player", True), ("Player 1", True), ("プレイヤー", True)]
    assert offered[3:] == [("Bo", False)]  # the likely ones first
    assert [b.text() for b in merge.boxes if b.property("player_name") == "Bo"] == ["Bo (games: 1)"]
    qtbot.mouseClick(merge.ok_button, Qt.MouseButton.LeftButton)
    assert shown == ["offers"] and window.welcome.tutorial_button.isDefault()  # the welcome's offer last
    mine = {r.name for r in window.keeper.history.results() if r.profile == player.id}
    assert mine == {"Player", "プレイヤー", "Player 1"}
    again = []
    ask_at_start(window, player, lambda: again.append(1))  # asked once: the next start goes straight on
    assert again == [1] and window.player_name_dialog is None and window.earlier_names_dialog is None


def test_cancel_and_escape_keep_the_offered_name_and_leave_the_earlier_names_apart(window, qtbot):
    earlier(window, "Player", 1)
    player = window.keeper.player
    done = []
    ask_at_start(window, player, lambda: done.append(1))
    offered = window.player_name_dialog.name.text()
    window.player_name_dialog.name.setText("Someone else")
    QTest.keyClick(window.player_name_dialog, Qt.Key.Key_Escape)
    assert player.name == offered and not player.needs_name()
    QTest.keyClick(window.earlier_names_dialog, Qt.Key.Key_Escape)
    assert done == [1] and not player.merge_pending()
    assert all(r.profile is None for r in window.keeper.history.results())
    ask_name(window, player)  # the menu's question: Cancel keeps the name as it was
    window.player_name_dialog.name.setText("Zed")
    qtbot.mouseClick(window.player_name_dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel),
                     Qt.MouseButton.LeftButton)
    assert player.name == offered


def test_an_empty_a_very_long_and_a_control_character_name(window, qtbot):
    player = window.keeper.player
    dlg = ask_name(window, player, first=True)
    dlg.name.setText("   ")
    assert not dlg.ok_button.isEnabled() and dlg.problem.text() == "Type your name."
    QTest.keyClick(dlg.name, Qt.Key.Key_Return)  # Enter does not take an empty name
    assert dlg.isVisible() and player.needs_name()
    dlg.name.setText("A\x01B")
    assert not dlg.ok_button.isEnabled() and "control characters" in dlg.problem.text()
    dlg.name.setText("")
    dlg.name.insert("W" * 300)  # a long paste is cut at a seat name's length
    assert dlg.ok_button.isEnabled() and len(dlg.player_name()) == 40
    QTest.keyClick(dlg.name, Qt.Key.Key_Return)
    assert not dlg.isVisible() and player.name == "W" * 40
    window.menus.act_new.trigger()
    ng = window.new_game_dialog
    assert ng.names[0].text() == "W" * 40 and not ng.refused()
    ng.reject()


def test_the_menu_renames_the_player_and_new_game_follows(window, qtbot):
    player = named(window, "Aki")
    window.menus.act_new.trigger()
    ng = window.new_game_dialog
    ng.count.setValue(2)
    ng.names[0].setText("Bo")
    ng.kinds[1].setCurrentIndex(ng.kinds[1].findData("human"))
    ng.names[1].setText("aki")  # the player on the second seat, typed in another case
    qtbot.mouseClick(ng.buttons.button(OK), Qt.MouseButton.LeftButton)
    discard_if_asked(window)
    assert window.keeper.mine == (player.id, 1)
    window.menus.act_player.trigger()  # Game ▸ Player Name…
    dlg = window.player_name_dialog
    assert dlg is not None and not dlg.first and dlg.name.text() == "Aki"
    dlg.name.setText("アキ")
    qtbot.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert player.name == "アキ" and window.player_name_dialog is None
    window.menus.act_new.trigger()
    ng = window.new_game_dialog
    assert [w.text() for w in ng.names[:2]] == ["Bo", "アキ"]  # the player's seat, under the new name
    ng.reject()


def test_a_merge_the_history_cannot_take_is_told_and_asked_again(window, qtbot):
    import sqlite3

    earlier(window, "Player", 1)
    player = named(window, "Aki")
    history = window.keeper.history
    history.db.execute("PRAGMA busy_timeout = 100")
    other = sqlite3.connect(history.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program writing: the merge must wait
    try:
        ask_at_start(window, player, lambda: None)
        qtbot.mouseClick(window.earlier_names_dialog.ok_button, Qt.MouseButton.LeftButton)
        assert window.message_box is not None and "could not be given to you" in window.message_box.text()
        assert player.merge_pending()
    finally:
        other.execute("ROLLBACK")
        other.close()
    window.message_box.close()
    ask_at_start(window, player, lambda: None)
    qtbot.mouseClick(window.earlier_names_dialog.ok_button, Qt.MouseButton.LeftButton)
    assert not player.merge_pending() and history.results()[0].profile == player.id


def test_screenshots_of_the_questions_in_english_and_japanese(window, qtbot):
    """For the eye: both dialogs in both languages, under /tmp/shots-profile."""
    for name, seed in (("Player", 1), ("プレイヤー", 2), ("Bo", 3)):
        earlier(window, name, seed)
    player = window.keeper.player
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for lang, name in (("en", "Aki Tanaka"), ("ja", "田中 亜紀")):
            i18n.install_language(lang)
            dlg = ask_name(window, player, first=True)
            dlg.name.setText(name)
            qtbot.waitExposed(dlg)
            assert dlg.grab().save(str(SHOTS / f"name-{lang}.png"))
            dlg.accept()
            merge = offer_earlier_names(window, player, again=True)
            qtbot.waitExposed(merge)
            assert merge.grab().save(str(SHOTS / f"earlier-names-{lang}.png"))
            merge.done(0) if lang == "en" else merge.accept()
    finally:
        i18n.install_language("en")


def test_with_no_system_name_escape_keeps_the_offered_name_in_every_language(window, qtbot, monkeypatch):
    from ruin_qt.app.storage import profile

    monkeypatch.setattr(profile, "system_name", lambda: "")
    player = window.keeper.player
    try:
        i18n.install_language("ja")
        dlg = ask_name(window, player, first=True)
        assert dlg.name.text() == player.name == "プレイヤー"  # the word offered, in the language of the day
        QTest.keyClick(dlg, Qt.Key.Key_Escape)
        i18n.install_language("en")
        assert player.name == "プレイヤー" and window.player_name() == "プレイヤー"  # kept: one name from now on
        window.menus.act_daily.trigger()
        assert window.daily_dialog.name.text() == "プレイヤー"
        window.daily_dialog.reject()
    finally:
        i18n.install_language("en")


def test_a_game_filed_late_is_not_taken_for_the_next_one(window, qtbot, monkeypatch):
    """The other way the final sheet went wrong: a game filed late (a full disk earlier) while a
    finished game was on the table was taken, at the next game's end, for that game when the
    history refused it: its best was compared with the wrong game.  A game the history did
    not take compares with the best, not as a new record."""
    from ruin_qt.app.storage.faults import FULL, Fault, StorageError

    named(window, "Aki")
    window.start_game([("Aki", "human")], seed=12)
    finish(window, qtbot, 4)
    window.scoreboard.close()
    late = play_random_game(1, 40)
    late.seats[0].name, late.seats[0].kind = "Aki", "human"
    window.keeper.history_added.emit(window.keeper.history.add_game(late, player=(window.keeper.player.id, 0)))
    best = window.keeper.history.solo_best("", profile=window.keeper.player.id)

    def refused(*_a, **_k):  # the disk full again
        raise StorageError(Fault(FULL, window.keeper.history.path))

    monkeypatch.setattr(window.keeper.history, "add_game", refused)
    window.start_game([("Aki", "human")], seed=13)
    play_to_the_end(window, qtbot, random.Random(5))
    qtbot.waitUntil(lambda: window.scoreboard is not None, timeout=5000)
    assert window.scoreboard.best.text() == f"Your best solo game: {best} VP."
    for box in window.findChildren(QMessageBox):
        box.close()


def test_statistics_count_the_player_apart_from_guests_of_the_same_name(qtbot, tmp_path):
    from ruin_qt.app.storage.history import History
    from ruin_qt.ui.windows.stats_window import StatsWindow

    pid, old = "0123456789abcdef0123456789abcdef", "f" * 32
    h = History(tmp_path / "h.sqlite3")
    for seed, name, who in ((1, "Player", pid), (2, "Aki", pid), (3, "Aki", None), (4, "Bo", None),
                            (5, "Bo", None), (6, "Old name", old), (7, "Aki", pid)):
        g = play_random_game(1, seed)
        g.seats[0].name, g.seats[0].kind = name, "human"
        h.add_game(g, player=(who, 0) if who else None)
    w = StatsWindow(h, you=(pid, "Aki"))
    qtbot.addWidget(w)
    items = [(w.player.itemText(i), w.player.itemData(i)) for i in range(w.player.count())]
    assert items == [("All human players", None), ("Aki (you)", "p:" + pid), ("Bo", "n:Bo"), ("Aki", "n:Aki"),
                     ("Old name", "p:" + old)]
    assert w.player.currentIndex() == 1 and [r.name for r in w._selected()] == ["Player", "Aki", "Aki"]
    assert w.summary.text().startswith("3 game")
    w.player.setCurrentIndex(3)
    assert len(w._selected()) == 1 and w._selected()[0].profile is None  # the guest Aki, alone
    w.reload()  # a game added: the choice stays
    assert w.player.currentData() == "n:Aki"
    w.translate_ui()
    assert w.player.itemText(1) == "Aki (you)"


def test_the_earlier_names_as_checked_by_the_player_and_the_close_button(window, qtbot):
    for name, seed in (("Player", 1), ("Bo", 2), ("Player 2", 3)):
        earlier(window, name, seed)
    player = named(window, "Aki")
    ask_at_start(window, player, lambda: None)
    merge = window.earlier_names_dialog
    boxes = {b.property("player_name"): b for b in merge.boxes}
    qtbot.waitExposed(merge)
    for name in ("Player 2", "Bo"):  # "Player 2" was not me after all, and "Bo" was
        box = boxes[name]
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(box.height() // 2, box.height() // 2))
    assert sorted(merge.chosen()) == ["Bo", "Player"]
    qtbot.mouseClick(merge.ok_button, Qt.MouseButton.LeftButton)
    by_name = {r.name: r.profile for r in window.keeper.history.results()}
    assert by_name == {"Player": player.id, "Bo": player.id, "Player 2": None}
    dlg = ask_name(window, player)
    dlg.name.setText("Zed")
    dlg.close()  # the window's close button: Cancel
    assert player.name == "Aki" and window.player_name_dialog is None
