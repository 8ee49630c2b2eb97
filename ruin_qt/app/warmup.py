"""Heavy imports done off the UI thread once the window is up, so the first
click that needs them (Statistics: pyqtgraph) does not wait on them.

Only module imports run in the thread (class definitions, no Qt object is
made there); a click that comes first imports on the UI thread as before,
waiting at most for the rest of the import under way."""

from __future__ import annotations

import importlib
import logging
import threading

HEAVY = ("ruin_qt.ui.windows.stats_window",)  # pyqtgraph and the plot classes
AFTER_MS = 500  # after the window is shown: its first paints come first

log = logging.getLogger(__name__)


def _import_all(names: tuple[str, ...]) -> None:
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as e:  # noqa: BLE001 - the click's own import reports it
            log.warning("warm-up: %s could not be imported (%s)", name, e)


def warm_up(names: tuple[str, ...] = HEAVY) -> threading.Thread:
    """Import ``names`` in a daemon thread (it never holds up the exit)."""
    t = threading.Thread(target=_import_all, args=(names,), name="ruin-qt warm-up", daemon=True)
    t.start()
    return t
