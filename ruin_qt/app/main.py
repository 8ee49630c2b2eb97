"""Start-up: ``python -m ruin_qt [options] [FILE]`` / ``ruin-qt`` -> ``run(argv)``."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from typing import cast

from .. import APP_ID, __version__
from ..paths import program_name

_T0 = time.perf_counter()


def _seed(text: str) -> int:
    from ..rules.record import parse_seed

    seed = parse_seed(text)
    if seed is None:
        raise argparse.ArgumentTypeError("a seed is a whole number a record can hold (a signed 64-bit integer)")
    return seed


ENVIRONMENT_HELP = "\n".join([
    "environment:",
    "  RUIN_QT_DATA_DIR=DIR  keep the autosave, the game history, the tables joined and the",
    "                        settings in the folder DIR instead of the system's own folders",
    "                        (README: Where your data lives)",
])


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    return parser().parse_known_args(argv)


def parser() -> argparse.ArgumentParser:
    """The game's own options (the man page is made from it too: packaging/linux_deb.py)."""
    p = argparse.ArgumentParser(prog=program_name(), description="In the Ruin, the flip-and-write game.",
                                epilog=ENVIRONMENT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"ruin-qt {__version__}")
    p.add_argument("file", nargs="?", help="a game record to continue (.ruin or .json)")
    p.add_argument("--language", choices=["en", "ja"], help="the language for this run")
    p.add_argument("--resume", action="store_true", help="continue an interrupted game without asking")
    p.add_argument("--self-test", action="store_true",
                   help="play, translate, save and reload offscreen; exit 0 if all works")
    # For smoke tests and the kill-and-resume test:
    p.add_argument("--watch", metavar="LEVELS", help=argparse.SUPPRESS)  # a game between computer seats
    p.add_argument("--seed", type=_seed, help=argparse.SUPPRESS)
    p.add_argument("--exit-when-resumed", action="store_true", help=argparse.SUPPRESS)
    return p


def _parse_or_tell(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """``parse_args``; in a program without streams a wrong option is told in a message box too (and
    the log has it), since nobody sees the log unless told."""
    no_console = sys.modules.get("ruin_qt.app.no_console")  # loaded by __main__ only when streams were missing
    if no_console is None or not no_console.windowed():
        return parse_args(argv)
    import contextlib
    import io

    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said):
            return parse_args(argv)
    except SystemExit as e:
        sys.stderr.write(said.getvalue())
        if e.code:
            no_console.tell(said.getvalue().strip())
        raise


def collect_from_now() -> None:
    """Python's cycle collector, off while the program starts, on from the game table's making. Nearly
    all a start makes lives as long as the program (modules, classes, Qt's enum types, the window), and
    some 90 collections walked it for nothing: it is frozen (no collection walks it again), and the
    collector runs from here on what comes after."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def run(argv: list[str]) -> int:
    args, qt_args = _parse_or_tell(argv)
    if args.self_test:
        from .selftest.run import run_self_test

        return run_self_test()

    gc.disable()  # on again once the table is made: see collect_from_now
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from .pyside_feature import quicken

    quicken()  # before the game's modules: PySide looks at each one as it is imported
    from ..paths import resource
    from . import i18n, warmup
    from .crash import CRASH_FOR_TEST, CrashTrace, watch
    from .storage.settings import Settings, data_dir
    from .wiring import make_main_window

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "ruin-qt", *qt_args])
    assert isinstance(app, QApplication)  # made here, or a test's: a widget application either way
    app.setApplicationName("ruin-qt")
    app.setApplicationDisplayName("In the Ruin")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)  # Wayland's app id, and the menu entry's icon and name
    app.setWindowIcon(QIcon(str(resource("icons/ruin-qt.svg"))))
    trace = CrashTrace(data_dir())
    crashes = trace.collect()
    trace.start()
    app.aboutToQuit.connect(trace.stop)
    settings = Settings()
    i18n.install_language(args.language or settings.language())
    window = make_main_window(settings)
    watch(window, trace)
    if sys.platform == "darwin":  # Finder's double-clicked records; elsewhere a filter on every event for nothing
        from .file_open import FileOpenFilter

        FileOpenFilter(app, window)
    window.restore_state()
    window.table_made.connect(collect_from_now)
    QTimer.singleShot(warmup.AFTER_MS, collect_from_now)  # a window that never paints makes no table
    window.show()
    if crashes:
        told = app.translate("Crash", "In the Ruin stopped unexpectedly last time. A report is in %1").replace(
            "%1", str(crashes[-1]))
        print(told, file=sys.stderr, flush=True)
        window.warn(told)
    QTimer.singleShot(warmup.AFTER_MS, lambda: warmup.warm_up(window.model.runner))  # idle time, window up
    if os.environ.get(CRASH_FOR_TEST):
        import faulthandler

        def crash() -> None:
            trace.note("test: a crash on purpose")
            faulthandler._sigsegv()  # type: ignore[attr-defined]  # faulthandler's private segfault, for the crash test

        QTimer.singleShot(0, crash)
    if os.environ.get("RUIN_QT_EXIT_WHEN_SHOWN"):
        # Start-up benchmark and smoke test: report the time to a shown window, then to its game table made
        # (after the first frame), and quit.
        def ready() -> None:
            print(f"table ready after {time.perf_counter() - _T0:.3f} s", flush=True)
            window.close()
            app.quit()

        def shown() -> None:
            print(f"shown after {time.perf_counter() - _T0:.3f} s", flush=True)
            if window.has_table():
                ready()
                return
            window.table_made.connect(ready)
            QTimer.singleShot(10_000, window.table)  # a platform that never paints: made all the same

        QTimer.singleShot(0, shown)
        return app.exec()
    if args.file:
        opened = window.open_file(args.file)
        report = os.environ.get("RUIN_QT_REPORT_OPENED")
        if report:
            # The file-association test: say which record was opened, then quit.
            with open(report, "w", encoding="utf-8") as fh:
                json.dump({"file": os.path.abspath(args.file), "opened": opened,
                           "round": window.model.public().round if opened else None}, fh)
            window.close()
            return 0
    elif args.watch:
        seats = [(f"CPU {i + 1}", f"ai:{lvl.strip()}") for i, lvl in enumerate(args.watch.split(","))]
        window.start_game(seats, args.seed)
    elif args.resume or window.keeper.player is None:
        window.offer_at_start(auto=args.resume)
    else:  # the player's name first (asked once), then what there is to offer
        from .profile_flow import ask_at_start

        ask_at_start(window, window.keeper.player, window.offer_at_start)
    if args.exit_when_resumed:
        # Right after resuming, before any computer seat can move the game on.
        from ..rules import record
        from ..session.table import TableSession

        g = cast(TableSession, window.model.session).game  # the model types it as any Table: here a local one
        out = {"record": record.to_record(g) if g else None, "summary": record.summary(g) if g else None,
               "pending": window.model.pending_state()}
        print(json.dumps(out), flush=True)
        window.close()
        trace.stop()
        return 0
    return app.exec()
