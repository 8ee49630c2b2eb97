"""What the table shows: one seat's view, the public view, and change records.

Every value here is immutable.  A ``SeatView`` holds one seat's private side
(R12.1) and is only ever shown to that seat; a ``PublicView`` holds nothing
private.  ``Changes`` says which of them an intent changed, so
the Qt model emits only what it must (like Anki's ``OpChanges``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cached_property

from ..rules.bitboard import Cell, cells_of
from ..rules.components import load_components
from ..rules.destinations import traced_destinations
from ..rules.game import Event
from ..rules.observation import Observation
from ..rules.routes import Payment, RoutePlan, payments, route_plan
from ..rules.scoring import Score, TieBreak, route_status, tie_break
from ..rules.seat_kind import is_computer
from ..rules.setup_builder import SetupBuilder
from ..rules.sheet import Sheet
from ..rules.turn_builder import TurnBuilder

Draft = TurnBuilder | SetupBuilder


@dataclass(frozen=True)
class LobbySeat:
    """One seat of a table across screens as every screen is told it: no secret in it."""

    name: str
    kind: str  # "remote", "local" or "ai:<level>"
    presence: str  # "open", "here", "away", "computer_playing", "computer", "local"


@dataclass(frozen=True)
class SeatInfo:
    """A seat's public side (R12.2)."""

    name: str
    kind: str  # "human" or "ai:<level>"
    gems: int
    hand_size: int
    escaped: bool

    @property
    def computer(self) -> bool:
        return is_computer(self.kind)


@dataclass(frozen=True)
class PublicView:
    """Everything every player at the table may see (R12.2)."""

    phase: str  # "none" | "setup" | "play" | "over"
    stage: int = 1
    round: int = 0  # rounds played
    seats: tuple[SeatInfo, ...] = ()
    line: tuple[str, ...] = ()  # index 0: the active card (R4.1)
    deck_size: int = 0
    discard: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    resolved: frozenset[str] = frozenset()
    acting: frozenset[int] = frozenset()  # the seats that may act now
    # Filled by the screen policy (``SharedScreen.public``): the seat whose
    # decision this screen takes, the seat shown, and the cover.
    actor: int | None = None
    viewer: int = -1  # -1 for nobody
    awaiting_handoff: bool = False
    thinking: tuple[int, ...] = ()  # computer seats deciding now
    final: tuple[Score, ...] | None = None
    winners: tuple[int, ...] = ()
    seed: int | None = None

    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.computer]

    @property
    def multi_human(self) -> bool:
        """Pass-and-play: a cover goes up between human seats."""
        return len(self.humans) >= 2

    @property
    def active_card(self) -> str | None:
        return self.line[0] if self.line else None

    @property
    def round_shown(self) -> int:
        """The round being played (or the last one, once the game is over)."""
        return self.round if self.phase == "over" else self.round + 1

    def unseen_cards(self) -> list[str]:
        """Explore cards in no one's sight: neither in the line nor
        discarded (the deck, and during setup every seat's setup cards)."""
        seen = set(self.line) | set(self.discard)
        return sorted(c for c in load_components().explore if c not in seen)

    @cached_property
    def decision(self) -> TieBreak | None:
        """How the final scores decide the winners (R11.5: the highest total,
        then the most road cells), once the game is over; None before."""
        return tie_break(self.final) if self.final else None


