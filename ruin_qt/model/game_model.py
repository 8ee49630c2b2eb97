"""GameModel: the Qt face of the table session.

It turns gestures into session intents, keeps the undo history of the acting
seat's draft (a ``QUndoStack`` over builder values), asks computer seats and
the hint on a worker thread, and emits signals from the session's change
records.  It decides nothing: legality comes from the rules' builders, whose
turn it is from the session.  A signal that carries private data carries only
the viewing seat's (R12.1); views read the rest from ``view()`` and
``public()``, immutable values, never the ``Game`` or a draft being built.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..ai.base import level_of
from ..rules.bitboard import bits, cell_of
from ..rules.errors import RuleError
from ..rules.game import Game
from ..rules.setup_builder import expect_setup
from ..rules.turn import SetupChoice, Turn
from ..rules.turn_builder import expect_turn
from ..session.table import NotDeciding, TableSession
from ..session.views import Changes, PublicView, SeatView
from .ai_worker import DecisionJob


class _DraftCommand(QUndoCommand):
    """One gesture: undo puts the previous draft value back."""

    def __init__(self, model: GameModel, old, new, text: str):
        super().__init__(text)
        self._model, self._old, self._new = model, old, new

    def redo(self) -> None:
        self._model._apply(self._model.session.set_draft(self._new))

    def undo(self) -> None:
        self._model._apply(self._model.session.set_draft(self._old))


class GameModel(QObject):
    # -- private: only ever the viewing seat's, and only while it views ----
    cell_changed = Signal(int, int, int, str)  # seat, row, col, state ("empty"|"road"|"wall"|"gate")
    pawn_moved = Signal(int, object)  # seat, cells stepped onto this turn (else where it stands)
    destinations_changed = Signal(int, object, object)  # seat, active letters traced on its sheet, resolved ones
    penalties_changed = Signal(int, int)  # seat, count (this turn's draw included)
    hand_changed = Signal(int, object)  # seat, objective card ids (minus a card paid this turn)
    hint_changed = Signal(object)  # the Expert's suggestion (Turn, SetupChoice) for the viewing seat, or None
    refused = Signal(str, str, str)  # rule id, reason code, engine message: the viewing seat's gesture refused
    turn_changed = Signal()  # the viewing seat's draft or step changed: controls refresh
    # -- public (R12.2) ------------------------------------------------------
    gems_changed = Signal(int, int)  # seat, count
    line_changed = Signal(object, int)  # line letters (index 0 = the active card), deck size
    discard_changed = Signal(object)  # explore discard pile, oldest first
    stage_changed = Signal(int, int)  # stage, rounds played
    announced = Signal(int, object)  # round (0 = setup), the round's public events
    phase_changed = Signal(str)  # "none" | "setup" | "play" | "over"
    viewer_changed = Signal(int)  # seat whose private side is shown now, -1 = nobody's
    handoff_requested = Signal(int)  # seat the device must be passed to (cover up until accepted)
    decision_started = Signal(int)  # seat beginning a new setup or step 1 (its table state starts afresh)
    thinking_changed = Signal(object)  # computer seats still deciding
    game_started = Signal()
    game_over = Signal(object)  # winning seats
    progressed = Signal()  # a decision was confirmed or a round played: worth an autosave

    def __init__(self, session: TableSession | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session if session is not None else TableSession()
        self.undo_stack = QUndoStack(self)
        self.pool = QThreadPool(self)
        # One worker: brains are pure Python, so more threads would only
        # split the GIL further and slow the UI thread.
        self.pool.setMaxThreadCount(1)
        self.hint: Turn | SetupChoice | None = None
        self.hint_pending = False
        self._hint_job: DecisionJob | None = None
        self._token = 0  # answers from an abandoned game's jobs carry an older token
        self._jobs: dict[int, DecisionJob] = {}
        self._alive: list[DecisionJob] = []  # jobs still running on the pool
        self._shown: SeatView | None = None  # the viewing seat's state as last emitted
        self._public_shown: PublicView | None = None

    # -- what views read --------------------------------------------------------
    def public(self) -> PublicView:
        return self.session.public()

    def view(self) -> SeatView | None:
        """The viewing seat's own side, or None while nobody's may be shown."""
        viewer = self.session.viewer
        return self.session.view(viewer) if viewer >= 0 else None

    def final_views(self) -> list[SeatView]:
        """Every seat's side, once the game is over (R11.5 compares them all)."""
        p = self.public()
        return [self.session.view(i) for i in range(p.n)] if p.phase == "over" else []

    def step(self) -> str:
        """"handoff" while the cover waits, else the viewing seat's step
        ("setup", "draw", "extra", "move") or "wait"."""
        if self.session.awaiting_handoff:
            return "handoff"
        v = self.view()
        return v.step if v is not None else "wait"

    def thinking_seats(self) -> list[int]:
        return self.session.thinking()

    def pending_state(self) -> dict:
        return self.session.pending_state()

    def can_hint(self) -> bool:
        return not self.hint_pending and self.session.deciding_here and self.public().phase in ("setup", "play")

    # -- starting ----------------------------------------------------------------
    def new_game(self, seats: list[tuple[str, str]], seed: int | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        self._forget_jobs()
        self._apply(self.session.new_game(seats, seed))

    def resume(self, game: Game, pending: dict | None = None) -> None:
        """Continue a loaded game; the decisions still to take start from the
        event loop, so a round whose choices were all made is played after
        this returns, as any other round is."""
        self._forget_jobs()
        self._apply(self.session.resume(game, pending))
        token = self._token
        QTimer.singleShot(0, lambda: self._apply(self.session.begin()) if token == self._token else None)

    def _forget_jobs(self) -> None:
        self._token += 1
        self._jobs.clear()
        self._shown = self._public_shown = None

    def shutdown(self) -> None:
        """Forget running jobs and wait for the pool (window closing, tests)."""
        self._token += 1
        self.pool.waitForDone(5000)
        self._jobs.clear()

    # -- intents -------------------------------------------------------------------
    def _edit(self, change, text: str) -> bool:
        try:
            old = self.session.draft()
            new = change(old)
        except NotDeciding:
            return False
        except RuleError as e:
            self.refused.emit(e.rule, e.code, e.message)
            return False
        if new == old:
            return False
        self.undo_stack.push(_DraftCommand(self, old, new, text))
        return True

    def place_piece(self, kind: str, cells, card: str | None = None) -> bool:
        """A setup piece (``card`` given) or action A/B with the active card."""
        cells = tuple(map(tuple, cells))
        if self.step() == "setup":
            return self._edit(lambda d: expect_setup(d).place(kind, card or "", cells), self.tr("Draw setup piece"))
        text = self.tr("Action A: roads") if kind == "road" else self.tr("Action B: walls")
        return self._edit(lambda d: expect_turn(d).draw(kind, cells), text)

    def place_c(self, cell) -> bool:
        return self._edit(lambda d: expect_turn(d).draw_c(tuple(cell)), self.tr("Action C: one wall"))

    def take_none(self) -> bool:
        return self._edit(lambda d: expect_turn(d).draw_nothing(), self.tr("No draw possible"))

    def take_special(self, special: str, discard: int) -> bool:
        """R4.3: pay objective card ``discard`` for "extra" (+1 cell) or "warp"."""
        text = self.tr("Special action: +1 cell") if special == "extra" else self.tr("Special action: warp")
        return self._edit(lambda d: expect_turn(d).take_special(special, discard), text)

    def place_extra(self, kind: str, cell) -> bool:
        return self._edit(lambda d: expect_turn(d).place_extra(kind, tuple(cell)), self.tr("Draw the +1 cell"))

    def move_to(self, cell) -> bool:
        return self._edit(lambda d: expect_turn(d).move_to(tuple(cell)), self.tr("Move the adventurer"))

    def set_escape(self, escape: bool) -> bool:
        return self._edit(lambda d: expect_turn(d).set_escape(escape), self.tr("Escape") if escape else self.tr("Stay"))

    def toggle_keep(self, card: int) -> bool:
        return self._edit(lambda d: expect_setup(d).toggle_keep(card), self.tr("Keep objective card"))

    def take_decision(self, decision: Turn | SetupChoice, text: str | None = None) -> bool:
        """Start the decision over and take a whole one (the hint, a test's),
        as one undoable step."""
        def change(d):
            fresh = self.session.fresh_draft()
            if isinstance(decision, SetupChoice):
                return expect_setup(fresh).replay(decision)
            return expect_turn(fresh).replay(decision)
        return self._edit(change, text or self.tr("Take the suggestion"))

    def use_hint(self) -> bool:
        return self.hint is not None and self.take_decision(self.hint, self.tr("Take the suggestion"))

    def confirm(self) -> bool:
        """End the acting seat's decision; confirmed cells never change again."""
        try:
            changes = self.session.confirm()
        except NotDeciding:
            return False
        except RuleError as e:
            self.refused.emit(e.rule, e.code, e.message)
            return False
        self._apply(changes)
        return True

    def accept_handoff(self) -> None:
        self._apply(self.session.accept_handoff())

    def view_final_sheet(self, seat: int) -> bool:
        """Once the game is over, any seat's sheet may be shown."""
        self._apply(self.session.view_final_sheet(seat))
        return self.public().phase == "over" and self.session.viewer == seat

    # -- computer seats and hints ------------------------------------------------------
    def _start_jobs(self, seats: tuple[int, ...]) -> None:
        p = self.public()
        what = "setup" if p.phase == "setup" else "turn"
        # Observations first, then the jobs: once a worker runs it competes
        # for the GIL, and the UI thread should not be slowed mid-snapshot.
        observations = {seat: self.session.observation_for(seat) for seat in seats}
        for seat, obs in observations.items():
            level = level_of(p.seats[seat].kind) or "random"
            job = DecisionJob(self._token, seat, what, obs, level, f"ruin-qt-ai:{p.seed}:{seat}:{p.round}")
            job.signals.decided.connect(self._on_decided)
            self._jobs[seat] = job
            self._run(job)

    def _run(self, job: DecisionJob) -> None:
        # An abandoned game's jobs may still run on the pool: keep them
        # referenced until their run() has returned.
        self._alive = [j for j in self._alive if not j.finished] + [job]
        self.pool.start(job)

    def _on_decided(self, token: int, seat: int) -> None:
        if token != self._token or seat not in self._jobs:
            return
        result = self._jobs.pop(seat).result
        p = self.public()
        self._apply(self.session.submit_computer(seat, result, f"fallback:{p.seed}:{seat}:{p.round}"))

    def request_hint(self) -> bool:
        """Ask the Expert, off the UI thread, what the acting seat should do.
        It sees that seat's own observation only (R12.3): a hint leaks nothing."""
        obs = self.session.hint_observation()
        if obs is None or not self.can_hint():
            return False
        p = self.public()
        job = DecisionJob(self._token, obs.seat, "setup" if p.phase == "setup" else "turn", obs, "expert",
                          f"ruin-qt-hint:{p.seed}:{obs.seat}:{p.round}")
        job.signals.decided.connect(self._on_hint)
        self._hint_job = job
        self.hint_pending = True
        self._run(job)
        self.thinking_changed.emit(self.thinking_seats())
        return True

    def _on_hint(self, token: int, seat: int) -> None:
        job, self._hint_job = self._hint_job, None
        self.hint_pending = False
        s = self.session
        if token == self._token and job is not None and seat == s.actor == s.viewer:
            self.hint = job.result if s.legal(seat, job.result) else None
            self.hint_changed.emit(self.hint)
        self.thinking_changed.emit(self.thinking_seats())

    def _clear_hint(self) -> None:
        if self.hint is not None or self.hint_pending:
            self.hint, self.hint_pending, self._hint_job = None, False, None
            self.hint_changed.emit(None)

    # -- emitting what changed -------------------------------------------------------------
    def _apply(self, ch: Changes) -> None:
        if ch.new_draft or ch.started:
            self.undo_stack.clear()
        if ch.new_draft or ch.viewer or ch.started:
            self._clear_hint()
        if ch.started:
            self.game_started.emit()
        if ch.viewer or ch.started:
            self._shown = None
            self.viewer_changed.emit(self.session.viewer)
        if ch.phase:
            self.phase_changed.emit(self.public().phase)
        self._sync_private()
        self._sync_public()
        for rnd, events in ch.announced:
            self.announced.emit(rnd, events)
        if ch.handoff is not None:
            self.handoff_requested.emit(ch.handoff)
        if ch.new_draft and self.session.actor is not None:
            self.decision_started.emit(self.session.actor)
        if ch.requests:
            self._start_jobs(ch.requests)
        if ch.thinking or ch.requests:
            self.thinking_changed.emit(self.thinking_seats())
        self.turn_changed.emit()
        if ch.progressed:
            self.progressed.emit()
        if ch.over:
            self.game_over.emit(list(self.public().winners))

    def _sync_private(self) -> None:
        """Emit what changed on the viewing seat's side since the last emit."""
        v = self.view()
        old = self._shown if self._shown is not None and v is not None and self._shown.seat == v.seat else None
        self._shown = v
        if v is None:
            return
        seat, sheet = v.seat, v.sheet
        before = old.sheet if old is not None else None
        for b in bits(sheet.changed_since(before)):
            r, c = cell_of(b)
            self.cell_changed.emit(seat, r, c, sheet.state(r, c))
        if before is None or sheet.pawn != before.pawn:
            self.pawn_moved.emit(seat, list(v.path) or [sheet.pawn_cell])
        if old is None or (old.active, old.resolved) != (v.active, v.resolved):
            self.destinations_changed.emit(seat, list(v.active), list(v.resolved))
        if old is None or old.penalties != v.penalties:
            self.penalties_changed.emit(seat, v.penalties)
        if old is None or old.hand != v.hand:
            self.hand_changed.emit(seat, list(v.hand))

    def _sync_public(self) -> None:
        p, old = self.public(), self._public_shown
        self._public_shown = p
        if p.phase == "none":
            return
        if old is None or (old.line, old.deck_size) != (p.line, p.deck_size):
            self.line_changed.emit(list(p.line), p.deck_size)
        if old is None or old.discard != p.discard:
            self.discard_changed.emit(list(p.discard))
        if old is None or (old.stage, old.round) != (p.stage, p.round):
            self.stage_changed.emit(p.stage, p.round)
        for i, s in enumerate(p.seats):
            if old is None or len(old.seats) != len(p.seats) or old.seats[i].gems != s.gems:
                self.gems_changed.emit(i, s.gems)
