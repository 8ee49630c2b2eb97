"""The model's signals from two views of the table: what changed since the
last emit.  Private signals carry only the viewing seat's side (R12.1)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance

from ..rules.bitboard import bits, cell_of
from ..session.views import PublicView, SeatView


class Signals(Protocol):
    """The signals these functions emit, and no other: ``game_model.GameModel``'s
    (that module imports this one, not the other way round)."""

    @property
    def cell_changed(self) -> SignalInstance: ...

    @property
    def pawn_moved(self) -> SignalInstance: ...

    @property
    def destinations_changed(self) -> SignalInstance: ...

    @property
    def penalties_changed(self) -> SignalInstance: ...

    @property
    def hand_changed(self) -> SignalInstance: ...

    @property
    def line_changed(self) -> SignalInstance: ...

    @property
    def discard_changed(self) -> SignalInstance: ...

    @property
    def stage_changed(self) -> SignalInstance: ...

    @property
    def gems_changed(self) -> SignalInstance: ...


def emit_private(m: Signals, old: SeatView | None, v: SeatView) -> None:
    """``v``'s changes since ``old`` (the same seat's, or None: everything)."""
    seat, sheet = v.seat, v.sheet
    before = old.sheet if old is not None else None
    for b in bits(sheet.changed_since(before)):
        r, c = cell_of(b)
        m.cell_changed.emit(seat, r, c, sheet.state(r, c))
    if before is None or sheet.pawn != before.pawn:
        m.pawn_moved.emit(seat, list(v.path) or [sheet.pawn_cell])
    if old is None or (old.active, old.resolved, old.walled) != (v.active, v.resolved, v.walled):
        m.destinations_changed.emit(seat, list(v.active), list(v.resolved), list(v.walled))
    if old is None or old.penalties != v.penalties:
        m.penalties_changed.emit(seat, v.penalties)
    if old is None or old.hand != v.hand:
        m.hand_changed.emit(seat, list(v.hand))


def emit_public(m: Signals, old: PublicView | None, p: PublicView) -> None:
    """``p``'s changes since ``old`` (None: everything)."""
    if old is None or (old.line, old.deck_size) != (p.line, p.deck_size):
        m.line_changed.emit(list(p.line), p.deck_size)
    if old is None or old.discard != p.discard:
        m.discard_changed.emit(list(p.discard))
    if old is None or (old.stage, old.round) != (p.stage, p.round):
        m.stage_changed.emit(p.stage, p.round)
    for i, s in enumerate(p.seats):
        if old is None or len(old.seats) != len(p.seats) or old.seats[i].gems != s.gems:
            m.gems_changed.emit(i, s.gems)
