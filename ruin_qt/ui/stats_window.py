"""The Statistics window: how a player is doing, plotted with pyqtgraph.

Four views of the history database: totals over time with the personal best,
the breakdown of every game, a histogram of totals against the rulebook's
300 VP solo challenge, and results against each computer level.
"""

from __future__ import annotations

from collections import Counter

import pyqtgraph as pg  # noqa: E402 - after PySide6, so pyqtgraph binds to it
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from .retranslate import Retranslating

CHALLENGE = 300
COLOURS = {  # breakdown parts, in the sheet's own palette
    "squares": "#8c6d3f",
    "gems": "#1f9e89",
    "honour": "#b5483a",
    "routes": "#3d6fb6",
}


class StatsWindow(Retranslating, QWidget):
    def __init__(self, history, parent: QWidget | None = None):
        """``history``: the finished games (``app.history.History``), given by the window."""
        super().__init__(parent, Qt.WindowType.Window)
        self.history = history
        self.setObjectName("stats_window")
        self.resize(980, 720)
        pg.setConfigOptions(antialias=True, background="#fbf7ec", foreground="#3b2f22")

        self.player_label = QLabel()
        self.player = QComboBox()
        self.player.currentIndexChanged.connect(self.refresh)
        self.summary = QLabel()
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top = QHBoxLayout()
        top.addWidget(self.player_label)
        top.addWidget(self.player)
        top.addSpacing(16)
        top.addWidget(self.summary, 1)

        self.history_plot = pg.PlotWidget()
        self.breakdown_plot = pg.PlotWidget()
        self.histogram_plot = pg.PlotWidget()
        self.levels_plot = pg.PlotWidget()
        for w in (self.history_plot, self.breakdown_plot, self.histogram_plot, self.levels_plot):
            w.showGrid(x=False, y=True, alpha=0.25)
            w.setMenuEnabled(False)
        self.breakdown_plot.addLegend(offset=(8, 4), colCount=4, brush=pg.mkBrush(251, 247, 236, 220),
                                      labelTextColor="#3b2f22", verSpacing=2, horSpacing=14)

        grid = QGridLayout()
        grid.addWidget(self.history_plot, 0, 0)
        grid.addWidget(self.breakdown_plot, 0, 1)
        grid.addWidget(self.histogram_plot, 1, 0)
        grid.addWidget(self.levels_plot, 1, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addLayout(grid, 1)

        self._rows: list = []  # app.history.SeatResult rows
        self.reload()
        self.translate_ui()

    # -- data --------------------------------------------------------------
    def reload(self) -> None:
        """Read the database again (after a game was added)."""
        self._rows = self.history.results()
        humans = Counter(r.name for r in self._rows if r.kind == "human")
        current = self.player.currentData()
        self.player.blockSignals(True)
        self.player.clear()
        self.player.addItem(self.tr("All human players"), None)
        for name, _n in humans.most_common():
            self.player.addItem(name, name)
        i = self.player.findData(current) if current is not None else (1 if humans else 0)
        self.player.setCurrentIndex(max(0, i))
        self.player.blockSignals(False)
        self.refresh()

    def _selected(self) -> list:
        name = self.player.currentData()
        return [r for r in self._rows if r.kind == "human" and (name is None or r.name == name)]

    # -- drawing -----------------------------------------------------------
    def refresh(self) -> None:
        rows = self._selected()
        totals = [r.total for r in rows]
        x = list(range(1, len(rows) + 1))
        for w in (self.history_plot, self.breakdown_plot, self.histogram_plot, self.levels_plot):
            w.clear()

        # 1. totals over time and the personal best so far
        if rows:
            best, running = [], None
            for t in totals:
                running = t if running is None else max(running, t)
                best.append(running)
            self.history_plot.plot(x, totals, pen=pg.mkPen("#3b2f22", width=1.5), symbol="o", symbolSize=5,
                                   symbolBrush="#3b2f22", name=self.tr("Total"))
            self.history_plot.plot(x, best, pen=pg.mkPen("#1f9e89", width=2, style=Qt.PenStyle.DashLine),
                                   name=self.tr("Personal best"))
        self.history_plot.addItem(pg.InfiniteLine(CHALLENGE, angle=0, pen=pg.mkPen("#b5483a", width=1.5)))

        # 2. the breakdown of each game, stacked (honour may be negative: it stacks below zero)
        if rows:
            parts = {
                "squares": [r.squares for r in rows],
                "gems": [r.gem_vp for r in rows],
                "routes": [r.routes for r in rows],
            }
            base = [0] * len(rows)
            names = {"squares": self.tr("Squares"), "gems": self.tr("Gems"), "routes": self.tr("Routes")}
            for key, values in parts.items():
                self.breakdown_plot.addItem(pg.BarGraphItem(x=x, height=values, y0=base, width=0.8,
                                                            brush=COLOURS[key], pen=None, name=names[key]))
                base = [b + v for b, v in zip(base, values)]
            honour = [r.honour for r in rows]
            y0 = [b if h >= 0 else 0 for b, h in zip(base, honour)]
            self.breakdown_plot.addItem(pg.BarGraphItem(x=x, height=honour, y0=y0, width=0.8,
                                                        brush=COLOURS["honour"], pen=None, name=self.tr("Honour")))

        # 3. histogram of totals against the 300 VP line
        if totals:
            lo = min(0, (min(totals) // 20) * 20)
            hi = max(CHALLENGE + 20, (max(totals) // 20 + 1) * 20)
            edges = list(range(lo, hi + 20, 20))
            counts = [sum(1 for t in totals if a <= t < b) for a, b in zip(edges, edges[1:])]
            centres = [a + 10 for a in edges[:-1]]
            brushes = ["#1f9e89" if a >= CHALLENGE else "#8c6d3f" for a in edges[:-1]]
            self.histogram_plot.addItem(pg.BarGraphItem(x=centres, height=counts, width=18, brushes=brushes, pen=None))
        self.histogram_plot.addItem(pg.InfiniteLine(CHALLENGE, angle=90, pen=pg.mkPen("#b5483a", width=1.5)))

        # 4. results against computer levels: win rate per level
        by_level = self.history.results_against_computers()
        levels = sorted(by_level)
        if levels:
            rates = [100.0 * by_level[k][1] / by_level[k][0] for k in levels]
            self.levels_plot.addItem(pg.BarGraphItem(x=list(range(len(levels))), height=rates, width=0.6,
                                                     brush="#3d6fb6", pen=None))
            ticks = [(i, f"{self.level_name(k)} ({by_level[k][0]})") for i, k in enumerate(levels)]
            self.levels_plot.getAxis("bottom").setTicks([ticks])
            self.levels_plot.setXRange(-0.75, len(levels) - 0.25)
            self.levels_plot.setYRange(0, 100)
        self._set_summary(totals)

    def level_name(self, kind: str) -> str:
        names = {
            "ai:beginner": self.tr("Beginner"),
            "ai:standard": self.tr("Standard"),
            "ai:expert": self.tr("Expert"),
            "ai:random": self.tr("Random"),
        }
        return names.get(kind, kind.removeprefix("ai:"))

    def _set_summary(self, totals: list[int]) -> None:
        if not totals:
            self.summary.setText(self.tr("No finished games yet."))
            return
        over = sum(1 for t in totals if t >= CHALLENGE)
        mean = sum(totals) / len(totals)
        self.summary.setText(
            self.tr("%n game(s); best %1 VP; mean %2 VP; %3 at or above 300 VP", "", len(totals))
            .replace("%1", str(max(totals))).replace("%2", f"{mean:.0f}").replace("%3", str(over))
        )

    # -- language ----------------------------------------------------------
    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Statistics"))
        self.player_label.setText(self.tr("Player:"))
        if self.player.count():
            self.player.setItemText(0, self.tr("All human players"))
        self.history_plot.setTitle(self.tr("Totals over time (red: the 300 VP challenge)"))
        self.history_plot.setLabel("bottom", self.tr("Game"))
        self.history_plot.setLabel("left", self.tr("VP"))
        self.breakdown_plot.setTitle(self.tr("Breakdown per game"))
        self.breakdown_plot.setLabel("bottom", self.tr("Game"))
        self.histogram_plot.setTitle(self.tr("Totals"))
        self.histogram_plot.setLabel("bottom", self.tr("VP"))
        self.histogram_plot.setLabel("left", self.tr("Games"))
        self.levels_plot.setTitle(self.tr("Wins against computer levels (games in brackets)"))
        self.levels_plot.setLabel("left", self.tr("Win rate %"))
        self.refresh()

