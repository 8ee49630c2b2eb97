"""Translated texts built from rules data: refusals (with the rule id),
announcements, card and objective names.  Literal strings only, so lupdate
finds every one of them."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QCoreApplication

from ...session.facts import Event


def _reasons() -> dict[str, str]:
    """Every refusal code the rules raise, as a sentence in the
    player's language (built per call: the language may have changed).  Each call is spelled
    out: lupdate does not follow an alias such as ``t = ...translate``."""
    return {
        "not_orientation": QCoreApplication.translate("Texts", "the cells are not a rotation or reflection of the card"),
        "off_grid": QCoreApplication.translate("Texts", "a cell is off the grid"),
        "filled": QCoreApplication.translate("Texts", "a cell is already filled"),
        "not_touching": QCoreApplication.translate("Texts", "the piece touches no cell filled before this round"),
        "road_2x2": QCoreApplication.translate("Texts", "road would make a 2x2 block"),
        "c_off_grid": QCoreApplication.translate("Texts", "action C's wall must be on the grid"),
        "c_filled": QCoreApplication.translate("Texts", "that cell is already filled"),
        "c_not_touching": QCoreApplication.translate("Texts", "action C's wall must touch a cell filled before this round"),
        "c_one_cell": QCoreApplication.translate("Texts", "action C draws exactly one wall"),
        "none_not_allowed": QCoreApplication.translate("Texts", "drawing nothing is allowed only when A, B and C are all impossible"),
        "no_cell_now": QCoreApplication.translate("Texts", "there is no single cell to draw now"),
        "draw_done": QCoreApplication.translate("Texts", "this turn's draw is already made"),
        "draw_first": QCoreApplication.translate("Texts", "draw first (A, B or C), then move"),
        "extra_off_grid": QCoreApplication.translate("Texts", "the +1 cell must be on the grid"),
        "extra_filled": QCoreApplication.translate("Texts", "the +1 cell must be empty"),
        "extra_not_touching": QCoreApplication.translate("Texts", "the +1 cell must touch a filled cell"),
        "extra_needs_special": QCoreApplication.translate("Texts", "take the +1 cell special action first"),
        "extra_pending": QCoreApplication.translate("Texts", "draw the +1 cell (or undo the special action) first"),
        "discard_not_in_hand": QCoreApplication.translate("Texts", "that objective card is not in your hand"),
        "special_pairing": QCoreApplication.translate("Texts", "a special action is paid with exactly one objective card"),
        "special_needs": QCoreApplication.translate("Texts", "one special action per round, paid with one objective card, after the draw"),
        "two_specials": QCoreApplication.translate("Texts", "only one special action per round"),
        "warp_not_allowed": QCoreApplication.translate("Texts", "only one warp step, and only with the warp special action"),
        "path_too_long": QCoreApplication.translate("Texts", "the adventurer moves at most the card's number of steps"),
        "path_off_grid": QCoreApplication.translate("Texts", "the adventurer cannot leave the grid"),
        "path_not_road": QCoreApplication.translate("Texts", "the adventurer moves only along roads and gates"),
        "path_not_contiguous": QCoreApplication.translate("Texts", "the adventurer moves one adjacent cell at a time"),
        "not_reachable": QCoreApplication.translate("Texts", "that cell is not reachable with this card's steps"),
        "escape_stage_1": QCoreApplication.translate("Texts", "no escape in stage 1"),
        "escape_off_exit": QCoreApplication.translate("Texts", "escape only with the adventurer on the exit"),
        "escape_not_possible": QCoreApplication.translate("Texts", "escape only in stage 2 with the adventurer on the exit"),
        "escaped_turn": QCoreApplication.translate("Texts", "this seat has escaped and takes no more turns"),
        "no_turn": QCoreApplication.translate("Texts", "every seat still playing takes its step 1"),
        "keep": QCoreApplication.translate("Texts", "keep exactly two of the four objective cards"),
        "setup_count": QCoreApplication.translate("Texts", "draw every setup card: roads first, then walls"),
        "setup_cards": QCoreApplication.translate("Texts", "choose one of your setup cards not drawn yet"),
        "setup_order": QCoreApplication.translate("Texts", "road pieces are drawn first, then wall pieces"),
        "setup_touch": QCoreApplication.translate("Texts", "each later setup piece must touch a setup cell drawn before it"),
        "setup_exit": QCoreApplication.translate("Texts", "the first road piece must cover the exit"),
        "setup_done": QCoreApplication.translate("Texts", "every setup piece is drawn"),
        "setup_over": QCoreApplication.translate("Texts", "setup is over"),
        "setup_first": QCoreApplication.translate("Texts", "step 1 begins once every seat's setup is done"),
        "no_card": QCoreApplication.translate("Texts", "there is no active card: the stage is over"),
    }


def _rule_summary(rule: str, message: str, code: str = "") -> str:
    """The refusal in the player's language; the engine's own (English)
    message only for a reason no code names (a bug worth reporting)."""
    return _reasons().get(code, message)


def refusal(rule: str, message: str, code: str = "") -> str:
    """``R3.4: road would make a 2x2 block`` — the rule id always leads."""
    return QCoreApplication.translate("Texts", "%1: %2").replace("%1", rule).replace(
        "%2", _rule_summary(rule, message, code))


def not_allowed(message: str, code: str = "") -> str:
    """``Not allowed: road would make a 2x2 block.`` -- for the status bar; its
    rule id goes in a tooltip (``rule_tip``), for the rules-curious."""
    return QCoreApplication.translate("Texts", "Not allowed: %1.").replace("%1", _rule_summary("", message, code))


def rule_tip(rule: str) -> str:
    return QCoreApplication.translate("Texts", "Rule %1 (Help ▸ Rules Summary)").replace("%1", rule)


def card_label(letter: str, number: int) -> str:
    return QCoreApplication.translate("Texts", "%1 (%2)").replace("%1", letter).replace("%2", str(number))


def objective_label(a: str, b: str) -> str:
    return QCoreApplication.translate("Texts", "%1 – %2").replace("%1", a).replace("%2", b)


def kind_name(kind: str) -> str:
    return QCoreApplication.translate("Texts", "roads ○") if kind == "road" else QCoreApplication.translate("Texts", "walls ■")


def record_file_name(multi_human: bool, seed: int | None) -> str:
    """A Save dialog's proposal: the date and time, and the seed only where
    no seat could use it against another (the seed recomputes the deck order
    and every seat's dealt cards, so a game of several players never names it)."""
    name = f"ruin-{dt.datetime.now():%Y-%m-%d-%H%M}"
    if not multi_human and seed is not None:
        name += f"-seed{seed}"
    return name + ".ruin"


def level_name(level: str) -> str:
    """A computer level in lower case, as a seat list names it ("Computer (standard)")."""
    names = {"random": QCoreApplication.translate("Texts", "random"),
             "beginner": QCoreApplication.translate("Texts", "beginner"),
             "standard": QCoreApplication.translate("Texts", "standard"),
             "expert": QCoreApplication.translate("Texts", "expert")}
    return names.get(level, level)


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


def now_playing(p) -> str:
    """"Stage 2, round 17": the round being played, from the public view's own
    count (``PublicView.round_shown``).  The title bar and the round banner both
    say it with these words, so they never disagree."""
    # The title bar's own words, in the context they were first translated in.
    return QCoreApplication.translate("MainWindow", "Stage %1, round %2").replace("%1", str(p.stage)).replace(
        "%2", str(p.round_shown))


def round_over(rnd: int) -> str:
    """The heading of what round ``rnd`` (0: the setup) brought, once it is played."""
    if rnd == 0:
        return QCoreApplication.translate("Texts", "Setup is over")
    return QCoreApplication.translate("Texts", "Round %1 is over").replace("%1", str(rnd))


def route_block(plan) -> str:
    """Why an objective's route can never be completed (``rules.routes``)."""
    letter = plan.blocked_letter or ""
    if plan.blocked == "walled":
        return QCoreApplication.translate("Texts", "%1 is walled").replace("%1", letter)
    if plan.blocked == "boxed":
        return QCoreApplication.translate("Texts", "a road on %1 would close a 2×2 block").replace("%1", letter)
    return QCoreApplication.translate("Texts", "walls cut the two letters apart")
