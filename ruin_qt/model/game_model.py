"""GameModel: the only writer of the rules ``Game``; views listen to its signals.

Flow of one round: every computer seat gets an observation snapshot and
thinks on the thread pool while the human seats take their step 1 one by one
(a hand-off cover between them when two or more humans share the screen).
Each human works on a ``TurnDraft`` (undoable with the ``QUndoStack``); the
draft is judged by the rules at every gesture and once more at confirm.  When
every seat's turn is in, ``Game.play_round`` runs and the model emits what
changed.  The model never decides legality itself: every check below calls
``ruin_qt.rules``.

Privacy (R12): the ``viewer`` is the one seat whose private side may be
shown.  Queries for private data of any other seat raise ``PermissionError``,
so a view cannot show what it cannot get.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..ai.random_policy import random_setup, random_turn
from ..rules.bitboard import BOARD, bits, cell_of
from ..rules.components import load_components
from ..rules import record
from ..rules.errors import RuleError
from ..rules.game import Event, Game
from ..rules.observation import observe
from ..rules.pieces import card_orientations
from ..rules.scoring import Score, seat_score
from ..rules.sheet import Sheet
from ..rules.turn import SetupChoice, Turn
from ..ai.base import level_of
from .ai_worker import DecisionJob
from .draft import SetupDraft, TurnDraft

Cell = tuple[int, int]


@dataclass(frozen=True)
class SheetSnapshot:
    """Everything the sheet view draws for one seat (the viewer only)."""

    seat: int
    states: dict[Cell, str]
    pawn: Cell
    active: tuple[str, ...]  # destinations traced on this sheet, not yet collected
    resolved: tuple[str, ...]  # traced and collected
    draft_cells: frozenset[Cell]  # drawn this turn, still undoable


@dataclass(frozen=True)
class SeatInfo:
    """A seat's public side (R12.2)."""

    name: str
    kind: str
    gems: int
    hand_size: int
    escaped: bool


class _DraftCommand(QUndoCommand):
    """Undo = put the previous draft back; the model re-syncs the views."""

    def __init__(self, model: "GameModel", old, new, text: str):
        super().__init__(text)
        self._model, self._old, self._new = model, old, new

    def redo(self) -> None:
        self._model._set_draft(self._new)

    def undo(self) -> None:
        self._model._set_draft(self._old)


def _sheet_key(sheet: Sheet) -> tuple:
    return (sheet.roads, sheet.gates, sheet.walls, sheet.traced, sheet.pawn)


