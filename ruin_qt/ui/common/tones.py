"""Widget colours taken from the palette, readable in a light palette, a dark
one and the high-contrast look (WCAG contrast of at least 4.5:1 for text, 7:1
in high contrast; 3:1 for borders).

The paper sheet and the charts keep their printed colours (``style``); every
other widget asks this module.  An accent (a problem's red, a done route's
green, the tutorial's orange) keeps its hue and is made lighter or darker
until it reads against the background it sits on.  ``follow`` re-applies a
widget's colours when the palette or the look changes, so switching is live.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TypeVar, cast

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QListWidget, QListWidgetItem, QWidget

from . import style

# The hues the interface speaks in; only their hue and saturation survive
# ``readable`` when the background needs another lightness.
ACCENTS = {
    "problem": "#b3261e",  # refusals, a file that could not be read
    "good": "#1e7a34",  # a finished route, a good move
    "attention": "#e67e22",  # the tutorial's frame and panel
}
TEXT_MINIMUM, TEXT_MINIMUM_HIGH, BORDER_MINIMUM = 4.5, 7.0, 3.0
TONE_ROLE = Qt.ItemDataRole.UserRole + 41  # a list item's base colour, kept for re-tinting


def luminance(c: QColor) -> float:
    """WCAG relative luminance of an opaque colour."""
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio, 1 (same) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def mix(a: QColor, b: QColor, k: float) -> QColor:
    """``a`` moved a fraction ``k`` towards ``b`` (opaque)."""
    return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * k, a.greenF() + (b.greenF() - a.greenF()) * k,
                           a.blueF() + (b.blueF() - a.blueF()) * k)


def text_minimum() -> float:
    return TEXT_MINIMUM_HIGH if style.high_contrast() else TEXT_MINIMUM


def readable(colour: QColor | str, background: QColor, minimum: float | None = None) -> QColor:
    """``colour``, darkened or lightened (same hue) until it reaches ``minimum``
    contrast against ``background``; black or white if nothing else does."""
    want = text_minimum() if minimum is None else minimum
    c = QColor(colour)
    if contrast(c, background) >= want:
        return c
    # Towards the end of the lightness scale that is further from the background.
    target = QColor("black") if luminance(background) > 0.18 else QColor("white")
    for step in range(1, 21):
        tried = mix(c, target, step / 20)
        if contrast(tried, background) >= want:
            return tried
    return target


def app_palette(widget: QWidget | None = None) -> QPalette:
    """The application's palette for ``widget``: the ground colours are computed
    from.  Not the widget's own (a style sheet fixes it) nor its parent's (not
    yet updated when the application palette change reaches the child)."""
    return QApplication.palette(widget) if widget is not None else QApplication.palette()


def accent(name: str, background: QColor, minimum: float | None = None) -> QColor:
    return readable(ACCENTS[name], background, minimum)


def tint_label(widget: QWidget, name: str) -> None:
    """Text in accent ``name``, readable on the widget's window colour."""
    window = app_palette(widget).color(QPalette.ColorRole.Window)
    _set_text(widget, accent(name, window))


def _set_text(widget: QWidget, colour: QColor) -> None:
    """Only WindowText is set: the other roles keep following the application."""
    pal = QPalette()
    pal.setColor(QPalette.ColorRole.WindowText, colour)
    widget.setPalette(pal)


def set_item_tone(item: QListWidgetItem, colour: QColor | str, widget: QListWidget) -> None:
    """A list row in ``colour``, made readable on the list's Base; kept for ``retint_items``."""
    item.setData(TONE_ROLE, QColor(colour))
    item.setForeground(readable(colour, app_palette(widget).color(QPalette.ColorRole.Base)))


def retint_items(widget: QListWidget) -> None:
    base = app_palette(widget).color(QPalette.ColorRole.Base)
    for i in range(widget.count()):
        item = widget.item(i)
        tone = item.data(TONE_ROLE)
        if tone is not None:
            item.setForeground(readable(tone, base))


# Every live follower, so a look switch reaches them without walking
# QApplication.allWidgets(): that list can hold widgets Qt is tearing down,
# and wrapping one of those from Python crashes.
_FOLLOWERS: weakref.WeakSet = weakref.WeakSet()


class _Follower(QObject):
    """Calls ``apply(widget)`` now and whenever the palette or style changes."""

    EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange, QEvent.Type.StyleChange)

    def __init__(self, widget: QWidget, apply: Callable[[QWidget], None], now: bool):
        super().__init__(widget)
        self.setObjectName("tones_follower")
        self.apply = apply
        _FOLLOWERS.add(self)
        self.busy = False
        widget.installEventFilter(self)
        _watch(widget.window())
        if now and not widget.isHidden():  # a hidden widget is coloured when first shown (its Show below):
            self.run(widget)  # no style sheet at start-up for a banner or panel never shown yet

    def run(self, widget: QWidget) -> None:
        if self.busy:
            return  # the palette set by apply() comes back as a PaletteChange
        self.busy = True
        try:
            self.apply(widget)
        finally:
            self.busy = False

    def rerun(self) -> None:
        """``run`` on the widget it follows (its parent)."""
        widget = self.parent()
        assert isinstance(widget, QWidget)  # made as the widget's child
        self.run(widget)

    def eventFilter(self, obj, event) -> bool:
        if event.type() in self.EVENTS and isinstance(obj, QWidget):
            self.run(obj)
        elif event.type() == QEvent.Type.Show and isinstance(obj, QWidget):
            _watch(obj.window())  # the window it was finally placed in
            self.run(obj)  # the palette may have changed while it was hidden
        return False


