"""The Statistics window plots the history database."""

import datetime as dt

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.history import History


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
    from ruin_qt.ui.stats_window import StatsWindow

    h = filled_history(tmp_path / "h.sqlite3")
    w = StatsWindow(h)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.player.currentData() == "Aki"
    assert w.summary.text().startswith("12 game")
    # one curve for totals, one for the best, the 300 line
    assert len(w.history_plot.getPlotItem().listDataItems()) == 2
    assert w.breakdown_plot.getPlotItem().items  # stacked bars
    assert w.levels_plot.getPlotItem().items
    w.grab().save(str(tmp_path / "stats.png"))


def test_stats_window_with_an_empty_history(qtbot, tmp_path):
    from ruin_qt.ui.stats_window import StatsWindow

    w = StatsWindow(History(tmp_path / "empty.sqlite3"))
    qtbot.addWidget(w)
    assert w.summary.text() == "No finished games yet."
