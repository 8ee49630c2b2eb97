"""The sheet's reading and jumping keys, one table (``COMMANDS``), as lichess's
blind mode has them: read the sheet, the score, the objectives, the seats,
the announcements again; jump the cursor to a cell by its coordinates or to
the next letter, gate, adventurer or exit; list where the piece fits.

A command is a row of the table: its key, what it says and its line on
Help > Controls.  The scene's key handling (``command``) and the Controls page
(``help_rows``) read the table, so a new read key is three files: its row here
and the function that says its words, written here beside the others (built
from ``jumps``' and ``sheet_words``' pieces; words with a count go into
``ReadKeys.counted``); its Japanese in translations/ruin_qt_ja.ts (and, for a
count, its English plural forms in ruin_qt_en.ts); and what it says in
tests/ui/access/test_read_keys.py, which fails on a row no test presses.
What a command says comes from the viewing seat's own view and the public
view (``GameModel.view()``, ``.public()``), never from another seat's side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, Qt

from ...session.facts import components, mirrored, turned
from ..common import texts
from . import ghost
from . import sheet_words as words
from .jumps import SIZE, adventurer, exit_cell, go_to, next_gate, next_letter, no_sheet, view_of

LISTED = 12  # places said one by one before "and N more"


@dataclass(frozen=True)
class ReadKey:
    key: Qt.Key
    shift: bool
    run: Callable  # (scene) -> the words to say
    keys: Callable[[], str] | None = None  # Help > Controls: the key's name (None: told on another row)
    what: Callable[[], str] | None = None  # and what it does


class ReadKeys(QObject):
    """The words with a count: lupdate reads a plural's count in ``tr`` only (the context
    stays "ReadKeys", this class's name)."""

    def counted(self, n: int) -> dict[str, str]:
        return {
            "gems: %1 VP (%n gem(s))": self.tr("gems: %1 VP (%n gem(s))", "", n),
            "honour: %1 VP (%n penalty(ies), escape %2 VP)":
                self.tr("honour: %1 VP (%n penalty(ies), escape %2 VP)", "", n),
            "not complete: %n cell(s) to draw at best": self.tr("not complete: %n cell(s) to draw at best", "", n),
            "%n gem(s)": self.tr("%n gem(s)", "", n),
            "%n objective card(s)": self.tr("%n objective card(s)", "", n),
            "and %n other(s)": self.tr("and %n other(s)", "", n),
            "%1, %n step(s)": self.tr("%1, %n step(s)", "", n),
            "Your adventurer can go to %n cell(s): %1.": self.tr("Your adventurer can go to %n cell(s): %1.", "", n),
            "The %1 cell fits at %n place(s): %2.": self.tr("The %1 cell fits at %n place(s): %2.", "", n),
            "As %1, turned as now, the piece fits at %n place(s)":
                self.tr("As %1, turned as now, the piece fits at %n place(s)", "", n),
            ". Turned or mirrored: %n place(s) more.": self.tr(". Turned or mirrored: %n place(s) more.", "", n),
        }


def _counted(text: str, n: int) -> str:
    return ReadKeys().counted(n)[text]


def _join(parts) -> str:
    return QCoreApplication.translate("ReadKeys", "; ").join(parts)


# -- the score, the objectives, the seats ------------------------------------
def score(scene) -> str:
    """Each line of the viewing seat's score sheet and the total."""
    v = scene.model.view()
    if v is None:
        return no_sheet()
    sc = v.score
    if sc is None:
        return QCoreApplication.translate("ReadKeys", "No score yet: the game is in its setup.")
    final = v.obs.phase == "over"
    head = (QCoreApplication.translate("ReadKeys", "Final score") if final
            else QCoreApplication.translate("ReadKeys", "Score if the game ended now"))
    second = sc.square2 if (final or v.obs.stage == 2) else None
    vp = QCoreApplication.translate("ReadKeys", "%1 VP")
    gems, penalties = sc.gems, sc.penalties
    lines = [
        QCoreApplication.translate("ReadKeys", "square bonus 1: %1").replace(
            "%1", vp.replace("%1", str(sc.square1)) if sc.square1 is not None
            else QCoreApplication.translate("ReadKeys", "not scored yet")),
        QCoreApplication.translate("ReadKeys", "square bonus 2: %1").replace(
            "%1", vp.replace("%1", str(second)) if second is not None
            else QCoreApplication.translate("ReadKeys", "scored at the end")),
        _counted("gems: %1 VP (%n gem(s))", gems).replace("%1", str(sc.gem_vp)),
        _counted("honour: %1 VP (%n penalty(ies), escape %2 VP)", penalties).replace(
            "%1", str(sc.honour)).replace("%2", str(sc.escape_vp)),
        QCoreApplication.translate("ReadKeys", "routes: %1 VP").replace("%1", str(sc.routes)),
        QCoreApplication.translate("ReadKeys", "total: %1 VP").replace("%1", str(sc.total)),
    ]
    return head + QCoreApplication.translate("ReadKeys", ": ") + _join(lines) + QCoreApplication.translate(
        "ReadKeys", ".")


