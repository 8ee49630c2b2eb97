"""Translation loading: the app's own QTranslator plus Qt's (qtbase_*: the
standard dialogs and buttons), both replaceable at run time.

Installing new translators makes Qt send ``LanguageChange`` to every widget,
whose ``translate_ui()`` then re-sets its strings (no restart needed)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from ..paths import translations_dir
from ..ui.common import retranslate, text_size

LANGUAGES = ("en", "ja")  # the languages the app ships, English first (the source language)
_installed: list[QTranslator] = []
_current = ""


def system_language() -> str:
    lang = QLocale.system().name().split("_")[0]
    return lang if lang in LANGUAGES else "en"


def current_language() -> str:
    return _current


def install_language(language: str = "") -> str:
    """Switch to ``language`` ("" = follow the system); returns the language
    now in use.  English is the fallback for any language not shipped."""
    global _current
    app = QCoreApplication.instance()
    lang = language if language in LANGUAGES else system_language()
    if app is None:
        return lang
    old = list(_installed)
    _installed.clear()
    ours = QTranslator(app)
    if ours.load(f"ruin_qt_{lang}", str(translations_dir())):
        _installed.append(ours)
    qt = QTranslator(app)
    if lang != "en" and qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        _installed.append(qt)
    retranslate.swap_translators(old, _installed)
    QLocale.setDefault(QLocale(lang))
    _current = lang
    if isinstance(app, QGuiApplication):
        # Qt adds the display name to every window title: it must follow too.
        app.setApplicationDisplayName(QCoreApplication.translate("App", "In the Ruin"))
        _use_font_for(app, lang)
    return lang


# One face for kana, kanji and Latin alike, so "300 VP" next to Japanese
# does not switch typefaces mid-line; the first one installed wins.
JAPANESE_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic UI", "Meiryo UI", "Meiryo",
                  "MS UI Gothic", "Source Han Sans JP", "IPAexGothic", "TakaoPGothic")
_default_font: QFont | None = None


def japanese_font_family() -> str | None:
    installed = set(QFontDatabase.families())
    return next((f for f in JAPANESE_FONTS if f in installed), None)


def _use_font_for(app: QGuiApplication, lang: str) -> None:
    global _default_font
    if _default_font is None:
        _default_font = QFont(app.font())
    family = japanese_font_family() if lang == "ja" else None
    font = QFont(_default_font)
    if family is not None:
        font.setFamilies([family])
    text_size.set_base(font)  # the language's face at the chosen text size
