"""One side's figures for ``bench --against`` (ruin_qt/bench/against.py).

Run as a script, never imported by the game: ``python -P probe.py --tree
ROOT --figures a,b``, with PYTHONPATH=ROOT, so the ``ruin_qt`` it measures is
ROOT's, this checkout's or an older commit's.  It imports nothing of this
checkout: it drives the game through entry points that old revisions share
(``python -m ruin_qt`` with RUIN_QT_EXIT_WHEN_SHOWN, ``app.wiring.
make_main_window``, the window's ``view``/``scene``/``model``), trying each
place a thing lived (``ruin_qt.ui.motion`` before ``ruin_qt.ui.sheet.motion``,
``ruin_qt.bench_ui`` before ``ruin_qt.bench.ui``).  Where a tree lacks what a
figure needs the figure is told as missing, with why; the probe goes on.

Each figure is one line on stdout, as it is measured:
``probe {"figure": NAME, "unit": "ms"|"s", "value": X|null, "why": TEXT}``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from typing import Any

ANIMATIONS = ("walk", "square", "round")
PHASES = ("interpreter", "Qt imported", "game modules imported", "application, settings, language",
          "main window made", "shown")  # as phases.py names them
LATER = ("first frame painted", "game table made")  # phases.py's after "shown" (a tree that made its table at once: 0)
# Each group's figures (what ``--figures`` names), in the order a run measures them.
FIGURES = {
    "startup": ["start-up to a shown window", "start-up to a ready table",
                "start-up: CPU time of the process (to its exit)"],
    "phases": [*(f"start-up CPU: {name}" for name in PHASES), "start-up CPU: to shown, all phases",
               *(f"start-up CPU: {name}" for name in LATER), "start-up CPU: to the first frame, all phases",
               "start-up CPU: to a ready table, all phases"],
    "engine": [],  # the tree's own engine cases, named as its bench names them
    "ghost": ["ghost: a mouse move", "ghost: a move with its repaint"],
    "sheet": ["sheet: whole sheet painted"],
    "frames": [*(f"sheet: whole sheet mid-'{k}'" for k in ANIMATIONS), "frame: 'round' on the shown window"],
    "autosave": ["autosave: a step (4 seats, round 12)"],
    "gaps": ["UI gap: computers think (worst level)"],
    "review": ["review: a quick review of a game", "UI gap: a review runs", "review: cancel to worker stopped"],
    "roundtrip": ["round trip: intent -> view, median", "round trip: intent -> view, p95"],
    "idle": ["host CPU: three seats joined and idle, a minute"],
}
GROUPS = tuple(FIGURES)
_told: set[str] = set()


def tell(figure: str, value: float | None, unit: str = "ms", why: str = "") -> None:
    _told.add(figure)
    line = {"figure": figure, "unit": unit, "value": value}
    if why:
        line["why"] = why
    print("probe " + json.dumps(line), flush=True)


def first(*names: str):
    """The first of ``names`` ("module:attr" or "module") that imports."""
    for name in names:
        mod, _, attr = name.partition(":")
        try:
            m = importlib.import_module(mod)
            return getattr(m, attr) if attr else m
        except (ImportError, AttributeError):
            continue
    raise LookupError(f"not in this revision: {' nor '.join(names)}")


# -- start-up: a fresh process to a shown window ------------------------------------------------------------


def startup_figure(tree: str, runs: int) -> None:
    wall, ready, cpu = startup(tree, runs)
    tell("start-up to a shown window", statistics.median(wall) if wall else None, "s",
         why="" if wall else "the window never said it was shown")
    tell("start-up to a ready table", statistics.median(ready) if ready else None, "s",
         why="" if ready else "the window never said it was shown")
    if cpu:  # less moved by other work on the machine than the wall clock
        tell("start-up: CPU time of the process (to its exit)", statistics.median(cpu), "s")


def startup(tree: str, runs: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds from ``python -m ruin_qt`` started to its line ``shown`` (the
    window shown; app/main.py prints it when RUIN_QT_EXIT_WHEN_SHOWN is set)
    and to its line ``table ready`` (a tree without it made its table before
    it showed: the same moment), and the CPU seconds the process used in all
    (it quits once ready; POSIX only)."""
    env = dict(os.environ, RUIN_QT_EXIT_WHEN_SHOWN="1")
    wall, ready, cpu = [], [], []
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-m", "ruin_qt"], cwd=tree, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        assert p.stdout is not None  # piped
        try:
            shown = None
            for line in p.stdout:
                if line.startswith("shown"):
                    shown = time.perf_counter() - t
                    wall.append(shown)
                elif line.startswith("table ready"):
                    ready.append(time.perf_counter() - t)
            if shown is not None and len(ready) < len(wall):
                ready.append(shown)
            if hasattr(os, "wait4"):
                _, status, usage = os.wait4(p.pid, 0)
                p.returncode = os.waitstatus_to_exitcode(status)
                if p.returncode == 0:
                    cpu.append(usage.ru_utime + usage.ru_stime)
            else:
                p.wait(timeout=60)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
    return wall, ready, cpu


