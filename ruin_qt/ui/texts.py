"""Translated texts built from rules data: refusals (with the rule id),
announcements, card and objective names.  Literal strings only, so lupdate
finds every one of them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ..rules.game import Event


def _rule_summary(rule: str, message: str) -> str:
    """A translatable sentence for each rule the engine can cite; the engine's
    own (English) message is kept only where no finer sentence exists."""
    m = message
    if rule == "R3.4":
        return QCoreApplication.translate("Texts", "road would make a 2x2 block")
    if rule == "R3.2":
        return QCoreApplication.translate("Texts", "the piece touches no cell filled before this round")
    if rule == "R3.1":
        if "off the grid" in m:
            return QCoreApplication.translate("Texts", "a cell is off the grid")
        return QCoreApplication.translate("Texts", "a cell is already filled")
    if rule == "R2.2":
        return QCoreApplication.translate("Texts", "the cells are not a rotation or reflection of the card")
    if rule == "R4.2":
        if "touches no cell" in m:
            return QCoreApplication.translate("Texts", "action C's wall must touch a cell filled before this round")
        if "already filled" in m:
            return QCoreApplication.translate("Texts", "that cell is already filled")
        if "already made" in m:
            return QCoreApplication.translate("Texts", "this turn's draw is already made")
        if "nothing is allowed" in m:
            return QCoreApplication.translate("Texts", "drawing nothing is allowed only when A, B and C are all impossible")
        return QCoreApplication.translate("Texts", "draw first (A, B or C), then move")
    if rule == "R4.3":
        if "touches no filled" in m:
            return QCoreApplication.translate("Texts", "the +1 cell must touch a filled cell")
        if "not empty" in m:
            return QCoreApplication.translate("Texts", "the +1 cell must be empty")
        if "warp" in m:
            return QCoreApplication.translate("Texts", "only one warp step, and only with the warp special action")
        return QCoreApplication.translate("Texts", "one special action per round, paid with one objective card, after the draw")
    if rule == "R4.4":
        return QCoreApplication.translate("Texts", "the adventurer moves along roads and gates, at most the card's number of steps")
    if rule == "R4.5":
        return QCoreApplication.translate("Texts", "escape only in stage 2 with the adventurer on the exit")
    if rule == "R5.3":
        return QCoreApplication.translate("Texts", "keep exactly two of the four objective cards")
    if rule == "R5.4":
        if "cover the exit" in m:
            return QCoreApplication.translate("Texts", "the first road piece must cover the exit")
        if "touches no setup" in m:
            return QCoreApplication.translate("Texts", "each later setup piece must touch a setup cell drawn before it")
        if "first, then wall" in m:
            return QCoreApplication.translate("Texts", "road pieces are drawn first, then wall pieces")
        return QCoreApplication.translate("Texts", "choose one of your setup cards not drawn yet")
    return m


def refusal(rule: str, message: str) -> str:
    """``R3.4: road would make a 2x2 block`` — the rule id always leads."""
    return QCoreApplication.translate("Texts", "%1: %2").replace("%1", rule).replace("%2", _rule_summary(rule, message))


def card_label(letter: str, number: int) -> str:
    return QCoreApplication.translate("Texts", "%1 (%2)").replace("%1", letter).replace("%2", str(number))


def objective_label(a: str, b: str) -> str:
    return QCoreApplication.translate("Texts", "%1 – %2").replace("%1", a).replace("%2", b)


def kind_name(kind: str) -> str:
    return QCoreApplication.translate("Texts", "roads ○") if kind == "road" else QCoreApplication.translate("Texts", "walls ■")


def event_text(ev: Event, names: list[str]) -> str | None:
    """One public announcement (R8, R9, R10) as a sentence, or None to skip."""
    who = names[ev.seat] if ev.seat is not None and ev.seat < len(names) else ""
    if ev.kind == "gem":
        return QCoreApplication.translate("Texts", "%1 collected a gem at %2.").replace("%1", who).replace("%2", ev.letter or "")
    if ev.kind == "escaped":
        return QCoreApplication.translate("Texts", "%1 escaped from the ruin.").replace("%1", who)
    if ev.kind == "revealed":
        return QCoreApplication.translate("Texts", "New destination: %1.").replace("%1", ev.letter or "")
    if ev.kind == "discarded":
        if ev.detail == "collapse":
            return QCoreApplication.translate("Texts", "The ruin collapses: card %1 is discarded.").replace("%1", ev.letter or "")
        return QCoreApplication.translate("Texts", "Card %1 is discarded.").replace("%1", ev.letter or "")
    if ev.kind == "stage":
        return QCoreApplication.translate("Texts", "Stage 2 begins: every seat scored its first square bonus.")
    if ev.kind == "end":
        return QCoreApplication.translate("Texts", "The game is over.")
    return None
