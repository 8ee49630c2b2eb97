"""The review's verdicts in the player's language: categories, a decision's
line and what the better decision gains (``review.reasons``), all through
Qt's translation (the review core returns structured reasons, no words)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...model.reviews import NOISE_Z, DecisionReview, Reason


def category_name(category: str) -> str:
    names = {"best": QCoreApplication.translate("ReviewWords", "best"),
             "good": QCoreApplication.translate("ReviewWords", "good"),
             "unclear": QCoreApplication.translate("ReviewWords", "unclear"),
             "inaccuracy": QCoreApplication.translate("ReviewWords", "inaccuracy"),
             "mistake": QCoreApplication.translate("ReviewWords", "mistake"),
             "blunder": QCoreApplication.translate("ReviewWords", "blunder")}
    return names[category]


def _one(r: Reason) -> bool:
    """About one of the part's unit (one gem, one penalty, one round)."""
    return abs(r.amount - 1.0) < 0.15


def _phrase(r: Reason) -> str:
    if r.kind == "gems" and r.detail:
        return QCoreApplication.translate("ReviewWords", "+1 gem at destination %3 (%2 VP)") if _one(r) \
            else QCoreApplication.translate("ReviewWords", "+%1 gems on average, among them destination %3 (%2 VP)")
    if r.kind == "gems":
        return QCoreApplication.translate("ReviewWords", "+1 gem (%2 VP)") if _one(r) \
            else QCoreApplication.translate("ReviewWords", "+%1 gems on average (%2 VP)")
    if r.kind == "penalties":
        return QCoreApplication.translate("ReviewWords", "avoids a penalty (%2 VP)") if _one(r) \
            else QCoreApplication.translate("ReviewWords", "avoids %1 penalties on average (%2 VP)")
    if r.kind == "route":
        return QCoreApplication.translate("ReviewWords", "completes %3 (%2 VP)") if r.amount >= 0.9 \
            else QCoreApplication.translate("ReviewWords", "completes %3 in %4% more of the futures (%2 VP)")
    if r.kind == "rectangle":
        return QCoreApplication.translate("ReviewWords", "a larger rectangle in stage 1 (%2 VP)") if r.detail == "1" \
            else QCoreApplication.translate("ReviewWords", "a larger rectangle in stage 2 (%2 VP)")
    if r.kind == "escape":
        return QCoreApplication.translate("ReviewWords", "escapes a round earlier (%2 VP)") if _one(r) \
            else QCoreApplication.translate("ReviewWords", "escapes %1 rounds earlier on average (%2 VP)")
    return QCoreApplication.translate("ReviewWords", "a better position for the rounds after (%2 VP)")


def _detail(r: Reason) -> str:
    """A route "B–U"; destinations "D" or "D, F"."""
    if r.kind == "gems":
        return QCoreApplication.translate("ReviewWords", ", ").join(r.detail.split(","))
    return r.detail.replace("-", "\u2013")


def reason_text(r: Reason) -> str:
    """One thing the better decision gains, as a short phrase."""
    return (_phrase(r).replace("%1", f"{r.amount:.1f}").replace("%2", f"{r.vp:+.1f}")
            .replace("%3", _detail(r)).replace("%4", f"{100 * r.amount:.0f}"))


def gains(d: DecisionReview) -> str:
    """What the Expert's choice gains, in one sentence (empty when best)."""
    if d.is_best or not d.reasons:
        return ""
    parts = QCoreApplication.translate("ReviewWords", "; ").join(reason_text(r) for r in d.reasons)
    return QCoreApplication.translate("ReviewWords", "The Expert's choice: %1.").replace("%1", parts)


def caution(d: DecisionReview) -> str:
    """Why an unclear decision or an inaccuracy is not called worse (empty otherwise)."""
    if d.category == "unclear":
        text = QCoreApplication.translate("ReviewWords", "The review cannot tell this from chance: a loss counts "
                                          "against you only beyond %2 times its error (± %1 VP), the futures' and "
                                          "the evaluation's own.")
    elif d.category == "inaccuracy":
        text = QCoreApplication.translate("ReviewWords", "Probably a loss, but chance could still give one this "
                                          "large: it would be a mistake beyond %2 times its error (± %1 VP).")
    else:
        return ""
    return text.replace("%1", f"{d.sigma:.1f}").replace("%2", f"{NOISE_Z:g}")


def when(d: DecisionReview) -> str:
    if d.round == 0:
        return QCoreApplication.translate("ReviewWords", "Setup")
    return QCoreApplication.translate("ReviewWords", "Round %1").replace("%1", str(d.round))


def verdict(d: DecisionReview) -> str:
    """The category and the loss with its whole error (futures and evaluation)."""
    if d.category == "best":
        return category_name("best")
    return QCoreApplication.translate("ReviewWords", "%1: −%2 VP (± %3)").replace("%1", category_name(d.category)) \
        .replace("%2", f"{d.loss:.1f}").replace("%3", f"{d.sigma:.1f}")


def decision_line(d: DecisionReview) -> str:
    return QCoreApplication.translate("ReviewWords", "%1 — %2").replace("%1", when(d)).replace("%2", verdict(d))


def moment_line(d: DecisionReview) -> str:
    """A key moment: its verdict and what the better decision gains."""
    why = QCoreApplication.translate("ReviewWords", "; ").join(reason_text(r) for r in d.reasons)
    line = decision_line(d)
    return QCoreApplication.translate("ReviewWords", "%1 — %2").replace("%1", line).replace("%2", why) if why else line