def phases(tree: str, runs: int) -> None:
    """Each start-up phase's CPU ms (``phases.py`` in a fresh process), the median of ``runs``."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "phases.py")
    got: dict[str, list[float]] = {}
    for _ in range(runs):
        r = subprocess.run([sys.executable, "-P", script], cwd=tree, capture_output=True, text=True, timeout=120)
        for line in r.stdout.splitlines():
            if line.startswith("phase "):
                name, ms = line[len("phase "):].rsplit("\t", 1)
                got.setdefault(name, []).append(float(ms))
        if r.returncode != 0:
            raise RuntimeError((r.stderr.strip().splitlines() or ["phases.py failed"])[-1])
    for name in PHASES:
        tell(f"start-up CPU: {name}", statistics.median(got[name]) if name in got else None)
    whole = [sum(run) for run in zip(*(got.get(name, []) for name in PHASES))]
    tell("start-up CPU: to shown, all phases", statistics.median(whole) if whole else None)
    for name in LATER:
        tell(f"start-up CPU: {name}", statistics.median(got[name]) if name in got else None)
    for figure, upto in (("to the first frame", PHASES + LATER[:1]), ("to a ready table", PHASES + LATER)):
        whole = [sum(run) for run in zip(*(got.get(name, []) for name in upto))]
        tell(f"start-up CPU: {figure}, all phases", statistics.median(whole) if whole else None)


# -- the window's figures ---------------------------------------------------------------------------------


def window(app):
    """The main window as the bench shows it (1280 x 840), a solo game at its first draw."""
    from ruin_qt.ai.random_policy import random_setup
    from ruin_qt.app.wiring import make_main_window

    w = make_main_window()
    w.resize(1280, 840)
    w.show()
    m: Any = w.model  # any revision's model: an older one had a method per gesture
    w.start_game([("Aki", "human")], seed=11)
    choice = random_setup(m.view().obs, random.Random(11))
    if hasattr(m, "act"):  # a gesture is a value handed to act
        from ruin_qt.session.intents import Confirm, TakeDecision

        m.act(TakeDecision(choice))
        m.act(Confirm())
    else:  # an older tree: a method per gesture
        m.take_decision(choice)
        m.confirm()
    deadline = time.monotonic() + 60
    while m.step() != "draw":
        app.processEvents()
        if time.monotonic() > deadline:
            raise TimeoutError("the solo game never reached its draw")
    # The setup's pieces drawn in whole: how far their stroke-in had got when a figure began hung on when
    # each tree's first animation tick came (0.0 on one side, 0.3 on the other), not on how it paints.
    first("ruin_qt.ui.sheet.motion:finish_all", "ruin_qt.ui.motion:finish_all")()
    return w


def bench_ui():
    """The tree's own UI bench module (its ghost, paint and animation helpers)."""
    return first("ruin_qt.bench.ui", "ruin_qt.bench_ui")


def ghost(app, w, quick: bool) -> None:
    ui = bench_ui()
    moves = ui.ghost_follow(app, w, 300 if quick else 2000)
    tell("ghost: a mouse move", statistics.median(moves))
    painted = ui.ghost_follow_painted(app, w, 100 if quick else 500)
    tell("ghost: a move with its repaint", statistics.median(painted))


def sheet(app, w, quick: bool) -> None:
    tell("sheet: whole sheet painted", statistics.median(bench_ui().paint_scene(w, 10 if quick else 50)))


