"""Hand-built sheets and games for rule tests.

A sheet is drawn as 11 strings of 11 characters:
``.`` empty, ``o`` road, ``g`` gate, ``#`` wall, ``P`` the pawn on a road.
"""

from __future__ import annotations

from ruin_qt.rules.bitboard import bit
from ruin_qt.rules.components import load_components
from ruin_qt.rules.game import Game
from ruin_qt.rules.sheet import Sheet
from ruin_qt.rules.turn import SetupChoice, Turn

COMPS = load_components()
EXIT = COMPS.exit
EMPTY_ROWS = ["." * 11] * 11


def sheet_from(rows: list[str], traced: str = "") -> Sheet:
    assert len(rows) == 11 and all(len(r) == 11 for r in rows), "11 rows of 11"
    s = Sheet()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            b = bit(r, c)
            if ch in "ogP":
                s.roads |= b
            if ch == "g":
                s.gates |= b
            if ch == "#":
                s.walls |= b
            if ch == "P":
                s.pawn = b.bit_length() - 1
    for letter in traced:
        s.traced |= COMPS.letter_bit(letter)
    return s


def rows_with(cells: dict[tuple[int, int], str], base: list[str] | None = None) -> list[str]:
    grid = [list(r) for r in (base or EMPTY_ROWS)]
    for (r, c), ch in cells.items():
        grid[r][c] = ch
    return ["".join(r) for r in grid]


def fixed_game(n: int = 1, explore: list[str] | None = None, objective: list[int] | None = None) -> Game:
    """A game whose first shuffles are the given orders (sorted otherwise)."""
    explore = explore or sorted(COMPS.explore)
    objective = objective or sorted(COMPS.objectives)
    shuffles = [{"deck": "explore", "order": explore}, {"deck": "objective", "order": objective}]
    g = Game([(f"P{i + 1}", "human") for i in range(n)], 1, recorded_shuffles=shuffles)
    return g


def play_game(n: int = 1) -> Game:
    """A game past setup with empty sheets replaced by hand: tests then set
    sheets, line, deck and hands directly to build the situation they need."""
    g = fixed_game(n)
    g.stop_replaying()
    g.phase = "play"
    g.setup_choices = [SetupChoice((), (), ()) for _ in range(n)]
    return g


def move(path=(), **kw) -> Turn:
    return Turn(path=tuple(path), **kw)


def c_turn(cell, **kw) -> Turn:
    return Turn("C", (cell,), **kw)


def scenario(n: int = 1, sheets: list[list[str]] | None = None, line=("F", "Q", "O"), deck=(),
             revealed=(), hands=None, discard=()) -> Game:
    """A game in play with every part set by the test."""
    g = play_game(n)
    for i in range(n):
        g.seats[i].sheet = sheet_from(sheets[i] if sheets else rows_with({EXIT: "P"}))
        g.seats[i].hand = list(hands[i]) if hands else []
    g.line, g.deck, g.discard = list(line), list(deck), list(discard)
    g.revealed = []
    for letter in revealed:
        g._reveal(letter)
    return g


def quiet_turn(g: Game, seat: int, path=(), escape=False, **kw) -> Turn:
    """A legal turn that draws the active card as walls out of the way
    (off every letter and off the path), then moves along ``path``."""
    sheet = g.seats[seat].sheet
    avoid = set(COMPS.letters.values()) | {tuple(c) for c in path}
    for p in sheet.legal_placements(g.active_card, "wall", sheet.filled):
        cells = p.cells
        if not avoid & set(cells):
            return Turn("B", tuple(cells), path=tuple(path), escape=escape, **kw)
    raise AssertionError("no quiet placement on this sheet")


def accepted_masks(sheet, letter: str, kind: str, before: int, rules: set[str]) -> set[int]:
    """Every placement the checker accepts, trying each orientation at every
    anchor (off the grid too); each refusal must name one of ``rules``."""
    from ruin_qt.rules.errors import RuleError
    from ruin_qt.rules.pieces import card_orientations

    accepted = set()
    for o in card_orientations(letter):
        for r in range(-2, 11):
            for c in range(-2, 11):
                cells = [(r + dr, c + dc) for dr, dc in o.cells]
                try:
                    accepted.add(sheet.check_placement(letter, kind, cells, before))
                except RuleError as e:
                    assert e.rule in rules, e.rule
    return accepted


def game_with_two_gates(seed: int = 1) -> tuple[Game, tuple[int, int], tuple[int, int]]:
    """A solo game past its random setup whose sheet has two gates on its roads
    (as gems would make them, R8.3): the warp's test fixture; (game, gate, gate)."""
    import random

    from ruin_qt.ai.random_policy import random_setup
    from ruin_qt.rules.bitboard import bits
    from ruin_qt.rules.observation import observe

    game = Game([("Aki", "human")], seed=seed)
    game.submit_setup(0, random_setup(observe(game, 0), random.Random(1)))
    sheet = game.seats[0].sheet
    road_cells = [(i >> 4, i & 15) for i in bits(sheet.roads)]
    g1, g2 = road_cells[0], road_cells[-1]
    sheet.gates |= bit(*g1) | bit(*g2)
    return game, g1, g2
