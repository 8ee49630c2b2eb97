"""Issue 41 item 2 in the app: the review runs off the UI thread with a
progress bar and can be cancelled, shows the decision played beside the
Expert's, plots the expected score, jumps to key moments, and is kept so it
opens again at once."""

from __future__ import annotations

import json
import random

import pytest

from ruin_qt.ai.match import play_game
from ruin_qt.bench_ui import GapMeter
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


def quick(window: ReviewWindow) -> None:
    window.quality.setCurrentIndex(window.quality.findData("quick"))


@pytest.mark.slow
def test_a_review_runs_off_the_ui_thread_and_is_kept(qtbot, solo_record):
    cache = MemoryCache()
    w = ReviewWindow(solo_record, 0, cache, workers=2)  # as the app runs it: the Expert's process pool
    qtbot.addWidget(w)
    w.show()
    quick(w)
    meter = GapMeter()
    w.start_button.click()
    assert w.progress.isVisible() and w.cancel_button.isVisible()
    meter.start()
    gaps = []
    w._job.done.connect(lambda *_: gaps.extend(meter.gaps))  # the gaps while the review ran
    qtbot.waitUntil(lambda: w.review is not None, timeout=120000)
    meter.stop()
    qtbot.waitUntil(lambda: not w.progress.isVisible(), timeout=5000)
    r = w.review
    assert r is not None and w.decisions.count() == len(r.decisions) > 10
    assert gaps and max(gaps) <= 50, max(gaps)  # the window stays live while the Expert thinks
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
    again = ReviewWindow(solo_record, 0, cache, workers=1)
    qtbot.addWidget(again)
    quick(again)
    again.start_button.click()  # kept: shown at once, nothing to run
    assert again._job is None and again.review is not None
    assert again.review.to_json() == r.to_json()


@pytest.mark.slow
def test_a_review_can_be_cancelled_within_a_second(qtbot, solo_record):
    w = ReviewWindow(solo_record, 0, None, workers=1)
    qtbot.addWidget(w)
    w.show()
    w.start_button.click()
    qtbot.waitUntil(lambda: w.progress.value() >= 1, timeout=60000)
    w.cancel_button.click()
    qtbot.waitUntil(lambda: w._job is None, timeout=1000)  # the work stops within a second
    assert w.review is None and "cancelled" in w.summary.text()


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
    from .play import play_to_the_end

    window.start_game([("Aki", "human")], seed=7)
    play_to_the_end(window, qtbot, rng)
    qtbot.waitUntil(lambda: window.scoreboard is not None)
    window.scoreboard.review_button.click()
    assert opened[-1][0] == 0
