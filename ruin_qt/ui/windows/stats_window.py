"""The Statistics window: how a player is doing, plotted with pyqtgraph.

Four views of the history database: totals over time with the personal best,
the breakdown of every game, a histogram of totals against the rulebook's
300 VP solo challenge, and results against each computer level.  Game
numbers and counts get whole-number axes; legends sit above the charts, never
over a bar; an empty chart says so.
"""

from __future__ import annotations

import html
from collections import Counter

import pyqtgraph as pg  # noqa: E402 - after PySide6, so pyqtgraph binds to it
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from ...session.facts import level_of
from ..common.on_screen import fit_on_screen
from ..common.retranslate import Retranslating

CHALLENGE = 300
COLOURS = {  # breakdown parts, in the sheet's own palette
    "squares": "#8c6d3f",
    "gems": "#1f9e89",
    "honour": "#b5483a",
    "routes": "#3d6fb6",
}
CHART_PAPER = "#fbf7ec"  # the charts are printed sheets, their legends included
TOTAL_PEN = "#3b2f22"
BEST_PEN = "#1f9e89"
CHALLENGE_PEN = "#b5483a"
BELOW_CHALLENGE = "#8c6d3f"
EMPTY_GAMES = 10  # an empty chart still shows a sensible stretch of games


class IntegerAxis(pg.AxisItem):
    """Ticks on whole numbers only: there is no game 1.5 and no half a game."""

    def tickSpacing(self, minVal: float, maxVal: float, size: float):
        levels = [(sp, off) for sp, off in super().tickSpacing(minVal, maxVal, size)
                  if sp >= 1 and float(sp).is_integer()]
        return levels or [(1.0, 0.0)]


def legend_text(entries: list[tuple[str, str]]) -> str:
    """A legend line: a coloured swatch before each name."""
    return "&nbsp;&nbsp;&nbsp;".join(f'<span style="color:{colour}">■</span>&nbsp;{html.escape(name)}'
                                     for colour, name in entries)


def plot_with_legend(plot: pg.PlotWidget, legend: QLabel) -> QWidget:
    box = QWidget()
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(2)
    legend.setAlignment(Qt.AlignmentFlag.AlignCenter)
    # The key belongs to the chart: on its paper, so each swatch reads on any desktop palette.
    legend.setStyleSheet(f"color: {TOTAL_PEN}; background: {CHART_PAPER}; padding: 2px;")
    lay.addWidget(legend)
    lay.addWidget(plot, 1)
    return box


def player_key(row) -> str:
    """Who played a seat: the player profile (whatever the name typed), else the guest's name."""
    return "p:" + row.profile if row.profile else "n:" + row.name


