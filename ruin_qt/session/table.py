"""The table: one game, the seats' decisions, the rounds -- without Qt.

A ``TableSession`` owns the rules ``Game`` and everything around it that is
not a rule: which seats may act now (every human seat still to decide in
this setup or round, all at once), each seat's draft and its undo history
(a ``Desk``), the decisions confirmed while the round waits for the others,
and the computer seats being asked.  Every gesture of a human seat is one
value (``intents``) handed to ``act(seat, intent)``: checked by the rules'
builders, it returns ``Changes``.  The contract: a refused intent raises ``RuleError``
(its ``rule`` is the rule's id, R1..R12) and changes nothing; an intent of
a seat that may not act now raises ``NotDeciding``.  Who looks at which
screen is not the session's: ``screen.SharedScreen`` is the pass-and-play
policy on top.  Private data leaves only through ``view(seat)``, which
carries that seat's side alone.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..rules import record
from ..rules.errors import RuleError
from ..rules.game import Game
from ..rules.observation import Observation, observe
from ..rules.seat_kind import is_computer
from ..rules.setup_builder import SetupBuilder
from ..rules.turn import SetupChoice, Turn
from .desk import Desk
from .views import AtRest, Changes, Draft, PublicView, SeatInfo, SeatView, seat_view
from .watchers import Watched, told

if TYPE_CHECKING:
    from .intents import Intent


class NotDeciding(Exception):
    """A gesture of a seat that may not act now (it has confirmed, it is a
    computer seat, or no decision is open): there is nothing to change."""


class TableSession(Watched):
    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self._desks: dict[int, Desk] = {}  # this setup's or round's human decisions: open or confirmed
        self._waiting: set[int] = set()  # computer seats whose decisions are awaited
        self._pending: dict[int, Turn] = {}  # confirmed turns waiting for the round
        self._views: dict[int, SeatView] = {}
        self._public: PublicView | None = None
        self.ended_early = False  # the host ended the game before its end (``end_now``)

    # -- starting ------------------------------------------------------------
    @told
    def new_game(self, seats: list[tuple[str, str]], seed: int, deal_key: str | None = None) -> Changes:
        """``deal_key``: deal from a secret deal's key (a table across laptops), not from ``seed``."""
        self._reset(Game(seats, seed, deal_key=deal_key))
        return Changes(started=True, phase=True, public=True, progressed=True) | self.begin()

    @told
    def resume(self, game: Game, pending: dict | None = None) -> Changes:
        """Take over a loaded game.  ``pending`` (see ``pending_state``) holds
        the decisions confirmed in the interrupted setup or round; each is
        checked by the rules again and dropped if refused.  The decisions
        still to take start with ``begin()``."""
        self._reset(game)
        pending = pending if isinstance(pending, dict) else {}
        humans = set(self.humans())
        if game.phase == "setup":
            setups = pending.get("setup")
            for key, js in sorted(setups.items() if isinstance(setups, dict) else []):
                try:
                    seat = int(key)
                    if 0 <= seat < game.n and game.setup_choices[seat] is None:
                        choice = record.parse_setup(js)
                        draft = game.setup_builder(seat).replay(choice)
                        game.submit_setup(seat, choice)
                        if seat in humans:
                            self._desks[seat] = Desk(draft, draft, confirmed=True)
                except (RuleError, ValueError, TypeError):
                    continue
            if game.phase == "play":
                self._desks = {}
        elif game.phase == "play" and pending.get("round") == game.round + 1:
            turns = pending.get("turns")
            for key, js in (turns.items() if isinstance(turns, dict) else []):
                try:
                    seat = int(key)
                    turn = record.parse_turn(js)
                    if 0 <= seat < game.n and turn is not None:
                        built = game.turn_builder(seat).replay(turn)
                        self._pending[seat] = turn
                        if seat in humans:
                            self._desks[seat] = Desk(built, built, confirmed=True)
                except (RuleError, ValueError, TypeError):
                    continue
        ch = Changes(started=True, phase=True, public=True, drafts=tuple(self._desks))
        if game.log:  # resumed: the whole history, not only the last round
            ch |= Changes(announced=tuple((i, tuple(events)) for i, events in enumerate(game.log)))
        if game.over:
            ch |= Changes(over=True)
        return ch

    @property
    def live(self) -> Game:
        """The game, for a method only reached while one is on the table."""
        if self.game is None:
            raise RuntimeError("no game on the table")
        return self.game

    def _reset(self, game: Game) -> None:
        self.game, self.ended_early = game, False
        self._desks, self._waiting, self._pending = {}, set(), {}
        self._changed()

    def pending_state(self) -> dict:
        """Decisions confirmed but not yet applied: the record keeps whole
        rounds only, so an autosave keeps these beside it."""
        g = self.game
        if g is None:
            return {}
        if g.phase == "setup":
            return {"phase": "setup", "setup": {str(i): record.setup_to_json(c)
                                                for i, c in enumerate(g.setup_choices) if c is not None}}
        if g.phase == "play":
            return {"phase": "play", "round": g.round + 1,
                    "turns": {str(i): record.turn_to_json(t) for i, t in sorted(self._pending.items())}}
        return {}

    # -- who decides ------------------------------------------------------------
    @property
    def in_flight(self) -> int:
        """Gestures on their way to a host: none, the game is here (``faces.Table``)."""
        return 0

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.game.seats) if not is_computer(s.kind)] if self.game else []

    @property
    def multi_human(self) -> bool:
        return len(self.humans()) >= 2

    def thinking(self) -> list[int]:
        return sorted(self._waiting)

    def may_act(self) -> frozenset[int]:
        """The human seats whose decision is open now: each may make gestures
        and confirm, in any order, independently of the others."""
        return frozenset(seat for seat, desk in self._desks.items() if not desk.confirmed)

    @told
    def begin(self) -> Changes:
        """Open this setup's or round's decisions: every human seat still to
        decide gets a fresh draft, every computer seat is waited on (``thinking``:
        whoever hosts the table has them decided, ``computer.Driver``)."""
        g = self.game
        if g is None or g.over or self.may_act() or self._waiting:
            return Changes()
        if g.phase == "setup":
            playing = [i for i in range(g.n) if g.setup_choices[i] is None]
        else:
            playing = [i for i in g.playing_seats() if i not in self._pending]
        humans = set(self.humans())
        opened = [i for i in playing if i in humans]
        for seat in opened:
            draft: Draft = g.setup_builder(seat) if g.phase == "setup" else g.turn_builder(seat)
            self._desks[seat] = Desk.begin(draft)
        self._waiting = {i for i in playing if i not in humans}
        self._changed()
        return Changes(thinking=bool(self._waiting),
                       drafts=tuple(opened), new_drafts=tuple(opened), acting=bool(opened)) | self._resolve()

    # -- a human seat's intents ---------------------------------------------------
    def _desk(self, seat: int) -> Desk:
        desk = self._desks.get(seat)
        if desk is None or desk.confirmed:
            raise NotDeciding(f"seat {seat} may not act now")
        return desk

    def draft(self, seat: int) -> Draft:
        """``seat``'s open draft (NotDeciding if it may not act)."""
        return self._desk(seat).draft

    @told
    def act(self, seat: int, intent: Intent) -> Changes:
        """``seat``'s gesture (``intents``): RuleError if the rules refuse it,
        NotDeciding if the seat may not act now; what it changed."""
        from .intents import Confirm, Edit, Redo, Undo  # with the first gesture, not at start-up

        desk = self._desk(seat)
        if isinstance(intent, Edit):
            origin = desk.origin
            changed = desk.edit(lambda d: intent.edit(origin, d))
        elif isinstance(intent, (Undo, Redo)):
            changed = desk.undo() if isinstance(intent, Undo) else desk.redo()
        elif isinstance(intent, Confirm):
            return self._confirm(seat, desk)
        else:
            raise TypeError(f"{intent!r} is no gesture of a seat")
        if not changed:
            return Changes()
        self._changed()
        return Changes(drafts=(seat,))

    def can_undo(self, seat: int) -> bool:
        desk = self._desks.get(seat)
        return desk is not None and not desk.confirmed and bool(desk.undone)

    def can_redo(self, seat: int) -> bool:
        desk = self._desks.get(seat)
        return desk is not None and not desk.confirmed and bool(desk.redone)

    def _confirm(self, seat: int, desk: Desk) -> Changes:
        """End ``seat``'s decision; RuleError if it is not finished."""
        g = self.live
        d = desk.draft
        ch = Changes(progressed=True, confirmed=(seat,), acting=True, drafts=(seat,))
        if isinstance(d, SetupBuilder):
            g.submit_setup(seat, d.choice())
            desk.confirm()
            self._changed()
            return ch | (self._after_setup() if g.phase == "play" else Changes())
        turn = d.turn()
        g.check_turn(seat, turn)
        desk.confirm()
        self._pending[seat] = turn
        self._changed()
        return ch | self._resolve()

    # -- computer seats ------------------------------------------------------------
    def observation_for(self, seat: int) -> Observation:
        """A computer seat's own observation (R12.3), while it is asked."""
        if seat not in self._waiting:
            raise PermissionError(f"seat {seat} is not a computer seat deciding now")
        return observe(self.live, seat)

    def hint_observation(self, seat: int) -> Observation | None:
        """``seat``'s own observation, for the Expert's hint, while it may act."""
        return observe(self.live, seat) if seat in self.may_act() else None

    def legal(self, seat: int, decision) -> bool:
        """Whether ``decision`` (a SetupChoice or a Turn) is legal for ``seat`` now."""
        g = self.live
        try:
            if g.phase == "setup" and isinstance(decision, SetupChoice):
                g.check_setup(seat, decision)
            elif g.phase == "play" and isinstance(decision, Turn):
                g.check_turn(seat, decision)
            else:
                return False
        except RuleError:
            return False
        return True

    @told
    def submit_computer(self, seat: int, decision, fallback_seed: str) -> Changes:
        """A computer seat's decision.  A broken brain must not stop the
        game: an illegal or missing answer is replaced by a random one."""
        if self.game is None or seat not in self._waiting:
            return Changes()
        g = self.game
        if not self.legal(seat, decision):
            from ..ai.random_policy import random_setup, random_turn

            rng = random.Random(fallback_seed)
            obs = observe(g, seat)
            decision = random_setup(obs, rng) if g.phase == "setup" else random_turn(obs, rng)
        self._waiting.discard(seat)
        self._changed()
        ch = Changes(thinking=True, progressed=True, confirmed=(seat,))
        if g.phase == "setup":
            g.submit_setup(seat, decision)
            return ch | (self._after_setup() if g.phase == "play" else Changes())
        self._pending[seat] = decision
        return ch | self._resolve()

    @told
    def end_now(self) -> Changes:
        """The table's host ends the game here (``Game.end_now``): the open decisions are dropped."""
        g = self.live
        if g.over:
            return Changes()
        g.end_now()
        self.ended_early = True
        closed = tuple(self._desks)
        self._desks, self._waiting, self._pending = {}, set(), {}
        self._changed()
        return Changes(public=True, phase=True, drafts=closed, over=True)

    # -- rounds -----------------------------------------------------------------------
    def _resolve(self) -> Changes:
        """Play the round once every seat's step 1 is in."""
        g = self.live
        if g.phase != "play" or self.may_act() or self._waiting:
            return Changes()
        if any(i not in self._pending for i in g.playing_seats()):
            return Changes()  # begin() has not asked this round's seats yet
        turns = [None if s.escaped else self._pending[i] for i, s in enumerate(g.seats)]
        closed = tuple(self._desks)
        self._pending, self._desks = {}, {}
        events = g.play_round(turns)
        self._changed()
        ch = Changes(public=True, drafts=closed, progressed=True, round_advanced=True,
                     announced=((g.round, tuple(events)),))
        if not g.over:
            return ch | self.begin()
        return ch | Changes(phase=True, over=True)

    def _after_setup(self) -> Changes:
        g = self.live
        closed = tuple(self._desks)
        self._desks = {}
        self._changed()
        return Changes(phase=True, public=True, drafts=closed, progressed=True, round_advanced=True,
                       announced=((0, g.log[0] if g.log else ()),)) | self.begin()

    # -- what may be shown ------------------------------------------------------------
    def _changed(self) -> None:
        self._views.clear()
        self._public = None

    def public(self) -> PublicView:
        if self._public is None:
            g = self.game
            if g is None:
                self._public = PublicView("none")
            else:
                self._public = PublicView(
                    phase=g.phase, stage=g.stage, round=g.round,
                    seats=tuple(SeatInfo(s.name, s.kind, s.gems, len(s.hand), s.escaped) for s in g.seats),
                    line=tuple(g.line), deck_size=len(g.deck), discard=tuple(g.discard),
                    revealed=tuple(g.revealed), resolved=frozenset(g.resolved), acting=self.may_act(),
                    thinking=tuple(self.thinking()),
                    final=tuple(g.final) if g.final else None, winners=tuple(g.winners()) if g.over else (),
                    seed=g.seed)
        return self._public

    def view(self, seat: int) -> SeatView:
        """``seat``'s own side, for that seat alone: its sheet with its draft,
        its hand, its score; of the others only what is public (R12)."""
        g = self.game
        if g is None or not 0 <= seat < g.n:
            raise PermissionError(f"no seat {seat} at this table")
        hit = self._views.get(seat)
        if hit is None:
            hit = self._views[seat] = self._make_view(seat)
        return hit

    def _make_view(self, seat: int) -> SeatView:
        g = self.live
        s = g.seats[seat]
        obs = observe(g, seat)
        desk = self._desks.get(seat)

        def rest() -> AtRest:  # the seat's side with no draft on it
            hand = s.dealt_objectives if g.phase == "setup" else s.hand
            score = None if g.phase == "setup" else g.final[seat] if g.final else g.scores()[seat]
            return AtRest(obs.sheet, tuple(hand), s.penalties, score)

        return seat_view(seat, s.name, obs, desk.draft if desk is not None else None,
                         desk is not None and not desk.confirmed, self.public(), rest)
