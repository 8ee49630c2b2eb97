"""A window's title names the app once, last: the platform adds the display
name to a title that does not end with it ("In the Ruin — Aki, stage 1,
round 1 — In the Ruin" was a table across laptops' title bar)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication

from ...net.test_game_end_window import feed, joining_window, played_game
from .test_table_feel import start_solo

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def as_shown(title: str) -> str:
    """The title bar's text: Qt's own rule (QPlatformWindow::formatWindowTitle) for the app's display name."""
    name = QGuiApplication.applicationDisplayName()
    return title if not name or title.endswith(name) else f"{title} — {name}" if title else name


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_across_laptops_names_the_app_once_in_its_title_bar(runner, qtbot, lang):
    from ruin_qt.app import i18n

    host, sent = played_game(11)
    try:
        i18n.install_language(lang)  # the display name follows the language
        name = QGuiApplication.applicationDisplayName()
        client, window = joining_window(runner, qtbot)
        lobby = as_shown(window.windowTitle())
        assert lobby.count(name) == 1 and lobby.endswith(" — " + name), lobby
        first = next(i for i, m in enumerate(sent) if m["type"] == "state")
        feed(client, sent[:first + 1])
        assert window.model.public().phase != "none"
        title = as_shown(window.windowTitle())
        assert title.count(name) == 1 and title.endswith(" — " + name), title
        assert title.startswith("Bo — ")  # this screen's seat, then the round as the main window says it
        assert ("Stage 1, round" if lang == "en" else "ステージ1・ラウンド") in title
        window.close()
    finally:
        i18n.install_language("en")


def test_the_title_names_the_game_once(window, qtbot):
    QGuiApplication.setApplicationDisplayName("In the Ruin")
    start_solo(window, qtbot)
    title = window.windowTitle()
    assert title == "Stage 1, round 1 — In the Ruin" or title.startswith("Stage 1, round")
    assert title.count("In the Ruin") == 1 and title.endswith(QGuiApplication.applicationDisplayName())
