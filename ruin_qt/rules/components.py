"""The game's components, loaded once from the shipped components.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from ..paths import resource
from .bitboard import Cell, bit


@dataclass(frozen=True)
class ExploreCard:
    letter: str
    shape: str
    cells: tuple[Cell, ...]

    @property
    def number(self) -> int:
        """Movement allowance (R2.1): the piece's cell count."""
        return len(self.cells)


@dataclass(frozen=True)
class ObjectiveCard:
    id: int
    letters: tuple[str, str]


@dataclass(frozen=True)
class Components:
    size: int
    exit: Cell
    letters: dict[str, Cell]  # letter -> cell
    explore: dict[str, ExploreCard]  # letter -> card
    objectives: dict[int, ObjectiveCard]

    @property
    def exit_bit(self) -> int:
        return bit(*self.exit)

    def letter_bit(self, letter: str) -> int:
        r, c = self.letters[letter]
        return bit(r, c)


def parse_components(data: dict) -> Components:
    grid = data["grid"]
    letters = {k: (int(v[0]), int(v[1])) for k, v in grid["letters"].items()}
    explore = {
        c["letter"]: ExploreCard(c["letter"], c["shape"], tuple((int(r), int(q)) for r, q in c["cells"]))
        for c in data["explore_cards"]
    }
    objectives = {
        int(o["id"]): ObjectiveCard(int(o["id"]), (o["letters"][0], o["letters"][1]))
        for o in data["objective_cards"]
    }
    return Components(int(grid["size"]), (int(grid["exit"][0]), int(grid["exit"][1])), letters, explore, objectives)


@lru_cache(maxsize=1)
def load_components() -> Components:
    with open(resource("components.json"), encoding="utf-8") as f:
        return parse_components(json.load(f))
