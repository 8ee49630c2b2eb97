"""The joining screen's table: one seat of a hosted game, without Qt or sockets.

``RemoteTable`` has the session's face for one seat (its intents, ``view``,
``public``, ``may_act``), so the GameModel and the whole table UI sit on it
unchanged.  The host stays the authority: a gesture is checked here by the
same rules builders (a refusal is the rules' own ``RuleError``, at once),
then sent; the host's frames replace what this mirror holds whenever no
gesture of ours is still on its way.  It knows only what its seat's frames
carry: its own side and the public table.  At the end it checks the deal
the host reveals against the commitment its first frame carried
(``deal_verdict``, for the window to show).  Back at the table after a
restart, the desk holds none of the undo and redo steps the host kept for the
draft (the frame says whether there are any: ``can_undo``, ``can_redo``): such a
step is asked of the host, and its answer taken as one step of this desk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..rules import record
from ..rules.deal import Verdict, check_revealed, commitment_of
from ..rules.errors import RuleError
from ..rules.game import Event
from ..rules.observation import Observation
from ..rules.setup_builder import SetupBuilder, expect_setup
from ..rules.turn import SetupChoice, Turn
from ..rules.turn_builder import TurnBuilder, expect_turn
from ..session.desk import Desk
from ..session.intents import Confirm, Edit, Intent, Redo, Undo
from ..session.replay import finished_table
from ..session.table import NotDeciding, TableSession
from ..session.views import AtRest, Changes, Draft, PublicView, SeatView, seat_view
from ..session.watchers import Watched, told
from .codec import ProtocolError
from .contents import DraftData, OwnView, Revealed, SetupDraft, deal_json, draft_steps, turn_start
from .messages import State


def origin_of(obs: Observation, dj: DraftData) -> Draft:
    """The blank decision the host's draft began from, made from this seat's own data."""
    if isinstance(dj, SetupDraft):
        return SetupBuilder(tuple(obs.dealt_objectives), tuple(obs.dealt_explore), obs.solo)
    return TurnBuilder(turn_start(obs, dj.start))


def replay_draft(origin: Draft, dj: DraftData) -> Draft:
    """``origin`` with the host's draft ``dj`` made on it (``contents.draft_steps``, the host's
    autosave's decoder too); RuleError if the rules refuse it, ProtocolError if it is no draft."""
    d = origin
    for intent in draft_steps(dj):
        if isinstance(intent, Edit):
            d = intent.edit(origin, d)
    return d