@dataclass(frozen=True)
class SeatView:
    """One seat's side of the table: its observation (its private part plus
    the public part, R12) and its own decision so far.  It carries nothing
    of any other seat's private side, so it may be served to its seat alone."""

    seat: int
    name: str
    obs: Observation
    draft: Draft | None  # its setup or step 1 so far: live, or confirmed and waiting
    acting: bool  # the seat may act now: its draft takes gestures
    sheet: Sheet  # the sheet as it would be with the draft
    hand: tuple[int, ...]  # objective cards (during setup: the four dealt)
    penalties: int
    score: Score | None  # "if the game ended now" with the draft, final once over; None in setup
    routes: tuple[tuple[int, str, str, bool], ...]  # per card in hand: letters, route complete now
    active: tuple[str, ...]  # destinations traced on this sheet, not collected, not walled here
    resolved: tuple[str, ...]  # traced and collected
    # Not collected, but under a wall on this sheet: no longer a destination here (R3.5, R8.2;
    # ``rules.destinations``), though still one on the other sheets.
    walled: tuple[str, ...] = ()

    @property
    def step(self) -> str:
        """What this seat does next: "setup", "draw", "extra", "move", or
        "wait" (not deciding now)."""
        if not self.acting or self.draft is None:
            return "wait"
        if isinstance(self.draft, SetupBuilder):
            return "setup"
        return self.draft.step

    @cached_property
    def plans(self) -> tuple[RoutePlan, ...]:
        """Each objective card in hand (during setup: the dealt ones) and how
        its route stands on this sheet (R11.4): its best path, the cells
        still to draw, or why it can never be completed."""
        return tuple(route_plan(self.sheet, card) for card in self.hand)

    def plan(self, card: int) -> RoutePlan | None:
        """The route plan of ``card`` if this seat holds it, else None."""
        return next((p for p in self.plans if p.card == card), None)

    @cached_property
    def payments(self) -> tuple[Payment, ...]:
        """The cards in hand as payments for a special action (R4.3), the
        cheapest first, each with the VP giving it up costs now."""
        return payments(self.plans)

    @cached_property
    def road_cells(self) -> frozenset[Cell]:
        """The road and gate cells on this seat's sheet (its draft included)."""
        return frozenset(cells_of(self.sheet.roads))

    @property
    def turn(self) -> TurnBuilder | None:
        return self.draft if isinstance(self.draft, TurnBuilder) else None

    @property
    def setup(self) -> SetupBuilder | None:
        return self.draft if isinstance(self.draft, SetupBuilder) else None

    @property
    def drawn_cells(self) -> frozenset[Cell]:
        """Cells drawn in the decision being made, still undoable."""
        if self.draft is None or not self.acting:
            return frozenset()
        return frozenset(self.draft.drawn_cells())

    @property
    def path(self) -> tuple[Cell, ...]:
        """This turn's walk (the pawn's start not included)."""
        return self.turn.path if self.turn is not None else ()

    @property
    def start_cell(self) -> Cell:
        """Where the pawn stood when this turn began."""
        return self.turn.start_cell if self.turn is not None else self.obs.sheet.pawn_cell


@dataclass(frozen=True)
class AtRest:
    """A seat's side when no draft of its own is drawn on it (no decision open)."""

    sheet: Sheet
    hand: tuple[int, ...]
    penalties: int
    score: Score | None


def seat_view(seat: int, name: str, obs: Observation, draft: Draft | None, acting: bool, public: PublicView,
              rest: Callable[[], AtRest]) -> SeatView:
    """One seat's view: its sheet and hand with its draft on them (or ``rest()``), the
    destinations traced on that sheet, its routes.  The one maker of a SeatView, for
    the host's session and for a joining screen's mirror of its seat alike."""
    if isinstance(draft, SetupBuilder):
        sheet, hand, penalties, score = draft.sheet(), tuple(obs.dealt_objectives), 0, None
    elif isinstance(draft, TurnBuilder):
        sheet, hand, penalties, score = draft.preview_sheet(), draft.hand, draft.penalties, draft.score()
    else:
        at = rest()
        sheet, hand, penalties, score = at.sheet, at.hand, at.penalties, at.score
    active, resolved, walled = traced_destinations(sheet, public.revealed, public.resolved)
    routes = tuple(route_status(sheet, hand)) if public.phase != "setup" else ()
    return SeatView(seat, name, obs, draft, acting, sheet, hand, penalties, score, routes, active, resolved, walled)


@dataclass(frozen=True)
class Changes:
    """What an intent changed; merged with ``|``.  The first block is the
    session's (any seat); the last is filled by a screen policy
    (``SharedScreen``) for the seat that screen shows."""

    started: bool = False  # a game was started or loaded
    drafts: tuple[int, ...] = ()  # seats whose draft changed
    new_drafts: tuple[int, ...] = ()  # seats that began a new decision (their undo history starts afresh)
    confirmed: tuple[int, ...] = ()  # seats whose decision was confirmed
    acting: bool = False  # the set of seats that may act changed
    public: bool = False  # line, deck, discard, stage, gems, hands' sizes, escapes
    phase: bool = False
    round_advanced: bool = False  # a round was played (or setup ended)
    announced: tuple[tuple[int, tuple[Event, ...]], ...] = ()  # (round, events); 0 = setup
    thinking: bool = False  # the computer seats deciding changed (which ones: the table's ``thinking()``)
    progressed: bool = False  # a decision was confirmed or a round played: worth an autosave
    over: bool = False  # the game just ended
    # -- the screen's: who is looking at it ---------------------------------------
    viewer: bool = False  # another seat (or nobody) is viewing
    draft: bool = False  # the viewing seat's draft changed
    new_draft: bool = False  # the seat on the screen began a new decision
    handoff: int | None = None  # the device must be passed to this seat

    def __or__(self, other: Changes) -> Changes:
        merged: dict = {}
        for f in fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            if isinstance(a, bool):
                merged[f.name] = a or b
            elif isinstance(a, tuple):
                merged[f.name] = a + b
            else:
                merged[f.name] = b if b is not None else a
        return Changes(**merged)

    def __bool__(self) -> bool:
        return self != Changes()
