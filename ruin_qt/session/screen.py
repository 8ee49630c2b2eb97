"""Who looks at a screen: the two screen policies (``faces.Screen``).

The session lets every human seat act at once; one screen can show only one
seat's private side (R12.1).  ``SharedScreen`` is the pass-and-play policy:
it takes the seats that may act in seat order, puts a cover up between
human seats until the named player accepts the device, and once the game is
over shows the sheet the table compares.  ``SeatScreen`` is a table where
every player has their own screen: it belongs to one seat for the whole
game, so there is no hand-off cover and no other seat's side is shown
before the game ends -- on the host's ``TableSession`` for a player at the
host's screen, or on a joining screen's ``RemoteTable``.  Both only read
their table and follow its ``Changes``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .table import NotDeciding, TableSession
from .views import Changes, Draft, PublicView, SeatView


class SharedScreen:
    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.actor: int | None = None  # the seat whose decision this screen takes
        self.viewer = -1  # the seat whose private side is shown, -1 for nobody
        self.awaiting_handoff = False
        # Views ask often: one value per (session value, screen state).
        self._public: tuple[PublicView, tuple, PublicView] | None = None

    def reset(self) -> None:
        self.actor, self.viewer, self.awaiting_handoff = None, -1, False

    # -- following the session ------------------------------------------------
    def follow(self, ch: Changes) -> Changes:
        """``ch`` (the session's) with what it means for this screen."""
        s = self.session
        if ch.started:
            self.reset()
            ch |= Changes(viewer=True)
        if s.game is None:
            return ch
        if s.game.over:
            was = self.actor
            self.actor, self.awaiting_handoff = None, False
            ch |= Changes(new_draft=was is not None)
            return ch | (self._show_final_sheet() if ch.over or ch.started else Changes())
        acting = s.may_act()
        mine = Changes(draft=self.actor in ch.drafts)
        if self.actor is not None and self.actor in acting and self.actor not in ch.confirmed:
            return ch | mine | Changes(new_draft=self.actor in ch.new_drafts)
        if acting:
            seat = self.actor = min(acting)
            if s.multi_human:
                self.awaiting_handoff = True
                return ch | self._set_viewer(-1) | Changes(handoff=seat, new_draft=True, draft=True)
            return ch | self._set_viewer(seat) | Changes(new_draft=True, draft=True)
        # Nobody decides on this screen: one human keeps it while the
        # computers think; at a pass-and-play table nobody's sheet stays up.
        was = self.actor
        self.actor, self.awaiting_handoff = None, False
        humans = s.humans()
        # A game just loaded shows nobody's side until its decisions begin.
        shown = humans[0] if len(humans) == 1 and not ch.started else -1
        ch |= self._set_viewer(shown) | Changes(draft=True)
        return ch | Changes(new_draft=was is not None or ch.started)

    def _set_viewer(self, seat: int) -> Changes:
        if seat == self.viewer:
            return Changes()
        self.viewer = seat
        return Changes(viewer=True)

    def _show_final_sheet(self) -> Changes:
        """R12's secrecy ends with the game: the table sees a winning human's
        sheet (else the first human's, else a winner's), not a blank one."""
        g = self.session.live
        humans = self.session.humans()
        winning = [s for s in g.winners() if s in humans]
        return self._set_viewer((winning or humans or g.winners())[0]) | Changes(draft=True)

    # -- the screen's own gestures --------------------------------------------------
    def accept_handoff(self) -> Changes:
        """The named player has the device: its private side is shown."""
        if not self.awaiting_handoff or self.actor is None:
            return Changes()
        self.awaiting_handoff = False
        return self._set_viewer(self.actor) | Changes(draft=True)

    def view_final_sheet(self, seat: int) -> Changes:
        """Once the game is over every sheet is compared in the open (R11.5)."""
        g = self.session.game
        if g is None or not g.over or not 0 <= seat < g.n:
            return Changes()
        return self._set_viewer(seat) | Changes(draft=True)

    # -- what this screen may show ----------------------------------------------------
    @property
    def deciding_here(self) -> bool:
        """A seat is deciding and its own side is on the screen."""
        return self.actor is not None and not self.awaiting_handoff and self.viewer == self.actor

    def seat_here(self) -> int:
        """The seat whose gestures this screen takes now (NotDeciding if none)."""
        if not self.deciding_here or self.actor is None:
            raise NotDeciding("nobody is deciding on this screen")
        return self.actor

    def draft(self) -> Draft:
        return self.session.draft(self.seat_here())

    def view(self) -> SeatView | None:
        """The viewing seat's own side, or None while nobody's may be shown."""
        return self.session.view(self.viewer) if self.viewer >= 0 else None

    def view_of(self, seat: int) -> SeatView:
        """``seat``'s side, if this screen may show it: while it is the one
        viewing, or once the game is over (R12.1, R11.5)."""
        g = self.session.game
        if g is None or (seat != self.viewer and not g.over):
            raise PermissionError(f"seat {seat}'s private side is not visible on this screen now (R12.1)")
        return self.session.view(seat)

    def public(self) -> PublicView:
        base = self.session.public()
        key = (self.actor, self.viewer, self.awaiting_handoff)
        if self._public is None or self._public[0] is not base or self._public[1] != key:
            self._public = (base, key, replace(base, actor=self.actor, viewer=self.viewer,
                                               awaiting_handoff=self.awaiting_handoff))
        return self._public[2]


class SeatScreen:
    awaiting_handoff = False  # never: nobody else looks at this screen

    def __init__(self, session: Table, seat: int) -> None:
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


if TYPE_CHECKING:  # mypy holds both policies and the local table to their faces
    from .faces import Screen, Table

    _shared: type[Screen] = SharedScreen
    _own: type[Screen] = SeatScreen
    _table: type[Table] = TableSession
