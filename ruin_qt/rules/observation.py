"""What one seat may know (R12): its private part plus the public part.

Computer seats and the hand-off screen read this, never the ``Game``: it
holds no deck order, no other seat's sheet, hand or special action.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import load_components
from .game import Event, Game
from .sheet import Sheet


@dataclass(frozen=True)
class Observation:
    seat: int
    n_seats: int
    phase: str
    stage: int
    round: int
    # private (R12.1)
    sheet: Sheet
    hand: tuple[int, ...]
    penalties: int
    dealt_explore: tuple[str, ...]
    dealt_objectives: tuple[int, ...]
    # public (R12.2)
    line: tuple[str, ...]
    deck_size: int
    discard: tuple[str, ...]
    revealed: tuple[str, ...]
    resolved: frozenset[str]
    gems: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    escaped_rounds: tuple[int | None, ...]
    objective_deck_size: int
    objective_discard_size: int
    announcements: tuple[tuple[Event, ...], ...]
    # private: its own stage-1 square bonus once scored (R10.2, its sheet's left box)
    square1: int | None = None

    @property
    def solo(self) -> bool:
        return self.n_seats == 1

    @property
    def active_card(self) -> str | None:
        return self.line[0] if self.line else None

    @property
    def active_destinations(self) -> tuple[str, ...]:
        return tuple(L for L in self.revealed if L not in self.resolved)

    @property
    def escaped(self) -> bool:
        return self.escaped_rounds[self.seat] is not None

    def unseen_explore(self) -> list[str]:
        """Explore cards this seat has not seen placed: the deck's contents
        (its order unknown), plus other seats' setup cards during setup."""
        seen = set(self.line) | set(self.discard) | set(self.dealt_explore if self.phase == "setup" else ())
        return sorted(c for c in load_components().explore if c not in seen)


def public_table(game: Game) -> dict:
    """What every seat sees of the table (R12.2), as an ``Observation`` and
    a replay's ``record.Snapshot`` both hold it."""
    return dict(
        line=tuple(game.line),
        deck_size=len(game.deck),
        discard=tuple(game.discard),
        revealed=tuple(game.revealed),
        resolved=frozenset(game.resolved),
        gems=tuple(t.gems for t in game.seats),
        escaped_rounds=tuple(t.escaped_round for t in game.seats),
    )


def observe(game: Game, seat: int) -> Observation:
    s = game.seats[seat]
    return Observation(
        seat=seat,
        n_seats=game.n,
        phase=game.phase,
        stage=game.stage,
        round=game.round,
        sheet=s.sheet.copy(),
        hand=tuple(s.hand),
        penalties=s.penalties,
        dealt_explore=tuple(s.dealt_explore),
        dealt_objectives=tuple(s.dealt_objectives),
        hand_sizes=tuple(len(t.hand) for t in game.seats),
        **public_table(game),
        objective_deck_size=len(game.obj_deck),
        objective_discard_size=len(game.obj_discard),
        announcements=tuple(game.log),
        square1=s.square1,
    )
