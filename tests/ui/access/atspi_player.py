"""A player who hears the program and cannot see it: everything it knows comes
from the accessible tree over AT-SPI (the map's cells by row and column, the
piece in hand and whether it fits, the buttons by name), everything it does
is a key on the X display or a button's "Press" action, as Orca's user does.

It plays as a careful beginner: roads where a road fits, else walls, else
action C's one wall, else nothing; the adventurer walks as far as it may."""

from __future__ import annotations

import re
import time

from tests.ui.access.atspi import Desktop, Node

CELL = re.compile(r"^row (\d+), column (\d+): (\w+)(.*)$")
AT = re.compile(r"row (\d+), column (\d+)")
STEPS = re.compile(r"steps away: (\d+)")


def cells_of(name: str) -> list[tuple[int, int]]:
    """The cells a piece's name lists ("Road piece at row 4, column 7, row 4, column 8: fits")."""
    where = name.split(":")[0]
    return [(int(r) - 1, int(c) - 1) for r, c in AT.findall(where)]


def makes_block(roads: set, cells) -> bool:
    """A 2x2 block of roads among ``roads`` that one of ``cells`` belongs to (R3.4)."""
    return any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= roads
               for r0, c0 in cells for r, c in ((r0, c0), (r0 - 1, c0), (r0, c0 - 1), (r0 - 1, c0 - 1)))


def arrows(dr: int, dc: int) -> list[str]:
    return (["Down"] * dr if dr > 0 else ["Up"] * -dr) + (["Right"] * dc if dc > 0 else ["Left"] * -dc)


def normalised(cells) -> tuple:
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


