"""Heavy imports done off the UI thread once the window is up, so the first
click that needs them (Statistics: pyqtgraph) does not wait on them.

They run as an operation of the window's runner (its "io" lane: never behind
a brain).  Only module imports run there (class definitions, no Qt object is
made); a click that comes first imports on the UI thread as before, waiting
at most for the rest of the import under way."""

from __future__ import annotations

import importlib
import logging

HEAVY = ("ruin_qt.ui.windows.stats_window",)  # pyqtgraph and the plot classes
AFTER_MS = 500  # after the window is shown: its first paints come first

log = logging.getLogger(__name__)


def _import_all(names: tuple[str, ...]) -> None:
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001 - the click's own import reports it
            log.warning("warm-up: %s could not be imported (%s)", name, e)


def warm_up(runner, names: tuple[str, ...] = HEAVY):
    """Import ``names`` in ``runner``'s io lane (a ``model.runner.Runner``); the operation."""
    return runner.op(lambda _work: _import_all(names), lane="io").run()