class RemoteTable(Watched):
    def __init__(self, send: Callable[[Intent], int]):
        super().__init__()
        self._send = send  # a gesture -> the id of the intent message that carries it: the client's
        self.seat = -1
        self.frame: State | None = None  # the last state
        self._public = PublicView("none")
        self._obs: Observation | None = None
        self._desk: Desk | None = None
        self._key = ""  # which decision the desk is for
        self._pending: set[int] = set()  # ids of gestures sent, not yet answered
        self.game = None  # no Game on this side of the table
        self._final: TableSession | None = None  # the host's record replayed, once the game is over
        self._over_told = False
        self._rounds_told = 0  # the rounds of the announcements log told to this screen (``announced``)
        self.ended = False
        self._view: tuple[tuple, SeatView] | None = None  # the last view made, with what it was made of
        self.commitment: str | None = None  # the deal's, as the first frame told it
        self.deal_verdict: Verdict | None = None  # the deal's check, once the game is over
        # Undo and redo steps the host holds beyond this desk's own (a rejoin finds the host's history,
        # not ours); one of them asked for: (its id, "undo"|"redo"), until the host's answer is taken.
        self._beyond = (False, False)
        self._stepping: tuple[int, str] | None = None

    @property
    def in_flight(self) -> int:
        """Gestures sent, not yet answered: while any is, the host's drafts are not followed."""
        return len(self._pending)

    # -- frames from the host -------------------------------------------------------------
    @told
    def receive(self, state: State) -> Changes:
        """A ``state`` message; what it changed for this screen."""
        old = self.frame
        first = old is None
        old_pub, old_view = (old.public, old.view) if old is not None else (None, None)
        pub, view = state.public, state.view
        self.frame = state
        if first and self.commitment is None:  # the welcome's, or a kept seat's, comes first
            self.commitment = commitment_of(deal_json(pub.deal))
        self.seat = view.seat
        self._public = pub.value()
        self._obs = view.observation.value()
        ch = Changes(started=first, phase=first or old_pub is None or old_pub.phase != pub.phase)
        if old_pub != pub:
            ch |= Changes(public=True, thinking=True, acting=True)
        log = self._obs.announcements
        if first:
            self._rounds_told = 0  # a screen that joins (or returns) mid-game hears the whole history
        if len(log) > self._rounds_told:  # each round told once: the rounds played while away too
            told = tuple((i, tuple(log[i])) for i in range(self._rounds_told, len(log)))
            self._rounds_told = len(log)
            ch |= Changes(round_advanced=True, progressed=True, announced=told)
        return ch | self._follow_draft(view, old_view)

    @told
    def finish(self, rec: dict, deal: Revealed | None = None, ended: bool = False) -> Changes:
        """The host's ``over`` message: the whole game's record and its
        ``deal``.  Replayed here (by the rules, through the session), it
        shows every seat's final side; a record that does not replay to the
        final state the host's frames showed is not used, and only this
        seat's side stays.  The deal is checked against the commitment of
        the first frame: ``deal_verdict``."""
        if self._public.phase != "over" or self._over_told:
            return Changes()
        self._over_told = True
        self.ended = ended  # the host ended the game where the record stops: the scores so far
        verdict = check_revealed(rec, deal_json(deal), self.commitment)
        try:
            table = finished_table(rec, ended)
        except (RuleError, ValueError):
            table = None
        pub = table.public() if table is not None else None
        if pub is not None and (pub.names, pub.final, pub.winners) == \
                (self._public.names, self._public.final, self._public.winners):
            self._final = table
        elif verdict.ok:  # the deal checks out, but for another game than the one played
            verdict = Verdict(False, "bad_record")
        self.deal_verdict = verdict
        return Changes(over=True, draft=table is not None)

    def final_record(self) -> dict | None:
        """The finished game's record, as replayed here from the host's, or None."""
        return record.to_record(self._final.live) if self._final is not None else None

    def _follow_draft(self, view: OwnView, old: OwnView | None) -> Changes:
        dj = view.draft
        key = f"{self._public.phase}:{self._public.round}"
        if dj is None or not view.acting:
            was = self._desk is not None and not self._desk.confirmed
            self._desk, self._key = None, ""
            return Changes(drafts=(self.seat,), acting=True) if was or view != old else Changes()
        if key != self._key or self._desk is None:  # a new decision begins
            if self._obs is None:
                return Changes()
            origin = origin_of(self._obs, dj)
            self._key = key
            self._host_desk(origin, self._rebuilt(origin, dj), view)
            return Changes(drafts=(self.seat,), new_drafts=(self.seat,), acting=True)
        if self.in_flight == 0 and (old is None or view.draft != old.draft):
            rebuilt = self._rebuilt(self._desk.origin, dj)
            if rebuilt != self._desk.draft:  # the host's word (a rejoin, a takeover): ours is replaced
                self._host_desk(self._desk.origin, rebuilt, view)
                return Changes(drafts=(self.seat,))
        return Changes()

    def _host_desk(self, origin: Draft, draft: Draft, view: OwnView) -> None:
        """A desk on the host's draft: every undo and redo step the host holds for it is beyond this desk."""
        self._desk = Desk.begin(origin)
        self._desk.draft = draft
        self._beyond = (view.can_undo, view.can_redo)

    def _rebuilt(self, origin: Draft, dj: DraftData) -> Draft:
        try:
            return replay_draft(origin, dj)
        except (RuleError, ProtocolError, KeyError, TypeError, ValueError, IndexError):
            return origin

    @told
    def answered(self, id: int, refused: bool = False) -> Changes:
        """The host answered our gesture ``id``: it is settled.  A refusal or an
        error (the table moved on meanwhile, a rate limit) means the host did not
        take it: the host's draft is put back on this screen, and followed again."""
        if id not in self._pending:
            return Changes()
        self._pending.discard(id)
        step = self._stepping
        if step is not None and step[0] == id:
            self._stepping = None
            if not refused and self.frame is not None:
                return self._stepped(step[1], self.frame.view)
        if not refused or self.frame is None:
            return Changes()
        self._desk, self._key = None, ""
        return self._follow_draft(self.frame.view, None)

    def _stepped(self, which: str, view: OwnView) -> Changes:
        """The host made an undo or redo this desk did not hold (its frame came just before the
        answer): the host's draft is taken as one step of this desk's own history."""
        desk, dj = self._desk, view.draft
        if desk is None or dj is None or not view.acting or self.in_flight \
                or f"{self._public.phase}:{self._public.round}" != self._key:
            self._desk, self._key = None, ""  # the table moved on meanwhile: the host's word, whole
            return self._follow_draft(view, None)
        rebuilt = self._rebuilt(desk.origin, dj)
        if rebuilt == desk.draft:
            return Changes()
        (desk.redone if which == "undo" else desk.undone).append(desk.draft)
        desk.draft = rebuilt
        # This desk's own steps on that side are used up: whatever the host still holds there is beyond it.
        more = view.can_undo if which == "undo" else view.can_redo
        self._beyond = (more, self._beyond[1]) if which == "undo" else (self._beyond[0], more)
        return Changes(drafts=(self.seat,))

    def forget_pending(self) -> None:
        """The line dropped: the gestures on it will get no answer."""
        self._pending.clear()
        self._stepping = None

    # -- the session's face, for this seat ---------------------------------------------------------
    def public(self) -> PublicView:
        return self._public

    def may_act(self) -> frozenset[int]:
        return frozenset({self.seat}) if self._desk is not None and not self._desk.confirmed else frozenset()

    def humans(self) -> list[int]:
        return self._public.humans

    def thinking(self) -> list[int]:
        return list(self._public.thinking)

    def pending_state(self) -> dict:
        return {}  # the host keeps the table

    def view(self, seat: int) -> SeatView:
        if self._final is not None:  # the game is over: every sheet is compared in the open (R11.5)
            return self._final.view(seat)
        if seat != self.seat or self.frame is None or self._obs is None:
            raise PermissionError(f"seat {seat}'s side is not this screen's")
        v, desk = self.frame.view, self._desk
        draft = desk.draft if desk is not None else None
        acting = desk is not None and not desk.confirmed
        # Made again only when what it is made of changed (a draft is new with every edit): a view
        # keeps what it worked out (route plans, payments) for every reader of it, as the session's do.
        key = (v, self._obs, draft, acting, self._public)
        if self._view is not None and all(a is b for a, b in zip(key, self._view[0])):
            return self._view[1]

        def rest() -> AtRest:  # the host's word on this seat's side, no draft on it
            return AtRest(v.sheet.value(), v.hand, v.penalties, v.score.value() if v.score is not None else None)

        view = seat_view(seat, v.name, self._obs, draft, acting, self._public, rest)
        self._view = (key, view)
        return view

    def hint_observation(self, seat: int) -> Observation | None:
        return self._obs if seat in self.may_act() else None

    def legal(self, seat: int, decision) -> bool:
        desk = self._desk
        if desk is None or seat != self.seat:
            return False
        try:
            if isinstance(decision, SetupChoice):
                expect_setup(desk.origin).replay(decision)
            elif isinstance(decision, Turn):
                expect_turn(desk.origin).replay(decision)
            else:
                return False
        except RuleError:
            return False
        return True

    # -- intents: checked by the rules here, then sent --------------------------------------------
    def _open(self, seat: int) -> Desk:
        if seat != self.seat or self._desk is None or self._desk.confirmed:
            raise NotDeciding(f"seat {seat} may not act on this screen now")
        if self._stepping is not None:  # the draft is the host's to say until it answers
            raise NotDeciding(f"seat {seat} waits for the host's {self._stepping[1]}")
        return self._desk

    @told
    def act(self, seat: int, intent: Intent) -> Changes:
        """A gesture, as the session takes it: made here by the rules' builders (a RuleError at once), then sent."""
        if isinstance(intent, (Undo, Redo)):
            return self._step(seat, intent)
        if isinstance(intent, Confirm):
            return self._confirm(seat)
        if not isinstance(intent, Edit):
            raise TypeError(f"{intent!r} is no gesture of a seat")
        desk = self._open(seat)
        origin = desk.origin
        if not desk.edit(lambda d: intent.edit(origin, d)):
            return Changes()
        self._beyond = (self._beyond[0], False)  # an edit drops the host's redo steps as it drops ours
        self._pending.add(self._send(intent))
        return Changes(drafts=(seat,))

    def _step(self, seat: int, step: Undo | Redo) -> Changes:
        """Undo or redo: on this desk if it holds the step, else (a step the host kept
        through a rejoin) asked of the host, whose answer brings the draft (``_stepped``)."""
        desk = self._open(seat)
        if desk.undo() if isinstance(step, Undo) else desk.redo():
            self._pending.add(self._send(step))
            return Changes(drafts=(seat,))
        if self._beyond[isinstance(step, Redo)]:
            self._stepping = (self._send(step), step.name)
            self._pending.add(self._stepping[0])
        return Changes()

    def can_undo(self, seat: int) -> bool:
        """Whether ``undo`` would change ``seat``'s draft, here or at the host (the session's face)."""
        desk = self._steppable(seat)
        return desk is not None and (bool(desk.undone) or self._beyond[0])

    def can_redo(self, seat: int) -> bool:
        desk = self._steppable(seat)
        return desk is not None and (bool(desk.redone) or self._beyond[1])

    def _steppable(self, seat: int) -> Desk | None:
        desk = self._desk
        ok = seat == self.seat and desk is not None and not desk.confirmed and self._stepping is None
        return desk if ok else None

    def _confirm(self, seat: int) -> Changes:
        desk = self._open(seat)
        d = desk.draft
        d.choice() if isinstance(d, SetupBuilder) else d.turn()  # RuleError if it is not finished
        desk.confirm()
        self._pending.add(self._send(Confirm()))
        return Changes(confirmed=(seat,), drafts=(seat,), acting=True, progressed=True)

    def announcements(self) -> tuple[tuple[Event, ...], ...]:
        return self._obs.announcements if self._obs is not None else ()


if TYPE_CHECKING:  # mypy holds this mirror to the session's face
    from ..session.faces import Table

    _face: type[Table] = RemoteTable