def objective(plan) -> str:
    """One objective card in hand and how its route stands now."""
    label = texts.objective_label(*plan.letters)
    if plan.complete:
        state = QCoreApplication.translate("ReadKeys", "route complete")
    elif plan.blocked:
        state = QCoreApplication.translate("ReadKeys", "can no longer be completed: %1").replace(
            "%1", texts.route_block(plan))
    else:
        gap = plan.gap or 0
        state = _counted("not complete: %n cell(s) to draw at best", gap)
    return QCoreApplication.translate("ReadKeys", "%1, %2").replace("%1", label).replace("%2", state)


def objectives(scene) -> str:
    v = scene.model.view()
    if v is None:
        return no_sheet()
    comps = components()
    if v.setup is not None:
        keep = v.setup.keep
        dealt = [QCoreApplication.translate("ReadKeys", "%1, kept").replace(
            "%1", texts.objective_label(*comps.objectives[c].letters)) if c in keep else
            texts.objective_label(*comps.objectives[c].letters) for c in v.setup.dealt_objectives]
        return QCoreApplication.translate("ReadKeys", "Objective cards dealt (keep two): %1.").replace(
            "%1", _join(dealt))
    if not v.plans:
        return QCoreApplication.translate("ReadKeys", "No objective cards in hand.")
    return QCoreApplication.translate("ReadKeys", "Objective cards in hand: %1.").replace(
        "%1", _join(objective(p) for p in v.plans))


def seats(scene) -> str:
    """Each seat's public side (R12.2) and who is still deciding."""
    p = scene.model.public()
    if p.phase == "none":
        return QCoreApplication.translate("ReadKeys", "No game is being played.")
    thinking = set(p.thinking)
    said = []
    for i, s in enumerate(p.seats):
        gems, cards = s.gems, s.hand_size
        kind = (QCoreApplication.translate("ReadKeys", "computer") if s.computer
                else QCoreApplication.translate("ReadKeys", "human"))
        parts = [QCoreApplication.translate("ReadKeys", "seat %1, %2, %3").replace("%1", str(i + 1)).replace(
            "%2", s.name).replace("%3", kind),
                 _counted("%n gem(s)", gems),
                 _counted("%n objective card(s)", cards)]
        if s.escaped:
            parts.append(QCoreApplication.translate("ReadKeys", "escaped"))
        elif p.phase in ("setup", "play"):
            if i in thinking:
                parts.append(QCoreApplication.translate("ReadKeys", "thinking"))
            elif i in p.acting:
                parts.append(QCoreApplication.translate("ReadKeys", "deciding"))
            else:
                parts.append(QCoreApplication.translate("ReadKeys", "has decided"))
        said.append(words._comma().join(parts))
    if p.phase == "over":
        tail = QCoreApplication.translate("ReadKeys", "The game is over.")
    else:
        deciding = [p.seats[i].name for i in sorted(p.acting) if i < p.n]
        now = texts.now_playing(p) if p.phase == "play" else QCoreApplication.translate("ReadKeys", "Setup")
        tail = QCoreApplication.translate("ReadKeys", "%1; still to decide: %2.").replace("%1", now).replace(
            "%2", words._comma().join(deciding) or QCoreApplication.translate("ReadKeys", "nobody"))
    return _join(said) + QCoreApplication.translate("ReadKeys", ". ") + tail