def frames(app, w, quick: bool) -> None:
    ui = bench_ui()
    for kind in ANIMATIONS:
        try:
            tell(f"sheet: whole sheet mid-'{kind}'", statistics.median(ui.animation_frame(app, w, kind,
                                                                                           10 if quick else 50)))
        except Exception as e:  # an animation an old tree did not have
            tell(f"sheet: whole sheet mid-'{kind}'", None, why=_why(e))
    got = ui.animation_frames(app, w, "round", 1 if quick else 5)
    tell("frame: 'round' on the shown window", statistics.median(got) if got else None,
         why="" if got else "no frame painted")


def autosave(app, quick: bool) -> None:
    tell("autosave: a step (4 seats, round 12)",
         statistics.median(bench_ui().autosave_per_step(app, 40 if quick else 200)))


def gaps(app, quick: bool) -> None:
    """The UI thread's worst gap while computer seats think, the worst level's."""
    ui = bench_ui()
    levels = first("ruin_qt.ai.base:LEVELS")
    worst = 0.0
    for level in levels:
        gap, _ = ui.ui_gaps_while_thinking(app, level, 0.5 if quick else 1.5)
        worst = max(worst, gap)
    tell("UI gap: computers think (worst level)", worst)


def review_gap(app) -> None:
    fn = first("ruin_qt.bench.windows:review_gaps_and_cancel", "ruin_qt.bench_windows:review_gaps_and_cancel")
    gap, stopped = fn(app)
    tell("UI gap: a review runs", gap)
    tell("review: cancel to worker stopped", stopped, "s")


# -- figures without a window ------------------------------------------------------------------------------


def review_time(tree: str, record: str) -> None:
    """Seconds for ``python -m ruin_qt review RECORD --quick --workers 1``:
    one seat of one finished game (the record written once by this checkout).
    A revision without ``--quick`` (one review quality) is timed at its only
    quality, under another name: the two are not the same work."""
    quick, default = "review: a quick review of a game", "review: a review of a game (no --quick)"
    if not record:
        tell(quick, None, "s", why="no record given")
        return
    base = [sys.executable, "-m", "ruin_qt", "review", record, "--workers", "1", "--json"]
    for name, cmd in ((quick, [*base, "--quick"]), (default, base)):
        t = time.perf_counter()
        r = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, timeout=900)
        took = time.perf_counter() - t
        if r.returncode == 0:
            tell(name, took, "s")
            return
        why = (r.stderr.strip().splitlines() or ["failed"])[-1]
        tell(name, None, "s", why=why)
        if "--quick" not in why:
            return


def engine(quick: bool) -> None:
    cases = first("ruin_qt.bench.engine:cases", "ruin_qt.bench:cases")
    for name, fn in cases(5 if quick else 0).items():
        if "loopback" in name:
            continue  # the round trip is its own group
        tell(f"engine: {name}", fn() * 1000)


def roundtrip(quick: bool) -> None:
    trips = sorted(first("ruin_qt.bench.roundtrip:round_trips", "ruin_qt.net.roundtrip:round_trips")(
        20 if quick else 200))
    tell("round trip: intent -> view, median", statistics.median(trips) * 1000)
    tell("round trip: intent -> view, p95", trips[min(len(trips) - 1, int(0.95 * len(trips)))] * 1000)


