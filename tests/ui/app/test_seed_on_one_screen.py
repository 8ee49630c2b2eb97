"""On one screen, a game with more than one human shows
its seed nowhere before its end -- no label, button, tooltip, title or status
message of the window or of any window it opened -- since the seed computes
every shuffle.  Once the game is over, or in a solo game, it may show."""

from __future__ import annotations

import random

from PySide6.QtWidgets import QApplication, QWidget

from ..play import play_to_the_end, step

SEED = 987654321


def texts_on_screen() -> list[str]:
    out = []
    for top in QApplication.topLevelWidgets():
        if not top.isVisible():
            continue
        for w in [top, *top.findChildren(QWidget)]:
            out += [w.windowTitle(), w.toolTip(), w.statusTip(), w.whatsThis()]
            for attr in ("text", "placeholderText", "toolTip"):
                value = getattr(w, attr, None)
                if callable(value):
                    try:
                        out.append(str(value()))
                    except TypeError:
                        continue
            bar = getattr(w, "statusBar", None)
            if callable(bar) and hasattr(bar(), "currentMessage"):
                out.append(bar().currentMessage())
    return out


def test_a_pass_and_play_game_shows_no_seed_before_its_end(window, qtbot):
    shown: list[str] = []  # every status message, even one replaced at once
    window.statusBar().messageChanged.connect(shown.append)
    window.start_game([("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")], seed=SEED)
    m, rng = window.model, random.Random(3)
    for _ in range(2 + 2 * 4):  # both setups and four rounds, the cover between seats
        assert not [t for t in texts_on_screen() + shown if str(SEED) in t]
        step(m, qtbot, rng)
    assert m.public().phase == "play"
    play_to_the_end(window, qtbot, rng)
    qtbot.waitUntil(lambda: window.scoreboard is not None, timeout=5000)
    assert [t for t in texts_on_screen() if str(SEED) in t]  # over: the deal may be played again


def test_a_solo_game_may_show_its_seed(window, qtbot):
    window.start_game([("Aki", "human")], seed=SEED)
    assert [t for t in texts_on_screen() if str(SEED) in t]
