"""Game records, format ``ruin-qt-record/1`` (docs/RECORD.md).

A record is checked in two passes: its whole structure first (any problem is
``format``), then the rules, by replaying it into a fresh ``Game``.  A caller
only ever sees a fully replayed game or an error, never half of one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .errors import RuleError
from .game import Event, Game
from .observation import public_table
from .scoring import Score
from .sheet import Sheet
from .turn import SetupChoice, Turn

FORMAT = "ruin-qt-record/1"
MAX_BYTES = 8 * 1024 * 1024  # a real record is a few kB; refuse anything absurd
MAX_NAME = 200
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1  # what a record's seed can hold


# -- writing ----------------------------------------------------------------
def _cells(cells) -> list[list[int]]:
    return [[int(r), int(c)] for r, c in cells]


def turn_to_json(t: Turn | None) -> dict | None:
    if t is None:
        return None
    if t.action in ("A", "B"):
        draw: dict[str, Any] = {"action": t.action, "cells": _cells(t.cells)}
    elif t.action == "C":
        draw = {"action": "C", "cell": [int(t.cells[0][0]), int(t.cells[0][1])]}
    else:
        draw = {"action": "none"}
    special: dict[str, Any] | None = None
    if t.discard is not None:
        special = {"discard": t.discard}
        if t.extra is not None:
            special["extra"] = {"kind": t.extra[0], "cell": [int(t.extra[1][0]), int(t.extra[1][1])]}
        if t.warp:
            special["warp"] = True
    return {"draw": draw, "special": special, "path": _cells(t.path), "escape": bool(t.escape)}


def setup_to_json(c: SetupChoice) -> dict:
    return {
        "keep": list(c.keep),
        "roads": [{"card": card, "cells": _cells(cells)} for card, cells in c.roads],
        "walls": [{"card": card, "cells": _cells(cells)} for card, cells in c.walls],
    }


def to_record(game: Game) -> dict:
    done = all(c is not None for c in game.setup_choices) and game.phase != "setup"
    return {
        "format": FORMAT,
        "seed": game.seed,
        "seats": [{"name": s.name, "kind": s.kind} for s in game.seats],
        "shuffles": [{"deck": sh["deck"], "order": list(sh["order"])} for sh in game.shuffles],
        "setup": [setup_to_json(c) for c in game.setup_choices if c is not None] if done else [],
        "rounds": [{"turns": [turn_to_json(t) for t in turns]} for turns in game.rounds],
    }


def dumps(game: Game) -> str:
    return json.dumps(to_record(game), ensure_ascii=False, separators=(",", ":"))


# -- structure --------------------------------------------------------------
class _Format(Exception):
    pass


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise _Format(what)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def parse_seed(text: str) -> int | None:
    """The seed a typed text names, if a record can hold it (a whole number
    within SEED_MIN..SEED_MAX, digits only, an optional sign), else None."""
    t = text.strip()
    body = t[1:] if t[:1] in ("+", "-") else t
    if not body or not body.isascii() or not body.isdigit() or len(body) > 25:
        return None
    value = int(t)
    return value if SEED_MIN <= value <= SEED_MAX else None


def is_text(x) -> bool:
    """A string that can be written back out: JSON's ``\\ud800`` escapes
    make lone surrogates, which no file or terminal can encode."""
    if not isinstance(x, str):
        return False
    try:
        x.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _cell(x, where: str) -> tuple[int, int]:
    _need(isinstance(x, list) and len(x) == 2 and all(_is_int(v) for v in x), f"{where} is not a [row, col] pair")
    return (x[0], x[1])


def _cell_list(x, where: str) -> tuple[tuple[int, int], ...]:
    _need(isinstance(x, list), f"{where} is not a list of cells")
    return tuple(_cell(c, where) for c in x)


def _obj(x, where: str, keys: tuple[str, ...]) -> dict:
    _need(isinstance(x, dict), f"{where} is not an object")
    for k in keys:
        _need(k in x, f"{where} has no '{k}'")
    return x


def _parse_turn(x, where: str) -> Turn | None:
    if x is None:
        return None
    _obj(x, where, ("draw", "special", "path", "escape"))
    draw = _obj(x["draw"], where + " draw", ("action",))
    action = draw["action"]
    _need(action in ("A", "B", "C", "none"), f"{where} draw action {action!r} is not A, B, C or none")
    if action in ("A", "B"):
        _need("cells" in draw, f"{where} draw has no 'cells'")
        cells = _cell_list(draw["cells"], where + " draw cells")
    elif action == "C":
        _need("cell" in draw, f"{where} draw has no 'cell'")
        cells = (_cell(draw["cell"], where + " draw cell"),)
    else:
        cells = ()
    discard = extra = None
    warp = False
    sp = x["special"]
    if sp is not None:
        _obj(sp, where + " special", ("discard",))
        _need(_is_int(sp["discard"]), f"{where} special discard is not a card id")
        discard = sp["discard"]
        has_extra, has_warp = "extra" in sp, "warp" in sp
        _need(has_extra != has_warp, f"{where} special needs exactly one of 'extra' or 'warp'")
        if has_extra:
            e = _obj(sp["extra"], where + " special extra", ("kind", "cell"))
            _need(e["kind"] in ("road", "wall"), f"{where} special extra kind is not road or wall")
            extra = (e["kind"], _cell(e["cell"], where + " special extra cell"))
        else:
            _need(sp["warp"] is True, f"{where} special warp is not true")
            warp = True
    path = _cell_list(x["path"], where + " path")
    _need(isinstance(x["escape"], bool), f"{where} escape is not true or false")
    return Turn(action, cells, discard, extra, warp, path, x["escape"])


def parse_turn(x) -> Turn | None:
    """One turn's record JSON as a Turn (RuleError ``format`` if malformed)."""
    try:
        return _parse_turn(x, "turn")
    except _Format as e:
        raise RuleError("format", str(e)) from None


