"""GameModel: the Qt face of the table session.

An adapter only.  Gestures go to the session's intents for the seat on this screen
(``SharedScreen``, the pass-and-play policy); the ``Changes`` they return become signals.  The
``QUndoStack`` is the menu's face of the session's undo history.  Computer seats and the hint
are asked through the one operation ``Runner``.  A signal with private data carries only the
viewing seat's (R12.1); views read the rest from ``view()`` and ``public()``, immutable values."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import suppress

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..ai.base import level_of
from ..rules.errors import RuleError
from ..rules.game import Game
from ..rules.turn import SetupChoice, Turn
from ..session.screen import SharedScreen
from ..session.table import NotDeciding, TableSession
from ..session.views import Changes, PublicView, SeatView
from .ai_worker import brain_for, decide
from .emit import emit_private, emit_public
from .runner import Operation, Runner


class _DraftCommand(QUndoCommand):
    """One gesture, already made in the session: undo and redo ask the
    session to step its history for that seat."""

    def __init__(self, model: GameModel, seat: int, text: str):
        super().__init__(text)
        self._model, self._seat, self._made = model, seat, True

    def redo(self) -> None:
        if self._made:  # QUndoStack.push redoes at once: the gesture is made already
            self._made = False
            return
        self._step(self._model.session.redo)

    def undo(self) -> None:
        self._step(self._model.session.undo)

    def _step(self, intent) -> None:
        try:
            self._model.apply(intent(self._seat))
        except NotDeciding:
            pass  # the decision was confirmed meanwhile: nothing left to step


class GameModel(QObject):
    # -- private: only ever the viewing seat's, and only while it views ----
    cell_changed = Signal(int, int, int, str)  # seat, row, col, state ("empty"|"road"|"wall"|"gate")
    pawn_moved = Signal(int, object)  # seat, cells stepped onto this turn (else where it stands)
    # seat, active letters traced on its sheet, resolved ones, walled ones (no longer destinations there, R8.2)
    destinations_changed = Signal(int, object, object, object)
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
    applying = Signal()  # changes are about to be emitted: a view made on demand is made now (issue 59)
    game_over = Signal(object)  # winning seats
    decided = Signal(int)  # a seat confirmed its decision (public: who, never what)
    progressed = Signal()  # a decision was confirmed or a round played: worth an autosave

    def __init__(self, session: TableSession | None = None, parent: QObject | None = None, screen=None):
        """``screen``: who looks at this screen (default: pass-and-play); a
        table across laptops gives ``net.SeatScreen`` and its session proxy."""
        super().__init__(parent)
        self.session = session if session is not None else TableSession()
        self.screen = screen if screen is not None else SharedScreen(self.session)
        self.undo_stack = QUndoStack(self)
        self.runner = Runner(self)
        self.hint: Turn | SetupChoice | None = None
        self._hint_op: Operation | None = None
        self._token = 0  # answers from an abandoned game's operations carry an older token
        self._ops: dict[int, Operation] = {}  # computer seats being asked
        self._shown: SeatView | None = None  # the viewing seat's state as last emitted
        self._public_shown: PublicView | None = None

    # -- what views read --------------------------------------------------------
    def public(self) -> PublicView:
        return self.screen.public()

    def view(self) -> SeatView | None:
        """The viewing seat's own side, or None while nobody's may be shown."""
        return self.screen.view()

    def final_views(self) -> list[SeatView]:
        """Every seat's side once the game is over (R11.5 compares them all), of those this screen has."""
        views = []
        for i in range(self.public().n if self.public().phase == "over" else 0):
            with suppress(PermissionError):  # a joining screen without the host's record
                views.append(self.screen.view_of(i))
        return views

    def step(self) -> str:
        """The viewing seat's step ("setup", "draw", "extra", "move"), "wait", or "handoff" while the cover waits."""
        if self.screen.awaiting_handoff:
            return "handoff"
        v = self.view()
        return v.step if v is not None else "wait"

    def thinking_seats(self) -> list[int]:
        return self.session.thinking()

    def pending_state(self) -> dict:
        return self.session.pending_state()

    @property
    def hint_pending(self) -> bool:
        return self._hint_op is not None

    def can_hint(self) -> bool:
        return not self.hint_pending and self.screen.deciding_here and self.public().phase in ("setup", "play")

    # -- starting ----------------------------------------------------------------
    def new_game(self, seats: list[tuple[str, str]], seed: int | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        self._forget_ops()
        self.apply(self.session.new_game(seats, seed))

    def resume(self, game: Game, pending: dict | None = None) -> None:
        """Continue a loaded game; the decisions still to take start from the
        event loop, so a round whose choices were all made is played after
        this returns, as any other round is."""
        self._forget_ops()
        self.apply(self.session.resume(game, pending))
        token = self._token
        QTimer.singleShot(0, self, lambda: self.apply(self.session.begin()) if token == self._token else None)

    def _forget_ops(self) -> None:
        self._token += 1
        for op in self._ops.values():
            op.cancel()
        self._ops.clear()
        if self._hint_op is not None:
            self._hint_op.cancel()
            self._hint_op = None
        self._shown = self._public_shown = None

    def shutdown(self) -> None:
        """Abandon running operations and let the workers end (window closing, tests)."""
        self._forget_ops()
        self.runner.cancel_all()
        self.runner.wait_idle(5000)

    # -- intents: forwarded for the seat on this screen ------------------------------
    def _gesture(self, intent: Callable[[int], Changes], text: str) -> bool:
        try:
            seat = self.screen.seat_here()
            ch = intent(seat)
        except NotDeciding:
            return False
        except RuleError as e:
            self.refused.emit(e.rule, e.code, e.message)
            return False
        if not ch:
            return False
        self.undo_stack.push(_DraftCommand(self, seat, text))
        self.apply(ch)
        return True

    def place_piece(self, kind: str, cells, card: str | None = None) -> bool:
        """A setup piece (``card`` given) or action A/B with the active card."""
        if self.step() == "setup":
            text = self.tr("Draw setup piece")
        else:
            text = self.tr("Action A: roads") if kind == "road" else self.tr("Action B: walls")
        return self._gesture(lambda seat: self.session.place_piece(seat, kind, cells, card), text)

    def place_c(self, cell) -> bool:
        return self._gesture(lambda seat: self.session.place_c(seat, cell), self.tr("Action C: one wall"))

    def take_none(self) -> bool:
        return self._gesture(self.session.take_none, self.tr("No draw possible"))

    def take_special(self, special: str, discard: int) -> bool:
        """R4.3: pay objective card ``discard`` for "extra" (+1 cell) or "warp"."""
        text = self.tr("Special action: +1 cell") if special == "extra" else self.tr("Special action: warp")
        return self._gesture(lambda seat: self.session.take_special(seat, special, discard), text)

    def place_extra(self, kind: str, cell) -> bool:
        return self._gesture(lambda seat: self.session.place_extra(seat, kind, cell), self.tr("Draw the +1 cell"))

    def move_to(self, cell) -> bool:
        return self._gesture(lambda seat: self.session.move_to(seat, cell), self.tr("Move the adventurer"))

    def set_escape(self, escape: bool) -> bool:
        return self._gesture(lambda seat: self.session.set_escape(seat, escape),
                             self.tr("Escape") if escape else self.tr("Stay"))

    def toggle_keep(self, card: int) -> bool:
        return self._gesture(lambda seat: self.session.toggle_keep(seat, card), self.tr("Keep objective card"))

    def clear_draft(self) -> bool:
        """Clear every cell drawn in this decision (one undoable step)."""
        return self._gesture(self.session.clear, self.tr("Start over"))

    def take_decision(self, decision: Turn | SetupChoice, text: str | None = None) -> bool:
        """Start the decision over and take a whole one (the hint, a test's), as one undoable step."""
        return self._gesture(lambda seat: self.session.take_decision(seat, decision),
                             text or self.tr("Take the suggestion"))

    def use_hint(self) -> bool:
        return self.hint is not None and self.take_decision(self.hint, self.tr("Take the suggestion"))

    def confirm(self) -> bool:
        """End the acting seat's decision; confirmed cells never change again."""
        try:
            changes = self.session.confirm(self.screen.seat_here())
        except NotDeciding:
            return False
        except RuleError as e:
            self.refused.emit(e.rule, e.code, e.message)
            return False
        self.apply(changes)
        return True

    def accept_handoff(self) -> None:
        self.apply(self.screen.accept_handoff())

    def view_final_sheet(self, seat: int) -> bool:
        """Once the game is over, any seat's sheet may be shown."""
        self.apply(self.screen.view_final_sheet(seat))
        return self.public().phase == "over" and self.screen.viewer == seat

    # -- computer seats and hints: through the runner ------------------------------------
    def _start_ops(self, seats: tuple[int, ...]) -> None:
        p = self.public()
        # Observations first, then the operations: once a worker runs it
        # competes for the GIL, and the UI thread should not be slowed mid-snapshot.
        observations = {seat: self.session.observation_for(seat) for seat in seats}
        token = self._token
        for seat, obs in observations.items():
            level = level_of(p.seats[seat].kind) or "random"
            seed = f"ruin-qt-ai:{p.seed}:{seat}:{p.round}"

            def answer(result, seat=seat) -> None:
                self._on_decided(token, seat, result)

            self._ops[seat] = self.runner.in_process(decide, brain_for(level), obs, seed) \
                .success(answer).failure(answer).run()

    def _on_decided(self, token: int, seat: int, result) -> None:
        # A failed brain answers with its exception: the session replaces it.
        if token != self._token or self._ops.pop(seat, None) is None:
            return
        p = self.public()
        self.apply(self.session.submit_computer(seat, result, f"fallback:{p.seed}:{seat}:{p.round}"))

    def request_hint(self) -> bool:
        """Ask, off the UI thread, what the acting seat should do: the review's own search for
        this decision (``review.hint``), so a decision played as hinted is the review's best
        (issue 58).  It sees and is seeded from that seat's observation only (R12.3)."""
        from ..review.hint import hint  # the search is imported when first asked, not at start-up

        if not self.can_hint() or self.screen.actor is None:
            return False
        seat = self.screen.actor
        obs = self.session.hint_observation(seat)
        if obs is None:
            return False
        token = self._token
        self._hint_op = self.runner.in_process(hint, obs, purpose="hint") \
            .success(lambda result: self._on_hint(token, seat, result)) \
            .failure(lambda _error: self._on_hint(token, seat, None)).run()
        self.thinking_changed.emit(self.thinking_seats())
        return True

    def _on_hint(self, token: int, seat: int, result) -> None:
        self._hint_op = None
        sc = self.screen
        if token == self._token and seat == sc.actor == sc.viewer:
            self.hint = result if result is not None and self.session.legal(seat, result) else None
            self.hint_changed.emit(self.hint)
        self.thinking_changed.emit(self.thinking_seats())

    def _clear_hint(self) -> None:
        if self.hint is not None or self._hint_op is not None:
            if self._hint_op is not None:
                self._hint_op.cancel()
            self.hint, self._hint_op = None, None
            self.hint_changed.emit(None)

    # -- emitting what changed -------------------------------------------------------------
    def apply(self, ch: Changes) -> None:
        """Emit what ``ch`` (from any session intent: this screen's, another's) changed."""
        self.applying.emit()
        ch = self.screen.follow(ch)
        if ch.new_draft or ch.started:
            self.undo_stack.clear()
        if ch.new_draft or ch.viewer or ch.started:
            self._clear_hint()
        if ch.started:
            self.game_started.emit()
        if ch.viewer or ch.started:
            self._shown = None
            self.viewer_changed.emit(self.screen.viewer)
        if ch.phase:
            self.phase_changed.emit(self.public().phase)
        self._sync_private()
        self._sync_public()
        for seat in ch.confirmed:
            self.decided.emit(seat)
        for rnd, events in ch.announced:
            self.announced.emit(rnd, events)
        if ch.handoff is not None:
            self.handoff_requested.emit(ch.handoff)
        if ch.new_draft and self.screen.actor is not None:
            self.decision_started.emit(self.screen.actor)
        if ch.requests:
            self._start_ops(ch.requests)
        if ch.thinking or ch.requests:
            self.thinking_changed.emit(self.thinking_seats())
        self.turn_changed.emit()
        if ch.progressed:
            self.progressed.emit()
        if ch.over:
            self.game_over.emit(list(self.public().winners))

    def _sync_private(self) -> None:
        v = self.view()
        old = self._shown if self._shown is not None and v is not None and self._shown.seat == v.seat else None
        self._shown = v
        if v is not None:
            emit_private(self, old, v)

    def _sync_public(self) -> None:
        p, old = self.public(), self._public_shown
        self._public_shown = p
        if p.phase != "none":
            emit_public(self, old, p)
