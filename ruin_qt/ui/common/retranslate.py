"""Language switching without a restart (Frescobaldi's way).

A widget that mixes in ``Retranslating`` and defines ``translate_ui()`` re-sets
its strings whenever a new QTranslator is installed (Qt sends LanguageChange).

Qt tells a dialog twice: as a window of its own, and again as its parent's
child.  Each installed translator first reaches the application itself; a
filter there counts those, and a widget translates once per count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Signal, SignalInstance

if TYPE_CHECKING:  # mixed in before a Qt widget class: its methods are the widget's
    from PySide6.QtWidgets import QWidget as _Widget
else:
    _Widget = object


class _Switches(QObject):
    """Counts the language changes the application is told of (each translator installed)."""

    changed = Signal()  # after each of them: for what is no widget (a graphics scene's items)

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.count = 0
        app.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if obj is QCoreApplication.instance() and event.type() == QEvent.Type.LanguageChange:
            self.count += 1
            self.changed.emit()
        return False


_switches: _Switches | None = None


def _switch_count() -> int | None:
    """The language changes so far (None: no application to count them)."""
    global _switches
    app = QCoreApplication.instance()
    if app is None:
        return None
    if _switches is None or _switches.parent() is not app:
        _switches = _Switches(app)
    return _switches.count


def language_changed() -> SignalInstance | None:
    """The signal sent after each language change (each translator installed or
    removed), or None without an application: a graphics scene, which Qt does not
    tell, connects its items' words to it."""
    if _switch_count() is None:
        return None
    assert _switches is not None  # made by _switch_count
    return _switches.changed


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
