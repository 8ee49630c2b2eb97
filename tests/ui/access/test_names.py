"""Every focusable object of the main window, its dialogs and the
review has a non-empty accessible name -- what a screen reader says when the
focus lands on it -- in English and in Japanese."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QApplication

from ruin_qt.ai.random_policy import random_setup, random_turn
from ruin_qt.session.intents import Confirm, TakeDecision
from tests.ui.access.names import focusable, unnamed


def windows_now(main) -> list:
    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def check(main, where: str, seen: dict) -> None:
    for top in windows_now(main):
        missing = unnamed(top)
        assert not missing, (where, type(top).__name__, missing)
        seen[where] = seen.get(where, 0) + len(focusable(top))


def close_others(main) -> None:
    for top in windows_now(main):
        if top is not main:
            top.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_focusable_object_has_a_name(window, qtbot, lang, monkeypatch):
    import ruin_qt.ai.expert as expert
    from ruin_qt.app import i18n

    monkeypatch.setattr(expert, "DEFAULT_BUDGET_S", 0.1)
    seen: dict[str, int] = {}
    w, m = window, window.model
    mn = w.menus
    try:
        i18n.install_language(lang)
        check(w, "welcome", seen)
        for action in (mn.act_new, mn.act_daily, mn.act_join, mn.act_stats, mn.act_player, mn.act_rules,
                       mn.act_controls, mn.act_about, mn.act_host):
            action.trigger()
            qtbot.wait(10)
            check(w, action.text(), seen)
            close_others(w)
        w.start_game([("Aki", "human"), ("Bo", "human"), ("Cy", "ai:random")], seed=11)
        qtbot.wait(10)
        check(w, "setup", seen)
        mn.act_cards.trigger()
        qtbot.wait(10)
        check(w, "card browser", seen)
        close_others(w)
        rng = random.Random(3)
        for _seat in range(2):  # both humans' setups, through the hand-off cover
            if w.cover.isVisible():
                check(w, "hand-off cover", seen)
                w.model.accept_handoff()
            m.act(TakeDecision(random_setup(m.view().obs, rng)))
            m.act(Confirm())
        while m.public().phase != "over":
            qtbot.waitUntil(lambda: m.step() in ("draw", "handoff") or m.public().phase == "over", timeout=10000)
            if m.step() == "handoff":
                w.model.accept_handoff()
            elif m.public().phase != "over":
                check(w, "a turn", seen) if "a turn" not in seen else None
                m.act(TakeDecision(random_turn(m.view().obs, rng)))
                m.act(Confirm())
        qtbot.waitUntil(lambda: w.scoreboard is not None and w.scoreboard.isVisible(), timeout=10000)
        check(w, "final sheet", seen)
        w.scoreboard.review_button.click()
        qtbot.waitUntil(lambda: any(type(t).__name__ == "ReviewWindow" for t in windows_now(w)), timeout=10000)
        review = next(t for t in windows_now(w) if type(t).__name__ == "ReviewWindow")
        qtbot.waitUntil(lambda: not getattr(review, "busy", lambda: False)(), timeout=60000)
        check(w, "review", seen)
        assert sum(seen.values()) > 60, seen  # the walk reached the whole program, not an empty window
    finally:
        close_others(w)
        i18n.install_language("en")
