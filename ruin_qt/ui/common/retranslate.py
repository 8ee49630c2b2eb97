"""Language switching without a restart (Frescobaldi's way).

A widget that mixes in ``Retranslating`` and defines ``translate_ui()`` re-sets
its strings whenever a new QTranslator is installed (Qt sends LanguageChange)."""

from __future__ import annotations

from PySide6.QtCore import QEvent


class Retranslating:
    """Mix in before the Qt widget class: ``class Panel(Retranslating, QWidget)``."""

    def translate_ui(self) -> None:  # pragma: no cover - each widget defines its own
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.translate_ui()
        super().changeEvent(event)