class Player:
    def __init__(self, desk: Desktop, app: Node):
        self.desk, self.app = desk, app
        self.keys = 0
        self.table: Node | None = None
        self.ghost: Node | None = None
        self.log: list[str] = []  # what it did and read, for a failure's message

    def press(self, *keys: str) -> None:
        self.log.append("keys " + " ".join(keys))
        self.desk.keys(*keys)
        self.keys += len(keys)

    def wait(self, what, timeout: float = 20, every: float = 0.05, told=lambda: ""):
        end = time.monotonic() + timeout
        while True:
            try:
                got = what()
            except (RuntimeError, AssertionError):
                got = None
            if got:
                return got
            if time.monotonic() > end:
                raise AssertionError(f"waited {timeout} s for {getattr(what, '__name__', what)}; {told()}")
            time.sleep(every)

    # -- reading --------------------------------------------------------------
    def map(self) -> dict[tuple[int, int], tuple[str, str]]:
        """Every cell: (its state, the rest of what it holds)."""
        if self.table is None:
            self.table = self.app.find("table", "Your map, 11 rows by 11 columns")
        out = {}
        for r in range(11):
            for c in range(11):
                m = CELL.match(self.table.cell(r, c).name)
                assert m, self.table.cell(r, c).name
                out[(r, c)] = (m.group(3), m.group(4))
        return out

    def piece(self) -> Node | None:
        """The piece in hand while there is one (found once in the tree, then asked whether it shows)."""
        if self.ghost is None:
            found = self.app.find_all("push button", re.compile(r"^(Road|Wall) piece at "))
            self.ghost = found[0] if found else None
            return self.ghost
        return self.ghost if "showing" in self.ghost.states() else None

    def to_sheet(self) -> Node | None:
        """F6: the keys to the sheet; the piece in hand, if there is one now."""
        self.press("F6")
        try:
            return self.wait(self.piece, timeout=3)
        except AssertionError:
            return None

    # -- placing a piece ------------------------------------------------------
    def candidates(self, shape, sheet, kind: str, setup: bool, exit_cell) -> list[list[tuple[int, int]]]:
        """Where ``shape`` could go by what the map says (the piece's own name then says if it fits)."""
        setup_first = setup and all(state == "empty" for state, _ in sheet.values())
        filled = {cell for cell, (state, rest) in sheet.items()
                  if state != "empty" and (setup or "drawn this turn" not in rest)}
        roads = {cell for cell, (state, _) in sheet.items() if state in ("road", "gate")}
        h = max(r for r, _ in shape) + 1
        w = max(c for _, c in shape) + 1
        out = []
        for r0 in range(12 - h):
            for c0 in range(12 - w):
                cells = [(r0 + r, c0 + c) for r, c in shape]
                if any(sheet[x][0] != "empty" for x in cells):
                    continue
                if setup_first:
                    if exit_cell not in cells:
                        continue
                elif not any((r + dr, c + dc) in filled for r, c in cells
                             for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))):
                    continue
                if kind == "road":
                    if makes_block(roads | set(cells), cells):
                        continue
                out.append(cells)
        return out

    def move_piece(self, ghost: Node, target) -> bool:
        """Arrows until the piece lies on ``target``; True if its name then says it fits."""
        for _ in range(4):
            now = cells_of(ghost.name)
            keys = arrows(min(r for r, _ in target) - min(r for r, _ in now),
                          min(c for _, c in target) - min(c for _, c in now))
            if keys:
                self.press(*keys)
            try:
                name = self.wait(lambda: (n := ghost.name) and sorted(cells_of(n)) == sorted(target) and n, timeout=2)
                self.log.append("piece " + name)
                return name.endswith(": fits")
            except AssertionError:
                continue
        raise AssertionError(f"the piece is at {cells_of(ghost.name)}, not {target}")

    def place(self, kind: str, setup: bool = False) -> bool:
        """The piece in hand drawn where it fits, trying each way it can turn; False if it fits nowhere."""
        for turn in range(8):
            sheet = self.map()  # read again each turn of the piece: a busy program may answer late
            exit_cell = next(cell for cell, (_, rest) in sheet.items() if "the exit" in rest)
            ghost = self.wait(self.piece, timeout=5)
            name = self.wait(lambda piece=ghost: (n := piece.name) and cells_of(n) and n, timeout=5)
            self.log.append(f"turn {turn}: {name}")
            shape = normalised(cells_of(name))
            for target in self.candidates(shape, sheet, kind, setup, exit_cell)[:6]:
                if self.move_piece(ghost, target):
                    self.press("Return")
                    if self.drawn(target):
                        return True
                    # Refused after all (a map read before the program had caught up): listen, read again.
                    self.log.append(f"not drawn at {target}; heard {self.heard()[-2:]}")
                    break
                name = ghost.name
            self.press("f" if turn == 3 else "r")
            try:  # a symmetric piece turns into itself: its name need not change
                self.wait(lambda piece=ghost, was=name: piece.name != was, timeout=0.5)
            except AssertionError:
                pass
        return False

    def drawn(self, cells) -> bool:
        """Whether the map shows ``cells`` filled now, as a player hears after drawing (a few seconds' grace)."""
        try:
            return bool(self.wait(lambda: all(CELL.match(self.table.cell(*c).name).group(3) != "empty"
                                              for c in cells), timeout=5))
        except AssertionError:
            return False

    # -- the adventurer -----------------------------------------------------
    def heard(self) -> list[tuple[str, int]]:
        """The announcements so far: (text, politeness: 1 polite, 2 assertive)."""
        return [(body[3][1], body[1]) for member, _, body in self.desk.heard(0.02) if member == "Announcement"]

    def focused_cell(self) -> tuple[int, int]:
        """Where the cursor is, as the L key says it ("row 4, column 7: road. Adventurer at ...")."""
        before = len(self.heard())
        self.press("l")
        text = self.wait(lambda: next((t for t, p in self.heard()[before:] if p == 2 and CELL.match(t)), None),
                         timeout=5)
        m = CELL.match(text)
        return int(m.group(1)) - 1, int(m.group(2)) - 1

    def cursor_to(self, cell) -> None:
        """Arrows to ``cell``, listening where the focus landed (a key the display dropped is pressed again)."""
        for _ in range(4):
            r, c = self.focused_cell()
            keys = arrows(cell[0] - r, cell[1] - c)
            if not keys:
                return
            self.press(*keys)
        raise AssertionError(f"the cursor is on {self.focused_cell()}, not {cell}; did: {self.log[-14:]}; "
                             f"heard {self.heard()[-4:]}")

    def walk_far(self) -> None:
        """To the reachable cell the most steps away, as the cells' names tell."""
        sheet = self.map()
        steps = {cell: int(m.group(1)) for cell, (_, rest) in sheet.items() if (m := STEPS.search(rest))}
        if steps:
            far = max(steps, key=lambda x: steps[x])
            self.cursor_to(far)
            self.press("Return")
            self.wait(lambda: "your adventurer" in self.table.cell(*far).name, timeout=5)
