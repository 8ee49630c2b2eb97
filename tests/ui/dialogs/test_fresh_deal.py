"""A fresh deal unless asked.  New Game proposes a random
seed after a seeded game; replaying a deal is an explicit choice ("Play this
deal again" on the final sheet); the Daily Challenge opens with its date, the
300 VP goal and the player's usual name, not the last game's seat name."""

from __future__ import annotations

from PySide6.QtCore import QDate, QLocale, Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.storage.settings import Settings
from ruin_qt.rules import record

OK = QDialogButtonBox.StandardButton.Ok


def new_game_through_the_dialog(window, qtbot, names, seed_text=""):
    window.menus.act_new.trigger()
    dlg = window.new_game_dialog
    assert dlg is not None and dlg.isVisible()
    dlg.count.setValue(len(names))
    for i, name in enumerate(names):
        dlg.names[i].setText(name)
        dlg.kinds[i].setCurrentIndex(dlg.kinds[i].findData("human"))
    if seed_text:
        dlg.seed.setText(seed_text)
    qtbot.mouseClick(dlg.buttons.button(OK), Qt.MouseButton.LeftButton)
    box = window.guard.box
    if box is not None and box.isVisible():
        box.done(QMessageBox.StandardButton.Discard)
    return dlg


def test_new_game_after_a_seeded_game_proposes_a_new_seed(window, qtbot):
    m = window.model
    new_game_through_the_dialog(window, qtbot, ["Aki"], "42")
    assert m.public().seed == 42
    window.menus.act_new.trigger()
    again = window.new_game_dialog
    assert again.seed.text() == ""  # the names are remembered, the deal is not
    assert again.names[0].text() == "Aki"
    again.reject()
    new_game_through_the_dialog(window, qtbot, ["Aki"])
    assert m.public().seed is not None and m.public().seed != 42


def test_play_this_deal_again_replays_the_seed_with_the_same_seats(window, qtbot, tmp_path):
    game = play_random_game(2, 77)
    for seat, name in zip(game.seats, ("Aki", "Bo")):
        seat.name, seat.kind = name, "human"
    path = tmp_path / "done.json"
    path.write_text(record.dumps(game), encoding="utf-8")
    assert window.open_file(str(path))
    dlg = window.scoreboard
    assert dlg.again_button.isVisible() and "77" in dlg.again_button.toolTip()
    qtbot.mouseClick(dlg.again_button, Qt.MouseButton.LeftButton)
    p = window.model.public()
    assert p.phase == "setup" and p.seed == game.seed and p.names == ["Aki", "Bo"]
    assert [s.kind for s in p.seats] == ["human", "human"]


def test_the_daily_challenge_opens_with_its_date_goal_and_usual_name(window, qtbot):
    m = window.model
    new_game_through_the_dialog(window, qtbot, ["Aki", "Bo"])  # the last game's seats: not the usual name
    window.menus.act_daily.trigger()
    intro = window.daily_dialog
    assert intro is not None and intro.isVisible() and window.guard.box is None  # the intro comes first
    _seed, day = window.keeper.daily_game()
    long_date = QLocale().toString(QDate.fromString(day, Qt.DateFormat.ISODate), QLocale.FormatType.LongFormat)
    assert long_date in intro.heading.text() and "300 VP" in intro.about.text()
    assert intro.name.text() == window.player_name() != "Aki"  # the player profile's
    intro.name.setText("   ")
    assert not intro.start_button.isEnabled() and intro.problem.isVisible()
    intro.name.setText("Chika")
    qtbot.mouseClick(intro.start_button, Qt.MouseButton.LeftButton)
    window.guard.box.done(QMessageBox.StandardButton.Discard)  # the game in progress, once Start is pressed
    assert m.public().names == ["Chika"] and window.keeper.daily == day
    assert Settings().usual_name() == "Chika"
    window.menus.act_daily.trigger()
    assert window.daily_dialog.name.text() == "Chika"
    window.daily_dialog.reject()
    assert m.public().names == ["Chika"]  # Cancel: the game goes on
