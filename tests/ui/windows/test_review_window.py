"""The review runs off the UI thread with a
progress bar and can be cancelled, shows the decision played beside the
Expert's, plots the expected score, jumps to key moments, and is kept so it
opens again at once."""

from __future__ import annotations

import dataclasses
import json
import random
import threading

import pytest

from ruin_qt import review as reviews
from ruin_qt.ai.match import play_game
from ruin_qt.model.runner import Runner
from ruin_qt.rules import record
from ruin_qt.ui.windows.review_window import ReviewWindow


class MemoryCache:
    def __init__(self):
        self.kept: dict[str, str] = {}
        self.gets = 0

    def get(self, key):
        self.gets += 1
        return self.kept.get(key)

    def put(self, key, text):
        self.kept[key] = text


@pytest.fixture(scope="module")
def solo_record():
    game, _results = play_game(["standard"], 440123)
    return record.to_record(game)


@pytest.mark.slow
def test_a_review_runs_off_the_ui_thread_and_is_kept(qtbot, solo_record, monkeypatch):
    # The window's threads, progress, curve, key moments and cache are tried, not the search's breadth: the
    # app's depths (their fitted tables) on a narrower screen, a sixth of the time; tests/review
    # and the self-test review at the app's own quality.
    default = reviews.QUALITIES["default"]
    monkeypatch.setitem(reviews.QUALITIES, "default",
                        dataclasses.replace(default, screen=6, keep=2, verify=2, layouts=2))
    cache = MemoryCache()
    ran_on: list[threading.Thread] = []
    shown_on: list[threading.Thread] = []
    review = reviews.review

    def watched(*args, **kwargs):
        ran_on.append(threading.current_thread())
        return review(*args, **kwargs)

    monkeypatch.setattr(reviews, "review", watched)
    w = ReviewWindow(solo_record, 0, cache, workers=2, runner=Runner())  # as the app runs it: the Expert's process pool
    qtbot.addWidget(w)
    on_progress = w._on_progress
    monkeypatch.setattr(w, "_on_progress", lambda *a: (shown_on.append(threading.current_thread()), on_progress(*a)))
    w.show()
    w.start_button.click()
    assert w.progress.isVisible() and w.cancel_button.isVisible()
    qtbot.waitUntil(lambda: w.review is not None, timeout=120000)
    qtbot.waitUntil(lambda: not w.progress.isVisible(), timeout=5000)
    r = w.review
    assert r is not None and w.decisions.count() == len(r.decisions) > 10
    main = threading.main_thread()
    assert ran_on and all(t is not main for t in ran_on)  # the Expert thinks off the UI thread
    assert shown_on and all(t is main for t in shown_on)  # the window only receives its progress
    assert "Accuracy" in w.summary.text()
    assert len(w.points.data) == len(r.decisions)  # the curve, one point a decision
    if r.key_moments:  # a key moment jumps to its decision
        moment = r.key_moments[0]
        item = w.moments.item(0)
        w.moments.itemClicked.emit(item)
        assert w.index == moment.index and w.decisions.currentRow() == moment.index
    w.go_to(1)
    assert w.drawings[0].cells and w.drawings[1].cells  # played and suggested, side by side
    assert "VP" in w.captions[0].text() and "VP" in w.captions[1].text()
    assert cache.kept and json.loads(next(iter(cache.kept.values())))["decisions"]
    again = ReviewWindow(solo_record, 0, cache, workers=1, runner=Runner())
    qtbot.addWidget(again)
    again.start_button.click()  # kept: shown at once, nothing to run
    assert again._op is None and again.review is not None
    assert again.review.to_json() == r.to_json()


@pytest.mark.slow
def test_a_review_is_cancelled_at_once_and_its_work_stops(qtbot, solo_record):
    w = ReviewWindow(solo_record, 0, None, workers=1, runner=Runner())
    qtbot.addWidget(w)
    w.show()
    w.start_button.click()
    qtbot.waitUntil(lambda: w.progress.value() >= 1, timeout=60000)
    op = w._op
    w.cancel_button.click()  # no wait for the worker: the window is free at once
    assert w._op is None and not w.progress.isVisible() and "cancelled" in w.summary.text()
    assert w.runner.wait_idle(60000) and op.done  # the review saw the flag and stopped on its own
    qtbot.wait(10)
    assert w.review is None and w.start_button.isEnabled()  # its answer, if any, was dropped


@pytest.mark.slow
def test_a_review_whose_parent_is_deleted_stops_and_touches_no_deleted_widget(qtbot, solo_record):
    # The main window closing deletes its children without their close event (the monkey found it).
    from PySide6.QtWidgets import QWidget
    parent = QWidget()
    runner = Runner()
    w = ReviewWindow(solo_record, 0, None, parent, workers=1, runner=runner)
    w.show()
    w.start_button.click()
    qtbot.waitUntil(lambda: w.progress.value() >= 1, timeout=60000)
    op = w._op
    with qtbot.captureExceptions() as raised:
        parent.deleteLater()
        qtbot.waitUntil(lambda: op.cancelled, timeout=10000)
        assert runner.wait_idle(60000)
        qtbot.wait(50)  # any progress or answer queued behind the deletion arrives now
    assert raised == [] and not runner.busy()