class _WindowWatch(QObject):
    """Re-applies the followers in one window once the application's palette changed.

    A widget with a style sheet gets no PaletteChange when the application
    palette changes (the sheet fixed its palette); only top-level windows hear
    ApplicationPaletteChange, before their children are updated, so the
    refresh waits for the event loop's next turn."""

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.setObjectName("tones_window_watch")
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.ApplicationPaletteChange and obj is self.parent():
            QTimer.singleShot(0, self, self.refresh)
        return False

    def refresh(self) -> None:
        window = self.parent()
        assert window is not None  # made as the window's child, deleted with it
        for f in window.findChildren(_Follower, "tones_follower"):
            f.rerun()


def _watch(window: QWidget) -> None:
    if window.findChild(_WindowWatch, "tones_window_watch", Qt.FindChildOption.FindDirectChildrenOnly) is None:
        _WindowWatch(window)


W = TypeVar("W", bound=QWidget)


def follow(widget: W, apply: Callable[[W], None], now: bool = True) -> None:
    """Colour ``widget`` with ``apply`` now (unless ``now`` is false) and again on
    every palette or look change."""
    _Follower(widget, cast(Callable[[QWidget], None], apply), now)  # the follower applies it to ``widget`` only


def weakly(method: Callable[[], object]) -> Callable[[QWidget], None]:
    """An ``apply`` that calls a window's redraw ``method`` while the window lives
    (a strong reference from its child would keep a closed window alive)."""
    ref = weakref.WeakMethod(method)

    def apply(_widget: QWidget) -> None:
        bound = ref()
        if bound is not None:
            bound()
    return apply


def refresh_all() -> None:
    """Re-apply every followed widget's colours (the high-contrast switch calls it)."""
    for f in list(_FOLLOWERS):
        widget = f.parent() if shiboken6.isValid(f) else None
        if isinstance(widget, QWidget) and shiboken6.isValid(widget):
            f.run(widget)


style.on_look_changed(refresh_all)


def set_style_sheet(widget: QWidget, sheet: str) -> None:
    """``setStyleSheet`` only when it changes: a new sheet re-polishes the widget."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


# -- the widgets' looks, each a function of the palette for ``follow`` ----------

def _window(widget: QWidget) -> tuple[QColor, QColor]:
    pal = app_palette(widget)
    return pal.color(QPalette.ColorRole.Window), pal.color(QPalette.ColorRole.WindowText)


def muted(text: QColor, background: QColor) -> QColor:
    """A quieter text colour (a note, the news) that still reads."""
    return readable(mix(text, background, 0.3), background)


def outline(name: str) -> Callable[[QWidget], None]:
    """A frame around another widget, in accent ``name`` (the tutorial's highlight)."""
    def apply(widget: QWidget) -> None:
        window, _ = _window(widget)
        edge = accent(name, window, BORDER_MINIMUM).name()
        set_style_sheet(widget, f"border: 3px solid {edge}; border-radius: 6px; background: transparent;")
    return apply


def callout(name: str) -> Callable[[QWidget], None]:
    """A panel tinted with accent ``name``: its labels keep the palette's text colour, made readable on it."""
    def apply(widget: QWidget) -> None:
        window, text = _window(widget)
        ground = mix(window, QColor(ACCENTS[name]), 0.16)
        edge = accent(name, window, BORDER_MINIMUM).name()
        oid = widget.objectName()
        ink = readable(text, ground).name()
        set_style_sheet(widget, f"QFrame#{oid} {{ background: {ground.name()}; border: 2px solid {edge};"
                                f" border-radius: 6px; }} QFrame#{oid} QLabel {{ color: {ink}; }}")
    return apply


def notice(name: str) -> Callable[[QWidget], None]:
    """A label that warns: a tinted ground, text and border in accent ``name`` (the replay's banner)."""
    def apply(widget: QWidget) -> None:
        window, _ = _window(widget)
        ground = mix(window, QColor(ACCENTS[name]), 0.12)
        edge = accent(name, window, BORDER_MINIMUM).name()
        set_style_sheet(widget, f"QLabel#{widget.objectName()} {{ background: {ground.name()};"
                                f" color: {accent(name, ground).name()}; border: 1px solid {edge};"
                                " border-radius: 4px; padding: 6px 8px; }")
    return apply


def inverse_chip(extra: str) -> Callable[[QWidget], None]:
    """A label in the palette's colours swapped, nearly opaque, over the sheet
    (the round banner): readable on any palette and any paper behind it."""
    def apply(widget: QWidget) -> None:
        window, text = _window(widget)
        set_style_sheet(widget, f"QLabel#{widget.objectName()} {{ background: rgba({text.red()}, {text.green()},"
                                f" {text.blue()}, 225); color: {window.name()}; {extra} }}")
    return apply


def quiet_label(widget: QWidget) -> None:
    """A label in ``muted`` text on its window colour."""
    window, text = _window(widget)
    _set_text(widget, muted(text, window))


def problem_label(widget: QWidget) -> None:
    tint_label(widget, "problem")


def shade(widget: QWidget, k: float) -> str:
    """A row's highlight in rich text: the widget's Base moved ``k`` towards Highlight."""
    pal = app_palette(widget)
    return mix(pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Highlight), k).name()


def note(widget: QWidget) -> str:
    """A note's colour in rich text on the widget's Base."""
    pal = app_palette(widget)
    return muted(pal.color(QPalette.ColorRole.Text), pal.color(QPalette.ColorRole.Base)).name()
