"""What the host sends: the public table and one seat's own view, as JSON.

A seat's frame is built from ``TableSession.public()`` and
``TableSession.view(seat)`` only, so it can carry no other seat's private
side (R12.1): that is the privacy of the table by construction.  The
reverse direction (``observation_from_json``) lets a client hand a brain
the very ``Observation`` the host's rules made, and ``draft_steps`` turns
a seat's draft back into the intents that make it (the joining screen's
mirror and the host's autosave both rebuild drafts with it).
"""

from __future__ import annotations

from dataclasses import asdict

from ..rules import record
from ..rules.bitboard import SIZE, cell_of
from ..rules.components import Components
from ..rules.game import Event
from ..rules.observation import Observation
from ..rules.scoring import Score
from ..rules.setup_builder import SetupBuilder
from ..rules.sheet import Sheet
from ..rules.turn_builder import TurnBuilder
from ..session.intents import Intent
from ..session.views import PublicView, SeatInfo, SeatView
from .intents import spec_of

GRID_MARK = {"empty": ".", "road": "r", "gate": "g", "wall": "w"}


def sheet_json(s: Sheet) -> dict:
    """A sheet's bitboards (bit ``16 * r + c`` is cell (r, c); ``pawn`` is a bit
    index) and the same cells as 11 strings, one per row, for a reader's ease."""
    grid = ["".join(GRID_MARK.get(s.state(r, c), "?") for c in range(SIZE)) for r in range(SIZE)]
    return {"roads": s.roads, "gates": s.gates, "walls": s.walls, "traced": s.traced, "pawn": s.pawn,
            "pawn_cell": list(cell_of(s.pawn)), "grid": grid}


def sheet_from_json(x: dict) -> Sheet:
    s = Sheet.__new__(Sheet)
    s.roads, s.gates, s.walls, s.traced, s.pawn = (int(x[k]) for k in ("roads", "gates", "walls", "traced", "pawn"))
    return s


def event_json(e: Event) -> dict:
    return {"kind": e.kind, "seat": e.seat, "letter": e.letter, "detail": e.detail}


def score_json(s: Score | None) -> dict | None:
    return None if s is None else {**asdict(s), "total": s.total}


def public_json(p: PublicView, confirmed: tuple[int, ...], presence: list[str], deal: dict | None = None) -> dict:
    """The public table (R12.2), who is still deciding, and the deal's
    commitment (``deal``).  Never the seed: nothing that computes a shuffle."""
    return {
        "phase": p.phase, "stage": p.stage, "round": p.round, "deal": deal,
        "seats": [{"name": s.name, "kind": s.kind, "gems": s.gems, "hand_size": s.hand_size, "escaped": s.escaped,
                   "presence": presence[i]} for i, s in enumerate(p.seats)],
        "line": list(p.line), "deck_size": p.deck_size, "discard": list(p.discard),
        "revealed": list(p.revealed), "resolved": sorted(p.resolved),
        "deciding": sorted(p.acting), "thinking": list(p.thinking), "confirmed": list(confirmed),
        "final": [score_json(s) for s in p.final] if p.final else None, "winners": list(p.winners),
    }


def draft_json(draft) -> dict | None:
    """The seat's decision so far (its own, R12.1): a setup being built, or a step 1."""
    if isinstance(draft, SetupBuilder):
        return {"kind": "setup", "keep": list(draft.keep),
                "pieces": [{"kind": k, "card": c, "cells": [list(x) for x in cells]} for k, c, cells in draft.pieces],
                "complete": draft.can_confirm()}
    if isinstance(draft, TurnBuilder):
        st = draft.start
        start = {"card": st.card, "stage": st.stage, "hand": list(st.hand), "penalties": st.penalties,
                 "gems": st.gems, "square1": st.square1, "escape_vp": st.escape_vp, "escape_now": st.escape_now}
        return {"kind": "turn", "start": start, "step": draft.step, "action": draft.action,
                "cells": [list(c) for c in draft.cells],
                "special": draft.special, "discard": draft.discard,
                "extra": None if draft.extra is None else {"kind": draft.extra[0], "cell": list(draft.extra[1])},
                "path": [list(c) for c in draft.path], "escape": draft.escape,
                "complete": draft.can_confirm(),
                "turn": record.turn_to_json(draft.turn()) if draft.can_confirm() else None}
    return None


def draft_steps(dj: dict) -> list[Intent]:
    """The gestures that make the draft ``dj`` (``draft_json``'s) on a fresh
    decision, each checked by the intent registry as a client's would be.  ProtocolError,
    RuleError (a malformed turn), KeyError or TypeError if ``dj`` is not a draft."""
    steps: list[tuple[str, dict]] = []
    if dj["kind"] == "setup":
        steps += [("toggle_keep", {"card": card}) for card in dj["keep"]]
        steps += [("place_piece", {"kind": p["kind"], "cells": p["cells"], "card": p["card"]}) for p in dj["pieces"]]
    elif dj.get("turn") is not None:
        steps.append(("take_decision", {"decision": {"turn": dj["turn"]}}))
    elif dj["action"] is not None:
        if dj["action"] in ("A", "B"):
            steps.append(("place_piece", {"kind": "road" if dj["action"] == "A" else "wall", "cells": dj["cells"]}))
        elif dj["action"] == "C":
            steps.append(("place_c", {"cell": dj["cells"][0]}))
        else:
            steps.append(("take_none", {}))
        if dj["special"] is not None:
            steps.append(("take_special", {"special": dj["special"], "discard": dj["discard"]}))
    return [spec_of(name).parse(args) for name, args in steps]


