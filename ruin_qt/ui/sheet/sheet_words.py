"""The sheet in words, for a player who hears it: a cell, a row, a
column, the piece in hand, the card line and "where am I", in the player's
language.  Built from what the viewing seat's sheet shows -- its scene's cell
items and its own view -- never from another seat's data.

Rows and columns are counted from 1, top left, as a sighted player counts
them on the printed sheet.  Each translate call is spelled out: lupdate does
not follow an alias of it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...session.facts import components
from ..common import texts

SIZE = 11


def _comma() -> str:
    return QCoreApplication.translate("SheetWords", ", ")


def _stop() -> str:
    return QCoreApplication.translate("SheetWords", ". ")


def _semicolon() -> str:
    return QCoreApplication.translate("SheetWords", "; ")


def at(r: int, c: int) -> str:
    return QCoreApplication.translate("SheetWords", "row %1, column %2").replace("%1", str(r + 1)).replace(
        "%2", str(c + 1))


def _state(state: str) -> str:
    return {"empty": QCoreApplication.translate("SheetWords", "empty"),
            "road": QCoreApplication.translate("SheetWords", "road"),
            "wall": QCoreApplication.translate("SheetWords", "wall"),
            "gate": QCoreApplication.translate("SheetWords", "gate")}.get(state, state)


def _destination(dest: str | None) -> str:
    return {"active": QCoreApplication.translate("SheetWords", "destination %1, traced"),
            "resolved": QCoreApplication.translate("SheetWords", "destination %1, gem collected"),
            "walled": QCoreApplication.translate("SheetWords", "destination %1, walled in")}.get(
        dest or "", QCoreApplication.translate("SheetWords", "destination %1"))


def takers(scene) -> dict[str, str]:
    """Who collected the gem of each letter, from the public announcements the viewing
    seat's own observation holds (R12.2: "Bo collected a gem at E")."""
    v = scene.model.view()
    if v is None:
        return {}
    names = scene.model.public().names
    got: dict[str, list[str]] = {}
    for events in v.obs.announcements:
        for e in events:
            if e.kind == "gem" and e.letter and e.seat is not None and e.seat < len(names):
                got.setdefault(e.letter, []).append(names[e.seat])
    return {letter: _comma().join(who) for letter, who in got.items()}


def content(item, pawn: bool = False, taken: dict[str, str] | None = None) -> str:
    """What one cell holds, without where it is: "road, destination E, traced"; ``taken``:
    who collected each letter's gem (``takers``)."""
    parts = [_state(item.state)]
    if item.draft:
        parts.append(QCoreApplication.translate("SheetWords", "drawn this turn"))
    if item.is_exit:
        parts.append(QCoreApplication.translate("SheetWords", "the exit"))
    if item.letter and item.dest == "resolved" and taken and item.letter in taken:  # public: R12.2's news
        parts.append(QCoreApplication.translate("SheetWords", "destination %1, gem collected by %2").replace(
            "%1", item.letter).replace("%2", taken[item.letter]))
    elif item.letter:
        parts.append(_destination(item.dest).replace("%1", item.letter))
    if pawn:
        parts.append(QCoreApplication.translate("SheetWords", "your adventurer"))
    if item.reach is not None:
        parts.append(QCoreApplication.translate("SheetWords", "steps away: %1").replace("%1", str(item.reach)))
    if item.warp_target:
        parts.append(QCoreApplication.translate("SheetWords", "a warp target"))
    return _comma().join(parts)


def cell(item, pawn: bool = False, taken: dict[str, str] | None = None) -> str:
    """One cell, as the grid names it: "row 4, column 7: road"."""
    return QCoreApplication.translate("SheetWords", "%1: %2").replace("%1", at(item.r, item.c)).replace(
        "%2", content(item, pawn, taken))


def line_of(items, kind: str, index: int, pawn=None, taken: dict[str, str] | None = None) -> str:
    """A row or a column (``kind`` "row" or "column"), runs of like cells told once:
    "Row 4. columns 1 to 3: empty; column 4: road, destination E."."""
    runs: list[tuple[int, int, str]] = []
    for item in items:
        n = item.c if kind == "row" else item.r
        said = content(item, pawn == (item.r, item.c), taken)
        if runs and runs[-1][2] == said:
            runs[-1] = (runs[-1][0], n, said)
        else:
            runs.append((n, n, said))
    if kind == "row":
        one = QCoreApplication.translate("SheetWords", "column %1: %2")
        many = QCoreApplication.translate("SheetWords", "columns %1 to %2: %3")
        head = QCoreApplication.translate("SheetWords", "Row %1")
    else:
        one = QCoreApplication.translate("SheetWords", "row %1: %2")
        many = QCoreApplication.translate("SheetWords", "rows %1 to %2: %3")
        head = QCoreApplication.translate("SheetWords", "Column %1")
    spoken = [one.replace("%1", str(a + 1)).replace("%2", said) if a == b else
              many.replace("%1", str(a + 1)).replace("%2", str(b + 1)).replace("%3", said)
              for a, b, said in runs]
    return head.replace("%1", str(index + 1)) + _stop() + _semicolon().join(spoken) + _stop().strip()


