"""Heavy imports done once the window is up, so the first click that needs
them (Statistics: pyqtgraph; a gesture on the sheet: its intents) does not
wait on them.

Only modules that touch no Qt import off the UI thread, in the window's
runner's "io" lane (never behind a brain): numpy and the standard modules
pyqtgraph uses (``OFF_THREAD``).  Everything that touches PySide6 imports on
the UI thread, in short steps between its events, once that part is done: the
Qt types pyqtgraph's import makes (a few at a time), then the modules.

Why: PySide6 makes its Python types on first use (shiboken's lazy types,
PYSIDE-2404), and on a Python with the GIL that making is not thread-safe: it
runs Python code half-way (a type's enums), so the GIL may pass to another
thread that makes a type as well, and both change shiboken's one table of
types still to make -- a segfault.  pyqtgraph's import makes every type of
QtCore, QtGui and QtWidgets (``pyqtgraph.Qt``), so importing it in a worker
thread while the window ran crashed the app now and then (the monkey: 1 run
in 4, the import thread in ``_copy_attrs``).  ``tests/test_layers.py`` keeps
``OFF_THREAD`` free of Qt; ``tests/ui/app/test_warmup.py`` checks which thread
imported what.

A click that comes first imports on the UI thread as before, waiting at most
for the rest of an off-thread import under way."""

from __future__ import annotations

import importlib
import importlib.util
import logging
import time
from collections.abc import Callable, Iterator

# pyqtgraph's imports that touch no Qt (none imports PySide6, pyqtgraph or the app).
OFF_THREAD = ("numpy", "numpy.typing", "decimal", "xml.etree.ElementTree", "colorama", "cProfile", "pydoc",
              "subprocess", "multiprocessing.connection", "importlib.resources", "mmap", "gc")
QT_TYPES_OF = ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets")  # every type of these: pyqtgraph.Qt's
ON_UI_THREAD = ("PySide6.QtSvg", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtTest",
                "ruin_qt.ui.windows.stats_window",  # pyqtgraph and the plot classes
                "ruin_qt.session.intents")  # the gestures (left out of start-up): the first one finds them made
# What pyqtgraph imports only if it is there (its own ``try``): the packaged program leaves QtTest out
# (packaging/ruin_qt.spec), so the warm-up imports these only where they are found, without a word.
OPTIONAL = ("PySide6.QtTest",)
AFTER_MS = 500  # after the window is shown: its first paints come first
STEP_S = 0.008  # the UI thread's share of a step before it goes back to its events (one import may take longer)

log = logging.getLogger(__name__)


def _import(name: str) -> None:
    if name in OPTIONAL:
        try:
            if importlib.util.find_spec(name) is None:
                return
        except (ImportError, ValueError):
            return
    try:
        importlib.import_module(name)
    except Exception as e:  # noqa: BLE001 - the click's own import reports it
        log.warning("warm-up: %s could not be imported (%s)", name, e)


def _import_all(names: tuple[str, ...]) -> None:
    for name in names:
        _import(name)


def _ui_steps() -> Iterator[str]:
    """The UI thread's part, one small piece per item: each Qt type made, each module imported."""
    for module_name in QT_TYPES_OF:
        module = importlib.import_module(module_name)  # loaded long ago: the window is up
        for name in dir(module):
            try:
                getattr(module, name)  # makes the type if it is not made yet
            except Exception:  # noqa: BLE001 - pyqtgraph's own walk meets it, in the click's import
                continue
            yield name
    for name in ON_UI_THREAD:
        _import(name)
        yield name


class WarmUp:
    """The warm-up under way; ``done`` once every module is imported."""

    def __init__(self, on_done: Callable[[], None] | None = None) -> None:
        self.done = False
        self.longest_step_s = 0.0  # the UI thread's longest step (the benchmark's figure)
        self._steps = _ui_steps()
        self._on_done = on_done

    def _step(self) -> None:
        from PySide6.QtCore import QTimer

        start = time.perf_counter()
        for _ in self._steps:
            if time.perf_counter() - start >= STEP_S:
                self.longest_step_s = max(self.longest_step_s, time.perf_counter() - start)
                QTimer.singleShot(0, self._step)  # the UI's events first, then the next step
                return
        self.longest_step_s = max(self.longest_step_s, time.perf_counter() - start)
        self.done = True
        if self._on_done is not None:
            self._on_done()


def warm_up(runner, on_done: Callable[[], None] | None = None) -> WarmUp:
    """Import ``OFF_THREAD`` in ``runner``'s io lane (a ``model.runner.Runner``),
    then the Qt part on the UI thread, step by step; call from the UI thread."""
    warm = WarmUp(on_done)
    runner.op(lambda _work: _import_all(OFF_THREAD), lane="io").success(lambda _none: warm._step()).run()
    return warm