# -- the announcements again ---------------------------------------------------
def repeat(scene) -> str:
    recall = getattr(scene, "recall", None)
    return recall.last() if recall is not None else QCoreApplication.translate("ReadKeys", "Nothing announced yet.")


def back(scene) -> str:
    recall = getattr(scene, "recall", None)
    return recall.back() if recall is not None else QCoreApplication.translate("ReadKeys", "Nothing announced yet.")


# -- where the piece fits, where the adventurer can go ------------------------------
def _places(cells) -> str:
    said = [words.at(*c) for c in cells[:LISTED]]
    more = len(cells) - LISTED
    if more > 0:
        said.append(_counted("and %n other(s)", more))
    return _join(said)


def moves(scene) -> str:
    """Where the piece in hand fits as it is turned now (said by the cell the cursor takes it by,
    so J and those numbers put it there), and how many more places another turn opens; in the
    move step, where the adventurer can go and in how many steps."""
    v = view_of(scene)
    if v is None:
        return no_sheet()
    step = scene.model.step()
    if step == "move" and v.turn is not None:
        reach = sorted((steps, cell) for cell, steps in v.turn.reach().items() if steps)
        if not reach:
            return QCoreApplication.translate("ReadKeys", "Your adventurer cannot move this turn.")
        said = [_counted("%1, %n step(s)", steps).replace("%1", words.at(*cell))
                for steps, cell in reach[:LISTED]]
        more, places = len(reach) - LISTED, len(reach)
        if more > 0:
            said.append(_counted("and %n other(s)", more))
        return _counted("Your adventurer can go to %n cell(s): %1.", places).replace("%1", _join(said))
    mode = scene.mode()
    kind = scene.draw_kind()
    if mode == "cell":
        fits = [(r, c) for r in range(SIZE) for c in range(SIZE) if scene._why_not("cell", [(r, c)], kind) is None]
        if not fits:
            return QCoreApplication.translate("ReadKeys", "The cell fits nowhere.")
        places = len(fits)
        return _counted("The %1 cell fits at %n place(s): %2.", places).replace(
            "%1", texts.kind_name(kind)).replace("%2", _places(fits))
    if mode != "piece" or not scene.shape:
        return QCoreApplication.translate("SheetWords", "No piece in hand.")
    grab = ghost.grab_cell(scene.shape)
    here, others = [], 0
    current = tuple(sorted(scene.shape))
    shapes = {current}
    for quarters in range(4):
        for s in (turned(scene.shape, quarters), turned(mirrored(scene.shape), quarters)):
            shapes.add(tuple(sorted(s)))
    for shape in shapes:
        h = max(r for r, _ in shape) + 1
        w = max(c for _, c in shape) + 1
        for r0 in range(SIZE - h + 1):
            for c0 in range(SIZE - w + 1):
                if scene._why_not("piece", ghost.cells_at(shape, (r0, c0)), kind) is None:
                    if shape == current:
                        here.append((r0 + grab[0], c0 + grab[1]))
                    else:
                        others += 1
    name = texts.kind_name(kind)
    if not here and not others:
        return QCoreApplication.translate("ReadKeys", "The piece fits nowhere as %1.").replace("%1", name)
    places = len(here)
    fit = _counted("As %1, turned as now, the piece fits at %n place(s)", places).replace("%1", name)
    if here:
        fit += QCoreApplication.translate("ReadKeys", ", its cursor cell on: %1").replace("%1", _places(sorted(here)))
    fit += _counted(". Turned or mirrored: %n place(s) more.", others)
    return fit


def _read(what: str) -> Callable:
    return lambda scene: words.read(scene, what)


