"""View > Text size at a table across laptops: the hosting and the joining
screen's window hold the map to its 100 % size at 200 %, as the main window
does (test_text_size.py)."""

from __future__ import annotations

import pytest

from ruin_qt.ui.common import text_size
from tests.net.screens import two_screens  # noqa: F401 -- a host window and a joining one
from tests.ui.windows.test_layout import problems, pump

from .test_text_size import measures


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(960, 700), (1280, 720)], ids=["960x700", "1280x720"])
def test_at_200_percent_a_net_tables_map_is_no_smaller(two_screens, qtbot, lang, size):  # noqa: F811
    """Both screens' maps are at least as large as at 100 %: bound by the window's height (1280x720),
    the status bar, taller at larger text, leaves the window's foot for the side column's.  Back at
    100 % the bar is at the window's foot and the map as it was."""
    from ruin_qt.app import i18n

    host, join, _dialog, _spied = two_screens
    windows = (host, join)
    try:
        i18n.install_language(lang)
        for w in windows:
            w.resize(*size)
        qtbot.waitUntil(lambda: all(w.model.public().phase == "setup" for w in windows), timeout=10_000)
        for w in windows:
            pump(qtbot, w)
        normal = {w: measures(w) for w in windows}
        text_size.set_percent(200)
        for w in windows:
            pump(qtbot, w)
        for w, name in zip(windows, ("host", "join")):
            large = measures(w)
            assert large["map"] >= normal[w]["map"], (name, normal[w], large)
            assert large["letter"] >= 1.4 * normal[w]["letter"], (name, normal[w], large)
            assert not problems(w), (name, problems(w))
        text_size.set_percent(100)
        for w in windows:
            qtbot.waitUntil(lambda w=w: w.statusBar().parent() is w and measures(w)["map"] == normal[w]["map"],
                            timeout=3000)
    finally:
        text_size.set_percent(100)
        i18n.install_language("en")

