"""Where a start-up's CPU time goes, phase by phase: a script for ``probe.py``
(``bench --against ... --figures phases``), run as ``python -P phases.py``
with the measured tree first on PYTHONPATH.  It starts the window as
``app/main.py`` does (Qt imported, the game's modules, the application, the
settings and language, the main window, shown; then its first frame painted
and its game table made, if it makes it after that frame) and prints each phase's CPU
milliseconds (``time.process_time``: what the process itself spent, little
moved by other work on the machine) as ``phase NAME MS`` lines.  The first
line is the interpreter's own start, up to this script's first statement."""

import time

_T0 = time.process_time()

import os  # noqa: E402
import sys  # noqa: E402

# The settings live in app/storage/ now (app/settings.py in older trees): each tree imports the one it has.
SETTINGS = ("ruin_qt.app.storage.settings", "ruin_qt.app.settings")
START_IMPORTS = ("ruin_qt.paths", "ruin_qt.app.i18n", "ruin_qt.app.warmup", "ruin_qt.app.crash",
                 "ruin_qt.app.file_open", *SETTINGS, "ruin_qt.app.wiring")
PHASES = ("interpreter", "Qt imported", "game modules imported", "application, settings, language",
          "main window made", "shown", "first frame painted", "game table made")


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    marks = [("interpreter", _T0)]

    def mark(name: str) -> None:
        marks.append((name, time.process_time()))

    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    mark("Qt imported")
    import importlib

    imported = {}
    for name in START_IMPORTS:  # what app/main.py imports before its window; a module a tree lacks is skipped
        try:
            imported[name] = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
    settings_module = next(imported[name] for name in SETTINGS if name in imported)
    import ruin_qt.app.wiring
    from ruin_qt.app import i18n

    mark("game modules imported")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = settings_module.Settings()
    i18n.install_language(settings.language())
    mark("application, settings, language")
    try:
        window = ruin_qt.app.wiring.make_main_window(settings)
    except TypeError:  # an old tree: its window read the settings itself
        window = ruin_qt.app.wiring.make_main_window()
    mark("main window made")
    if hasattr(window, "restore_state"):
        window.restore_state()

    class FirstFrame(QObject):  # installed after the window's own filters, so it hears the first paint first
        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Paint:
                obj.removeEventFilter(self)
                QTimer.singleShot(0, painted)  # once this frame is painted
            return False

    def painted() -> None:
        mark("first frame painted")
        if getattr(window, "has_table", lambda: True)():  # older trees made their table with the window
            made()
        else:
            window.table_made.connect(made)

    def made() -> None:
        mark("game table made")
        app.quit()

    frame = FirstFrame()
    window.installEventFilter(frame)
    window.show()
    QTimer.singleShot(0, lambda: mark("shown"))
    app.exec()
    prev = 0.0
    for name, t in marks:
        print(f"phase {name}\t{(t - prev) * 1000:.2f}", flush=True)
        prev = t
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