# The table.  Each translate call is spelled out: lupdate reads literal strings only.
COMMANDS: tuple[ReadKey, ...] = (
    ReadKey(Qt.Key.Key_L, False, _read("where"),
            lambda: QCoreApplication.translate("Controls", "L"),
            lambda: QCoreApplication.translate("Controls", "say where you are: the cell, your adventurer, gems, "
                                                           "penalties, round, stage and what to do")),
    ReadKey(Qt.Key.Key_1, False, _read("row"),
            lambda: QCoreApplication.translate("Controls", "1 / 2"),
            lambda: QCoreApplication.translate("Controls", "read the row / the column you are on, cell by cell")),
    ReadKey(Qt.Key.Key_2, False, _read("column")),
    ReadKey(Qt.Key.Key_3, False, _read("line"),
            lambda: QCoreApplication.translate("Controls", "3"),
            lambda: QCoreApplication.translate("Controls", "read the card line and the deck")),
    ReadKey(Qt.Key.Key_4, False, _read("piece"),
            lambda: QCoreApplication.translate("Controls", "4"),
            lambda: QCoreApplication.translate("Controls", "read the piece in hand: its shape, its cells and "
                                                           "whether it fits")),
    ReadKey(Qt.Key.Key_S, False, score,
            lambda: QCoreApplication.translate("Controls", "S"),
            lambda: QCoreApplication.translate("Controls", "read your score: each part and the total")),
    ReadKey(Qt.Key.Key_O, False, objectives,
            lambda: QCoreApplication.translate("Controls", "O"),
            lambda: QCoreApplication.translate("Controls", "read your objective cards: their letters and whether "
                                                           "each route is complete")),
    ReadKey(Qt.Key.Key_T, False, seats,
            lambda: QCoreApplication.translate("Controls", "T"),
            lambda: QCoreApplication.translate("Controls", "read the seats: gems, objective cards, who is still "
                                                           "deciding")),
    ReadKey(Qt.Key.Key_M, False, moves,
            lambda: QCoreApplication.translate("Controls", "M"),
            lambda: QCoreApplication.translate("Controls", "list where the piece in hand fits, or where your "
                                                           "adventurer can go")),
    ReadKey(Qt.Key.Key_Period, False, repeat,
            lambda: QCoreApplication.translate("Controls", "Period (.)"),
            lambda: QCoreApplication.translate("Controls", "say the last announcement again")),
    ReadKey(Qt.Key.Key_Comma, False, back,
            lambda: QCoreApplication.translate("Controls", "Comma (,)"),
            lambda: QCoreApplication.translate("Controls", "step back through the announcements, one older at each "
                                                           "press")),
    ReadKey(Qt.Key.Key_J, False, go_to,
            lambda: QCoreApplication.translate("Controls", "J, row, Space, column, Enter"),
            lambda: QCoreApplication.translate("Controls", "jump to a cell by its coordinates (J 4 Space 7 Enter: "
                                                           "row 4, column 7)")),
    ReadKey(Qt.Key.Key_D, False, next_letter,
            lambda: QCoreApplication.translate("Controls", "D / Shift+D"),
            lambda: QCoreApplication.translate("Controls", "go to the next / the previous destination letter")),
    ReadKey(Qt.Key.Key_D, True, lambda scene: next_letter(scene, -1)),
    ReadKey(Qt.Key.Key_G, False, next_gate,
            lambda: QCoreApplication.translate("Controls", "G / Shift+G"),
            lambda: QCoreApplication.translate("Controls", "go to the next / the previous gate")),
    ReadKey(Qt.Key.Key_G, True, lambda scene: next_gate(scene, -1)),
    ReadKey(Qt.Key.Key_A, False, adventurer,
            lambda: QCoreApplication.translate("Controls", "A"),
            lambda: QCoreApplication.translate("Controls", "go to your adventurer")),
    ReadKey(Qt.Key.Key_X, False, exit_cell,
            lambda: QCoreApplication.translate("Controls", "X"),
            lambda: QCoreApplication.translate("Controls", "go to the exit")),
)


def command(key: int, modifiers) -> ReadKey | None:
    """The command of ``key`` pressed with ``modifiers`` (the keypad's flag ignored), if any."""
    mods = modifiers & ~Qt.KeyboardModifier.KeypadModifier
    shift = bool(mods & Qt.KeyboardModifier.ShiftModifier)
    if mods & ~Qt.KeyboardModifier.ShiftModifier:
        return None  # Ctrl, Alt, Meta: the window's
    return next((c for c in COMMANDS if c.key == key and c.shift == shift), None)


def help_rows() -> list[tuple[str, str]]:
    """(keys, what) for Help > Controls, in the table's order."""
    return [(c.keys(), c.what()) for c in COMMANDS if c.keys is not None and c.what is not None]
