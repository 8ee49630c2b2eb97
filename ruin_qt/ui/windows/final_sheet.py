"""The end of a game: every seat's final score sheet side by side, as the
paper sheets lie on the table, with who won and why (R11.5: the highest
total, then more road/gate cells, then a shared win); in a solo game the
result against the rulebook's 300 VP challenge and the personal best
instead of a winner.  At a table across laptops, the verdict on the host's
secret deal (``rules.deal``, checked by the joining screen), in plain words."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ...session.facts import Score, Verdict
from ...session.views import PublicView, SeatView
from ..common.on_screen import fit_on_screen
from ..common.retranslate import Retranslating
from ..sheet.paper_sheet import PaperSheet

CHALLENGE = 300  # VP: the rulebook's goal for a solo game


@dataclass(frozen=True)
class SoloResult:
    """What the history says about a solo game just finished."""

    best_before: int | None  # the player's best solo total in the other games
    counted: bool  # this game was just added to the history (a finished game opened from a file is not)


class FinalSheetDialog(Retranslating, QDialog):
    """Non-modal: the table behind stays readable, and its Seats tab still
    opens each final sheet in the big view."""

    review_requested = Signal(int)  # a seat: the Expert's review of its decisions is wanted
    again_requested = Signal()  # the same seats on the same deal: replaying a seed is the player's choice
    save_requested = Signal()  # keep the game as a record file (a table across laptops: no Game menu there)

    def __init__(self, public: PublicView, views: list[SeatView], solo: SoloResult | None = None, parent=None,
                 across_laptops: bool = False, savable: bool = False, deal: Verdict | None = None,
                 unstored: str = ""):
        """``across_laptops``: a table across laptops, where a new deal is the host's to open;
        ``deal``: the check of the host's secret deal there, to show (None: nothing to show);
        ``unstored``: why the game could not be stored (a full disk): Save as… is offered then."""
        super().__init__(parent)
        self.setObjectName("final_sheet")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # closed, its sheets leave memory
        self.public, self.solo, self.across_laptops, self.deal = public, solo, across_laptops, deal
        self.scores: list[Score] = list(public.final or ())
        self.decision = public.decision
        self.headline = QLabel(self)
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason = QLabel(self)
        self.reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason.setWordWrap(True)
        self.best = QLabel(self)
        self.best.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.best.setWordWrap(True)
        self.best.setVisible(solo is not None)
        self.deal_label = QLabel(self)
        self.deal_label.setObjectName("deal_verdict")
        self.deal_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.deal_label.setWordWrap(True)
        self.deal_label.setVisible(deal is not None)

        winners = set(public.winners)
        award = "" if public.n == 1 else "win" if len(winners) == 1 else "shared"
        row_widget = QWidget(self)
        row = QHBoxLayout(row_widget)
        row.setContentsMargins(4, 4, 4, 4)
        row.setSpacing(12)
        wide = public.n == 1
        self.sheets = [PaperSheet(v, public, award if v.seat in winners else "", wide, row_widget) for v in views]
        for sheet in self.sheets:
            row.addWidget(sheet, 1)  # equal columns, as equal paper sheets
        self.sheets_area = QScrollArea(self)  # four sheets on a small screen: they scroll, the dialog stays on it
        self.sheets_area.setWidget(row_widget)
        self.sheets_area.setWidgetResizable(True)
        self.sheets_area.setFrameShape(QFrame.Shape.NoFrame)
        self.sheets_area.setAlignment(Qt.AlignmentFlag.AlignHCenter)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)
        self.review_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        humans = public.humans or [0]
        self.review_seat = public.viewer if public.viewer in humans else humans[0]
        self.review_button.clicked.connect(lambda: self.review_requested.emit(self.review_seat))
        self.again_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.again_button.setVisible(public.seed is not None)
        self.again_button.setEnabled(not across_laptops)
        self.again_button.clicked.connect(self.again_requested)
        self.save_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.setVisible(savable or bool(unstored))
        self.unstored = QLabel(unstored, self)  # the game is kept, Save as… elsewhere
        self.unstored.setObjectName("unstored_game")
        self.unstored.setWordWrap(True)
        self.unstored.setVisible(bool(unstored))
        self.save_button.clicked.connect(self.save_requested)
        lay = QVBoxLayout(self)
        lay.addWidget(self.headline)
        lay.addWidget(self.reason)
        lay.addWidget(self.best)
        lay.addWidget(self.deal_label)
        lay.addWidget(self.sheets_area, 1)
        lay.addWidget(self.unstored)
        lay.addWidget(self.buttons)
        self.translate_ui()
        content = row_widget.sizeHint()
        width = max(content.width() + 40, 520)
        screen = (parent or self).screen()
        if screen is not None:
            width = min(width, screen.availableGeometry().width() - 40)
        inner = max(width - 40, row_widget.minimumSizeHint().width())
        height = row_widget.heightForWidth(inner) if row_widget.hasHeightForWidth() else content.height()
        shown = [w for w in (self.headline, self.reason, self.best, self.deal_label, self.sheets_area, self.unstored,
                             self.buttons)
                 if not w.isHidden()]
        m = lay.contentsMargins()
        chrome = sum(w.sizeHint().height() for w in shown if w is not self.sheets_area) + m.top() + m.bottom() \
            + lay.spacing() * (len(shown) - 1)
        fit_on_screen(self, QSize(width, height + chrome + 4), parent)

    def translate_ui(self) -> None:
        self.setWindowTitle(self.tr("Final score sheet"))
        self.sheets_area.setAccessibleName(self.tr("Final score sheet"))
        self.review_button.setText(self.tr("Review the game…"))
        self.again_button.setText(self.tr("Play this deal again"))
        if self.across_laptops:
            self.again_button.setToolTip(self.tr("Not at a table across laptops: for another game the host "
                                                 "opens a new table."))
        else:
            self.again_button.setToolTip(self.tr("A new game with the same seats and the same cards (seed %1)")
                                         .replace("%1", str(self.public.seed)))
        self.save_button.setText(self.tr("Save the game…"))
        self.save_button.setToolTip(self.tr("Keep this game's record as a file, to replay or review it later"))
        self.review_button.setToolTip(self.tr("The Expert judges each decision: where the points went, and what "
                                              "it would have done instead"))
        self.deal_label.setText(self._deal_text())
        p, names = self.public, self.public.names
        if p.n == 1:
            total = self.scores[0].total
            self.headline.setText(self.tr("<h2>%1: %2 VP</h2>").replace("%1", names[0]).replace("%2", str(total)))
            self.reason.setText(self._challenge(total))
            self.best.setText(self._personal_best(total))
            self.best.setVisible(bool(self.best.text()))
            return
        d = self.decision
        assert d is not None  # a game of two seats or more is decided
        won = self._join([names[i] for i in d.winners])
        if len(d.winners) > 1:
            self.headline.setText(self.tr("<h2>Shared win: %1</h2>").replace("%1", won))
        else:
            self.headline.setText(self.tr("<h2>%1 wins!</h2>").replace("%1", won))
        self.reason.setText(self._tie_break_text())
        self.reason.setToolTip(self.tr("R11.5: the highest total wins; a tie goes to the seat with more road and "
                                       "gate cells; a further tie is a shared win."))

    def _deal_text(self) -> str:
        v = self.deal
        if v is None:
            return ""
        if v.ok:
            return self.tr("The deal was verified: every shuffle follows from the secret the host committed to "
                           "at the start.")
        why = {"no_deal": self.tr("the host revealed no secret deal to check."),
               "malformed": self.tr("the key the host revealed is malformed."),
               "commitment": self.tr("the key the host revealed is not the one it committed to at the start."),
               "bad_shuffle": self.tr("shuffle %1 of the game does not follow from the key the host revealed.")
               .replace("%1", str(v.shuffle))}.get(v.code, self.tr("the host's record is not the game played."))
        return "<b>" + self.tr("The host's deal could not be verified: %1").replace("%1", why) + "</b>"

    def _tie_break_text(self) -> str:
        d, names = self.decision, self.public.names
        assert d is not None  # asked only of a game of two seats or more, which is decided
        if not d.by_roads:
            return self.tr("%1 has the highest total: %2 VP.").replace("%1", names[d.tied[0]]).replace(
                "%2", str(d.top))
        by_roads = sorted(d.tied, key=lambda i: -self.scores[i].roads)
        counts = self.tr(", ").join(self.tr("%1: %2").replace("%1", names[i]).replace("%2", str(self.scores[i].roads))
                                    for i in by_roads)
        text = self.tr("%1 are tied on %2 VP; the tie goes to the most road and gate cells (%3).") \
            .replace("%1", self._join([names[i] for i in d.tied])).replace("%2", str(d.top)).replace("%3", counts)
        if len(d.winners) > 1:
            text += " " + self.tr("Still tied: a shared win.")
        return text

    def _challenge(self, total: int) -> str:
        if total >= CHALLENGE:
            return self.tr("The 300 VP challenge: reached!")
        return self.tr("The 300 VP challenge: %1 VP to go.").replace("%1", str(CHALLENGE - total))

    def _personal_best(self, total: int) -> str:
        s = self.solo
        if s is None:
            return ""
        best = s.best_before
        if not s.counted:  # opened from a file: it may or may not be in the history already
            return "" if best is None else self.tr("Your best solo game: %1 VP.").replace("%1", str(best))
        if best is None:
            return self.tr("Your first solo game: %1 VP is the personal best to beat.").replace("%1", str(total))
        if total > best:
            return self.tr("New personal best! Your best before was %1 VP.").replace("%1", str(best))
        if total == best:
            return self.tr("You equalled your personal best of %1 VP.").replace("%1", str(best))
        return self.tr("Your personal best: %1 VP.").replace("%1", str(best))

    def _join(self, parts: list[str]) -> str:
        """Names in a sentence: "Aki", "Aki and Bo", "Aki, Bo and Cy"."""
        if len(parts) <= 1:
            return "".join(parts)
        return self.tr("%1 and %2").replace("%1", self.tr(", ").join(parts[:-1])).replace("%2", parts[-1])

    def totals(self) -> list[int]:
        return [sheet.total for sheet in self.sheets]