class StatsWindow(Retranslating, QWidget):
    def __init__(self, history, parent: QWidget | None = None, you: tuple[str, str] | None = None):
        """``history``: the finished games (``app.storage.history.History``), given by the window;
        ``you``: the player profile's (id, name): its games count as one player's, whatever
        names they were played under."""
        super().__init__(parent, Qt.WindowType.Window)
        self.history = history
        self.you = you
        self.setObjectName("stats_window")
        self.resize(980, 720)
        pg.setConfigOptions(antialias=True, background=CHART_PAPER, foreground=TOTAL_PEN)

        self.player_label = QLabel()
        self.player = QComboBox()
        self.player.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # names change with the language
        self.player.currentIndexChanged.connect(self.refresh)
        self.summary = QLabel()
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top = QHBoxLayout()
        top.addWidget(self.player_label)
        top.addWidget(self.player)
        top.addSpacing(16)
        top.addWidget(self.summary, 1)

        self.history_plot = pg.PlotWidget(axisItems={"bottom": IntegerAxis("bottom")})
        self.breakdown_plot = pg.PlotWidget(axisItems={"bottom": IntegerAxis("bottom")})
        self.histogram_plot = pg.PlotWidget(axisItems={"left": IntegerAxis("left")})
        self.levels_plot = pg.PlotWidget()
        self.plots = (self.history_plot, self.breakdown_plot, self.histogram_plot, self.levels_plot)
        for w in self.plots:
            w.showGrid(x=False, y=True, alpha=0.25)
            w.setMenuEnabled(False)
            w.setMinimumSize(200, 150)
        # Legends are labels above the charts: inside, they would hide bars.
        self.history_legend, self.breakdown_legend, self.histogram_legend = QLabel(), QLabel(), QLabel()

        grid = QGridLayout()
        grid.addWidget(plot_with_legend(self.history_plot, self.history_legend), 0, 0)
        grid.addWidget(plot_with_legend(self.breakdown_plot, self.breakdown_legend), 0, 1)
        grid.addWidget(plot_with_legend(self.histogram_plot, self.histogram_legend), 1, 0)
        grid.addWidget(self.levels_plot, 1, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addLayout(grid, 1)

        self._rows: list = []  # app.storage.history.SeatResult rows
        self._by_level: dict[str, tuple[int, int]] = {}  # read with the rows: redrawing never touches the database
        self.notes: dict[str, pg.TextItem] = {}  # "no games yet", per empty chart
        self.reload()
        self.translate_ui()
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        fit_on_screen(self, QSize(980, 720), parent)

    # -- data --------------------------------------------------------------
    def reload(self) -> None:
        """Read the database again (after a game was added)."""
        self._rows = self.history.results()
        self._by_level = self.history.results_against_computers()
        humans = Counter(player_key(r) for r in self._rows if r.kind == "human")
        names = {player_key(r): r.name for r in self._rows if r.kind == "human"}  # a profile: its latest name
        mine = "p:" + self.you[0] if self.you else None
        current = self.player.currentData()
        self.player.blockSignals(True)
        self.player.clear()
        self.player.addItem(self.tr("All human players"), None)
        keys = [k for k, _n in humans.most_common()]
        for key in sorted(keys, key=lambda k: k != mine):  # the player first
            self.player.addItem(self._you_text() if key == mine else names[key], key)
        i = self.player.findData(current) if current is not None else (1 if humans else 0)
        self.player.setCurrentIndex(max(0, i))
        self.player.blockSignals(False)
        self.refresh()

    def _you_text(self) -> str:
        return self.tr("%1 (you)").replace("%1", self.you[1]) if self.you else ""

    def _selected(self) -> list:
        key = self.player.currentData()
        return [r for r in self._rows if r.kind == "human" and (key is None or player_key(r) == key)]

    # -- drawing -----------------------------------------------------------
    def refresh(self) -> None:
        rows = self._selected()
        totals = [r.total for r in rows]
        x = list(range(1, len(rows) + 1))
        for w in self.plots:
            w.clear()
            w.enableAutoRange()
        self.notes = {}
        games = (0.5, max(len(rows), EMPTY_GAMES) + 0.5)  # game numbers, with room for the bars' width
        no_games = self.tr("No games yet")

        # 1. totals over time and the personal best so far
        self.history_legend.setText(legend_text([(TOTAL_PEN, self.tr("Total")), (BEST_PEN, self.tr("Personal best")),
                                                 (CHALLENGE_PEN, self.tr("300 VP challenge"))]))
        if rows:
            best, running = [], None
            for t in totals:
                running = t if running is None else max(running, t)
                best.append(running)
            self.history_plot.plot(x, totals, pen=pg.mkPen(TOTAL_PEN, width=1.5), symbol="o", symbolSize=5,
                                   symbolBrush=TOTAL_PEN)
            self.history_plot.plot(x, best, pen=pg.mkPen(BEST_PEN, width=2, style=Qt.PenStyle.DashLine))
        else:
            self._note("history", no_games, games, (0, CHALLENGE + 20))
        self.history_plot.addItem(pg.InfiniteLine(CHALLENGE, angle=0, pen=pg.mkPen(CHALLENGE_PEN, width=1.5)))

        # 2. the breakdown of each game, stacked (honour may be negative: it stacks below zero)
        names = {"squares": self.tr("Squares"), "gems": self.tr("Gems"), "routes": self.tr("Routes"),
                 "honour": self.tr("Honour")}
        self.breakdown_legend.setText(legend_text([(COLOURS[k], names[k]) for k in ("squares", "gems", "routes",
                                                                                    "honour")]))
        if rows:
            parts = {
                "squares": [r.squares for r in rows],
                "gems": [r.gem_vp for r in rows],
                "routes": [r.routes for r in rows],
            }
            base = [0] * len(rows)
            for key, values in parts.items():
                self.breakdown_plot.addItem(pg.BarGraphItem(x=x, height=values, y0=base, width=0.8,
                                                            brush=COLOURS[key], pen=None))
                base = [b + v for b, v in zip(base, values)]
            honour = [r.honour for r in rows]
            y0 = [b if h >= 0 else 0 for b, h in zip(base, honour)]
            self.breakdown_plot.addItem(pg.BarGraphItem(x=x, height=honour, y0=y0, width=0.8,
                                                        brush=COLOURS["honour"], pen=None))
        else:
            self._note("breakdown", no_games, games, (0, 100))

        # 3. histogram of totals against the 300 VP line
        self.histogram_legend.setText(legend_text([(BELOW_CHALLENGE, self.tr("below 300 VP")),
                                                   (BEST_PEN, self.tr("300 VP or more"))]))
        if totals:
            lo = min(0, (min(totals) // 20) * 20)
            hi = max(CHALLENGE + 20, (max(totals) // 20 + 1) * 20)
            edges = list(range(lo, hi + 20, 20))
            counts = [sum(1 for t in totals if a <= t < b) for a, b in zip(edges, edges[1:])]
            centres = [a + 10 for a in edges[:-1]]
            brushes = [BEST_PEN if a >= CHALLENGE else BELOW_CHALLENGE for a in edges[:-1]]
            self.histogram_plot.addItem(pg.BarGraphItem(x=centres, height=counts, width=18, brushes=brushes, pen=None))
        else:
            self._note("histogram", no_games, (0, CHALLENGE + 20), (0, 3))
        self.histogram_plot.addItem(pg.InfiniteLine(CHALLENGE, angle=90, pen=pg.mkPen(CHALLENGE_PEN, width=1.5)))

        # 4. results against computer levels: win rate per level, "wins of games" over each bar
        by_level = self._by_level
        levels = sorted(by_level)
        axis = self.levels_plot.getAxis("bottom")
        if levels:
            rates = [100.0 * by_level[k][1] / by_level[k][0] for k in levels]
            self.levels_plot.addItem(pg.BarGraphItem(x=list(range(len(levels))), height=rates, width=0.6,
                                                     brush=COLOURS["routes"], pen=None))
            for i, k in enumerate(levels):
                played, won = by_level[k]
                label = pg.TextItem(self.tr("%1 of %2").replace("%1", str(won)).replace("%2", str(played)),
                                    color=TOTAL_PEN, anchor=(0.5, 1.0))
                label.setPos(i, rates[i])
                self.levels_plot.addItem(label)
            axis.setTicks([[(i, self.level_name(k)) for i, k in enumerate(levels)]])
            self.levels_plot.setXRange(-0.75, len(levels) - 0.25)
            self.levels_plot.setYRange(-2, 108, padding=0)  # 0 labelled; room for the labels over a 100% bar
        else:
            axis.setTicks([[]])  # no level: no numbers under an empty chart
            self._note("levels", self.tr("No games against the computer yet"), (0, 1), (0, 100))
        self._set_summary(totals)

    def _note(self, key: str, text: str, xs: tuple[float, float], ys: tuple[float, float]) -> None:
        """An empty chart: a sensible range and a word in its middle."""
        plot = getattr(self, f"{key}_plot")
        plot.setXRange(*xs, padding=0)
        plot.setYRange(ys[0] - 0.02 * (ys[1] - ys[0]), ys[1], padding=0)  # a tick on the bottom edge has no label
        note = pg.TextItem(text, color=TOTAL_PEN, anchor=(0.5, 0.5))
        note.setPos((xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2)
        plot.addItem(note)
        self.notes[key] = note

    def level_name(self, kind: str) -> str:
        names = {
            "ai:beginner": self.tr("Beginner"),
            "ai:standard": self.tr("Standard"),
            "ai:expert": self.tr("Expert"),
            "ai:random": self.tr("Random"),
        }
        return names.get(kind, level_of(kind) or kind)

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
        mine = self.player.findData("p:" + self.you[0]) if self.you else -1
        if mine >= 0:
            self.player.setItemText(mine, self._you_text())
        self.history_plot.setTitle(self.tr("Totals over time"))
        self.history_plot.setLabel("bottom", self.tr("Game"))
        self.history_plot.setLabel("left", self.tr("VP"))
        self.breakdown_plot.setTitle(self.tr("Breakdown per game"))
        self.breakdown_plot.setLabel("bottom", self.tr("Game"))
        self.histogram_plot.setTitle(self.tr("Totals"))
        self.histogram_plot.setLabel("bottom", self.tr("VP"))
        self.histogram_plot.setLabel("left", self.tr("Games"))
        self.levels_plot.setTitle(self.tr("Wins against each computer level"))
        self.levels_plot.setLabel("left", self.tr("Win rate %"))
        for plot in self.plots:  # a screen reader names a chart by its title
            plot.setAccessibleName(plot.getPlotItem().titleLabel.text)
        self.refresh()

