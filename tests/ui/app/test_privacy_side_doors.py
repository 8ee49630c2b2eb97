"""R12 in pass-and-play: no side door shows one seat what the rules keep
from it -- not the deck list during the setup, not a replay of the game
saved (or autosaved) before its end, not the seed in a file name or on
screen.  All in a 2-human game."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ..play import step

SEED = 987654321


def two_humans(window):
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=SEED)
    return window.model


def test_r12_deck_list_during_setup_shows_only_the_deck_size(window, qtbot):
    m = two_humans(window)
    rng = random.Random(1)
    qtbot.waitUntil(lambda: m.screen.awaiting_handoff or m.view() is not None, timeout=5000)
    if m.screen.awaiting_handoff:
        m.accept_handoff()
    window.show_cards()
    b = window.browser
    deck_size = m.public().deck_size
    for _seat in range(2):  # the browser stays open across the hand-off
        assert b.lists[2].count() == 0 and f"({deck_size})" in b.tabs.tabText(2)
        step(m, qtbot, rng)
    assert m.public().phase == "play"
    letters = [b.lists[2].item(i).text()[0] for i in range(b.lists[2].count())]
    # The list shows the public view's unseen cards (what they are, R5.5: tests/session/test_views_content.py).
    assert letters == sorted(m.public().unseen_cards()) and len(letters) == m.public().deck_size
    b.close()


def test_r12_a_replay_of_an_unfinished_pass_and_play_game_shows_only_public_information(window, qtbot, tmp_path,
                                                                                           data_dir):
    m = two_humans(window)
    rng = random.Random(2)
    for _ in range(2 + 2 * 3):  # both setups, three rounds
        step(m, qtbot, rng)
    path = tmp_path / "unfinished.json"
    assert window.save_to(str(path))
    w = window.open_replay_file(str(path))
    assert w is not None and w.public_only and w.error is None
    w.last()
    text = w.info.toPlainText()
    for private in ("Penalties", "Total", "Moved", "drew the card", "Square bonus", "Routes"):
        assert private not in text, private
    assert "Gems" in text and "Objective cards" in text and "Hidden until the game is over" in text
    assert not w.scene.items() or all(not i.isVisible() for i in w.scene.items())  # no sheet drawn
    assert not w.tabs.isVisible() and not w.export_button.isEnabled()
    assert w.export_png(tmp_path / "x.png") is False and not (tmp_path / "x.png").exists()
    QTest.keyClick(w, Qt.Key.Key_2)
    assert w.seat == 0
    assert w.banner.isVisible() and "not over" in w.banner.text()
    w.close()
    # The autosave cannot be opened as a replay at all: it is no record file.
    assert window.open_replay_file(str(data_dir / "autosave.sqlite3")) is None
    assert "not an In the Ruin game record" in window.message_box.text()
    window.message_box.close()


def test_a_finished_pass_and_play_game_replays_in_full(window, qtbot, tmp_path):
    from ruin_qt.ai.random_policy import play_random_game
    from ruin_qt.rules import record

    g = play_random_game(2, 5)
    rec = record.to_record(g)
    for s in rec["seats"]:
        s["kind"] = "human"
    path = tmp_path / "done.json"
    path.write_text(record.dumps(record.replay(rec)))
    w = window.open_replay_file(str(path))
    assert not w.public_only and w.tabs.isVisible() and w.export_button.isEnabled()
    w.last()
    assert "Total" in w.info.toPlainText()
    w.close()


def test_r12_the_seed_of_a_pass_and_play_game_is_in_no_file_name_and_on_no_screen(window, qtbot):
    m = two_humans(window)
    qtbot.wait(10)
    name = window.proposed_file_name()
    assert str(SEED) not in name and "seed" not in name and name.endswith(".ruin") and name.startswith("ruin-20")
    assert str(SEED) not in window.statusBar().currentMessage()
    assert str(SEED) not in window.windowTitle()
    step(m, qtbot, random.Random(3))
    assert str(SEED) not in window.statusBar().currentMessage()
    # A solo game may show it: nobody can use it against anybody.
    window.start_game([("Aki", "human")], seed=SEED)
    assert str(SEED) in window.proposed_file_name() and str(SEED) in window.statusBar().currentMessage()
