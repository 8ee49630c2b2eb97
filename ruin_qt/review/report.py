"""A review as plain text, for the command line (the app draws its own)."""

from __future__ import annotations

from .reasons import Reason
from .result import CATEGORIES, DecisionReview, Estimate, Review


def _cell(c) -> str:
    return f"({c[0]},{c[1]})"


def describe(decision: dict) -> str:
    """One decision in record JSON (docs/RECORD.md) as a short line."""
    if "keep" in decision:
        pieces = [f"{kind} " + " ".join(f"{p['card']}{_cell(min(map(tuple, p['cells'])))}" for p in decision[key])
                  for kind, key in (("roads", "roads"), ("walls", "walls"))]
        return f"keep {'+'.join(map(str, decision['keep']))}; " + "; ".join(pieces)
    draw = decision["draw"]
    action = draw["action"]
    if action in ("A", "B"):
        parts = [("roads " if action == "A" else "walls ") + "".join(_cell(c) for c in draw["cells"])]
    elif action == "C":
        parts = [f"C wall {_cell(draw['cell'])} (penalty)"]
    else:
        parts = ["no draw (penalty)"]
    special = decision.get("special")
    if special:
        if "extra" in special:
            extra = special["extra"]
            parts.append(f"+1 {extra['kind']} {_cell(extra['cell'])} for card {special['discard']}")
        else:
            parts.append(f"warp for card {special['discard']}")
    parts.append(f"to {_cell(decision['path'][-1])}" if decision["path"] else "stays")
    if decision["escape"]:
        parts.append("escapes")
    return ", ".join(parts)


def reason_text(r: Reason) -> str:
    """One reason in English (the window says it in the player's language)."""
    if r.kind == "gems":
        where = "" if not r.detail else f" at {r.detail}" if abs(r.amount - 1) < 0.15 \
            else f", among them at {r.detail.replace(',', ', ')}"
        return f"{r.amount:+.1f} gem{'s' if abs(r.amount) >= 1.5 else ''}{where} ({r.vp:+.1f} VP)"
    if r.kind == "penalties":
        return f"avoids {r.amount:.1f} penalt{'ies' if r.amount >= 1.5 else 'y'} ({r.vp:+.1f} VP)"
    if r.kind == "route":
        how = "" if r.amount >= 0.95 else f" in {r.amount:.0%} more of the futures"
        return f"completes {r.detail.replace('-', '–')}{how} ({r.vp:+.1f} VP)"
    if r.kind == "rectangle":
        return f"a larger rectangle in stage {r.detail} ({r.vp:+.1f} VP)"
    if r.kind == "escape":
        return f"escapes {r.amount:.1f} round{'s' if r.amount >= 1.5 else ''} earlier ({r.vp:+.1f} VP)"
    return f"a better position for the rounds after ({r.vp:+.1f} VP)"


def _value(e: Estimate) -> str:
    return f"{e.mean:6.1f} VP (sd {e.sd:.1f}, {e.n} futures)"


def _when(d: DecisionReview) -> str:
    return "setup" if d.round == 0 else f"round {d.round} (stage {d.stage}, card {d.card})"


def render(r: Review) -> str:
    """The review: each decision, the summary, the key moments and the curve."""
    state = f"finished, {r.final_total} VP" if r.finished else "unfinished"
    lines = [f"Review of {r.name} (seat {r.seat + 1}), {len(r.decisions)} decisions, "
             f"{r.quality.name} quality; game {state}", ""]
    for d in r.decisions:
        loss = "" if d.is_best else f"  loss {d.loss:.1f} VP (\u00b1{d.sigma:.1f}: futures {d.loss_se:.1f}, " \
            f"evaluation {d.eval_sd:.1f})"
        lines.append(f"{_when(d)}: {d.category}{loss}")
        lines.append(f"  played     {_value(d.played_value)}  {describe(d.played)}")
        if not d.is_best:
            lines.append(f"  suggested  {_value(d.suggested_value)}  {describe(d.suggested)}")
            if d.reasons:
                lines.append("  it gains   " + "; ".join(reason_text(x) for x in d.reasons))
    s = r.summary
    lines += ["", f"Expected loss {s.total_loss:.1f} VP over {s.decisions} decisions "
                  f"({s.mean_loss:.2f} a decision); accuracy {s.accuracy:.1f}",
              "  " + ", ".join(f"{c} {s.counts[c]}" for c in CATEGORIES)]
    moments = r.key_moments
    lines.append("Key moments: " + ("; ".join(f"{_when(d)} {d.category}, {d.loss:.1f} VP" for d in moments)
                                    if moments else "none"))
    widths: dict[str, float] = {}
    for d in r.decisions:
        widths.setdefault("setup" if d.round == 0 else f"stage {d.stage}", d.level_sd)
    lines.append("Expected final score by round ("
                 + ", ".join(f"{k} \u00b1{v:.0f}" for k, v in widths.items()) + " VP): "
                 + " ".join(f"{rnd}:{v:.0f}" for rnd, v in r.curve[:len(r.decisions)])
                 + (f"; final {r.final_total}" if r.finished else ""))
    return "\n".join(lines)
