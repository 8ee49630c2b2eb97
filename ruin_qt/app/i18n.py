"""Translation loading: one QTranslator for the app, replaceable at run time.

Installing a new translator makes Qt send ``LanguageChange`` to every widget,
whose ``translate_ui()`` then re-sets its strings (no restart needed)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from ..paths import translations_dir

_current: QTranslator | None = None


def install_language(language: str = "") -> bool:
    """Load ``ruin_qt_<lang>.qm`` (empty = the system locale); False if absent."""
    global _current
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _current is not None:
        app.removeTranslator(_current)
        _current = None
    lang = language or QLocale.system().name().split("_")[0]
    translator = QTranslator(app)
    if translator.load(f"ruin_qt_{lang}", str(translations_dir())):
        app.installTranslator(translator)
        _current = translator
        return True
    return False
