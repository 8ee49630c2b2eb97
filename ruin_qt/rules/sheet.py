"""One player's map sheet: cell states, legality, reach, rectangles, routes.

Everything here works on bitboards (see ``bitboard``); cells given by callers
are ``(row, col)`` tuples.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .bitboard import (
    BOARD,
    STRIDE,
    Cell,
    bit,
    bits,
    cells_of,
    flood,
    has_2x2,
    largest_rectangle,
    largest_rectangle_at,
    neighbours,
    nth_bit,
    on_grid,
)
from .components import load_components
from .errors import RuleError
from .pieces import card_orientations, match_orientation

EMPTY, ROAD, WALL, GATE = "empty", "road", "wall", "gate"
KINDS = ("road", "wall")


def _shift(m: int, off: int) -> int:
    """Bit p of the result is bit p + off of ``m``."""
    return m >> off if off >= 0 else m << -off


def single_road_2x2(roads: int) -> int:
    """Empty-or-not cells where one more road would complete a 2x2 block."""
    R = roads
    S = STRIDE
    bad = (
        ((R >> 1) & (R >> S) & (R >> (S + 1)))  # cell is top-left of the square
        | ((R << 1) & (R >> (S - 1)) & (R >> S))  # top-right
        | ((R << S) & (R << (S - 1)) & (R >> 1))  # bottom-left
        | ((R << (S + 1)) & (R << S) & (R << 1))  # bottom-right
    )
    return bad & BOARD


def rectangle_cells(roads: int, walls: int, traced: int) -> int:
    """R11.1: filled cells, less letters traced on the sheet that are not road."""
    return (roads | walls) & ~(traced & ~roads)


class Placement(NamedTuple):
    """A legal position of a card's piece: orientation, anchor bit and mask.
    (A NamedTuple: enumeration builds thousands of these per decision.)"""

    letter: str
    orientation: int
    anchor: int
    mask: int

    @property
    def cells(self) -> list[Cell]:
        return cells_of(self.mask)


class Sheet:
    """The grid of one seat.  ``roads`` includes gates (a gate is a road for
    every rule, R1.3); ``traced`` holds the cells of letters traced on this
    sheet (R1.4, R11.1)."""

    __slots__ = ("roads", "gates", "walls", "traced", "pawn")

    def __init__(self) -> None:
        self.roads = 0
        self.gates = 0
        self.walls = 0
        self.traced = 0
        comps = load_components()
        self.pawn = bit(*comps.exit).bit_length() - 1

    def copy(self) -> Sheet:
        s = Sheet.__new__(Sheet)
        s.roads, s.gates, s.walls, s.traced, s.pawn = self.roads, self.gates, self.walls, self.traced, self.pawn
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.state_key() == other.state_key()

    def state_key(self) -> tuple:
        return (self.roads, self.gates, self.walls, self.traced, self.pawn)

    def changed_since(self, before: Sheet | None) -> int:
        """The cells whose state (empty, road, gate, wall) differs from
        ``before``'s; every filled cell when there is no ``before``."""
        if before is None:
            return self.roads | self.walls
        return (self.roads ^ before.roads) | (self.gates ^ before.gates) | (self.walls ^ before.walls)

    # -- cells -------------------------------------------------------------
    @property
    def filled(self) -> int:
        return self.roads | self.walls

    @property
    def empty(self) -> int:
        return BOARD & ~(self.roads | self.walls)

    def state(self, r: int, c: int) -> str:
        b = bit(r, c)
        if self.gates & b:
            return GATE
        if self.roads & b:
            return ROAD
        if self.walls & b:
            return WALL
        return EMPTY

    @property
    def pawn_cell(self) -> Cell:
        return (self.pawn >> 4, self.pawn & 15)

    def road_count(self) -> int:
        return self.roads.bit_count()

    # -- drawing (R3) ------------------------------------------------------
    def placement_anchors(self, letter: str, kind: str, before: int) -> list[int]:
        """Per orientation of the card, the bitset of legal anchors.

        ``before`` is the filled mask at the start of the round (R3.2)."""
        empty = BOARD & ~(self.roads | self.walls)
        adj = neighbours(before)
        roads = self.roads
        out = []
        for o in card_orientations(letter):
            if kind == "road" and o.always_2x2:
                out.append(0)
                continue
            fits = BOARD
            touch = 0
            for off in o.offsets:
                fits &= empty >> off
                touch |= adj >> off
            ok = fits & touch
            if ok and kind == "road":
                for pattern in o.block_patterns:
                    bad = ok
                    for off in pattern:
                        bad &= _shift(roads, off)
                        if not bad:
                            break
                    ok &= ~bad
            out.append(ok)
        return out

    def legal_placements(self, letter: str, kind: str, before: int) -> list[Placement]:
        """Every legal placement of the card's piece as ``kind`` (R3)."""
        result: list[Placement] = []
        append = result.append
        orients = card_orientations(letter)
        for idx, anchors in enumerate(self.placement_anchors(letter, kind, before)):
            m = orients[idx].mask
            while anchors:
                low = anchors & -anchors
                a = low.bit_length() - 1
                anchors ^= low
                append(Placement(letter, idx, a, m << a))
        return result

    @staticmethod
    def pick_placement(letter: str, anchors: list[int], k: int) -> Placement:
        """The k-th placement of ``placement_anchors``' result, in
        ``legal_placements`` order, without building the whole list."""
        orients = card_orientations(letter)
        for idx, a_set in enumerate(anchors):
            n = a_set.bit_count()
            if k < n:
                a = nth_bit(a_set, k)
                return Placement(letter, idx, a, orients[idx].mask << a)
            k -= n
        raise IndexError("placement index out of range")

    def placements_covering(self, letter: str, kind: str, cell: Cell) -> list[Placement]:
        """Legal placements that cover ``cell``, touching nothing required:
        the first setup road, which must cover the exit (R5.4)."""
        target = cell[0] * STRIDE + cell[1]
        filled = self.roads | self.walls
        out = []
        for idx, o in enumerate(card_orientations(letter)):
            if kind == "road" and o.always_2x2:
                continue
            for off in o.offsets:
                a = target - off
                if a < 0:
                    continue
                m = o.mask << a
                # guard bits catch a piece hanging off the right or bottom edge
                if m & ~BOARD or m & filled:
                    continue
                if kind == "road" and has_2x2(self.roads | m):
                    continue
                out.append(Placement(letter, idx, a, m))
        return out

    def check_placement(self, letter: str, kind: str, cells: Iterable, before: int) -> int:
        """The piece's mask if legal, else RuleError naming the rule."""
        cells = [tuple(c) for c in cells]
        if match_orientation(letter, cells) is None:
            raise RuleError("R2.2", f"the cells are not an orientation of card {letter}", code="not_orientation")
        m = 0
        for r, c in cells:
            if not on_grid(r, c):
                raise RuleError("R3.1", f"cell ({r}, {c}) is off the grid", code="off_grid")
            b = bit(r, c)
            if (self.roads | self.walls) & b:
                raise RuleError("R3.1", f"cell ({r}, {c}) is already filled", code="filled")
            m |= b
        if not m & neighbours(before):
            raise RuleError("R3.2", "the piece touches no cell filled before this round", code="not_touching")
        if kind == "road" and has_2x2(self.roads | m):
            raise RuleError("R3.4", "road would make a 2x2 block", code="road_2x2")
        return m

    def draw(self, kind: str, m: int) -> None:
        if kind == "road":
            self.roads |= m
        else:
            self.walls |= m

    # -- single cells (R4.2 action C, R4.3 +1 cell) ------------------------
    def c_cells(self, before: int) -> int:
        """Cells where action C may draw its wall."""
        return neighbours(before) & BOARD & ~(self.roads | self.walls)

    def extra_cells(self, kind: str) -> int:
        """Cells where the +1 special action may draw ``kind``."""
        filled = self.roads | self.walls
        cells = neighbours(filled) & BOARD & ~filled
        if kind == "road":
            cells &= ~single_road_2x2(self.roads)
        return cells

    def check_c(self, cell, before: int) -> int:
        r, c = cell
        if not on_grid(r, c):
            raise RuleError("R4.2", f"action C cell ({r}, {c}) is off the grid", code="c_off_grid")
        b = bit(r, c)
        if (self.roads | self.walls) & b:
            raise RuleError("R4.2", f"action C cell ({r}, {c}) is already filled", code="c_filled")
        if not b & neighbours(before):
            raise RuleError("R4.2", f"action C cell ({r}, {c}) touches no cell filled before this round",
                            code="c_not_touching")
        return b

    def check_extra(self, kind: str, cell) -> int:
        r, c = cell
        if not on_grid(r, c):
            raise RuleError("R4.3", f"+1 cell ({r}, {c}) is off the grid", code="extra_off_grid")
        b = bit(r, c)
        filled = self.roads | self.walls
        if filled & b:
            raise RuleError("R4.3", f"+1 cell ({r}, {c}) is not empty", code="extra_filled")
        if not b & neighbours(filled):
            raise RuleError("R4.3", f"+1 cell ({r}, {c}) touches no filled cell", code="extra_not_touching")
        if kind == "road" and has_2x2(self.roads | b):
            raise RuleError("R3.4", f"+1 road at ({r}, {c}) would make a 2x2 block", code="road_2x2")
        return b

    # -- movement (R4.3 warp, R4.4) ----------------------------------------
    def reach_layers(self, steps: int, warp: bool = False) -> list[int]:
        """``layers[k]``: cells first reachable in exactly k steps (k <= steps)."""
        roads = self.roads
        start = 1 << self.pawn
        seen = start
        layers = [start]
        unused, used = start, 0  # frontiers with the warp still unused / spent
        seen_u, seen_w = start, 0
        gates = self.gates
        for _ in range(steps):
            nu = neighbours(unused) & roads & ~seen_u
            nw = neighbours(used) & roads & ~seen_w
            if warp:
                g = unused & gates
                if g:
                    nw |= gates & ~g if g.bit_count() == 1 else gates
                    nw &= ~seen_w
            seen_u |= nu
            seen_w |= nw
            unused, used = nu, nw
            new = (nu | nw) & ~seen
            seen |= new
            layers.append(new)
            if not (nu or nw):
                break
        return layers

    def reachable_mask(self, steps: int, warp: bool = False) -> int:
        m = 0
        for layer in self.reach_layers(steps, warp):
            m |= layer
        return m

    def reachable(self, steps: int, warp: bool = False) -> dict[Cell, int]:
        """Every cell the pawn can end on, with its least step count."""
        out: dict[Cell, int] = {}
        for k, layer in enumerate(self.reach_layers(steps, warp)):
            for i in bits(layer):
                out[(i >> 4, i & 15)] = k
        return out

    def shortest_path(self, target: Cell, steps: int, warp: bool = False) -> list[Cell] | None:
        """Cells stepped onto to reach ``target`` in the fewest steps, or None."""
        goal = bit(*target).bit_length() - 1
        if goal == self.pawn:
            return []
        roads, gates = self.roads, self.gates
        gate_list = list(bits(gates))
        start = (self.pawn, False)
        parent: dict[tuple[int, bool], tuple[int, bool] | None] = {start: None}
        frontier = [start]
        for _ in range(steps):
            nxt = []
            for i, used in frontier:
                moves = [(j, used) for j in bits(neighbours(1 << i) & roads)]
                if warp and not used and gates >> i & 1:
                    moves += [(g, True) for g in gate_list if g != i]
                for st in moves:
                    if st in parent:
                        continue
                    parent[st] = (i, used)
                    if st[0] == goal:
                        path = []
                        cur: tuple[int, bool] | None = st
                        while cur is not None and cur != start:
                            path.append((cur[0] >> 4, cur[0] & 15))
                            cur = parent[cur]
                        return path[::-1]
                    nxt.append(st)
            frontier = nxt
            if not frontier:
                break
        return None

    def check_path(self, path, steps: int, warp: bool) -> int:
        """Validate a pawn path (R4.3, R4.4); returns the final bit index."""
        if len(path) > steps:
            raise RuleError("R4.4", f"path of {len(path)} steps is longer than the card's {steps}",
                            code="path_too_long")
        cur = self.pawn
        warp_left = warp
        roads, gates = self.roads, self.gates
        for r, c in path:
            if not on_grid(r, c):
                raise RuleError("R4.4", f"path step ({r}, {c}) is off the grid", code="path_off_grid")
            b = bit(r, c)
            nxt = b.bit_length() - 1
            adjacent = bool(neighbours(1 << cur) & b)
            if adjacent:
                if not roads & b:
                    raise RuleError("R4.4", f"path steps onto ({r}, {c}), which is not a road or gate",
                                    code="path_not_road")
            elif gates >> cur & 1 and gates & b and nxt != cur:
                if not warp_left:
                    reason = "a second warp step" if warp else "a warp step without the warp special action"
                    raise RuleError("R4.3", f"{reason} to ({r}, {c})", code="warp_not_allowed")
                warp_left = False
            else:
                raise RuleError("R4.4", f"path is not contiguous at ({r}, {c})", code="path_not_contiguous")
            cur = nxt
        return cur

    # -- scoring helpers (R11) ---------------------------------------------
    def rectangle_cells(self) -> int:
        """R11.1: the cells a square bonus may use."""
        return rectangle_cells(self.roads, self.walls, self.traced)

    def square_bonus(self) -> int:
        """R11.1: largest all-filled rectangle avoiding traced non-road letters."""
        return largest_rectangle(self.rectangle_cells())

    def square_bonus_rect(self) -> tuple[int, int, int, int] | None:
        """Where the square bonus's rectangle lies: (row, col, height, width)."""
        return largest_rectangle_at(self.rectangle_cells())

    def connected(self, a: Cell, b: Cell) -> bool:
        """Whether two cells are both road/gate and joined by roads (R11.4)."""
        ba, bb = bit(*a), bit(*b)
        if not (self.roads & ba and self.roads & bb):
            return False
        return bool(flood(ba, self.roads) & bb)

    # -- R8.3 --------------------------------------------------------------
    def mark_collected(self, b: int) -> None:
        """A collected letter: road -> gate, anything else -> wall."""
        if self.roads & b:
            self.gates |= b
        else:
            self.walls |= b
