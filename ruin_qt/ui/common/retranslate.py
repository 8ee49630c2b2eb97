"""Language switching without a restart (Frescobaldi's way).

A widget that mixes in ``Retranslating`` and defines ``translate_ui()`` re-sets
its strings whenever a new QTranslator is installed (Qt sends LanguageChange).

Qt tells a dialog twice: as a window of its own, and again as its parent's
child.  Translators change only through ``swap_translators``, which counts the
switches, and a widget translates once per count.  Qt posts those events, so
they come after the count is up."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTranslator, Signal, SignalInstance

if TYPE_CHECKING:  # mixed in before a Qt widget class: its methods are the widget's
    from PySide6.QtWidgets import QWidget as _Widget
else:
    _Widget = object


class _Switches(QObject):
    """Counts the language switches (translators swapped), with a signal after each.

    No event filter on the application: one there would carry every event of the
    program through Python, and PySide makes every Qt type it has not made yet the
    first time such a filter meets an object of a private Qt class."""

    changed = Signal()  # after each of them: for what is no widget (a graphics scene's items)

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.count = 0


_switches: _Switches | None = None


def _switcher() -> _Switches | None:
    """The application's switch count (None: no application to count them)."""
    global _switches
    app = QCoreApplication.instance()
    if app is None:
        return None
    if _switches is None or _switches.parent() is not app:
        _switches = _Switches(app)
    return _switches


def _switch_count() -> int | None:
    """The language switches so far (None: no application to count them)."""
    switches = _switcher()
    return None if switches is None else switches.count


def swap_translators(old: Iterable[QTranslator], new: Iterable[QTranslator]) -> None:
    """Remove ``old`` from the application, install ``new``: one language switch, counted."""
    app, switches = QCoreApplication.instance(), _switcher()
    if app is None or switches is None:
        return
    for t in old:
        app.removeTranslator(t)
    for t in new:
        app.installTranslator(t)
    switches.count += 1
    switches.changed.emit()


def language_changed() -> SignalInstance | None:
    """The signal sent after each language switch, or None without an application:
    a graphics scene, which Qt does not tell, connects its items' words to it."""
    switches = _switcher()
    return None if switches is None else switches.changed


class Retranslating(_Widget):
    """Mix in before the Qt widget class: ``class Panel(Retranslating, QWidget)``."""

    def translate_ui(self) -> None:  # pragma: no cover - each widget defines its own
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            switch = _switch_count()
            if switch is None or switch != getattr(self, "_translated_for", None):
                self._translated_for = switch
                self.translate_ui()
        super().changeEvent(event)
