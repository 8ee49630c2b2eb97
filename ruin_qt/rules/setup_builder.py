"""One seat's setup (R5.3-R5.4), built choice by choice.

Like ``TurnBuilder``, a ``SetupBuilder`` is an immutable value: keeping a
card or drawing a piece returns a new builder or raises ``RuleError``.
``Game.check_setup`` replays a whole ``SetupChoice`` through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .bitboard import BOARD, Cell
from .components import load_components
from .errors import RuleError
from .sheet import KINDS, Placement, Sheet
from .turn import SetupChoice


@dataclass(frozen=True)
class SetupBuilder:
    dealt_objectives: tuple[int, ...]
    dealt_explore: tuple[str, ...]
    solo: bool
    keep: tuple[int, ...] = ()
    # (kind, card, cells) in drawing order: roads first, then walls (R5.4)
    pieces: tuple[tuple[str, str, tuple[Cell, ...]], ...] = ()
    masks: tuple[int, ...] = field(default=(), compare=False)
    _memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def roads_wanted(self) -> int:
        """R5.4: one road and one wall card each; solo, two of each."""
        return 2 if self.solo else 1

    def next_kind(self) -> str | None:
        """The kind the next piece is drawn as, or None once all are drawn."""
        n = len(self.pieces)
        return "road" if n < self.roads_wanted else "wall" if n < 2 * self.roads_wanted else None

    def cards_left(self) -> list[str]:
        used = {card for _, card, _ in self.pieces}
        return [c for c in self.dealt_explore if c not in used]

    def sheet(self) -> Sheet:
        """The setup pieces drawn so far on a blank sheet."""
        hit = self._memo.get("sheet")
        if hit is None:
            hit = Sheet()
            for (kind, _, _), m in zip(self.pieces, self.masks):
                hit.draw(kind, m)
            self._memo["sheet"] = hit
        return hit

    def drawn(self) -> list[tuple[str, int]]:
        """The pieces as (kind, mask), in drawing order."""
        return [(kind, m) for (kind, _, _), m in zip(self.pieces, self.masks)]

    def drawn_cells(self) -> list[Cell]:
        return [c for _, _, cells in self.pieces for c in cells]

    # -- objective cards (R5.3) ------------------------------------------------
    def toggle_keep(self, card: int) -> SetupBuilder:
        if card not in self.dealt_objectives:
            raise RuleError("R5.3", f"objective card {card} was not dealt to this seat", code="keep")
        if card in self.keep:
            return replace(self, keep=tuple(k for k in self.keep if k != card))
        if len(self.keep) >= 2:
            raise RuleError("R5.3", "keep exactly two of the four objective cards", code="keep")
        return replace(self, keep=self.keep + (card,))

    # -- pieces (R5.4) ----------------------------------------------------------
    def _piece(self, kind: str, card: str, cells) -> int:
        """R5.4 for one more piece: roads first, the first covering the exit;
        every later piece touches a setup cell drawn before it."""
        if kind not in KINDS:
            raise RuleError("format", f"unknown kind {kind!r}")
        if card not in self.dealt_explore or card in {c for _, c, _ in self.pieces}:
            raise RuleError("R5.4", f"card {card} is not one of this seat's setup cards left", code="setup_cards")
        n_roads = sum(1 for k, _, _ in self.pieces if k == "road")
        if kind == "road" and n_roads >= self.roads_wanted or kind == "wall" and n_roads < self.roads_wanted:
            raise RuleError("R5.4", "road pieces are drawn first, then wall pieces", code="setup_order")
        sheet = self.sheet()
        before = sheet.filled if self.pieces else BOARD
        try:
            m = sheet.check_placement(card, kind, cells, before)
        except RuleError as e:
            if e.rule == "R3.2":
                raise RuleError("R5.4", f"setup {kind} {card} touches no setup cell drawn before it",
                                code="setup_touch") from None
            raise
        if not self.pieces and not m & load_components().exit_bit:
            raise RuleError("R5.4", "the first road piece must cover the exit", code="setup_exit")
        return m

    def check_piece(self, kind: str, card: str, cells) -> RuleError | None:
        """Why the next piece may not be ``card`` drawn as ``kind`` on ``cells``."""
        key = (kind, card, tuple(map(tuple, cells)))
        if key not in self._memo:
            try:
                self.place(kind, card, cells)
                self._memo[key] = None
            except RuleError as e:
                self._memo[key] = e
        return self._memo[key]

    def placements(self, card: str, kind: str) -> list[Placement]:
        """Every legal position of ``card`` as the next piece."""
        sheet = self.sheet()
        if not self.pieces:
            return sheet.placements_covering(card, kind, load_components().exit)
        return sheet.legal_placements(card, kind, sheet.filled)

    def place(self, kind: str, card: str, cells) -> SetupBuilder:
        if self.next_kind() is None:
            raise RuleError("R5.4", "every setup piece is drawn", code="setup_done")
        m = self._piece(kind, card, cells)
        piece = (kind, card, tuple((int(r), int(c)) for r, c in cells))
        return replace(self, pieces=self.pieces + (piece,), masks=self.masks + (m,))

    # -- the whole setup --------------------------------------------------------
    def can_confirm(self) -> bool:
        return len(self.keep) == 2 and self.next_kind() is None

    def choice(self) -> SetupChoice:
        """The finished setup, or RuleError saying what is missing."""
        if len(self.keep) != 2:
            raise RuleError("R5.3", "keep exactly two of the four objective cards", code="keep")
        if self.next_kind() is not None:
            raise RuleError("R5.4", f"setup needs {self.roads_wanted} road and {self.roads_wanted} wall piece(s)",
                            code="setup_count")
        return SetupChoice(self.keep, tuple((c, cells) for k, c, cells in self.pieces if k == "road"),
                           tuple((c, cells) for k, c, cells in self.pieces if k == "wall"))

    def replay(self, choice: SetupChoice) -> SetupBuilder:
        """``choice`` checked as a whole (R5.3, R5.4), then piece by piece."""
        keep = list(choice.keep)
        dealt = list(self.dealt_objectives)
        if len(keep) != 2 or len(set(keep)) != 2 or any(k not in dealt for k in keep):
            raise RuleError("R5.3", f"keep must be two different cards of those dealt {dealt}", code="keep")
        want = self.roads_wanted
        if len(choice.roads) != want or len(choice.walls) != want:
            raise RuleError("R5.4", f"setup needs {want} road and {want} wall piece(s)", code="setup_count")
        used = [card for card, _ in choice.roads] + [card for card, _ in choice.walls]
        if sorted(used) != sorted(self.dealt_explore):
            raise RuleError("R5.4", f"setup cards {used} are not the cards dealt {list(self.dealt_explore)}",
                            code="setup_cards")
        b = replace(self, keep=tuple(keep))
        for kind, (card, cells) in [("road", p) for p in choice.roads] + [("wall", p) for p in choice.walls]:
            b = b.place(kind, card, cells)
        return b


def expect_setup(draft) -> SetupBuilder:
    """``draft`` as a setup; RuleError once setup is over."""
    if not isinstance(draft, SetupBuilder):
        raise RuleError("R5", "setup is over", code="setup_over")
    return draft
