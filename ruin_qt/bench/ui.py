"""UI and app benchmarks (targets, not timed tests).

    python -m ruin_qt bench --ui

1. ghost follow: one mouse move over the sheet (snap, legality, repaint request);
   and with the repaint of what the move changed (the new drawing)
1b. a frame of animation: one full repaint of the sheet mid-animation
2. start-up: process start to main window shown (``python -m ruin_qt``; and the
   packaged program in dist/ when it has been built)
3. UI thread gaps while a computer seat thinks (a 2 ms timer on the UI thread)
4. autosave: one step's save of the record and its side part (one SQLite transaction)
5. the Statistics window opening on a history of 1,000 games
6. UI thread gaps while a review runs; from a review's cancel to its worker's stop
7. opening hostile files (a FIFO, a folder, /dev/zero, a sparse 16 GB file) in the window
8. the first Statistics window of a run (pyqtgraph not yet imported on the UI
   thread): click to shown, in a fresh process, clicked at once and after the
   start-up warm-up (``app.warmup``) has had its time
9. the language switch at the start and at the end of a long session (forty rounds of the Host and
   Join dialogs, Statistics and a replay, a hosted table's game in progress), with the live widgets
10. a restart after Quit in a session that hosted a table whose computer was still deciding
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

from ..session.intents import Confirm, Kind, PlacePiece, TakeDecision
from ..session.table import TableSession

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("RUIN_QT_DATA_DIR", tempfile.mkdtemp(prefix="ruin-qt-bench-"))

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QImage, QMouseEvent, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from .meter import GapMeter  # noqa: E402


def start_solo(w, app, seed=11):
    from ruin_qt.ai.random_policy import random_setup

    m = w.model
    w.start_game([("Aki", "human")], seed=seed)
    choice = random_setup(m.view().obs, random.Random(seed))
    m.act(TakeDecision(choice))
    m.act(Confirm())
    while m.step() != "draw":
        app.processEvents()
    # The setup's pieces drawn in: the figures measure the sheet as it stands.  (The
    # stroke-in never ticked before figure 1b, so the whole sheet was painted without
    # them, and the first "stroke" animation joined their 18 cells.)
    from ruin_qt.ui.sheet import motion

    motion.finish_all()


def mouse_moves(w, cells):
    """Events for a pointer sweeping over ``cells`` (precomputed, not timed)."""
    view = w.view
    evs = []
    for r, c in cells:
        p = QPointF(view.mapFromScene(QPointF(c * 40 + 20, r * 40 + 20)))
        evs.append(QMouseEvent(QMouseEvent.Type.MouseMove, p, view.viewport().mapToGlobal(p),
                               Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))
    return evs


def ghost_follow(app, w, n=2000) -> list[float]:
    cells = [(r, c) for r in range(11) for c in range(11)]
    random.Random(1).shuffle(cells)
    evs = mouse_moves(w, (cells * (n // len(cells) + 1))[:n])
    vp = w.view.viewport()
    times = []
    for ev in evs:
        t = time.perf_counter()
        QApplication.sendEvent(vp, ev)
        times.append((time.perf_counter() - t) * 1000)
    app.processEvents()
    return times


def _paint(w, img, region=None) -> None:
    """Draw the sheet view's ``region`` (view pixels; all of it by default)
    into ``img`` as its viewport paints it: background and items, no window flush."""
    vp = w.view.viewport()
    region = region or vp.rect()
    p = QPainter(img)
    p.setRenderHints(w.view.renderHints())
    w.view.render(p, QRectF(region), region)
    p.end()


def ghost_follow_painted(app, w, n=500) -> list[float]:
    """One mouse move and the viewport's repaint of what it changed (the
    ghost's old and new cells, as Qt's minimal update repaints them), at
    once: the cost of following the pointer with the new drawing."""
    from PySide6.QtGui import QRegion

    cells = [(r, c) for r in range(11) for c in range(11)]
    random.Random(2).shuffle(cells)
    evs = mouse_moves(w, (cells * (n // len(cells) + 1))[:n])
    vp, view, ghost = w.view.viewport(), w.view, w.scene.ghost
    app.processEvents()
    times = []
    for ev in evs:
        t = time.perf_counter()
        old = ghost.sceneBoundingRect()
        QApplication.sendEvent(vp, ev)
        region = QRegion(view.mapFromScene(old).boundingRect().adjusted(-2, -2, 2, 2))
        region += QRegion(view.mapFromScene(ghost.sceneBoundingRect()).boundingRect().adjusted(-2, -2, 2, 2))
        vp.repaint(region)
        times.append((time.perf_counter() - t) * 1000)
    return times


def paint_scene(w, runs=50) -> list[float]:
    """ms to paint the whole sheet view once: background and every item, as
    a resize or a hand-off repaints it (an animation frame repaints less)."""
    img = QImage(w.view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        _paint(w, img)
        out.append((time.perf_counter() - t) * 1000)
    return out


ANIMATIONS = ("stroke", "trace", "flash", "walk", "square", "round")


def _start_animation(w, kind: str) -> tuple:
    """Start one kind of sheet animation (see ANIMATIONS); what to undo after."""
    from ruin_qt.rules.components import load_components
    from ruin_qt.rules.observation import observe

    m, scene = w.model, w.scene
    obs = observe(m.session.game, m.screen.actor)
    placed = False
    letters = [tuple(cell) for cell in load_components().letters.values()]
    if kind in ("stroke", "round"):
        assert obs.active_card is not None  # the bench's game waits at a draw
        pieces: tuple[Kind, ...] = ("road", "wall")
        for piece in pieces:
            opts = obs.sheet.legal_placements(obs.active_card, piece, obs.sheet.filled)
            if opts:
                placed = m.act(PlacePiece(piece, tuple(opts[0].cells)))
                break
    if kind in ("trace", "round"):
        scene.trace_in(letters[0])
        scene.trace_in(letters[1])
    if kind in ("flash", "round"):
        scene.flash_letter(letters[2])
    if kind in ("square", "round"):
        scene.show_square(m.view().sheet.square_bonus_rect(), "Square bonus")
    start = scene.pawn.pos()
    if kind in ("walk", "round"):
        scene.pawn.walk([(r, 0) for r in range(11)])
    return placed, start


def _undo_animation(w, placed: bool, start) -> None:
    w.scene.show_square(None, "")
    w.scene.pawn.setPos(start)
    if placed:
        w.model.undo_stack.undo()


def animation_frame(app, w, kind="round", runs=50) -> list[float]:
    """ms to paint the whole sheet view with an animation held half-way:
    "stroke" a piece drawn in, "trace" two new destinations, "flash" a
    collected letter, "walk" the pawn, "square" the square bonus outlined,
    "round" all of these at once, as a round's resolution may start them.
    (A frame repaints only what moved: this is its upper bound.)"""
    from ruin_qt.ui.sheet import motion

    was = motion.enabled()
    motion.set_enabled(True)
    placed, start = _start_animation(w, kind)
    for mo in motion.running():
        mo.pause()
        mo.setCurrentTime(mo.duration() // 2)
    times = paint_scene(w, runs)
    motion.finish_all()
    motion.set_enabled(was)
    _undo_animation(w, placed, start)
    return times


def animation_frames(app, w, kind="round", repeats=5) -> list[float]:
    """The UI thread's ms per frame while an animation plays on the shown
    window: each pass of the event loop that painted the sheet (the tick,
    the items' updates, Qt's repaint of what changed)."""
    from PySide6.QtCore import QObject

    from ruin_qt.ui.sheet import motion

    class Paints(QObject):
        count = 0

        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    paints = Paints()
    vp = w.view.viewport()
    vp.installEventFilter(paints)
    was = motion.enabled()
    motion.set_enabled(True)
    out = []
    for _ in range(repeats):
        app.processEvents()
        placed, start = _start_animation(w, kind)
        while motion.running():
            before = paints.count
            t = time.perf_counter()
            app.processEvents()
            if paints.count > before:
                out.append((time.perf_counter() - t) * 1000)
        _undo_animation(w, placed, start)
    motion.set_enabled(was)
    vp.removeEventFilter(paints)
    return out


def startup(runs=5, command: list[str] | None = None) -> list[float]:
    out = []
    env = dict(os.environ, RUIN_QT_EXIT_WHEN_SHOWN="1")
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.Popen(command or [sys.executable, "-m", "ruin_qt"], env=env, stdout=subprocess.PIPE,
                             text=True)
        assert p.stdout is not None  # piped
        for line in p.stdout:
            if line.startswith("shown"):
                out.append(time.perf_counter() - t)
                break
        p.wait()
    return out


def ui_gaps_while_thinking(app, level: str, seconds: float = 1.5) -> tuple[float, int]:
    """Max gap (ms) between UI-thread timer ticks while computer seats think."""
    from ruin_qt.app.wiring import make_main_window

    w = make_main_window()
    w.show()
    w.start_game([("CPU 1", f"ai:{level}"), ("CPU 2", f"ai:{level}"), ("CPU 3", f"ai:{level}")], seed=3)
    meter = GapMeter()
    meter.start()
    end = time.perf_counter() + seconds
    session = cast(TableSession, w.model.session)  # the model types it as any Table: here a local one
    rounds0 = session.live.round
    while time.perf_counter() < end and w.model.public().phase != "over":
        app.processEvents()
    meter.stop()
    played = session.live.round - rounds0
    w.close()
    return meter.max_gap(), played


def autosave_per_step(app, steps: int = 200) -> list[float]:
    """ms per autosave of a mid-game 4-seat record (record + side part, one transaction)."""
    from ruin_qt.app.storage.autosave import Autosave
    from ruin_qt.bench.engine import mid_game

    game = mid_game(seed=3, rounds=12, seats=4)
    keep = Autosave(Path(tempfile.mkdtemp(prefix="ruin-qt-autosave-")))
    turn: dict = {"draw": {"action": "none"}, "special": None, "path": [], "escape": False}
    out = []
    for i in range(steps):
        # one seat more confirmed each step; every fourth step a whole round
        # (the record grows), as in a 4-seat game
        extra = {"phase": "play", "round": game.round + 1 + i // 4,
                 "turns": {str(k): turn for k in range(i % 4)}}
        if i % 4 == 3:
            game.rounds.append(list(game.rounds[-1]))  # a longer record to write, not a legal one
        t = time.perf_counter()
        keep.write(game, extra)
        out.append((time.perf_counter() - t) * 1000)
    return out


def fill_history(path, games: int = 1000):
    """A history of ``games`` finished solo and 2-seat games (a few real
    records reused: the window reads totals, not records)."""
    import datetime as dt

    from ruin_qt.ai.random_policy import play_random_game
    from ruin_qt.app.storage.history import History

    h = History(path)
    samples = [play_random_game(1 + i % 2, 900 + i) for i in range(10)]
    for g in samples:
        g.seats[0].kind, g.seats[0].name = "human", "Aki"
        if g.n > 1:
            g.seats[1].kind = "ai:standard"
    start = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
    for i in range(games):
        h.add_game(samples[i % len(samples)], finished_at=start + dt.timedelta(hours=i))
    return h


def stats_open(app, games: int = 1000, runs: int = 5) -> list[float]:
    from ruin_qt.ui.windows.stats_window import StatsWindow

    h = fill_history(os.path.join(tempfile.mkdtemp(prefix="ruin-qt-hist-"), "h.sqlite3"), games)
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        w = StatsWindow(h)
        w.show()
        app.processEvents()
        out.append(time.perf_counter() - t)
        w.close()
        w.deleteLater()
        app.processEvents()
    return out


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    from ruin_qt.ai import base as ai_base
    from ruin_qt.app.wiring import make_main_window
    from ruin_qt.bench.windows import first_stats_open, host_takeover_gaps, hostile_opens, review_gaps_and_cancel

    w = make_main_window()
    w.resize(1280, 840)
    w.show()
    start_solo(w, app)
    times = ghost_follow(app, w)
    times.sort()
    print(f"ghost follow (1 mouse move): mean {statistics.mean(times):.3f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.3f} ms, max {times[-1]:.3f} ms over {len(times)} moves")
    times = sorted(ghost_follow_painted(app, w))
    print(f"ghost follow with its repaint: median {statistics.median(times):.3f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.3f} ms over {len(times)} moves")
    times = paint_scene(w)
    print(f"whole sheet painted: median {statistics.median(times):.3f} ms")
    for kind in ANIMATIONS:
        frames = sorted(animation_frames(app, w, kind))
        times = animation_frame(app, w, kind)
        print(f"animation '{kind}': a frame median {statistics.median(frames):.3f} ms, "
              f"p95 {frames[int(len(frames) * 0.95)]:.3f} ms over {len(frames)} frames; "
              f"the whole sheet painted mid-way median {statistics.median(times):.3f} ms")
    w.close()
    s = startup()
    print(f"start-up to shown: median {statistics.median(s):.3f} s, max {max(s):.3f} s over {len(s)} runs")
    root = Path(__file__).resolve().parents[2]  # the checkout: dev.py package leaves its program in dist/
    built = sorted(root.glob("dist/ruin-qt-*-linux-*/ruin-qt"))
    packaged = str(built[-1]) if built else ""
    if packaged:
        s = startup(command=[packaged])
        print(f"packaged start-up to shown: median {statistics.median(s):.3f} s, max {max(s):.3f} s "
              f"over {len(s)} runs")
    a = autosave_per_step(app)
    print(f"autosave per step (4 seats, round 12): median {statistics.median(a):.3f} ms, "
          f"p95 {sorted(a)[int(len(a) * 0.95)]:.3f} ms")
    o = stats_open(app)
    print(f"statistics window with 1,000 games: median {statistics.median(o):.3f} s to shown")
    for delay in (0, 3000):
        f = first_stats_open(delay)
        if f:
            print(f"first statistics window of a run, clicked {delay / 1000:.0f} s after start-up: "
                  f"median {statistics.median(f):.3f} s, max {max(f):.3f} s to shown over {len(f)} runs")
    for level in ai_base.LEVELS:
        gap, rounds = ui_gaps_while_thinking(app, level)
        print(f"UI thread max gap while '{level}' seats think: {gap:.0f} ms ({rounds} rounds played)")
    gap, p95, rounds = host_takeover_gaps(app)
    print(f"host's UI thread, 4 seats, 2 taken over: max gap {gap:.0f} ms, p95 {p95:.0f} ms ({rounds} rounds played)")
    gap, stopped = review_gaps_and_cancel(app)
    print(f"UI thread max gap while a review runs: {gap:.0f} ms; a cancelled review's worker stops "
          f"{stopped:.2f} s after the cancel")
    from ruin_qt.bench.sessions import language_switch_long_session, restart_after_quit

    ls = language_switch_long_session(app)
    print(f"language switch, a hosted table's game in progress: at the start median {ls['start_median_ms']:.0f} ms "
          f"(worst {ls['start_worst_ms']:.0f}), after {ls['rounds']} rounds of windows median "
          f"{ls['end_median_ms']:.0f} ms (worst {ls['end_worst_ms']:.0f}); live widgets {ls['widgets_before']} "
          f"-> {ls['widgets_after']}")
    print(f"restart after Quit, a hosted table's computer still deciding: {restart_after_quit(app):.3f} s "
          f"to the new window shown")
    opens = hostile_opens(app)
    print("hostile files opened (game and replay): max {:.1f} ms ({})".format(
        max(ms for _, ms in opens), ", ".join(f"{n} {ms:.1f}" for n, ms in opens)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
