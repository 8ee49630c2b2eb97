"""One seat's choices while it is still deciding (not yet confirmed).

A draft is an immutable value: every gesture makes a new one, and the undo
stack stores (old, new) pairs, so undo can never leave half a change behind.
Nothing here touches the ``Game``; the model turns a finished draft into a
``Turn`` or ``SetupChoice`` and lets the rules judge it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules.bitboard import Cell


@dataclass(frozen=True)
class TurnDraft:
    action: str | None = None  # "A" | "B" | "C" | "none"; None = not drawn yet
    cells: tuple[Cell, ...] = ()
    special: str | None = None  # "extra" | "warp" once an objective card is paid
    discard: int | None = None
    extra: tuple[str, Cell] | None = None  # the +1 cell, once drawn
    path: tuple[Cell, ...] = ()
    escape: bool = False

    def with_(self, **kw) -> "TurnDraft":
        return replace(self, **kw)


@dataclass(frozen=True)
class SetupDraft:
    keep: tuple[int, ...] = ()
    # (kind, card, cells) in drawing order: roads first, then walls (R5.4)
    pieces: tuple[tuple[str, str, tuple[Cell, ...]], ...] = ()

    def with_(self, **kw) -> "SetupDraft":
        return replace(self, **kw)