def parse_setup(x) -> SetupChoice:
    """One seat's setup JSON as a SetupChoice (RuleError ``format`` if malformed)."""
    try:
        _obj(x, "setup", ("keep", "roads", "walls"))
        _need(isinstance(x["keep"], list) and all(_is_int(k) for k in x["keep"]), "setup keep is not a list of ids")
        return SetupChoice(tuple(x["keep"]), _parse_pieces(x["roads"], "setup roads"),
                           _parse_pieces(x["walls"], "setup walls"))
    except _Format as e:
        raise RuleError("format", str(e)) from None


def _parse_pieces(x, where: str) -> tuple[tuple[str, tuple], ...]:
    _need(isinstance(x, list), f"{where} is not a list")
    out = []
    for i, p in enumerate(x):
        _obj(p, f"{where}[{i}]", ("card", "cells"))
        _need(is_text(p["card"]), f"{where}[{i}] card is not a letter")
        out.append((p["card"], _cell_list(p["cells"], f"{where}[{i}] cells")))
    return tuple(out)


def parse_structure(rec: Any) -> dict:
    """Check every field's presence and type; returns the parsed parts."""
    _need(isinstance(rec, dict), "the file is not a JSON object")
    _need(rec.get("format") == FORMAT, f"not a {FORMAT} record (format is {rec.get('format')!r})")
    _obj(rec, "the record", ("seed", "seats", "shuffles", "setup", "rounds"))
    _need(_is_int(rec["seed"]) and SEED_MIN <= rec["seed"] <= SEED_MAX, "seed is not a 64-bit integer")
    seats = rec["seats"]
    _need(isinstance(seats, list) and 1 <= len(seats) <= 4, "seats is not a list of 1 to 4 seats")
    for i, s in enumerate(seats):
        _obj(s, f"seat {i + 1}", ("name", "kind"))
        _need(is_text(s["name"]) and is_text(s["kind"]), f"seat {i + 1} name/kind is not valid text")
        _need(len(s["name"]) <= MAX_NAME and len(s["kind"]) <= MAX_NAME, f"seat {i + 1} name/kind is too long")
    n = len(seats)
    shuffles = rec["shuffles"]
    _need(isinstance(shuffles, list), "shuffles is not a list")
    for i, sh in enumerate(shuffles):
        _obj(sh, f"shuffle {i + 1}", ("deck", "order"))
        _need(sh["deck"] in ("explore", "objective"), f"shuffle {i + 1} deck is not explore or objective")
        _need(isinstance(sh["order"], list), f"shuffle {i + 1} order is not a list")
        ok = is_text if sh["deck"] == "explore" else _is_int
        _need(all(ok(v) for v in sh["order"]), f"shuffle {i + 1} order holds the wrong kind of card")
    setup = rec["setup"]
    _need(isinstance(setup, list) and len(setup) in (0, n), f"setup must have one entry per seat ({n})")
    choices = []
    for i, e in enumerate(setup):
        _obj(e, f"setup {i + 1}", ("keep", "roads", "walls"))
        _need(isinstance(e["keep"], list) and all(_is_int(k) for k in e["keep"]),
              f"setup {i + 1} keep is not a list of ids")
        choices.append(SetupChoice(tuple(e["keep"]), _parse_pieces(e["roads"], f"setup {i + 1} roads"),
                                   _parse_pieces(e["walls"], f"setup {i + 1} walls")))
    rounds = rec["rounds"]
    _need(isinstance(rounds, list), "rounds is not a list")
    _need(not rounds or bool(choices), "rounds are recorded but the setup is not")
    parsed_rounds = []
    for r, rd in enumerate(rounds):
        _obj(rd, f"round {r + 1}", ("turns",))
        turns = rd["turns"]
        _need(isinstance(turns, list) and len(turns) == n, f"round {r + 1} turns is not a list of {n}")
        parsed_rounds.append([_parse_turn(t, f"round {r + 1} turn {i + 1}") for i, t in enumerate(turns)])
    return {"seed": rec["seed"], "seats": [(s["name"], s["kind"]) for s in seats], "shuffles": shuffles,
            "setup": choices, "rounds": parsed_rounds}


