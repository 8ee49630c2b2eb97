"""The jumping keys (J, D, G, A, X, lichess's blind mode's): the cursor, and the
piece under it, to a cell by its coordinates or to the next letter, gate, the
adventurer or the exit, and what is there; J's "which cell?"; and the two
checks every read key starts from (``view_of``, ``no_sheet``).  Their keys and
Help lines are rows of ``read_keys.COMMANDS``."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt

from . import sheet_words as words

SIZE = 11


def view_of(scene):
    """The viewing seat's view, or None while no sheet is shown."""
    v = scene.model.view()
    return v if v is not None and scene.cells else None


def no_sheet() -> str:
    return QCoreApplication.translate("SheetWords", "No sheet is shown.")


def jump_to(scene, cell) -> str:
    """The cursor (and the piece under it) to ``cell``; what is there."""
    scene.jump_cursor(cell)
    item = scene.cells[tuple(cell)]
    said = words.cell(item, scene.pawn_cell() == tuple(cell), words.takers(scene))
    mode, cells, kind, error = scene.ghost_state
    if mode == "piece" and cells:
        said += words._stop() + words.piece(kind, cells, error)
    elif mode == "cell" and cells:
        said += words._stop() + words.one_cell(kind, cells[0], error, scene.c_mode and scene.model.step() == "draw")
    return said


def _next(scene, targets, step: int, none: str) -> str:
    if view_of(scene) is None:
        return no_sheet()
    order = sorted(targets)
    if not order:
        return none
    here = tuple(scene.cursor)
    after = [c for c in order if c > here] if step > 0 else [c for c in reversed(order) if c < here]
    return jump_to(scene, (after or (order if step > 0 else list(reversed(order))))[0])


def _letters(scene) -> list:
    return [cell for cell, item in scene.cells.items() if item.letter]


def _gates(scene) -> list:
    return [cell for cell, item in scene.cells.items() if item.state == "gate"]


def next_letter(scene, step: int = 1) -> str:
    return _next(scene, _letters(scene), step, QCoreApplication.translate("ReadKeys", "No destination letters."))


def next_gate(scene, step: int = 1) -> str:
    return _next(scene, _gates(scene), step, QCoreApplication.translate("ReadKeys", "No gates on your sheet yet."))


def adventurer(scene) -> str:
    pawn = scene.pawn_cell() if view_of(scene) is not None else None
    return jump_to(scene, pawn) if pawn is not None else no_sheet()


def exit_cell(scene) -> str:
    return jump_to(scene, scene.exit_cell) if view_of(scene) is not None else no_sheet()


class CellPrompt:
    """J's question, "which cell?": the row, a space (or a comma), the column, then Enter;
    Escape gives up.  Typed on the sheet, so the screen reader echoes the digits."""

    SEPARATORS = (Qt.Key.Key_Space, Qt.Key.Key_Comma, Qt.Key.Key_Period, Qt.Key.Key_Minus)

    def __init__(self) -> None:
        self.typed: list[str] = []
        self.open = False

    def start(self, scene) -> str:
        if view_of(scene) is None:
            return no_sheet()
        self.open, self.typed = True, [""]
        return QCoreApplication.translate("ReadKeys",
                                          "Go to which cell? Type the row, a space, the column, then Enter.")

    def key(self, scene, key: int) -> str | None:
        """A key while the question is open: the words to say ("" for none); None once it closed
        and the key is not its own (the scene handles it as usual)."""
        if Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
            if len(self.typed[-1]) < 2:
                self.typed[-1] += chr(key)
            return ""
        if key in self.SEPARATORS:
            if self.typed[-1] and len(self.typed) < 2:
                self.typed.append("")
            return ""
        if key == Qt.Key.Key_Backspace:
            if self.typed[-1]:
                self.typed[-1] = self.typed[-1][:-1]
            elif len(self.typed) > 1:
                self.typed.pop()
            return ""
        self.open = False
        if key == Qt.Key.Key_Escape:
            return QCoreApplication.translate("ReadKeys", "Go to: cancelled.")
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            numbers = [int(t) for t in self.typed if t]
            if len(numbers) == 2 and all(1 <= n <= SIZE for n in numbers):
                return jump_to(scene, (numbers[0] - 1, numbers[1] - 1))
            return QCoreApplication.translate(
                "ReadKeys", "No such cell: type a row and a column, each from 1 to 11.")
        return None


def go_to(scene) -> str:
    return scene.prompt.start(scene)
