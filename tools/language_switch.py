"""How long a language switch takes after a session of dialogs (closed ones must not be retranslated).

Opens and closes each dialog of the menus ``--openings`` times (Host a Table…,
Join a Table…, New Game…, Daily Challenge, Rules Summary…, Controls…,
Statistics…, Explore cards…, About In the Ruin…; not About Qt, whose old box
runs its own event loop), then switches the language back and forth
``--switches`` times and prints the median and the worst switch, with the
windows still alive.  Run it from a checkout's root with the project's
environment, headless: ``python -m tools.language_switch`` (or by path from
another checkout's root, to measure that checkout's code)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("RUIN_QT_DATA_DIR", tempfile.mkdtemp(prefix="ruin-qt-switch-"))
os.environ.setdefault("RUIN_QT_NO_MDNS", "1")
os.environ.setdefault("RUIN_QT_MOTION", "0")
sys.path.insert(0, os.getcwd())  # the checkout run from, whichever holds this file


def settle(app) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    for _ in range(3):
        app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def windows_of(window) -> list:
    from PySide6.QtWidgets import QMenu, QWidget

    return [w for w in window.findChildren(QWidget) if w.isWindow() and not isinstance(w, QMenu)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--openings", type=int, default=40)
    ap.add_argument("--switches", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["language_switch"])
    from ruin_qt.app.public import main_window, set_language

    w = main_window("en")
    w.show()
    w.start_game([("Aki", "human")], seed=7)
    settle(app)
    m = w.menus
    actions = [m.act_host, m.act_join, m.act_new, m.act_daily, m.act_rules, m.act_controls, m.act_stats,
               m.act_cards, m.act_about]
    for action in actions:
        for _ in range(args.openings):
            before = {id(x) for x in windows_of(w) if x.isVisible()}
            action.trigger()
            settle(app)
            for x in windows_of(w):
                if x.isVisible() and id(x) not in before:
                    x.close()
            settle(app)
    alive = len(windows_of(w))
    times = []
    for i in range(args.switches):
        started = time.perf_counter()
        set_language("ja" if i % 2 == 0 else "en")
        settle(app)
        times.append((time.perf_counter() - started) * 1000)
    set_language("en")
    w.model.shutdown()
    result = {"openings": args.openings, "windows_alive": alive, "switches_ms": [round(t, 1) for t in times],
              "median_ms": round(statistics.median(times), 1), "worst_ms": round(max(times), 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.openings} openings of each of {len(actions)} dialogs; {alive} window(s) alive under the "
              f"main window; language switch: median {result['median_ms']} ms, worst {result['worst_ms']} ms "
              f"({', '.join(str(t) for t in result['switches_ms'])})")
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