class GameModel(QObject):
    # -- what the views subscribe to ------------------------------------
    cell_changed = Signal(int, int, int, str)  # seat, row, col, state ("empty"|"road"|"wall"|"gate")
    gems_changed = Signal(int, int)  # seat, count
    penalties_changed = Signal(int, int)  # seat, count (the draft's action C included)
    hand_changed = Signal(int, object)  # seat, objective card ids (minus a card being paid this turn)
    pawn_moved = Signal(int, object)  # seat, cells stepped onto in order; the last is where it stands
    destinations_changed = Signal(int, object, object)  # seat, active letters traced on its sheet, resolved ones
    line_changed = Signal(object, int)  # line letters (index 0 = the active card), deck size
    discard_changed = Signal(object)  # explore discard pile, oldest first
    stage_changed = Signal(int, int)  # stage, rounds played
    announced = Signal(int, object)  # round (0 = setup), list[Event] of public step-2 announcements
    scores_changed = Signal(object)  # list[Score] for every seat: "if the game ended now", or final
    phase_changed = Signal(str)  # "none" | "setup" | "play" | "over"
    viewer_changed = Signal(int)  # seat whose private side is shown now, -1 = nobody's
    handoff_requested = Signal(int)  # seat the device must be passed to (cover up until accepted)
    turn_changed = Signal()  # the acting seat or its draft changed: controls refresh
    refused = Signal(str, str, str)  # rule id, reason code, engine message: a gesture the rules refused
    thinking_changed = Signal(object)  # computer seats still deciding
    game_started = Signal()
    game_over = Signal(object)  # winning seats
    progressed = Signal()  # a seat confirmed a step or a round was played: worth an autosave
    hint_changed = Signal(object)  # the Expert's suggestion for the acting seat: a Turn, a SetupChoice, or None

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.comps = load_components()
        self.game: Game | None = None
        self.undo_stack = QUndoStack(self)
        self.pool = QThreadPool(self)
        # One worker: computer seats think one after another.  Brains are pure
        # Python, so more threads would only split the GIL further and slow
        # the UI thread without finishing sooner.
        self.pool.setMaxThreadCount(1)
        self.actor: int | None = None  # human seat deciding now
        self.viewer = -1
        self.awaiting_handoff = False
        self.draft: TurnDraft | SetupDraft | None = None
        self._queue: list[int] = []
        self._pending: dict[int, Turn] = {}
        self._jobs: dict[int, DecisionJob] = {}
        self._alive: list[DecisionJob] = []
        self._token = 0
        self._shown: dict[int, dict] = {}
        self._confirmed: dict[int, TurnDraft] = {}
        self._cache: dict = {}
        self.hint: Turn | SetupChoice | None = None
        self.hint_pending = False
        self._hint_job: DecisionJob | None = None

    # =================================================================
    # starting
    # =================================================================
    def new_game(self, seats: list[tuple[str, str]], seed: int | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        self._token += 1  # answers from an older game's jobs are ignored
        self._jobs.clear()
        self._clear_hint()
        self.game = Game(seats, seed)
        self.actor, self.viewer, self.awaiting_handoff, self.draft = None, -1, False, None
        self._pending, self._shown, self._cache, self._confirmed = {}, {}, {}, {}
        self.undo_stack.clear()
        self.game_started.emit()
        self.phase_changed.emit("setup")
        self.viewer_changed.emit(-1)
        self._emit_public()
        self._sync()
        self._begin_decisions()
        self.progressed.emit()

    def resume(self, game: Game, pending: dict | None = None) -> None:
        """Continue a loaded game.  ``pending`` (see ``pending_state``) holds
        the decisions already confirmed in the interrupted setup or round;
        each is checked by the rules again and dropped if refused."""
        self._token += 1
        self._jobs.clear()
        self._clear_hint()
        self.game = game
        self.actor, self.viewer, self.awaiting_handoff, self.draft = None, -1, False, None
        self._pending, self._shown, self._cache, self._confirmed = {}, {}, {}, {}
        self.undo_stack.clear()
        resumed: dict[int, Turn] = {}
        pending = pending if isinstance(pending, dict) else {}
        if game.phase == "setup":
            for key, js in sorted((pending.get("setup") or {}).items()):
                try:
                    seat = int(key)
                    if 0 <= seat < game.n and game.setup_choices[seat] is None:
                        game.submit_setup(seat, record.parse_setup(js))
                except (RuleError, ValueError, TypeError):
                    continue
        elif game.phase == "play" and pending.get("round") == game.round + 1:
            for key, js in (pending.get("turns") or {}).items():
                try:
                    seat = int(key)
                    turn = record.parse_turn(js)
                    if 0 <= seat < game.n and turn is not None:
                        game.check_turn(seat, turn)
                        resumed[seat] = turn
                except (RuleError, ValueError, TypeError):
                    continue
        self.game_started.emit()
        self.phase_changed.emit(game.phase)
        self.viewer_changed.emit(-1)
        self._emit_public()
        self._sync()
        if game.log:
            self.announced.emit(game.round, list(game.log[-1]))
        if game.over:
            self.phase_changed.emit("over")
            self.turn_changed.emit()
            self.game_over.emit(game.winners())
            return
        # The confirmed choices count at once (an autosave now keeps them);
        # the decisions still to take start from the event loop, so a round
        # whose choices were all made is played after resume() returns, as
        # any other round is.
        self._pending = dict(resumed)
        token = self._token
        QTimer.singleShot(0, lambda: self._begin_decisions(resumed) if token == self._token else None)

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

    @property
    def seed(self) -> int | None:
        return self.game.seed if self.game else None

    def thinking_seats(self) -> list[int]:
        return sorted(self._jobs)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.game.seats) if level_of(s.kind) is None] if self.game else []

    @property
    def multi_human(self) -> bool:
        return len(self.human_seats()) >= 2

    def phase(self) -> str:
        return self.game.phase if self.game else "none"

    # =================================================================
    # turn order: setup and rounds
    # =================================================================
    def _begin_decisions(self, resumed: dict[int, Turn] | None = None) -> None:
        g = self.game
        if g.phase == "setup":
            playing = [i for i in range(g.n) if g.setup_choices[i] is None]
        else:
            playing = [i for i in g.playing_seats() if i not in (resumed or {})]
        humans = set(self.human_seats())
        self._pending = dict(resumed or {})
        self._confirmed = {i: _draft_of_turn(t) for i, t in self._pending.items() if i in humans}
        self._queue = [i for i in playing if i in humans]
        # Observations first, then the jobs: once a worker runs it competes
        # for the GIL, and the UI thread should not be slowed mid-snapshot.
        observations = {i: observe(g, i) for i in playing if i not in humans}
        for i, obs in observations.items():
            self._start_job(i, obs)
        self.thinking_changed.emit(sorted(self._jobs))
        self._next_actor()

    def _start_job(self, seat: int, obs) -> None:
        g = self.game
        what = "setup" if g.phase == "setup" else "turn"
        job = DecisionJob(self._token, seat, what, obs, level_of(g.seats[seat].kind) or "random",
                          f"ruin-qt-ai:{g.seed}:{seat}:{g.round}")
        job.signals.decided.connect(self._on_decided)
        self._jobs[seat] = job
        # Jobs of an abandoned game may still be running on the pool: keep
        # them referenced until their run() has returned.
        self._alive = [j for j in self._alive if not j.finished] + [job]
        self.pool.start(job)

    # =================================================================
    # hints
    # =================================================================
    def can_hint(self) -> bool:
        return (self.game is not None and self.actor is not None and self.viewer == self.actor
                and not self.hint_pending and self.game.phase in ("setup", "play"))

    def request_hint(self) -> bool:
        """Ask the Expert, off the UI thread, what the acting seat should do.
        It sees that seat's own observation only (R12.3): a hint leaks nothing."""
        if not self.can_hint():
            return False
        g = self.game
        what = "setup" if g.phase == "setup" else "turn"
        job = DecisionJob(self._token, self.actor, what, observe(g, self.actor), "expert",
                          f"ruin-qt-hint:{g.seed}:{self.actor}:{g.round}")
        job.signals.decided.connect(self._on_hint)
        self._hint_job = job
        self._alive = [j for j in self._alive if not j.finished] + [job]
        self.hint_pending = True
        self.pool.start(job)
        self.thinking_changed.emit(sorted(self._jobs))
        return True

    def _on_hint(self, token: int, seat: int) -> None:
        job, self._hint_job = self._hint_job, None
        self.hint_pending = False
        if token != self._token or job is None or seat != self.actor or self.game is None:
            self.thinking_changed.emit(sorted(self._jobs))
            return  # a hint for a turn that is over
        result = job.result
        try:
            if isinstance(result, Turn):
                self.game.check_turn(seat, result)
            elif isinstance(result, SetupChoice):
                self.game.check_setup(seat, result)
            else:
                result = None
        except RuleError:
            result = None
        self.hint = result
        self.hint_changed.emit(result)
        self.thinking_changed.emit(sorted(self._jobs))

    def _clear_hint(self) -> None:
        if self.hint is not None or self.hint_pending:
            self.hint, self.hint_pending, self._hint_job = None, False, None
            self.hint_changed.emit(None)

    def _next_actor(self) -> None:
        self._clear_hint()
        self.undo_stack.clear()
        if self._queue:
            seat = self._queue.pop(0)
            self.actor = seat
            self.draft = SetupDraft() if self.game.phase == "setup" else TurnDraft()
            if len(self._cache) > 20000:
                self._cache = {}  # keys carry the actor and draft; this only bounds memory
            if self.multi_human:
                self._set_viewer(-1)
                self.awaiting_handoff = True
                self.handoff_requested.emit(seat)
            else:
                self._set_viewer(seat)
            self._sync()
            self.turn_changed.emit()
            return
        self.actor, self.draft = None, None
        if self.multi_human:
            self._set_viewer(-1)
        self._sync()
        self.turn_changed.emit()
        self._maybe_resolve()

    def accept_handoff(self) -> None:
        """The cover was clicked: the seat it named now sees its private side."""
        if not self.awaiting_handoff or self.actor is None:
            return
        self.awaiting_handoff = False
        self._set_viewer(self.actor)
        self._sync()
        self.turn_changed.emit()

    def _set_viewer(self, seat: int) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.viewer_changed.emit(seat)

    def _on_decided(self, token: int, seat: int) -> None:
        if token != self._token or self.game is None or seat not in self._jobs:
            return  # an abandoned game's answer
        result = self._jobs.pop(seat).result
        g = self.game
        rng = random.Random(f"fallback:{g.seed}:{seat}:{g.round}")
        if g.phase == "setup":
            try:
                if not isinstance(result, SetupChoice):
                    raise RuleError("AI", repr(result))
                g.check_setup(seat, result)
            except RuleError:
                result = random_setup(observe(g, seat), rng)  # a broken brain must not stop the game
            g.submit_setup(seat, result)
            self.thinking_changed.emit(sorted(self._jobs))
            self.progressed.emit()
            if g.phase == "play":
                self._after_setup()
            return
        else:
            try:
                if not isinstance(result, Turn):
                    raise RuleError("AI", repr(result))
                g.check_turn(seat, result)
            except RuleError:
                result = random_turn(observe(g, seat), rng)
            self._pending[seat] = result
        self.thinking_changed.emit(sorted(self._jobs))
        self.progressed.emit()
        self._maybe_resolve()

    def _maybe_resolve(self) -> None:
        g = self.game
        if g is None or self.actor is not None or self._queue or self._jobs:
            return
        if g.phase == "setup":
            return  # the last submit_setup already moved the game on
        if g.phase == "play" and self._pending is not None:
            turns = [None if s.escaped else self._pending[i] for i, s in enumerate(g.seats)]
            self._pending = {}
            stage_before = g.stage
            events = g.play_round(turns)
            self._confirmed = {}
            self._cache = {}
            self._after_round(events, stage_before)

    def _after_setup(self) -> None:
        g = self.game
        if self.multi_human:
            self._set_viewer(-1)  # the last human's sheet goes before the device moves on
        self.phase_changed.emit("play")
        self._sync()
        self._emit_public()
        self.announced.emit(0, list(g.log[0]) if g.log else [])
        self.progressed.emit()
        QTimer.singleShot(0, self._next_round)

    def _after_round(self, events: list[Event], stage_before: int) -> None:
        g = self.game
        self._sync()
        self._emit_public()
        self.announced.emit(g.round, list(events))
        self.progressed.emit()
        if g.over:
            # R12's secrecy ends with the game, so a pass-and-play table
            # sees a winning human's sheet (else the first human's) rather
            # than a blank one behind the scoreboard.
            humans = self.human_seats()
            if humans:
                winning = [s for s in g.winners() if s in humans]
                self._set_viewer((winning or humans)[0])
            self.phase_changed.emit("over")
            self.turn_changed.emit()
            self.game_over.emit(g.winners())
            return
        # Deferred: a round of computer seats only must not recurse.
        QTimer.singleShot(0, self._next_round)

    def _next_round(self) -> None:
        if self.game is not None and self.game.phase == "play" and self.actor is None and not self._jobs:
            self._begin_decisions()

    # =================================================================
    # public state
    # =================================================================
    def _emit_public(self) -> None:
        g = self.game
        self.line_changed.emit(list(g.line), len(g.deck))
        self.discard_changed.emit(list(g.discard))
        self.stage_changed.emit(g.stage, g.round)
        self.scores_changed.emit(list(g.scores()) if g.phase != "setup" else [])

    def line(self) -> list[str]:
        return list(self.game.line) if self.game else []

    def deck_size(self) -> int:
        return len(self.game.deck) if self.game else 0

    def discard_pile(self) -> list[str]:
        return list(self.game.discard) if self.game else []

    def unseen_cards(self) -> list[str]:
        """The deck as a set, sorted: its order is hidden (R12.2)."""
        return self.game.unseen_explore() if self.game else []

    def seat_infos(self) -> list[SeatInfo]:
        g = self.game
        if g is None:
            return []
        return [SeatInfo(s.name, s.kind, s.gems, len(s.hand), s.escaped) for s in g.seats]

    def card_cells(self, letter: str) -> tuple[Cell, ...]:
        return self.comps.explore[letter].cells

    def card_orientation_cells(self, letter: str) -> list[tuple[Cell, ...]]:
        return [o.cells for o in card_orientations(letter)]

    def card_number(self, letter: str) -> int:
        return self.comps.explore[letter].number

    def objective_letters(self, card: int) -> tuple[str, str]:
        return self.comps.objectives[card].letters

    def letter_cells(self) -> dict[str, Cell]:
        return dict(self.comps.letters)

    @property
    def exit_cell(self) -> Cell:
        return self.comps.exit

    def final_scores(self) -> list[Score] | None:
        return list(self.game.final) if self.game and self.game.final else None

    def winners(self) -> list[int]:
        return self.game.winners() if self.game else []

    # =================================================================
    # private state (viewer only)
    # =================================================================
    def view_final_sheet(self, seat: int) -> bool:
        """Once the game is over every sheet is compared in the open: any
        seat's sheet, hand and score may be shown."""
        g = self.game
        if g is None or not g.over or not 0 <= seat < g.n:
            return False
        self._set_viewer(seat)
        self._sync()
        self.turn_changed.emit()
        return True

    def _require_viewer(self, seat: int) -> None:
        if self.game is None or seat < 0 or seat != self.viewer:
            raise PermissionError(f"seat {seat}'s private side is not visible now (R12.1)")

    def sheet_snapshot(self, seat: int) -> SheetSnapshot:
        self._require_viewer(seat)
        sheet = self._display_sheet(seat)
        states = {}
        for r in range(self.comps.size):
            for c in range(self.comps.size):
                states[(r, c)] = sheet.state(r, c)
        active, resolved = self._traced_letters(sheet)
        return SheetSnapshot(seat, states, sheet.pawn_cell, tuple(active), tuple(resolved),
                             frozenset(self.draft_cells()) if seat == self.actor else frozenset())

    def hand(self, seat: int) -> list[int]:
        self._require_viewer(seat)
        return self._display_hand(seat)

    def route_status(self, seat: int) -> list[tuple[int, str, str, bool]]:
        """Each objective card in hand: its letters and whether the route is
        complete right now (R11.4, the draft included)."""
        self._require_viewer(seat)
        sheet = self._display_sheet(seat)
        out = []
        for card in self._display_hand(seat):
            a, b = self.comps.objectives[card].letters
            out.append((card, a, b, sheet.connected(self.comps.letters[a], self.comps.letters[b])))
        return out

    def preview_score(self, seat: int) -> Score | None:
        """R11 'if the game ended now' for the viewer, this turn's draft included."""
        self._require_viewer(seat)
        g = self.game
        if g.phase == "setup":
            return None
        if g.final is not None:
            return g.final[seat]
        return seat_score(g, seat, preview=True, sheet=self._display_sheet(seat),
                          hand=self._display_hand(seat), penalties=self._display_penalties(seat))

    def penalties(self, seat: int) -> int:
        self._require_viewer(seat)
        return self._display_penalties(seat)

    def gems(self, seat: int) -> int:
        return self.game.seats[seat].gems if self.game else 0

    # =================================================================
    # the acting seat's draft, judged by the rules
    # =================================================================
    def step(self) -> str:
        """What the acting seat does next: "setup", "draw", "extra" (place the
        +1 cell), "move" (move, special, escape or confirm), "handoff", or
        "wait" when no human seat is deciding."""
        if self.game is None or self.actor is None or self.draft is None:
            return "wait"
        if self.awaiting_handoff:
            return "handoff"
        if isinstance(self.draft, SetupDraft):
            return "setup"
        d = self.draft
        if d.action is None:
            return "draw"
        if d.special == "extra" and d.extra is None:
            return "extra"
        return "move"

    def turn_start_cell(self) -> Cell:
        """The acting seat's pawn at the start of its step 1."""
        return self._base_sheet().pawn_cell

    def active_card(self) -> str | None:
        return self.game.active_card if self.game else None

    def _base_sheet(self, seat: int | None = None) -> Sheet:
        """The acting seat's sheet at the start of its step 1."""
        return self.game.seats[self.actor if seat is None else seat].sheet

    def _draft_of(self, seat: int):
        """The draft shown for ``seat``: its live one, or one confirmed and
        waiting for the round to resolve (so nothing flickers back)."""
        if seat == self.actor and self.draft is not None:
            return self.draft
        return self._confirmed.get(seat)

    def _built(self, d: TurnDraft, seat: int | None = None) -> Sheet:
        """The sheet after the draft's draw and +1 cell (pawn not moved)."""
        seat = self.actor if seat is None else seat
        key = ("built", seat, d.action, d.cells, d.extra)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        base = self._base_sheet(seat)
        sheet = base.copy()
        before = base.filled
        card = self.game.active_card
        if d.action in ("A", "B"):
            kind = "road" if d.action == "A" else "wall"
            sheet.draw(kind, sheet.check_placement(card, kind, d.cells, before))
        elif d.action == "C":
            sheet.walls |= sheet.check_c(d.cells[0], before)
        if d.extra is not None:
            kind, cell = d.extra
            sheet.draw(kind, sheet.check_extra(kind, cell))
        self._cache[key] = sheet
        return sheet

    def _setup_sheet(self, d: SetupDraft) -> Sheet:
        sheet = Sheet()
        for n, (kind, card, cells) in enumerate(d.pieces):
            before = BOARD if n == 0 else sheet.filled
            sheet.draw(kind, sheet.check_placement(card, kind, cells, before))
        return sheet

    def _display_sheet(self, seat: int) -> Sheet:
        g = self.game
        d = self._draft_of(seat)
        if d is not None:
            if isinstance(d, SetupDraft):
                return self._setup_sheet(d)
            sheet = self._built(d, seat).copy()
            if d.path:
                r, c = d.path[-1]
                sheet.pawn = r * 16 + c
            return sheet
        if g.phase == "setup" and g.setup_choices[seat] is not None:
            sheet = Sheet()  # confirmed but not applied until every seat has chosen
            for kind, m in g.check_setup(seat, g.setup_choices[seat]):
                sheet.draw(kind, m)
            return sheet
        return g.seats[seat].sheet

    def _display_hand(self, seat: int) -> list[int]:
        g = self.game
        s = g.seats[seat]
        if g.phase == "setup":
            return list(s.dealt_objectives)
        hand = list(s.hand)
        d = self._draft_of(seat)
        if isinstance(d, TurnDraft) and d.discard in hand:
            hand.remove(d.discard)
        return hand

    def _display_penalties(self, seat: int) -> int:
        p = self.game.seats[seat].penalties
        d = self._draft_of(seat)
        if isinstance(d, TurnDraft) and d.action in ("C", "none"):
            p += 1
        return p

    def draft_cells(self) -> list[Cell]:
        d = self.draft
        if isinstance(d, SetupDraft):
            return [c for _, _, cells in d.pieces for c in cells]
        if isinstance(d, TurnDraft):
            out = list(d.cells)
            if d.extra is not None:
                out.append(d.extra[1])
            return out
        return []

    def _traced_letters(self, sheet: Sheet) -> tuple[list[str], list[str]]:
        g = self.game
        active, resolved = [], []
        for L in g.revealed:
            if sheet.traced & self.comps.letter_bit(L):
                (resolved if L in g.resolved else active).append(L)
        return active, resolved

    # -- checks the views ask before offering a gesture ------------------
    def check_piece(self, kind: str, cells, card: str | None = None) -> RuleError | None:
        """Why drawing ``cells`` as ``kind`` is refused now, or None if legal."""
        step = self.step()
        cells = tuple(tuple(c) for c in cells)
        key = ("piece", self.actor, step, kind, card, cells, self.draft)
        if key in self._cache:
            return self._cache[key]
        err = None
        try:
            if step == "setup":
                self._check_setup_piece(kind, card, cells)
            elif step == "draw":
                base = self._base_sheet()
                base.check_placement(self.game.active_card, kind, cells, base.filled)
            else:
                err = RuleError("R4.2", "this turn's draw is already made", code="draw_done")
        except RuleError as e:
            err = e
        self._cache[key] = err
        return err

    def _check_setup_piece(self, kind: str, card: str | None, cells) -> None:
        """R5.4 for the next setup piece; the rules judge, the model only
        says when every piece is already drawn."""
        if self.setup_next_kind() is None:
            raise RuleError("R5.4", "every setup piece is drawn", code="setup_done")
        self.game.check_setup_piece(self.actor, list(self.draft.pieces), kind, card or "", cells)

    def check_cell(self, cell: Cell, kind: str = "wall") -> RuleError | None:
        """Action C's wall (step "draw") or the +1 cell (step "extra")."""
        step = self.step()
        try:
            if step == "draw":
                base = self._base_sheet()
                base.check_c(cell, base.filled)
            elif step == "extra":
                self._built(self.draft).check_extra(kind, cell)
            else:
                return RuleError("R4.2", "no single cell to draw now", code="no_cell_now")
        except RuleError as e:
            return e
        return None

    def can_draw_nothing(self) -> bool:
        """R4.2: 'none' only when A, B and C are all impossible."""
        if self.step() != "draw":
            return False
        return not self.game.can_draw_anything(self.actor)

    def moves_allowed(self) -> int:
        card = self.game.active_card if self.game else None
        return self.comps.explore[card].number if card else 0

    def reach(self) -> dict[Cell, int]:
        """Cells the pawn can end on this turn, with least step counts (R4.4)."""
        if self.step() != "move":
            return {}
        d = self.draft
        key = ("reach", self.actor, d.action, d.cells, d.extra, d.special == "warp")
        if key not in self._cache:
            self._cache[key] = self._built(d).reachable(self.moves_allowed(), d.special == "warp")
        return self._cache[key]

    def warp_targets(self) -> list[Cell]:
        """The gates a warp can jump between (shown once the warp is taken)."""
        if self.step() != "move" or self.draft.special != "warp":
            return []
        return [cell_of(i) for i in bits(self._built(self.draft).gates)]

    def can_escape(self) -> bool:
        """R4.5: stage 2, the pawn on the exit after movement."""
        if self.step() != "move" or self.game.stage != 2:
            return False
        end = self.draft.path[-1] if self.draft.path else self._base_sheet().pawn_cell
        return end == self.comps.exit

    def can_take_special(self) -> bool:
        return self.step() == "move" and self.draft.special is None and bool(self._display_hand(self.actor))

    def setup_cards_left(self) -> list[str]:
        if self.step() != "setup":
            return []
        used = {p[1] for p in self.draft.pieces}
        return [c for c in self.game.seats[self.actor].dealt_explore if c not in used]

    def setup_next_kind(self) -> str | None:
        if self.step() != "setup":
            return None
        per = 2 if self.game.solo else 1
        n = len(self.draft.pieces)
        return "road" if n < per else "wall" if n < 2 * per else None

    def setup_dealt_objectives(self) -> list[int]:
        self._require_viewer(self.actor if self.actor is not None else -1)
        return list(self.game.seats[self.actor].dealt_objectives)

    def can_confirm(self) -> bool:
        step = self.step()
        if step == "setup":
            return len(self.draft.keep) == 2 and self.setup_next_kind() is None
        return step == "move"

    # =================================================================
    # intents (gestures turned into requests); refusals are signalled
    # =================================================================
    def _refuse(self, e: RuleError) -> bool:
        self.refused.emit(e.rule, e.code, e.message)
        return False

    def _push(self, new, text: str) -> bool:
        self.undo_stack.push(_DraftCommand(self, self.draft, new, text))
        return True

    def _set_draft(self, draft) -> None:
        self.draft = draft
        self._sync()
        self.turn_changed.emit()

    def place_piece(self, kind: str, cells, card: str | None = None) -> bool:
        cells = tuple(tuple(c) for c in cells)
        err = self.check_piece(kind, cells, card)
        if err:
            return self._refuse(err)
        if self.step() == "setup":
            d = self.draft
            return self._push(d.with_(pieces=d.pieces + ((kind, card, cells),)), self.tr("Draw setup piece"))
        action = "A" if kind == "road" else "B"
        return self._push(self.draft.with_(action=action, cells=cells),
                          self.tr("Action A: roads") if action == "A" else self.tr("Action B: walls"))

    def place_c(self, cell: Cell) -> bool:
        cell = tuple(cell)
        if self.step() != "draw":
            return self._refuse(RuleError("R4.2", "this turn's draw is already made", code="draw_done"))
        err = self.check_cell(cell)
        if err:
            return self._refuse(err)
        return self._push(self.draft.with_(action="C", cells=(cell,)), self.tr("Action C: one wall"))

    def take_none(self) -> bool:
        if not self.can_draw_nothing():
            return self._refuse(RuleError("R4.2", "drawing nothing is allowed only when A, B and C are all impossible", code="none_not_allowed"))
        return self._push(self.draft.with_(action="none", cells=()), self.tr("No draw possible"))

    def take_special(self, special: str, discard: int) -> bool:
        """R4.3: pay objective card ``discard`` for "extra" (+1 cell) or "warp"."""
        if not self.can_take_special():
            return self._refuse(RuleError("R4.3", "a special action needs a draw first, an objective card, and none taken yet", code="special_needs"))
        if discard not in self._display_hand(self.actor):
            return self._refuse(RuleError("R4.3", f"objective card {discard} is not in hand", code="discard_not_in_hand"))
        text = self.tr("Special action: +1 cell") if special == "extra" else self.tr("Special action: warp")
        return self._push(self.draft.with_(special=special, discard=discard), text)

    def place_extra(self, kind: str, cell: Cell) -> bool:
        cell = tuple(cell)
        if self.step() != "extra":
            return self._refuse(RuleError("R4.3", "take the +1 cell special action first", code="extra_needs_special"))
        err = self.check_cell(cell, kind)
        if err:
            return self._refuse(err)
        return self._push(self.draft.with_(extra=(kind, cell)), self.tr("Draw the +1 cell"))

    def move_to(self, cell: Cell) -> bool:
        cell = tuple(cell)
        if self.step() != "move":
            return self._refuse(RuleError("R4.2", "draw first: movement comes after the draw", code="draw_first"))
        reach = self.reach()
        if cell not in reach:
            return self._refuse(RuleError("R4.4", f"({cell[0]}, {cell[1]}) is not reachable in {self.moves_allowed()} steps", code="not_reachable"))
        d = self.draft
        path = tuple(self._built(d).shortest_path(cell, self.moves_allowed(), d.special == "warp") or ())
        if path == d.path:
            return False
        escape = d.escape and (path[-1] if path else self._base_sheet().pawn_cell) == self.comps.exit
        return self._push(d.with_(path=path, escape=escape), self.tr("Move the adventurer"))

    def set_escape(self, escape: bool) -> bool:
        if escape and not self.can_escape():
            return self._refuse(RuleError("R4.5", "escape needs stage 2 and the pawn on the exit", code="escape_not_possible"))
        if self.step() != "move" or self.draft.escape == escape:
            return False
        return self._push(self.draft.with_(escape=escape), self.tr("Escape") if escape else self.tr("Stay"))

    def toggle_keep(self, card: int) -> bool:
        if self.step() != "setup":
            return False
        if card not in self.game.seats[self.actor].dealt_objectives:
            return self._refuse(RuleError("R5.3", f"objective card {card} was not dealt to this seat", code="keep"))
        keep = self.draft.keep
        if card in keep:
            keep = tuple(k for k in keep if k != card)
        elif len(keep) >= 2:
            return self._refuse(RuleError("R5.3", "keep exactly two of the four objective cards", code="keep"))
        else:
            keep = keep + (card,)
        return self._push(self.draft.with_(keep=keep), self.tr("Keep objective card"))

    def current_turn(self) -> Turn | None:
        d = self.draft
        if not isinstance(d, TurnDraft) or d.action is None:
            return None
        return Turn(d.action, d.cells, d.discard, d.extra if d.special == "extra" else None,
                    d.special == "warp", d.path, d.escape)

    def draft_setup(self, choice: SetupChoice) -> bool:
        """Take a whole setup (a suggestion, a test's choice) as the acting
        seat's gestures: each one undoable, each judged by the rules."""
        ok = all(self.toggle_keep(card) for card in choice.keep)
        ok = ok and all(self.place_piece("road", cells, card) for card, cells in choice.roads)
        return ok and all(self.place_piece("wall", cells, card) for card, cells in choice.walls)

    def draft_turn(self, turn: Turn) -> bool:
        """Take a whole step 1 (a hint, a test's choice) as the acting seat's
        gestures: the draw, the special action, the move, the escape."""
        if turn.action in ("A", "B"):
            ok = self.place_piece("road" if turn.action == "A" else "wall", turn.cells)
        elif turn.action == "C":
            ok = self.place_c(turn.cells[0])
        else:
            ok = self.take_none()
        if ok and turn.discard is not None:
            ok = self.take_special("extra" if turn.extra else "warp", turn.discard)
            if ok and turn.extra:
                ok = self.place_extra(*turn.extra)
        if ok and turn.path:
            self.move_to(turn.path[-1])  # False when it ends where it began: no move
        if ok and turn.escape:
            ok = self.set_escape(True)
        return ok

    def confirm(self) -> bool:
        """End the acting seat's decision; confirmed cells never change again."""
        g = self.game
        step = self.step()
        try:
            if step == "setup":
                d = self.draft
                if len(d.keep) != 2:
                    raise RuleError("R5.3", "keep exactly two of the four objective cards", code="keep")
                roads = tuple((card, cells) for kind, card, cells in d.pieces if kind == "road")
                walls = tuple((card, cells) for kind, card, cells in d.pieces if kind == "wall")
                choice = SetupChoice(tuple(d.keep), roads, walls)
                g.check_setup(self.actor, choice)
                g.submit_setup(self.actor, choice)
                if g.phase == "play":
                    self.actor, self.draft = None, None
                    self._after_setup()
                    return True
            elif step == "extra":
                raise RuleError("R4.3", "draw the +1 cell (or undo the special action) first", code="extra_pending")
            elif step == "move":
                turn = self.current_turn()
                g.check_turn(self.actor, turn)
                self._pending[self.actor] = turn
                self._confirmed[self.actor] = self.draft
            else:
                raise RuleError("R4.2", "draw first (A, B or C)", code="draw_first")
        except RuleError as e:
            return self._refuse(e)
        self.progressed.emit()
        self._next_actor()
        return True

    # =================================================================
    # emitting what changed
    # =================================================================
    def _sync(self) -> None:
        """Diff every seat's displayed state against what views last got."""
        g = self.game
        if g is None:
            return
        for i in range(g.n):
            sheet = self._display_sheet(i)
            old = self._shown.get(i)
            new = {
                "sheet": _sheet_key(sheet),
                "gems": g.seats[i].gems,
                "pen": self._display_penalties(i),
                "hand": tuple(self._display_hand(i)),
                "traced": self._traced_letters(sheet),
            }
            self._shown[i] = new
            o_roads, o_gates, o_walls, o_traced, o_pawn = old["sheet"] if old else (0, 0, 0, 0, -1)
            changed = (sheet.roads ^ o_roads) | (sheet.gates ^ o_gates) | (sheet.walls ^ o_walls)
            for b in bits(changed):
                r, c = cell_of(b)
                self.cell_changed.emit(i, r, c, sheet.state(r, c))
            if sheet.pawn != o_pawn:
                d = self._draft_of(i)
                path = list(d.path) if isinstance(d, TurnDraft) and d.path else []
                self.pawn_moved.emit(i, path or [sheet.pawn_cell])
            if old is None or old["traced"] != new["traced"]:
                self.destinations_changed.emit(i, list(new["traced"][0]), list(new["traced"][1]))
            if old is None or old["gems"] != new["gems"]:
                self.gems_changed.emit(i, new["gems"])
            if old is None or old["pen"] != new["pen"]:
                self.penalties_changed.emit(i, new["pen"])
            if old is None or old["hand"] != new["hand"]:
                self.hand_changed.emit(i, list(new["hand"]))

    def shutdown(self) -> None:
        """Forget running jobs and wait for the pool (window closing, tests)."""
        self._token += 1
        self.pool.waitForDone(5000)
        self._jobs.clear()


def _draft_of_turn(t: Turn) -> TurnDraft:
    """The draft a confirmed turn came from (to show a resumed seat's choice)."""
    special = "extra" if t.extra is not None else "warp" if t.warp else None
    return TurnDraft(action=t.action, cells=tuple(t.cells), special=special, discard=t.discard, extra=t.extra,
                     path=tuple(t.path), escape=t.escape)