def idle_host(quick: bool) -> None:
    """A headless host (a process of its own) with three seats joined by clients that then say nothing:
    the host's CPU seconds over a minute (pings, the liveness clocks, the takeover tick), read from /proc."""

    from PySide6.QtCore import QCoreApplication

    from ruin_qt.net.client_core import ClientCore

    figure, span = "host CPU: three seats joined and idle, a minute", 6.0 if quick else 60.0
    if not os.path.exists("/proc/self/stat"):
        return tell(figure, None, "s", "no /proc on this system")
    app = QCoreApplication.instance() or QCoreApplication([sys.argv[0]])
    host = subprocess.Popen([sys.executable, "-m", "ruin_qt", "host", "--listen", "127.0.0.1", "--port", "0", "--seats",
                             "remote,remote,remote", "--code", "IDLE42", "--seed", "5"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        assert host.stdout is not None  # piped
        port = json.loads(host.stdout.readline())["port"]
        seated: list = []

        class Idle(ClientCore):
            def handle(self, msg) -> None:
                if type(msg).__name__ == "Welcome":
                    seated.append(msg.seat)

        clients = [Idle("127.0.0.1", port, "IDLE42", f"P{i}") for i in range(3)]
        for c in clients:
            c.start()

        def pump(seconds: float, until=lambda: False) -> None:
            end = time.monotonic() + seconds
            while time.monotonic() < end and not until():
                app.processEvents()
                time.sleep(0.02)

        def cpu() -> float:
            with open(f"/proc/{host.pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        pump(30, lambda: len(seated) == 3)
        if len(seated) < 3:
            return tell(figure, None, "s", f"{len(seated)} of 3 seats joined")
        pump(2)  # the deal and its frames sent
        before = cpu()
        pump(span)
        tell(figure, (cpu() - before) * 60.0 / span, "s")
    finally:
        host.kill()
        host.wait()
    return None


def make_record(path: str) -> int:
    """Write one finished solo game (the Standard level) as a record: the review's input."""
    from ruin_qt.ai.match import play_game
    from ruin_qt.rules import record

    with open(path, "w", encoding="utf-8") as f:
        json.dump(record.to_record(play_game(["standard"], 440123)[0]), f)
    return 0


def _why(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}".splitlines()[0][:200]


def guarded(group: str, fn, *args) -> None:
    """Run one group; a failure tells its figures not yet told as missing, and the probe goes on."""
    try:
        fn(*args)
    except Exception as e:
        traceback.print_exc(file=sys.stderr)
        missing(group, _why(e))


def missing(group: str, why: str) -> None:
    for name in FIGURES[group] or [f"{group}: every figure"]:
        if name not in _told:
            tell(name, None, "s" if name.startswith(("start-up", "review: ")) else "ms", why=why)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="probe.py")
    p.add_argument("--tree", required=True, help="the checkout whose ruin_qt is measured (also on PYTHONPATH)")
    p.add_argument("--figures", default=",".join(GROUPS))
    p.add_argument("--startups", type=int, default=3, help="start-ups per run")
    p.add_argument("--record", default="", help="a finished game's record for the review's time")
    p.add_argument("--quick", action="store_true", help="fewer samples of each figure (for tests)")
    p.add_argument("--make-record", metavar="PATH", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    tree = os.path.realpath(args.tree)
    import ruin_qt

    where = os.path.realpath(os.path.dirname(os.path.dirname(ruin_qt.__file__)))
    if where != tree:
        print(f"probe: ruin_qt came from {where}, not {tree} (PYTHONPATH?)", file=sys.stderr)
        return 2
    if args.make_record:
        return make_record(args.make_record)
    wanted = [g.strip() for g in args.figures.split(",") if g.strip()]
    unknown = sorted(set(wanted) - set(GROUPS))
    if unknown:
        print(f"probe: unknown figures {unknown}; known: {', '.join(GROUPS)}", file=sys.stderr)
        return 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("RUIN_QT_DATA_DIR", tempfile.mkdtemp(prefix="ruin-qt-probe-"))
    q = args.quick
    if "startup" in wanted:
        guarded("startup", startup_figure, tree, args.startups)
    if "phases" in wanted:
        guarded("phases", phases, tree, args.startups)
    if "engine" in wanted:
        guarded("engine", engine, q)
    if not set(wanted) - {"startup", "phases", "engine"}:
        return 0
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    shown = [g for g in ("ghost", "sheet", "frames") if g in wanted]
    if shown:
        try:
            w = window(app)
        except Exception as e:
            traceback.print_exc(file=sys.stderr)
            for group in shown:
                missing(group, _why(e))
        else:
            for group in shown:
                guarded(group, {"ghost": ghost, "sheet": sheet, "frames": frames}[group], app, w, q)
            w.close()
    if "autosave" in wanted:
        guarded("autosave", autosave, app, q)
    if "gaps" in wanted:
        guarded("gaps", gaps, app, q)
    if "review" in wanted:
        guarded("review", review_time, tree, args.record)
        guarded("review", review_gap, app)
    if "roundtrip" in wanted:
        guarded("roundtrip", roundtrip, q)
    if "idle" in wanted:
        guarded("idle", idle_host, q)
    return 0


if __name__ == "__main__":
    sys.exit(main())