def shape(cells) -> str:
    """A piece's shape by its rows: "cells: 4, 3 wide, 2 high; row 1: cells 1 to 3; row 2: cell 2"."""
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    rows = []
    for r in range(h):
        runs: list[list[int]] = []
        for c in sorted(c for rr, c in cells if rr == r):
            if runs and runs[-1][-1] == c - 1:
                runs[-1].append(c)
            else:
                runs.append([c])
        said = [QCoreApplication.translate("SheetWords", "cell %1").replace("%1", str(run[0] + 1)) if len(run) == 1
                else QCoreApplication.translate("SheetWords", "cells %1 to %2").replace("%1", str(run[0] + 1)).replace(
                    "%2", str(run[-1] + 1)) for run in runs]
        rows.append(QCoreApplication.translate("SheetWords", "row %1: %2").replace("%1", str(r + 1)).replace(
            "%2", QCoreApplication.translate("SheetWords", " and ").join(said)))
    size = QCoreApplication.translate("SheetWords", "cells: %1").replace("%1", str(len(cells)))
    head = QCoreApplication.translate("SheetWords", "%1, %2 wide, %3 high").replace("%1", size).replace(
        "%2", str(w)).replace("%3", str(h))
    return _semicolon().join([head, *rows])


def card(letter: str) -> str:
    """An explore card: "card K, steps: 3, piece of cells: 4, ..."."""
    face = components().explore[letter]
    steps = QCoreApplication.translate("SheetWords", "steps: %1").replace("%1", str(face.number))
    return QCoreApplication.translate("SheetWords", "card %1, %2, piece of %3").replace("%1", letter).replace(
        "%2", steps).replace("%3", shape(face.cells))


def card_line(line, deck: int) -> str:
    if not line:
        return QCoreApplication.translate("SheetWords", "The card line is empty.")
    said = [QCoreApplication.translate("SheetWords", "Active: %1").replace("%1", card(line[0]))]
    said += [QCoreApplication.translate("SheetWords", "Next: %1").replace("%1", card(x)) for x in line[1:]]
    said.append(QCoreApplication.translate("SheetWords", "cards left in the deck: %1").replace("%1", str(deck)))
    return _stop().join(said) + _stop().strip()


def piece(kind: str, cells, error) -> str:
    """The piece in hand where it lies and whether it fits, with the rule's reason when not."""
    where = _comma().join(at(r, c) for r, c in sorted(cells))
    head = (QCoreApplication.translate("SheetWords", "Road piece at %1") if kind == "road"
            else QCoreApplication.translate("SheetWords", "Wall piece at %1")).replace("%1", where)
    if error is None:
        return head + QCoreApplication.translate("SheetWords", ": fits")
    return head + QCoreApplication.translate("SheetWords", ": %1").replace(
        "%1", texts.not_allowed(error.message, error.code))


def one_cell(kind: str, cell, error, c_action: bool) -> str:
    """Action C's wall or the +1 cell where it lies and whether it fits: a piece of its own,
    never the card's piece it replaces."""
    if c_action:
        head = QCoreApplication.translate("SheetWords", "Action C's wall at %1")
    elif kind == "road":
        head = QCoreApplication.translate("SheetWords", "The +1 cell, a road, at %1")
    else:
        head = QCoreApplication.translate("SheetWords", "The +1 cell, a wall, at %1")
    head = head.replace("%1", at(*cell))
    if error is None:
        return head + QCoreApplication.translate("SheetWords", ": fits")
    return head + QCoreApplication.translate("SheetWords", ": %1").replace(
        "%1", texts.not_allowed(error.message, error.code))


def step_words(step: str) -> str:
    return {"setup": QCoreApplication.translate("SheetWords", "Setup: draw your setup pieces."),
            "draw": QCoreApplication.translate("SheetWords", "Draw this round's piece."),
            "extra": QCoreApplication.translate("SheetWords", "Draw the +1 cell."),
            "move": QCoreApplication.translate("SheetWords", "Move your adventurer, then confirm."),
            "wait": QCoreApplication.translate("SheetWords", "Waiting for the other seats.")}.get(step, "")


def where(item, pawn, gems: int, penalties: int, rnd: int, stage: int, step: str,
          taken: dict[str, str] | None = None) -> str:
    """"Where am I": the cursor's cell, the adventurer, gems, penalties, round and stage, what to do."""
    said = [cell(item, pawn == (item.r, item.c), taken)]
    if pawn is not None:
        said.append(QCoreApplication.translate("SheetWords", "Adventurer at %1").replace("%1", at(*pawn)))
    said.append(QCoreApplication.translate("SheetWords", "gems: %1").replace("%1", str(gems)))
    said.append(QCoreApplication.translate("SheetWords", "penalties: %1").replace("%1", str(penalties)))
    said.append(QCoreApplication.translate("SheetWords", "round %1, stage %2").replace("%1", str(rnd)).replace(
        "%2", str(stage)))
    return _stop().join(said) + _stop() + step_words(step)


def read(scene, what: str) -> str:
    """A read key's words: "where", "row", "column", "line" or "piece" (lichess's blind mode
    reads ranks and files so)."""
    v = scene.model.view()
    if v is None or not scene.cells:
        return QCoreApplication.translate("SheetWords", "No sheet is shown.")
    r, c = scene.cursor
    pawn = scene.pawn_cell()
    taken = takers(scene)
    if what == "row":
        return line_of([scene.cells[(r, x)] for x in range(SIZE)], "row", r, pawn, taken)
    if what == "column":
        return line_of([scene.cells[(y, c)] for y in range(SIZE)], "column", c, pawn, taken)
    p = scene.model.public()
    if what == "line":
        return card_line(p.line, p.deck_size)
    if what == "piece":
        mode, cells, kind, error = scene.ghost_state
        if mode == "piece":  # one stop between the two, whatever the refusal's own ends with
            return piece(kind, cells, error).rstrip(_stop().strip()) + _stop() + shape(scene.shape)
        if mode == "cell":
            return one_cell(kind, cells[0], error, scene.c_mode and scene.model.step() == "draw")
        return QCoreApplication.translate("SheetWords", "No piece in hand.")
    gems = p.seats[v.seat].gems if 0 <= v.seat < len(p.seats) else 0
    return where(scene.cells[(r, c)], pawn, gems, v.penalties, p.round_shown, p.stage, v.step, taken)