# -- reading and replaying --------------------------------------------------
def replay(rec: Any, deal_key: str | None = None) -> Game:
    """A record replayed into a new Game; RuleError names the first problem.
    ``deal_key``: the secret deal the game was dealt from (a table's autosave),
    so that its shuffles to come follow from it too."""
    try:
        parts = parse_structure(rec)
    except _Format as e:
        raise RuleError("format", str(e)) from None
    try:
        game = Game(parts["seats"], parts["seed"], recorded_shuffles=parts["shuffles"], deal_key=deal_key)
    except RuleError as e:
        raise e.located(0, None) from None
    for i, choice in enumerate(parts["setup"]):
        game.submit_setup(i, choice)
    for r, turns in enumerate(parts["rounds"]):
        if game.over:
            raise RuleError("R10.3", "a round is recorded after the game ended", round=r + 1)
        game.play_round(turns)
    if len(game.shuffles) < len(parts["shuffles"]):
        raise RuleError("format", f"shuffle {len(game.shuffles) + 1} was never performed by the rules")
    game.stop_replaying()
    return game


@dataclass(frozen=True)
class Snapshot:
    """The whole table after setup (round 0) or after a round, for replays."""

    round: int
    stage: int
    finished: bool
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    gems: tuple[int, ...]
    penalties: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    escaped_rounds: tuple[int | None, ...]
    line: tuple[str, ...]
    deck_size: int
    discard: tuple[str, ...]
    revealed: tuple[str, ...]
    resolved: frozenset[str]
    turns: tuple[Turn | None, ...]  # the step 1 of each seat that led here (none for setup)
    events: tuple[Event, ...]  # this round's public announcements
    scores: tuple[Score, ...]  # final, or "if the game ended now"


def _snapshot(game: Game) -> Snapshot:
    return Snapshot(
        round=game.round,
        stage=game.stage,
        finished=game.over,
        names=tuple(s.name for s in game.seats),
        sheets=tuple(s.sheet.copy() for s in game.seats),
        penalties=tuple(s.penalties for s in game.seats),
        hands=tuple(tuple(s.hand) for s in game.seats),
        **public_table(game),
        turns=tuple(game.rounds[-1]) if game.rounds and game.round > 0 else (),
        events=game.log[-1] if game.log else (),
        scores=tuple(game.scores()),
    )


def replay_snapshots(rec: Any) -> tuple[list[Snapshot], RuleError | None]:
    """Every state of a record, setup first: for stepping through a replay.
    A record that breaks a rule yields the states before the break and the
    error, so a viewer can show where it goes wrong."""
    try:
        parts = parse_structure(rec)
    except _Format as e:
        return [], RuleError("format", str(e))
    except Exception as e:  # noqa: BLE001 - a record must never crash its reader
        return [], RuleError("format", f"unreadable record ({type(e).__name__})")
    snaps: list[Snapshot] = []
    try:
        game = Game(parts["seats"], parts["seed"], recorded_shuffles=parts["shuffles"])
        for i, choice in enumerate(parts["setup"]):
            game.submit_setup(i, choice)
        if game.phase == "setup":
            return snaps, None
        snaps.append(_snapshot(game))
        for r, turns in enumerate(parts["rounds"]):
            if game.over:
                raise RuleError("R10.3", "a round is recorded after the game ended", round=r + 1)
            game.play_round(turns)
            snaps.append(_snapshot(game))
    except RuleError as e:
        return snaps, e if e.round is not None else e.located(0, None)
    except Exception as e:  # noqa: BLE001 - a record must never crash its reader
        return snaps, RuleError("format", f"unreadable record ({type(e).__name__})")
    return snaps, None


def file_error(what: str) -> RuleError:
    """A file that cannot be read as a record (docs/RECORD.md's ``format``)."""
    return RuleError("format", what)


def loads(text: str | bytes) -> Any:
    if len(text) > MAX_BYTES:
        raise RuleError("format", f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise RuleError("format", f"not valid JSON ({type(e).__name__})") from None


def replay_checked(rec: Any) -> Game:
    """``replay``, where any failure at all is a RuleError."""
    try:
        return replay(rec)
    except RuleError:
        raise
    except Exception as e:  # noqa: BLE001 - a record must never crash its reader
        raise RuleError("format", f"unreadable record ({type(e).__name__})") from None


def summary(game: Game) -> dict:
    """The replay command's JSON (docs/RECORD.md)."""
    finished = game.over
    scores = game.scores() if finished else None
    win = set(game.winners()) if finished else set()
    seats = []
    for i, s in enumerate(game.seats):
        sc = scores[i] if scores else None
        seats.append({
            "name": s.name,
            "square1": s.square1,
            "square2": s.square2 if finished else None,
            "gems": s.gems,
            "penalties": s.penalties,
            "escape_vp": sc.escape_vp if sc else None,
            "routes": sc.routes if sc else None,
            "total": sc.total if sc else None,
            "roads": s.sheet.road_count(),
            "winner": (i in win) if finished else None,
        })
    return {"finished": finished, "stage": game.stage, "round": game.round, "seats": seats}
