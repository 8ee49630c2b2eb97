"""Rows of widgets that fold when the side column is narrow: at large text
(View > Text size) it stays within its width, taller rather than scrolling
sideways.  At 100 % they are laid out as plain rows."""

from __future__ import annotations

import weakref

import shiboken6
from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from . import text_size


def _least_width(w: QWidget) -> int:
    return max(w.minimumSizeHint().width(), w.minimumWidth())


class _WrapWhenLarge(QObject):
    """Words wrap only above 100 %: at normal size each label keeps the one line it always had."""

    def eventFilter(self, obj, event) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange, QEvent.Type.Polish):
            obj.setWordWrap(text_size.percent() > 100)
        return False


_wrapper: _WrapWhenLarge | None = None


def wrap_when_large(*labels: QLabel) -> None:
    global _wrapper
    if _wrapper is None:
        _wrapper = _WrapWhenLarge()
    for label in labels:
        label.setWordWrap(text_size.percent() > 100)
        label.installEventFilter(_wrapper)


_FOLDINGS: weakref.WeakSet[Folding] = weakref.WeakSet()  # every folding row made, each adds itself


def foldings_in(widget: QWidget) -> list[Folding]:
    """The rows that fold within ``widget``. Not ``findChildren``: to test each child's type, PySide
    wraps every widget Qt made inside (a label's text document, a scroll bar) and makes their classes."""
    return [f for f in list(_FOLDINGS) if shiboken6.isValid(f) and widget.isAncestorOf(f)]


class Folding(QWidget):
    """Side by side while the parts fit its width, folded below that; its
    least width is the folded one, ``wide_width()`` the unfolded one."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.wide: bool | None = None
        _FOLDINGS.add(self)

    def wide_width(self, roomy: bool = True) -> int:
        """Its width side by side; ``roomy``: its roomy parts at their preferred width."""
        raise NotImplementedError

    def folded_width(self) -> int:
        raise NotImplementedError

    def _arrange(self, wide: bool) -> None:
        raise NotImplementedError

    def minimumSizeHint(self) -> QSize:
        # The width folded (the column may be that narrow); the height as arranged now.
        return QSize(self.folded_width(), super().minimumSizeHint().height())

    def _fit(self) -> None:
        wide = self.width() >= self.wide_width()
        if wide != self.wide:
            self.wide = wide
            self._arrange(wide)
            self.updateGeometry()

    def resizeEvent(self, event) -> None:
        self._fit()
        super().resizeEvent(event)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self._fit()  # a part's size changed (the text size, a language): side by side still?
        return super().event(event)


class Fold(Folding):
    """``parts`` in rows of ``columns``, one a row when folded.  ``align``: a
    part's alignment in its cell; ``whole``: parts that take a row of their own
    (a heading); ``roomy``: parts side by side, above 100 %, only at their
    preferred width (a track's boxes large enough to read); ``spacing``: the grid's, when not
    the style's."""

    def __init__(self, parts: list[QWidget], columns: int, parent: QWidget,
                 align: dict[QWidget, Qt.AlignmentFlag] | None = None,
                 whole: tuple[QWidget, ...] = (), roomy: tuple[QWidget, ...] = (), spacing: int = -1):
        super().__init__(parent)
        self.parts, self.columns = parts, columns
        self.align, self.whole, self.roomy = align or {}, whole, roomy
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        if spacing >= 0:
            self.grid.setSpacing(spacing)
        for part in parts:
            part.setParent(self)
        self.wide = True
        self._arrange(True)

    def wide_width(self, roomy: bool = True) -> int:
        cols, whole = [0] * self.columns, 0
        large = text_size.percent() > 100  # at 100 % the rows as they always were
        for part, (_, col) in zip(self.parts, self._cells(self.columns)):
            if part.isHidden():
                continue
            if part in self.whole:
                whole = max(whole, _least_width(part))
            else:
                least = part.sizeHint().width() if roomy and large and part in self.roomy else _least_width(part)
                cols[col] = max(cols[col], least)
        used = [c for c in cols if c]
        return max(whole, sum(used) + self.grid.horizontalSpacing() * max(0, len(used) - 1))

    def folded_width(self) -> int:
        return max((_least_width(p) for p in self.parts if not p.isHidden()), default=0)

    def _cells(self, n: int) -> list[tuple[int, int]]:
        """Each part's row and column in rows of ``n``: a whole-row part starts a row."""
        cells, row, col = [], 0, 0
        for part in self.parts:
            if part in self.whole:
                row, col = row + (col > 0), 0
                cells.append((row, 0))
                row += 1
            else:
                cells.append((row, col))
                row, col = (row + 1, 0) if col + 1 == n else (row, col + 1)
        return cells

    def _arrange(self, wide: bool) -> None:
        for part in self.parts:
            self.grid.removeWidget(part)
        for part, (row, col) in zip(self.parts, self._cells(self.columns if wide else 1)):
            span = self.columns if part in self.whole else 1
            self.grid.addWidget(part, row, col, 1, span, self.align.get(part, Qt.AlignmentFlag(0)))


class FoldRow(Folding):
    """One row of ``parts`` (``None``: a stretch), as a plain row does; folded,
    the parts from ``fold_at`` on take a second line."""

    def __init__(self, parts: list[QWidget | None], fold_at: int, parent: QWidget):
        super().__init__(parent)
        self.parts, self.fold_at = parts, fold_at
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.lines: list[QBoxLayout] = [QHBoxLayout(), QHBoxLayout()]
        for line in self.lines:
            lay.addLayout(line)
        for part in parts:
            if part is not None:
                part.setParent(self)
        self.wide = True
        self._arrange(True)

    def _widths(self, parts) -> int:
        shown = [p for p in parts if p is not None and not p.isHidden()]
        return sum(_least_width(p) for p in shown) + self.lines[0].spacing() * max(0, len(shown) - 1)

    def wide_width(self, roomy: bool = True) -> int:
        return self._widths(self.parts)

    def folded_width(self) -> int:
        return max(self._widths(self.parts[:self.fold_at]), self._widths(self.parts[self.fold_at:]))

    def _arrange(self, wide: bool) -> None:
        for line in self.lines:
            while line.count():
                line.takeAt(0)  # a stretch's item goes with it; a widget's is made again below
        for i, part in enumerate(self.parts):
            line = self.lines[0 if wide or i < self.fold_at else 1]
            if part is None:
                line.addStretch(1)
            else:
                line.addWidget(part)
