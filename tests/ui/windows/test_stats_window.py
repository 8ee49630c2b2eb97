"""The Statistics window plots the history database."""

import datetime as dt

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.storage.history import History


def filled_history(path, n=12):
    h = History(path)
    for i in range(n):
        g = play_random_game(1 + i % 2, 500 + i)
        g.seats[0].kind = "human"
        g.seats[0].name = "Aki"
        if g.n > 1:
            g.seats[1].kind = "ai:standard"
        h.add_game(g, finished_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC) + dt.timedelta(days=i))
    return h


def test_stats_window_shows_every_plot(qtbot, tmp_path):
    from ruin_qt.ui.windows.stats_window import StatsWindow

    h = filled_history(tmp_path / "h.sqlite3")
    w = StatsWindow(h)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.player.currentData() == "n:Aki" and w.player.currentText() == "Aki"  # a guest: by name
    assert w.summary.text().startswith("12 game")
    # one curve for totals, one for the best, the 300 line
    assert len(w.history_plot.getPlotItem().listDataItems()) == 2
    assert w.breakdown_plot.getPlotItem().items  # stacked bars
    assert w.levels_plot.getPlotItem().items
    w.grab().save(str(tmp_path / "stats.png"))


def test_stats_window_with_an_empty_history(qtbot, tmp_path):
    from ruin_qt.ui.windows.stats_window import StatsWindow

    w = StatsWindow(History(tmp_path / "empty.sqlite3"))
    qtbot.addWidget(w)
    assert w.summary.text() == "No finished games yet."


# -- the window's charts ----------------------------------------------------------------

def stats_window(qtbot, history):
    from ruin_qt.ui.windows.stats_window import StatsWindow

    w = StatsWindow(history)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.wait(20)  # pyqtgraph ranges its views from the event loop
    return w


def tick_values(plot, side: str) -> list[float]:
    axis = plot.getAxis(side)
    (x0, x1), (y0, y1) = plot.getPlotItem().getViewBox().viewRange()
    lo, hi, length = (x0, x1, axis.width()) if side in ("bottom", "top") else (y0, y1, axis.height())
    return [v for _spacing, values in axis.tickValues(lo, hi, length) for v in values]


def test_game_numbers_and_counts_are_whole_numbers(qtbot, tmp_path):
    """Three games: no game 1.5 on the time axes, no half a game in the histogram."""
    w = stats_window(qtbot, filled_history(tmp_path / "h.sqlite3", 3))
    for plot, side in ((w.history_plot, "bottom"), (w.breakdown_plot, "bottom"), (w.histogram_plot, "left")):
        ticks = tick_values(plot, side)
        assert ticks, side
        assert all(float(v).is_integer() for v in ticks), (side, ticks)
    assert {1.0, 2.0, 3.0} <= set(tick_values(w.history_plot, "bottom"))


def bar_rects(plot):
    """Every bar of every bar chart in ``plot``, in scene coordinates."""
    import pyqtgraph as pg
    from PySide6.QtCore import QRectF

    vb = plot.getPlotItem().getViewBox()
    for item in plot.getPlotItem().items:
        if isinstance(item, pg.BarGraphItem):
            o = item.opts
            n = len(o["height"])
            y0 = o.get("y0") if o.get("y0") is not None else [0] * n
            width = o["width"] if hasattr(o["width"], "__len__") else [o["width"]] * n
            for x, h, y, wd in zip(o["x"], o["height"], y0, width):
                yield vb.mapViewToScene(QRectF(x - wd / 2, y, wd, h).normalized()).boundingRect()


def test_legends_cover_no_bar(qtbot, tmp_path):
    w = stats_window(qtbot, filled_history(tmp_path / "h.sqlite3", 12))
    qtbot.wait(10)
    for plot in (w.history_plot, w.breakdown_plot, w.histogram_plot, w.levels_plot):
        legend = plot.getPlotItem().legend
        if legend is not None and legend.isVisible():
            box = legend.sceneBoundingRect()
            assert not any(box.intersects(r) for r in bar_rects(plot)), plot.getPlotItem().titleLabel.text
    for name in ("Squares", "Gems", "Routes", "Honour"):
        assert name in w.breakdown_legend.text()
    assert "Personal best" in w.history_legend.text()


def test_empty_charts_say_there_are_no_games_yet(qtbot, tmp_path):
    w = stats_window(qtbot, History(tmp_path / "empty.sqlite3"))
    assert set(w.notes) == {"history", "breakdown", "histogram", "levels"}
    for key, note in w.notes.items():
        assert note.isVisible() and note in getattr(w, f"{key}_plot").getPlotItem().items
    assert w.notes["history"].toPlainText() == "No games yet"
    assert w.notes["levels"].toPlainText() == "No games against the computer yet"
    solo_only = History(tmp_path / "solo.sqlite3")
    g = play_random_game(1, 3)
    g.seats[0].kind = "human"
    solo_only.add_game(g)
    w2 = stats_window(qtbot, solo_only)
    assert set(w2.notes) == {"levels"}  # only the chart with nothing to show says so


def test_statistics_open_whole_on_the_screen(window, qtbot):
    window.show_statistics()
    w = window.stats_window
    qtbot.waitExposed(w)
    area = w.screen().availableGeometry()
    assert area.contains(w.frameGeometry()), (w.frameGeometry(), area)


def test_escape_closes_the_statistics_and_the_replay_window(window, qtbot, tmp_path):
    import shiboken6
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from ruin_qt.rules import record

    window.show_statistics()
    path = tmp_path / "game.json"
    path.write_text(record.dumps(play_random_game(2, 4)), encoding="utf-8")
    replay = window.open_replay_file(str(path))
    for w in (window.stats_window, replay):
        w.activateWindow()
        qtbot.waitActive(w)
        qtbot.waitUntil(lambda w=w: QApplication.focusWindow() is w.windowHandle()
                        and QApplication.focusObject() is not None)
        # Through the window, as the platform delivers a key: shortcuts see it first.
        QTest.keyClick(w.windowHandle(), Qt.Key.Key_Escape)
        assert not shiboken6.isValid(w) or not w.isVisible()  # a replay window is deleted once closed
    assert window.isVisible()
