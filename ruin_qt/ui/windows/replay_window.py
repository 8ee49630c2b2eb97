"""The replay window: step through a game record round by round.

A replay of a finished game hides nothing (R12 no longer applies): every
seat's sheet as it stood after the shown round, with the cells that
round drew marked and the pawn's walk traced, each seat's step 1 in words,
the public announcements of that step 2, and the scores.  What each step
shows comes from ``session.replay.Replay`` (the states, the cells each round
changed, the walks, the winners); a record that breaks a rule shows the
rounds before the break under a banner naming the rule.  Sheets are drawn by
the game's own ``SheetDrawing``, so a replayed sheet looks like a live one.
A pass-and-play game that is not over (a saved game, or the autosave) would
show each seat the others' sheets: until it ends, only its public side is
shown (R12.2: line, deck size, discard pile, destinations, announcements,
gems, hand sizes, escapes).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSplitter,
    QStyle,
    QTabBar,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...session.facts import Turn, components
from ...session.replay import Replay, ReplayStep, Snapshot
from ..common import texts, tones
from ..common.retranslate import Retranslating
from ..dialogs import boxes
from ..sheet.sheet_drawing import SheetDrawing
from ..sheet.sheet_view import SheetView
from .replay_text import ReplayText

EXPORT_SIZE = 1100  # px, square: crisp enough to print, small enough to share
PAGE = 5  # rounds per PageUp / PageDown

Cell = tuple[int, int]


def _slug(name: str) -> str:
    s = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-").lower()
    return s[:40]


class ReplayWindow(ReplayText, Retranslating, QWidget):
    review_requested = Signal(object, int)  # the record and a seat: the Expert's review of it is wanted

    def __init__(self, rec: dict, title: str = "", parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("replay_window")
        self.title = title
        self.rec = rec
        self.comps = components()
        self.replay = Replay(rec)  # never raises: a broken record is an error
        self.snapshots, self.error, self.public_only = self.replay.snapshots, self.replay.error, self.replay.public_only
        self.index = 0
        self.seat = 0
        self.last_export: Path | None = None

        # -- widgets ---------------------------------------------------------
        self.banner = QLabel(self)
        self.banner.setObjectName("replay_banner")
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        tones.follow(self.banner, tones.notice("problem"))
        self.banner.setVisible(False)

        self.tabs = QTabBar(self)
        self.tabs.setExpanding(False)
        self.tabs.setDrawBase(False)
        self.scene = SheetDrawing(parent=self)
        self.view = SheetView(self.scene, self)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the window's keys step, the sheet takes none
        self.view.setMinimumSize(420, 420)

        self.info = QTextBrowser(self)
        self.info.setOpenLinks(False)
        self.info.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.info.setMinimumWidth(320)
        tones.follow(self.info, tones.weakly(self._show), now=False)  # its HTML takes the palette's colours

        st = self.style()
        self.first_button = self._tool(st.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward), self.first)
        self.back_button = self._tool(st.standardIcon(QStyle.StandardPixmap.SP_MediaSeekBackward), self.back)
        self.forward_button = self._tool(st.standardIcon(QStyle.StandardPixmap.SP_MediaSeekForward), self.forward)
        self.last_button = self._tool(st.standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward), self.last)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setRange(0, max(0, len(self.snapshots) - 1))
        self.slider.setPageStep(PAGE)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider.setTickInterval(5)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the window's shortcuts
        self.slider.valueChanged.connect(self.go_to)
        self.position_label = QLabel(self)
        self.position_label.setObjectName("replay_position")
        self.position_label.setMinimumWidth(150)
        f = self.position_label.font()
        f.setBold(True)
        self.position_label.setFont(f)
        self.export_button = QPushButton(self)
        self.export_button.clicked.connect(self.export_dialog)
        self.review_button = QPushButton(self)
        self.review_button.clicked.connect(self._request_review)  # a bound method: no cycle keeping the window alive
        self.status = QLabel(self)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        # -- layout ----------------------------------------------------------
        left = QWidget(self)
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.setSpacing(2)
        ll.addWidget(self.tabs)
        ll.addWidget(self.view, 1)
        split = QSplitter(self)
        split.setChildrenCollapsible(False)
        split.addWidget(left)
        split.addWidget(self.info)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([760, 380])
        controls = QHBoxLayout()
        for b in (self.first_button, self.back_button):
            controls.addWidget(b)
        controls.addWidget(self.slider, 1)
        for b in (self.forward_button, self.last_button):
            controls.addWidget(b)
        controls.addSpacing(8)
        controls.addWidget(self.position_label)
        controls.addSpacing(8)
        controls.addWidget(self.export_button)
        controls.addWidget(self.review_button)
        lay = QVBoxLayout(self)
        lay.addWidget(self.banner)
        lay.addWidget(split, 1)
        lay.addLayout(controls)
        lay.addWidget(self.status)

        # Keys are read by the window itself (keyPressEvent): the sheet, the
        # slider, the tabs and the text take no focus, and buttons pass
        # arrows, Home/End and PageUp/PageDown on to their parent.
        for w in (self.first_button, self.back_button, self.forward_button, self.last_button, self.tabs):
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)  # a viewer window: Esc puts it away

        names = self.replay.names
        for name in names:
            self.tabs.addTab(name)
        self.tabs.setVisible(len(names) > 1 and not self.public_only)
        self.tabs.currentChanged.connect(self.set_seat)
        self.resize(1180, 760)
        self.translate_ui()
        self.go_to(0)

    def _tool(self, icon, slot) -> QToolButton:
        b = QToolButton(self)
        b.setIcon(icon)
        b.setAutoRaise(False)
        b.clicked.connect(slot)
        return b

    # -- navigation ----------------------------------------------------------
    def first(self) -> None:
        self.go_to(0)

    def back(self) -> None:
        self.go_to(self.index - 1)

    def forward(self) -> None:
        self.go_to(self.index + 1)

    def last(self) -> None:
        self.go_to(len(self.snapshots) - 1)

    def go_to(self, index: int) -> None:
        """Show snapshot ``index`` (clamped): 0 is the setup, then one per round."""
        if not self.snapshots:
            self._update_controls()
            self._show()
            return
        index = min(max(int(index), 0), len(self.snapshots) - 1)
        self.index = index
        if self.slider.value() != index:
            self.slider.blockSignals(True)
            self.slider.setValue(index)
            self.slider.blockSignals(False)
        self._show()

    def set_seat(self, seat: int) -> None:
        if self.snapshots and 0 <= seat < len(self.snapshots[0].names):
            self.seat = seat
            if self.tabs.currentIndex() != seat:
                self.tabs.setCurrentIndex(seat)  # comes back here through currentChanged
                if self.tabs.currentIndex() == seat and self.tabs.count() > seat:
                    return
            self._show()

    def step(self) -> ReplayStep | None:
        return self.replay.steps[self.index] if self.snapshots else None

    def current(self) -> Snapshot | None:
        """The shown state (a ``ReplayStep``'s snapshot), or None."""
        return self.snapshots[self.index] if self.snapshots else None

    def walk(self) -> list[Cell]:
        """The shown seat's walk in the shown round, its start first."""
        step = self.step()
        return list(step.walks[self.seat]) if step is not None else []

    # -- drawing -------------------------------------------------------------
    def _update_controls(self) -> None:
        n = len(self.snapshots)
        self.first_button.setEnabled(n > 0 and self.index > 0)
        self.back_button.setEnabled(n > 0 and self.index > 0)
        self.forward_button.setEnabled(n > 0 and self.index < n - 1)
        self.last_button.setEnabled(n > 0 and self.index < n - 1)
        self.slider.setEnabled(n > 1)
        self.export_button.setEnabled(n > 0 and not self.public_only)
        self.review_button.setEnabled(n > 0 and not self.public_only)  # a review shows the seat's sheet

    def _show(self) -> None:
        self._update_controls()
        self.position_label.setText(self.position_text())
        snap = self.current()
        if snap is None or self.public_only:
            self.scene.clear_sheet()
            self.info.setHtml(self._empty_html() if snap is None else self.info_html())
            return
        step = self.replay.steps[self.index]
        self.scene.draw_rules_sheet(self.seat, snap.sheets[self.seat], snap.revealed, snap.resolved,
                                    fresh=step.fresh[self.seat], path=step.walks[self.seat])
        self.info.setHtml(self.info_html())

    def turn_lines(self, index: int, seat: int) -> list[str]:
        """One seat's step 1 of the round at ``index``, in words."""
        snap = self.snapshots[index]
        t: Turn | None = snap.turns[seat] if seat < len(snap.turns) else None
        if t is None:
            esc = snap.escaped_rounds[seat]
            if esc is not None and esc < snap.round:
                return [self.tr("Escaped in round %1: no turn.").replace("%1", str(esc))]
            return [self.tr("No turn.")]
        out = []
        if t.action == "A":
            out.append(self.tr("A: drew the card as roads (%n cell(s)).", "", len(t.cells)))
        elif t.action == "B":
            out.append(self.tr("B: drew the card as walls (%n cell(s)).", "", len(t.cells)))
        elif t.action == "C":
            out.append(self.tr("C: drew one wall and took a penalty."))
        else:
            out.append(self.tr("No draw was possible: took a penalty."))
        if t.discard is not None:
            obj = self.comps.objectives.get(t.discard)
            card = texts.objective_label(*obj.letters) if obj else str(t.discard)
            if t.extra is not None:
                road = t.extra[0] == "road"
                what = self.tr("+1 road") if road else self.tr("+1 wall")
            else:
                what = self.tr("warp")
            out.append(self.tr("Special action: %1, paid with objective %2.")
                       .replace("%1", what).replace("%2", card))
        if t.path:
            out.append(self.tr("Moved %n step(s).", "", len(t.path)))
        else:
            out.append(self.tr("Did not move."))
        if t.escape:
            out.append(self.tr("Escaped."))
        return out

    def info_html(self) -> str:
        snap = self.current()
        assert snap is not None
        names = list(snap.names)
        e = html.escape
        parts: list[str] = []
        parts.append("<h3 style='margin:0'>%s</h3>" % e(self.position_text()))
        if self.index > 0:
            card = self.replay.steps[self.index].card
            if card is not None:
                n = len(self.comps.explore[card].cells) if card in self.comps.explore else 0
                parts.append("<p style='margin:2px 0'>%s</p>" % e(
                    self.tr("Active card: %1").replace("%1", texts.card_label(card, n))))
            parts.append("<h4 style='margin:8px 0 2px 0'>%s</h4>" % e(self.tr("Step 1")))
            if self.public_only:
                parts.append("<p style='margin:2px 0'>%s</p>" % e(self.tr("Hidden until the game is over.")))
            for i, name in enumerate(names if not self.public_only else ()):
                lines = self.turn_lines(self.index, i)
                on = i == self.seat and len(names) > 1
                shown = " style='background-color:%s'" % tones.shade(self.info, 0.3) if on else ""
                parts.append("<p style='margin:2px 0'><b><span%s>%s</span></b><br>%s</p>" % (
                    shown, e(name), "<br>".join(e(x) for x in lines)))
            parts.append("<h4 style='margin:8px 0 2px 0'>%s</h4>" % e(self.tr("Step 2: announcements")))
            news = [x for ev in snap.events if (x := texts.event_text(ev, names))]
            if news:
                parts.append("<ul style='margin:0'>%s</ul>" % "".join("<li>%s</li>" % e(x) for x in news))
            else:
                parts.append("<p style='margin:2px 0'>%s</p>" % e(self.tr("Nothing was announced.")))
        else:
            parts.append("<p style='margin:2px 0'>%s</p>" % e(
                self.tr("Every seat has drawn its setup pieces; the marked cells are the setup.")))
        if snap.revealed:
            active = [L for L in snap.revealed if L not in snap.resolved]
            done = [L for L in snap.revealed if L in snap.resolved]
            parts.append("<p style='margin:6px 0 2px 0'>%s<br>%s</p>" % (
                e(self.tr("Active destinations: %1").replace("%1", ", ".join(active) or "–")),
                e(self.tr("Collected: %1").replace("%1", ", ".join(done) or "–"))))
        parts.append("<p style='margin:2px 0'>%s</p>" % e(
            self.tr("Line: %1 · deck %2 · discard %3").replace("%1", " ".join(snap.line) or "–")
            .replace("%2", str(snap.deck_size)).replace("%3", str(len(snap.discard)))))
        parts.append(self._table_html(self.replay.steps[self.index]))
        if self.public_only:
            return "".join(parts)
        parts.append("<p style='margin:10px 0 0 0; color:%s'>%s</p>" % (tones.note(self.info), e(
            self.tr("On the sheet: blue cells were drawn or changed in this round; the dotted line is the adventurer's walk (its dot marks the start)."))))  # noqa: E501 - one literal for lupdate
        return "".join(parts)

    # -- export --------------------------------------------------------------
    def default_export_name(self, seat: int | None = None) -> str:
        seat = self.seat if seat is None else seat
        snap = self.current()
        name = _slug(snap.names[seat]) if snap else ""
        who = name or f"seat{seat + 1}"
        rnd = snap.round if snap else 0
        return f"ruin-{who}-round{rnd}.png"

    def export_png(self, path: str | Path, seat: int | None = None) -> bool:
        """Save ``seat``'s sheet (default: the one shown) as it stands in the
        shown round, EXPORT_SIZE pixels square, without the window around it
        or the replay's marks.  True if the file was written."""
        snap = self.current()
        seat = self.seat if seat is None else seat
        if snap is None or not 0 <= seat < len(snap.sheets) or self.public_only:
            return False
        drawing = SheetDrawing()
        drawing.draw_rules_sheet(seat, snap.sheets[seat], snap.revealed, snap.resolved)
        image = drawing.render_image(EXPORT_SIZE)
        ok = image.save(str(path), "PNG")  # type: ignore[call-overload]  # str: PySide refuses the stub's bytes
        drawing.clear_sheet()
        drawing.deleteLater()
        if ok:
            self.last_export = Path(path)
            self.status.setText(self.tr("Saved %1").replace("%1", str(path)))
        else:
            self.status.setText(self.tr("Could not save %1").replace("%1", str(path)))
        return ok

    def export_dialog(self) -> None:
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation) or str(Path.home())
        if not Path(folder).is_dir():
            folder = str(Path.home())
        start = str(Path(folder) / self.default_export_name())
        seat = self.seat

        def chosen(path: str) -> None:
            if path:
                self.export_png(path, seat)

        boxes.ask_file(self, self.tr("Export sheet as PNG"), start, self.tr("PNG images (*.png)"), chosen,
                       save=True, suffix=".png")

    # -- language ------------------------------------------------------------
    def _request_review(self) -> None:
        self.review_requested.emit(self.rec, self.seat)

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Replay — %1").replace("%1", self.title) if self.title else self.tr("Replay"))
        tips = (
            (self.first_button, self.tr("Setup (Home)")),
            (self.back_button, self.tr("Previous round (Left)")),
            (self.forward_button, self.tr("Next round (Right)")),
            (self.last_button, self.tr("Last round (End)")),
        )
        for b, tip in tips:
            b.setToolTip(tip)
            b.setAccessibleName(tip)
        self.slider.setAccessibleName(self.tr("Round"))
        self.tabs.setAccessibleName(self.tr("Seat"))
        self.export_button.setText(self.tr("Export PNG…"))
        self.review_button.setText(self.tr("Review…"))
        self.review_button.setToolTip(self.tr("The Expert judges each decision of the seat shown"))
        self.export_button.setToolTip(self.tr("Save the sheet shown as a PNG image"))
        if self.error is not None:
            self.banner.setText(self.error_text())
            self.banner.setVisible(True)
        elif not self.snapshots:
            self.banner.setText(self.tr("This record ends before the setup is complete: there is nothing to replay."))
            self.banner.setVisible(True)
        elif self.public_only:
            self.banner.setText(self.tr("This pass-and-play game is not over: only what every player may see is "
                                        "shown. The sheets, turns and scores appear once the game has ended."))
            self.banner.setVisible(True)
        else:
            self.banner.setVisible(False)
        self._show()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        steps: dict[int, int] = {
            Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1,
            Qt.Key.Key_PageUp: -PAGE, Qt.Key.Key_PageDown: PAGE,
        }
        if key in steps:
            self.go_to(self.index + steps[key])
        elif key == Qt.Key.Key_Home:
            self.first()
        elif key == Qt.Key.Key_End:
            self.last()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_4 and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            if not self.public_only:
                self.set_seat(key - Qt.Key.Key_1)  # 1-4: that seat's sheet
        else:
            super().keyPressEvent(event)
            return
        event.accept()


def open_replay(rec: dict, title: str = "", parent: QWidget | None = None) -> ReplayWindow:
    """Convenience for the menu: build and show a replay window."""
    w = ReplayWindow(rec, title, parent)
    w.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # closed, it is gone
    w.show()
    return w


__all__ = ["ReplayWindow", "open_replay", "EXPORT_SIZE"]