def game_json(c: Components) -> dict:
    """The game's data a client needs to draw and play (the welcome's ``game``): the
    grid, its exit and letters, every explore card's piece and every objective card."""
    return {"size": c.size, "exit": list(c.exit), "letters": {k: list(v) for k, v in c.letters.items()},
            "explore_cards": [{"letter": e.letter, "shape": e.shape, "cells": [list(x) for x in e.cells]}
                              for e in c.explore.values()],
            "objective_cards": [{"id": o.id, "letters": list(o.letters)} for o in c.objectives.values()]}


def observation_json(o: Observation) -> dict:
    return {
        "seat": o.seat, "n_seats": o.n_seats, "phase": o.phase, "stage": o.stage, "round": o.round,
        "sheet": sheet_json(o.sheet), "hand": list(o.hand), "penalties": o.penalties,
        "dealt_explore": list(o.dealt_explore), "dealt_objectives": list(o.dealt_objectives),
        "line": list(o.line), "deck_size": o.deck_size, "discard": list(o.discard), "revealed": list(o.revealed),
        "resolved": sorted(o.resolved), "gems": list(o.gems), "hand_sizes": list(o.hand_sizes),
        "escaped_rounds": list(o.escaped_rounds), "objective_deck_size": o.objective_deck_size,
        "objective_discard_size": o.objective_discard_size,
        "announcements": [[event_json(e) for e in rnd] for rnd in o.announcements], "square1": o.square1,
    }


def observation_from_json(x: dict) -> Observation:
    """The Observation a host sent (KeyError/TypeError/ValueError if it is not one)."""
    return Observation(
        seat=int(x["seat"]), n_seats=int(x["n_seats"]), phase=str(x["phase"]), stage=int(x["stage"]),
        round=int(x["round"]), sheet=sheet_from_json(x["sheet"]), hand=tuple(x["hand"]),
        penalties=int(x["penalties"]), dealt_explore=tuple(x["dealt_explore"]),
        dealt_objectives=tuple(x["dealt_objectives"]), line=tuple(x["line"]), deck_size=int(x["deck_size"]),
        discard=tuple(x["discard"]), revealed=tuple(x["revealed"]), resolved=frozenset(x["resolved"]),
        gems=tuple(x["gems"]), hand_sizes=tuple(x["hand_sizes"]), escaped_rounds=tuple(x["escaped_rounds"]),
        objective_deck_size=int(x["objective_deck_size"]), objective_discard_size=int(x["objective_discard_size"]),
        announcements=tuple(tuple(Event(e["kind"], e["seat"], e["letter"], e["detail"]) for e in rnd)
                            for rnd in x["announcements"]),
        square1=x["square1"])


def score_from_json(x: dict | None) -> Score | None:
    return None if x is None else Score(**{k: v for k, v in x.items() if k != "total"})


def public_from_json(p: dict) -> PublicView:
    """The PublicView a host's ``public`` holds (KeyError/TypeError/ValueError if it is not one)."""
    return PublicView(
        phase=p["phase"], stage=p["stage"], round=p["round"],
        seats=tuple(SeatInfo(s["name"], s["kind"], s["gems"], s["hand_size"], s["escaped"]) for s in p["seats"]),
        line=tuple(p["line"]), deck_size=p["deck_size"], discard=tuple(p["discard"]), revealed=tuple(p["revealed"]),
        resolved=frozenset(p["resolved"]), acting=frozenset(p["deciding"]), thinking=tuple(p["thinking"]),
        final=tuple(score_from_json(s) for s in p["final"]) if p["final"] else None, winners=tuple(p["winners"]),
        seed=p.get("seed"))


def view_json(v: SeatView, can_undo: bool, can_redo: bool) -> dict:
    """One seat's own side, for that seat's connection alone."""
    return {
        "seat": v.seat, "name": v.name, "step": v.step, "acting": v.acting,
        "sheet": sheet_json(v.sheet), "hand": list(v.hand), "penalties": v.penalties, "score": score_json(v.score),
        "routes": [{"card": c, "from": a, "to": b, "complete": done} for c, a, b, done in v.routes],
        "active": list(v.active), "resolved": list(v.resolved), "walled": list(v.walled),
        "draft": draft_json(v.draft), "drawn_cells": sorted(list(c) for c in v.drawn_cells),
        "can_undo": can_undo, "can_redo": can_redo,
        "observation": observation_json(v.obs),
    }
