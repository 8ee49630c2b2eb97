"""The round banner over the table (ui/table/announcements.py)."""

from __future__ import annotations

import html
import random
import re

from PySide6.QtGui import QGuiApplication

from ruin_qt.ui.sheet.sheet_items import PawnItem

from ..app.test_random_games import play_human


def test_the_round_banner_and_the_title_bar_name_the_same_round_across_the_stage_change(window, qtbot, monkeypatch):
    """A pop-up said "Round 16 / Stage 2 begins" under a title saying round 17: now the
    banner says the round just played is over and names the round now played in the
    title bar's own words, both read from the session's public view."""
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    QGuiApplication.setApplicationDisplayName("In the Ruin")
    m, banner = window.model, window.banner
    seen: list[tuple[int, bool, str, str, int]] = []


    def note(rnd, events) -> None:  # connected after the window's own slots: they ran already
        seen.append((rnd, any(e.kind == "stage" for e in events), html.unescape(banner.text()),
                     window.windowTitle(), m.public().round_shown))


    m.announced.connect(note)
    window.start_game([("Aki", "human")], seed=8)
    rng = random.Random(8)
    for _ in range(200):
        qtbot.waitUntil(lambda: m.step() in ("setup", "draw") or m.public().phase == "over", timeout=5000)
        if m.public().phase == "over":
            break
        play_human(m, rng)
    assert m.public().phase == "over"
    stage = [s for s in seen if s[1]]
    assert len(stage) == 1, "the game crossed the stage change once"
    rnd, _, text, title, now = stage[0]
    assert title.startswith(f"Stage 2, round {now} — ") and now == rnd + 1
    assert f"Round {rnd} is over" in text and "Stage 2 begins" in text
    assert f"Now: Stage 2, round {now}." in text
    # Every banner that names a round now played names the title's.
    for rnd, _, text, title, now in seen:
        named = re.search(r"Now: (Stage \d, round \d+)\.", text)
        if named and f"Round {rnd} is over" in text:
            assert title.startswith(named.group(1) + " — ") and named.group(1).endswith(f"round {now}")
