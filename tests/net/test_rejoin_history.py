"""A screen back at its table mid-game (a restart, a return with its token) showed only the last
round in its announcements: the host's first frame holds the whole history, and all of it is shown,
each round once, the rounds played while it was away included."""

from __future__ import annotations

import pytest

from .test_game_end_window import feed, joining_window, played_game

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def rounds_shown(window) -> list[int]:
    return [rnd for rnd, _events in window.log.entries]


def test_a_screen_back_mid_game_shows_the_whole_announcement_history(runner, qtbot):
    _host, sent = played_game(12)
    states = [i for i, m in enumerate(sent) if m["type"] == "state"]
    welcome = next(m for m in sent if m["type"] == "welcome")
    mid = next(i for i in states if sent[i]["public"]["round"] >= 4 and sent[i]["public"]["phase"] == "play")
    history = len(sent[mid]["view"]["observation"]["announcements"])
    assert history >= 4
    _client, window = joining_window(runner, qtbot)
    feed(_client, [welcome, sent[mid]])  # back at the table: the welcome, then the table as it is now
    assert rounds_shown(window) == list(range(history))
    later = next(i for i in states if i > mid and sent[i]["public"]["round"] >= sent[mid]["public"]["round"] + 2)
    feed(_client, [sent[later]])  # two rounds played while the line was down: both told, none twice
    now = len(sent[later]["view"]["observation"]["announcements"])
    assert rounds_shown(window) == list(range(now)) and now >= history + 2
    window.hide()  # qtbot closes it (a closed table window is deleted)
