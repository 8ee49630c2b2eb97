"""A review as plain text, for the command line (the app draws its own)."""

from __future__ import annotations

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
        loss = "" if d.is_best else f"  loss {d.loss:.1f} VP (se {d.loss_se:.1f})"
        lines.append(f"{_when(d)}: {d.category}{loss}")
        lines.append(f"  played     {_value(d.played_value)}  {describe(d.played)}")
        if not d.is_best:
            lines.append(f"  suggested  {_value(d.suggested_value)}  {describe(d.suggested)}")
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
