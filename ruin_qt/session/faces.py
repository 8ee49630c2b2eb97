"""The session's face: what a model and a screen policy ask of a table.

Two tables have it: the local ``TableSession`` (the game is here) and a
joining screen's ``net.RemoteTable`` (one seat's mirror of a host's game).
``Table`` is what both answer, so the model and every screen policy sit on
either unchanged; ``Screen`` is what both screen policies answer
(``SharedScreen``, one device passed between seats, and ``SeatScreen``,
one seat's own device).  mypy holds each class to its face.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..rules.observation import Observation
from ..rules.turn import SetupChoice, Turn
from .intents import Intent
from .views import Changes, PublicView, SeatView


class Table(Protocol):
    """A table as one screen's model sees it."""

    def watch(self, watcher: Callable[[Changes], None]) -> None:
        """``watcher(changes)`` after every change of the table, whoever made it (``watchers``)."""
        ...

    def unwatch(self, watcher: Callable[[Changes], None]) -> None: ...

    def act(self, seat: int, intent: Intent) -> Changes:
        """``seat``'s gesture: RuleError if refused, NotDeciding if it may not act now."""
        ...

    def public(self) -> PublicView: ...

    def view(self, seat: int) -> SeatView:
        """``seat``'s own side (PermissionError if this table may not show it)."""
        ...

    def may_act(self) -> frozenset[int]: ...

    def humans(self) -> list[int]: ...

    def thinking(self) -> list[int]: ...

    def pending_state(self) -> dict: ...

    def hint_observation(self, seat: int) -> Observation | None: ...

    def legal(self, seat: int, decision: Turn | SetupChoice) -> bool: ...

    def can_undo(self, seat: int) -> bool: ...

    def can_redo(self, seat: int) -> bool: ...

    @property
    def in_flight(self) -> int:
        """Gestures sent to a host and not yet answered (a local table: none)."""
        ...


class Screen(Protocol):
    """Who looks at one screen, and which seat's gestures it takes."""

    @property
    def actor(self) -> int | None:
        """The seat whose decision this screen takes, if any."""
        ...

    @property
    def viewer(self) -> int:
        """The seat whose private side is shown, -1 for nobody."""
        ...

    @property
    def awaiting_handoff(self) -> bool: ...

    @property
    def deciding_here(self) -> bool: ...

    def follow(self, ch: Changes) -> Changes:
        """``ch`` (the table's) with what it means for this screen."""
        ...

    def seat_here(self) -> int:
        """The seat whose gestures this screen takes now (NotDeciding if none)."""
        ...

    def view(self) -> SeatView | None: ...

    def view_of(self, seat: int) -> SeatView: ...

    def public(self) -> PublicView: ...

    def accept_handoff(self) -> Changes: ...

    def view_final_sheet(self, seat: int) -> Changes: ...
