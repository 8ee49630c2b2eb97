"""The table: one game, whose turn it is, the seats' drafts, the hand-off.

A ``TableSession`` owns the rules ``Game`` and everything around it that is
not a rule: the order in which human seats decide, the decision each is
building (a turn or setup builder), the decisions confirmed while the round
waits for the others, which seat the screen shows, and the cover between
human seats.  It knows no Qt.  Every intent returns ``Changes``; private data
leaves only through ``view(seat)``, and only for the seat that is viewing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules import record
from ..rules.errors import RuleError
from ..rules.game import Game
from ..rules.observation import Observation, observe
from ..rules.scoring import route_status
from ..rules.seat_kind import is_computer
from ..rules.setup_builder import SetupBuilder
from ..rules.turn import SetupChoice, Turn
from ..rules.turn_builder import TurnBuilder
from .views import Changes, Draft, PublicView, SeatInfo, SeatView


class NotDeciding(Exception):
    """A gesture while no seat is deciding on this screen (a cover is up, or
    only computer seats are thinking): there is nothing to change."""


class TableSession:
    def __init__(self) -> None:
        self.game: Game | None = None
        self.actor: int | None = None  # the human seat deciding now
        self.viewer = -1  # the seat whose private side may be shown, -1 for nobody
        self.awaiting_handoff = False
        self._queue: list[int] = []  # human seats still to decide, in seat order
        self._waiting: set[int] = set()  # computer seats whose decisions are awaited
        self._drafts: dict[int, Draft] = {}  # this round's decisions: live or confirmed
        self._origin: Draft | None = None  # the actor's draft before its first gesture
        self._pending: dict[int, Turn] = {}  # confirmed turns waiting for the round
        self._views: dict[int, SeatView] = {}
        self._public: PublicView | None = None

    # -- starting ------------------------------------------------------------
    def new_game(self, seats: list[tuple[str, str]], seed: int) -> Changes:
        self._reset(Game(seats, seed))
        return Changes(started=True, viewer=True, phase=True, public=True, progressed=True) | self.begin()

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
                            self._drafts[seat] = draft
                except (RuleError, ValueError, TypeError):
                    continue
            if game.phase == "play":
                self._drafts = {}
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
                            self._drafts[seat] = built
                except (RuleError, ValueError, TypeError):
                    continue
        ch = Changes(started=True, viewer=True, phase=True, public=True)
        if game.log:
            ch |= Changes(announced=((game.round, game.log[-1]),))
        if game.over:
            ch |= self._show_final_sheet() | Changes(over=True)
        return ch

    @property
    def live(self) -> Game:
        """The game, for a method only reached while one is on the table."""
        if self.game is None:
            raise RuntimeError("no game on the table")
        return self.game

    def _reset(self, game: Game) -> None:
        self.game = game
        self.actor, self.viewer, self.awaiting_handoff = None, -1, False
        self._queue, self._waiting, self._drafts, self._origin, self._pending = [], set(), {}, None, {}
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
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.game.seats) if not is_computer(s.kind)] if self.game else []

    @property
    def multi_human(self) -> bool:
        return len(self.humans()) >= 2

    def thinking(self) -> list[int]:
        return sorted(self._waiting)

    def begin(self) -> Changes:
        """Ask every seat still to decide in this setup or round: computer
        seats at once (``Changes.requests``), human seats one after another."""
        g = self.game
        if g is None or g.over or self.actor is not None or self._waiting:
            return Changes()
        if g.phase == "setup":
            playing = [i for i in range(g.n) if g.setup_choices[i] is None]
        else:
            playing = [i for i in g.playing_seats() if i not in self._pending]
        humans = set(self.humans())
        self._queue = [i for i in playing if i in humans]
        self._waiting = {i for i in playing if i not in humans}
        ch = Changes(requests=tuple(sorted(self._waiting)), thinking=bool(self._waiting))
        return ch | self._next_actor()

    def _next_actor(self) -> Changes:
        g = self.live
        self._changed()
        if self._queue:
            seat = self.actor = self._queue.pop(0)
            draft: Draft = g.setup_builder(seat) if g.phase == "setup" else g.turn_builder(seat)
            self._drafts[seat] = self._origin = draft
            if self.multi_human:
                self.awaiting_handoff = True
                return self._set_viewer(-1) | Changes(handoff=seat, new_draft=True, draft=True)
            return self._set_viewer(seat) | Changes(new_draft=True, draft=True)
        self.actor, self._origin = None, None
        # One human keeps the screen while the computers think; at a
        # pass-and-play table nobody's sheet stays up.
        humans = self.humans()
        ch = self._set_viewer(humans[0] if len(humans) == 1 else -1) | Changes(draft=True)
        return ch | Changes(new_draft=True) | self._resolve()

    def _set_viewer(self, seat: int) -> Changes:
        if seat == self.viewer:
            return Changes()
        self.viewer = seat
        self._changed()
        return Changes(viewer=True)

    def accept_handoff(self) -> Changes:
        """The named player has the device: its private side is shown."""
        if not self.awaiting_handoff or self.actor is None:
            return Changes()
        self.awaiting_handoff = False
        return self._set_viewer(self.actor) | Changes(draft=True)

    def view_final_sheet(self, seat: int) -> Changes:
        """Once the game is over every sheet is compared in the open (R11.5)."""
        g = self.game
        if g is None or not g.over or not 0 <= seat < g.n:
            return Changes()
        return self._set_viewer(seat)

    # -- the acting seat's draft --------------------------------------------------
    def draft(self) -> Draft:
        """The acting seat's draft, for a gesture of the seat that is viewing."""
        if not self.deciding_here or self.actor is None:
            raise NotDeciding()
        return self._drafts[self.actor]

    def propose(self, change: Callable[[Draft], Draft]) -> Draft:
        """The draft ``change`` makes of the acting seat's one, not yet taken:
        RuleError if the rules refuse it."""
        return change(self.draft())

    def set_draft(self, draft: Draft) -> Changes:
        """Make ``draft`` (a value built from this decision's start) the acting seat's."""
        origin = self._origin
        if self.actor is None or origin is None:
            return Changes()
        same = (draft.start is origin.start) if isinstance(draft, TurnBuilder) and isinstance(origin, TurnBuilder) \
            else (isinstance(draft, SetupBuilder) and isinstance(origin, SetupBuilder)
                  and draft.dealt_explore == origin.dealt_explore and draft.dealt_objectives == origin.dealt_objectives)
        if not same:
            raise ValueError("a draft of another decision")
        self._drafts[self.actor] = draft
        self._changed()
        return Changes(draft=True)

    def fresh_draft(self) -> Draft:
        """The acting seat's decision as it began (to start it over)."""
        self.draft()
        assert self._origin is not None
        return self._origin

    def confirm(self) -> Changes:
        """End the acting seat's decision; RuleError if it is not finished."""
        g = self.live
        d = self.draft()
        seat = self.actor
        assert seat is not None  # draft() answers only while a seat decides
        if isinstance(d, SetupBuilder):
            g.submit_setup(seat, d.choice())
            ch = Changes(progressed=True)
            if g.phase == "play":
                self.actor = None
                return ch | self._after_setup()
        else:
            turn = d.turn()
            g.check_turn(seat, turn)
            self._pending[seat] = turn
            ch = Changes(progressed=True)
        return ch | self._next_actor()

    # -- computer seats ------------------------------------------------------------
    def observation_for(self, seat: int) -> Observation:
        """A computer seat's own observation (R12.3), while it is asked."""
        if seat not in self._waiting:
            raise PermissionError(f"seat {seat} is not a computer seat deciding now")
        return observe(self.live, seat)

    @property
    def deciding_here(self) -> bool:
        """A seat is deciding and its own side is on the screen."""
        return self.actor is not None and not self.awaiting_handoff and self.viewer == self.actor

    def hint_observation(self) -> Observation | None:
        """The viewing, acting seat's own observation, for the Expert's hint."""
        return observe(self.live, self.viewer) if self.deciding_here else None

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
        ch = Changes(thinking=True, progressed=True)
        if g.phase == "setup":
            g.submit_setup(seat, decision)
            return ch | (self._after_setup() if g.phase == "play" else Changes())
        self._pending[seat] = decision
        return ch | self._resolve()

    # -- rounds -----------------------------------------------------------------------
    def _resolve(self) -> Changes:
        """Play the round once every seat's step 1 is in."""
        g = self.live
        if g.phase != "play" or self.actor is not None or self._queue or self._waiting:
            return Changes()
        turns = [None if s.escaped else self._pending[i] for i, s in enumerate(g.seats)]
        self._pending, self._drafts = {}, {}
        events = g.play_round(turns)
        self._changed()
        ch = Changes(public=True, draft=True, progressed=True, announced=((g.round, tuple(events)),))
        if not g.over:
            return ch | self.begin()
        return ch | self._show_final_sheet() | Changes(phase=True, over=True)

    def _show_final_sheet(self) -> Changes:
        """R12's secrecy ends with the game: the table sees a winning human's
        sheet (else the first human's, else a winner's), not a blank one."""
        g = self.live
        humans = self.humans()
        winning = [s for s in g.winners() if s in humans]
        return self._set_viewer((winning or humans or g.winners())[0])

    def _after_setup(self) -> Changes:
        g = self.live
        self._drafts = {}
        ch = self._set_viewer(-1) if self.multi_human else Changes()
        self._changed()
        return ch | Changes(phase=True, public=True, draft=True, progressed=True,
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
                    revealed=tuple(g.revealed), resolved=frozenset(g.resolved), actor=self.actor,
                    viewer=self.viewer, awaiting_handoff=self.awaiting_handoff, thinking=tuple(self.thinking()),
                    final=tuple(g.final) if g.final else None, winners=tuple(g.winners()) if g.over else (),
                    seed=g.seed)
        return self._public

    def view(self, seat: int) -> SeatView:
        """``seat``'s own side: only while it is viewing, or once the game is over."""
        g = self.game
        if g is None or not 0 <= seat < g.n or (seat != self.viewer and not g.over):
            raise PermissionError(f"seat {seat}'s private side is not visible now (R12.1)")
        hit = self._views.get(seat)
        if hit is None:
            hit = self._views[seat] = self._make_view(seat)
        return hit

    def _make_view(self, seat: int) -> SeatView:
        g = self.live
        s = g.seats[seat]
        obs = observe(g, seat)
        draft = self._drafts.get(seat)
        acting = seat == self.actor and not self.awaiting_handoff
        if isinstance(draft, SetupBuilder):
            sheet, hand, penalties, score = draft.sheet(), tuple(s.dealt_objectives), 0, None
        elif isinstance(draft, TurnBuilder):
            sheet, hand, penalties, score = draft.preview_sheet(), draft.hand, draft.penalties, draft.score()
        else:
            sheet, hand, penalties = obs.sheet, tuple(s.dealt_objectives if g.phase == "setup" else s.hand), s.penalties
            score = None if g.phase == "setup" else g.final[seat] if g.final else g.scores()[seat]
        active = tuple(L for L in g.revealed if sheet.traced & g.comps.letter_bit(L) and L not in g.resolved)
        resolved = tuple(L for L in g.revealed if sheet.traced & g.comps.letter_bit(L) and L in g.resolved)
        routes = tuple(route_status(sheet, hand)) if g.phase != "setup" else ()
        return SeatView(seat, s.name, obs, draft, acting, sheet, hand, penalties, score, routes, active, resolved)
