"""The app's public entry (ruin_qt/app/public.py), as the release's screenshots,
the man page and the tools use it: each piece works on the real window, so a
release step does not learn of a broken one at release time."""

from __future__ import annotations

import json
import random
from pathlib import Path

from ruin_qt.app import public

KNOWN = Path(__file__).parents[1] / "access" / "known_game.ruin"


def test_a_random_decision_is_taken_and_confirmed_for_the_seat(window, qtbot):
    m = window.model
    window.start_game([("Aki", "human")], seed=7)
    qtbot.waitUntil(lambda: m.step() == "setup", timeout=10000)
    assert public.decide_at_random(window, m.screen.actor, random.Random(1))
    assert public.wait_until(lambda: m.step() == "draw", 20)
    first = m.public().round
    assert public.decide_at_random(window, m.screen.actor, random.Random(2))
    assert public.wait_until(lambda: m.public().round != first or m.public().phase == "over", 20)


def test_a_record_is_read_and_the_command_line_named():
    assert public.read_record(KNOWN) == json.loads(KNOWN.read_text(encoding="utf-8"))
    parser, environment = public.command_line()
    assert "--self-test" in parser.format_help() and "RUIN_QT_DATA_DIR" in environment


def test_the_main_window_comes_up_in_the_language_asked(qtbot):
    from PySide6.QtCore import QCoreApplication

    try:
        w = public.main_window("ja")
        qtbot.addWidget(w)
        assert QCoreApplication.translate("Controls", "go to the exit") == "出入口へ移動する"
        assert public.set_language("en") == "en"
        assert QCoreApplication.translate("Controls", "go to the exit") == "go to the exit"
        w.model.shutdown()
    finally:
        public.set_language("en")
