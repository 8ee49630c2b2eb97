"""The review's verdicts in the player's language: categories, a decision's
line and what the better decision gains (``review.reasons``), all through
Qt's translation (the review core returns structured reasons, no words)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...review.reasons import Reason
from ...review.result import DecisionReview


def tr(text: str) -> str:
    return QCoreApplication.translate("ReviewWords", text)


def category_name(category: str) -> str:
    return {"best": tr("best"), "good": tr("good"), "unclear": tr("unclear"), "inaccuracy": tr("inaccuracy"),
            "mistake": tr("mistake"), "blunder": tr("blunder")}[category]


def _vp(x: float) -> str:
    return f"{x:+.1f}"


def reason_text(r: Reason) -> str:
    """One thing the better decision gains, as a short phrase."""
    whole = abs(r.amount - round(r.amount)) < 0.15 and round(r.amount) >= 1
    if r.kind == "gems":
        text = tr("+1 gem (%2 VP)") if whole and round(r.amount) == 1 else tr("+%1 gems on average (%2 VP)")
    elif r.kind == "penalties":
        text = tr("avoids a penalty (%2 VP)") if whole and round(r.amount) == 1 \
            else tr("avoids %1 penalties on average (%2 VP)")
    elif r.kind == "route":
        text = tr("completes %3 (%2 VP)") if r.amount >= 0.9 \
            else tr("completes %3 in %4% more of the futures (%2 VP)")
    elif r.kind == "rectangle":
        text = tr("a larger rectangle in stage %3 (%2 VP)")
    elif r.kind == "escape":
        text = tr("escapes a round earlier (%2 VP)") if whole and round(r.amount) == 1 \
            else tr("escapes %1 rounds earlier on average (%2 VP)")
    else:
        text = tr("a better position for the rounds after (%2 VP)")
    return (text.replace("%1", f"{r.amount:.1f}").replace("%2", _vp(r.vp))
            .replace("%3", r.detail.replace("-", "\u2013")).replace("%4", f"{100 * r.amount:.0f}"))


def gains(d: DecisionReview) -> str:
    """What the Expert's choice gains, in one sentence (empty when best)."""
    if d.is_best or not d.reasons:
        return ""
    return tr("The Expert's choice: %1.").replace("%1", tr("; ").join(reason_text(r) for r in d.reasons))


def caution(d: DecisionReview) -> str:
    """Why an unclear decision is not called worse (empty otherwise)."""
    if d.category != "unclear":
        return ""
    return tr("The review cannot tell this from chance: a loss counts against you only beyond twice its "
              "error (± %1 VP), the futures' and the evaluation's own.").replace("%1", f"{d.sigma:.1f}")


def when(d: DecisionReview) -> str:
    return tr("Setup") if d.round == 0 else tr("Round %1").replace("%1", str(d.round))


def verdict(d: DecisionReview) -> str:
    """The category and the loss with its whole error (futures and evaluation)."""
    if d.category == "best":
        return category_name("best")
    return tr("%1: −%2 VP (± %3)").replace("%1", category_name(d.category)).replace("%2", f"{d.loss:.1f}") \
        .replace("%3", f"{d.sigma:.1f}")


def decision_line(d: DecisionReview) -> str:
    return tr("%1 — %2").replace("%1", when(d)).replace("%2", verdict(d))


def moment_line(d: DecisionReview) -> str:
    """A key moment: its verdict and what the better decision gains."""
    why = "; ".join(reason_text(r) for r in d.reasons)
    line = decision_line(d)
    return tr("%1 — %2").replace("%1", line).replace("%2", why) if why else line