def test_the_final_sheet_and_the_replay_window_offer_a_review(window, qtbot, solo_record, tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(window, "open_review", lambda seat, rec=None: opened.append((seat, rec)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(solo_record))
    replay = window.open_replay_file(str(path))
    assert replay.review_button.isEnabled()
    replay.review_button.click()
    assert opened and opened[-1][0] == 0 and opened[-1][1] == solo_record
    rng = random.Random(1)
    from ..play import play_to_the_end

    window.start_game([("Aki", "human")], seed=7)
    play_to_the_end(window, qtbot, rng)
    qtbot.waitUntil(lambda: window.scoreboard is not None)
    window.scoreboard.review_button.click()
    assert opened[-1][0] == 0


# -- the window starts the review and says why ------------------------
def _short_record() -> dict:
    from ...review.helpers import game_record

    return game_record(["standard"], 21, rounds=3)


def test_opening_the_window_starts_the_review_in_place_of_empty_boards(qtbot):
    w = ReviewWindow(_short_record(), 0, None, workers=1, runner=Runner())
    qtbot.addWidget(w)
    assert "press Review" in w.waiting.text()  # before it opens: what to press
    w.show()
    qtbot.waitUntil(lambda: w._op is not None, timeout=5000)  # started by opening, nothing pressed
    assert w.left.currentWidget() is w.waiting and "replaying" in w.waiting.text()
    assert not w.curve.isVisible() and not w.views[0].isVisible()  # no empty grid, no blank chart
    w.cancel_button.click()
    assert "press Review" in w.waiting.text() and w.start_button.isEnabled()


def _made_up_review() -> reviews.Review:
    """A real game's decisions with a verdict and reasons written in: the
    window's words without a search."""
    from ruin_qt.review.decisions import decision_json
    from ruin_qt.review.reasons import Reason
    from ruin_qt.review.result import DecisionReview, Estimate

    rec = _short_record()
    game = reviews.seat_decisions(rec, 0)
    rows = []
    for d in game.decisions:
        played = decision_json(d.played)
        worse = d.round == 2
        rows.append(DecisionReview(
            d.index, d.round, d.observation.stage, None if d.is_setup else d.observation.active_card,
            played, played, Estimate(250.0, 1.0, 6), Estimate(280.0 if worse else 250.0, 1.0, 6),
            30.0 if worse else 0.0, 3.0, "blunder" if worse else "best", 6, 22.0, 10.4, 3,
            (Reason("route", 15.0, 1.0, "B-U"), Reason("gems", 10.0, 1.0, "D")) if worse else ()))
    return reviews.Review(0, game.name, 1, reviews.resolve_quality("default"), game.digest(), False, None,
                          tuple(rows))


def test_a_key_moment_says_what_the_better_decision_gains(qtbot):
    w = ReviewWindow(_short_record(), 0, None, workers=1, runner=Runner())
    qtbot.addWidget(w)
    w.show_review(_made_up_review())
    assert w.left.currentWidget() is not w.waiting
    line = w.moments.item(0).text()
    assert "Round 2" in line and "blunder" in line and "completes B\u2013U" in line
    assert "+1 gem at destination D" in line
    assert "± 10.8" in line  # the whole error: the futures' 3.0 and the evaluation's 10.4
    assert w.index == 2 and "completes B\u2013U" in w.why.text()
    w.go_to(1)
    assert "best" in w.why.text() and "completes" not in w.why.text()


def test_an_inaccuracy_says_it_is_probably_a_loss_and_why_it_is_no_mistake(qtbot):
    from ruin_qt.ui.windows import review_words as words

    rows = _made_up_review().decisions
    worse = next(d for d in rows if d.round == 2)
    probable = dataclasses.replace(worse, loss=18.0, category="inaccuracy")
    assert words.verdict(probable).startswith("inaccuracy: −18.0 VP (± 10.8)")
    assert "Probably a loss" in words.caution(probable) and "2.5 times" in words.caution(probable)
    assert "cannot tell this from chance" in words.caution(dataclasses.replace(worse, category="unclear"))
    assert words.caution(worse) == ""  # a blunder needs no caution


def test_escape_closes_the_review_window_not_the_final_sheet_it_came_from(window, qtbot, tmp_path, monkeypatch):
    import shiboken6
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from ruin_qt.ai.random_policy import play_random_game

    monkeypatch.setattr(ReviewWindow, "_start_on_open", lambda self: None)  # the window, not a search, is tested
    game = play_random_game(1, 31)
    game.seats[0].kind = "human"
    path = tmp_path / "done.ruin"
    path.write_text(record.dumps(game), encoding="utf-8")
    assert window.open_file(str(path))
    final = window.scoreboard
    assert final is not None and final.isVisible()
    final.review_button.click()  # as the player does: the review opens over the final sheet
    review = window.findChild(ReviewWindow)
    assert review is not None and review.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWindow() is review.windowHandle())
    # Through the window that has the keys, as the platform delivers a key: shortcuts see it first.
    QTest.keyClick(QApplication.focusWindow(), Qt.Key.Key_Escape)
    assert not shiboken6.isValid(review) or not review.isVisible()
    assert final.isVisible()  # the final sheet stays open behind it


def test_the_review_names_the_player_from_the_record_before_it_has_run(qtbot):
    """A table's review opened from the final sheet said "seat 2's decisions" until the Expert had
    finished: the record names every seat, so the title names the player from the start."""
    rec = _short_record()
    rec["seats"][0]["name"] = "Aki"
    w = ReviewWindow(rec, 0, None, workers=1, runner=Runner())
    qtbot.addWidget(w)
    assert "Aki's decisions" in w.title.text() and "seat 1" not in w.title.text()
    rec["seats"][0]["name"] = None  # a broken record: named by its seat, never a crash
    w2 = ReviewWindow(rec, 0, None, workers=1, runner=Runner())
    qtbot.addWidget(w2)
    assert "seat 1's decisions" in w2.title.text()
