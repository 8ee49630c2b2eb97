"""One seat's own screen: the policy of a table where every player has theirs.

``SharedScreen`` (session/screen.py) passes one device between seats; here
the screen belongs to one seat for the whole game, so there is no hand-off
cover and no other seat's side is ever shown before the game ends (R12.1).
It reads any session with the table's face: the host's ``TableSession`` for
a player at the host's screen, or a joining screen's ``RemoteTable``.
"""

from __future__ import annotations

from dataclasses import replace

from ..session.table import NotDeciding
from ..session.views import Changes, PublicView, SeatView


class SeatScreen:
    awaiting_handoff = False  # never: nobody else looks at this screen

    def __init__(self, session, seat: int) -> None:
        self.session, self.seat = session, seat
        self.actor: int | None = None
        self.viewer = seat
        self._public: tuple[PublicView, tuple, PublicView] | None = None

    def reset(self) -> None:
        self.actor, self.viewer = None, self.seat

    def follow(self, ch: Changes) -> Changes:
        """``ch`` (any seat's) with what it means for this screen."""
        if ch.started:
            self.reset()
            ch |= Changes(viewer=True, draft=True, new_draft=True)
        was = self.actor
        self.actor = self.seat if self.seat in self.session.may_act() else None
        if self.actor != was:
            ch |= Changes(new_draft=self.actor is not None, draft=True)
        if self.seat in ch.new_drafts:
            ch |= Changes(new_draft=True, draft=True)
        if self.seat in ch.drafts or ch.public:
            ch |= Changes(draft=True)
        if ch.over and self.viewer != self.seat:
            self.viewer = self.seat
            ch |= Changes(viewer=True)
        return ch

    @property
    def deciding_here(self) -> bool:
        return self.actor is not None

    def seat_here(self) -> int:
        if self.actor is None:
            raise NotDeciding("this screen's seat is not deciding now")
        return self.actor

    def view(self) -> SeatView | None:
        try:
            return self.session.view(self.viewer) if self.session.public().phase != "none" else None
        except PermissionError:
            return None

    def view_of(self, seat: int) -> SeatView:
        if seat != self.seat and self.session.public().phase != "over":
            raise PermissionError(f"seat {seat}'s side is not shown on this screen (R12.1)")
        return self.session.view(seat)

    def accept_handoff(self) -> Changes:
        return Changes()

    def view_final_sheet(self, seat: int) -> Changes:
        """Once the game is over, any seat's sheet this screen has (the host's record replayed)."""
        if seat == self.viewer or self.session.public().phase != "over":
            return Changes()
        try:
            self.session.view(seat)
        except PermissionError:
            return Changes()
        self.viewer = seat
        return Changes(viewer=True, draft=True)

    def public(self) -> PublicView:
        base = self.session.public()
        key = (self.actor, self.viewer)
        if self._public is None or self._public[0] is not base or self._public[1] != key:
            self._public = (base, key, replace(base, actor=self.actor, viewer=self.viewer, awaiting_handoff=False))
        return self._public[2]
