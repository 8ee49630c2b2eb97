"""GameModel: the Qt face of the table session.

An adapter only.  A gesture is a value (``session.intents``) handed to
``act``, which makes it for the seat on this screen (``SharedScreen``, the
pass-and-play policy).  Whatever changes the table -- this screen's gesture,
a computer seat's answer, another laptop's intent -- the table tells the
model (``watch``: one route), and ``apply`` turns those ``Changes`` into
signals.  The ``QUndoStack`` is the menu's face of the session's undo
history, one command per gesture value, named by its label.  A local
table's computer seats are decided by the model's ``computer.Driver`` (a
host's table: by its service's), and the hint is asked, through the app's
one operation ``Runner``.  A signal that carries private data carries only
the viewing seat's (R12.1); views read the rest from ``view()`` and
``public()``, immutable values, never the ``Game`` or a draft being built.
"""

from __future__ import annotations

import random
from contextlib import suppress
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..rules.errors import RuleError
from ..rules.game import Game
from ..rules.turn import SetupChoice, Turn
from ..session import computer
from ..session.screen import SharedScreen
from ..session.table import NotDeciding, TableSession
from ..session.views import Changes, PublicView, SeatView
from .emit import emit_private, emit_public
from .runner import Operation, Runner, decider

if TYPE_CHECKING:
    from ..session.faces import Screen, Table
    from ..session.intents import Edit, Intent, Redo, Undo


class _DraftCommand(QUndoCommand):
    """One gesture (the value the session took), already made: its text is the
    gesture's label; undo and redo ask the session to step that seat's history."""

    def __init__(self, model: GameModel, seat: int, intent: Edit, text: str):
        super().__init__(text)
        self._model, self._seat, self.intent, self._made = model, seat, intent, True

    def redo(self) -> None:
        from ..session.intents import Redo

        if self._made:  # QUndoStack.push redoes at once: the gesture is made already
            self._made = False
            return
        self._step(Redo())

    def undo(self) -> None:
        from ..session.intents import Undo

        self._step(Undo())

    def _step(self, step: Undo | Redo) -> None:
        try:
            self._model.session.act(self._seat, step)  # told back to the model by the table
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
    applying = Signal()  # changes are about to be emitted: a view made on demand is made now
    game_over = Signal(object)  # winning seats
    decided = Signal(int)  # a seat confirmed its decision (public: who, never what)
    progressed = Signal()  # a decision was confirmed or a round played: worth an autosave

    def __init__(self, session: Table | None = None, parent: QObject | None = None, screen: Screen | None = None,
                 *, runner: Runner, drive: bool = True):
        """``session``: the local ``TableSession`` (a new one by default) or a joining screen's
        ``RemoteTable``; ``screen``: who looks at this screen (default: pass-and-play, on a
        local table); a table across laptops gives a ``SeatScreen``.  ``runner``: the app's
        (``app.runners``, the one place that makes one).  ``drive``: this model hosts a local
        table, so its ``computer.Driver`` decides the computer seats; a host's table is driven
        by its service (``HostService``), the model on it only shows it."""
        super().__init__(parent)
        table = session if session is not None else TableSession()
        self.session: Table = table
        # The game itself, when it is here (a local table, a host's): what only such a table does.
        self.table: TableSession | None = table if isinstance(table, TableSession) else None
        if screen is None:
            if self.table is None:
                raise TypeError("a joining screen's table is looked at through its SeatScreen")
            screen = SharedScreen(self.table)
        self.screen: Screen = screen
        self.undo_stack = QUndoStack(self)
        self.runner = runner
        runner.hold(self)  # the app's runner outlives this model
        self.hint: Turn | SetupChoice | None = None
        self._hint_op: Operation | None = None
        self._token = 0  # answers from an abandoned game's operations carry an older token
        self._shown: SeatView | None = None  # the viewing seat's state as last emitted
        self._public_shown: PublicView | None = None
        self.session.watch(self.apply)  # the one route by which the table's changes reach the views
        # A local table's computer seats are seeded from its game's seed (what its record keeps).
        self.driver = computer.Driver(table, decider(runner), lambda: str(table.live.seed)) \
            if drive and isinstance(table, TableSession) else None
        if self.driver is not None:
            self.driver.poke()  # a table already in play

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

    def holds_the_game(self) -> bool:
        """The game itself is here (a table's host, a game on this computer), not another program's copy."""
        return self.table is not None

    def _local(self) -> TableSession:
        if self.table is None:
            raise TypeError("a joining screen's table starts no game: its host does")
        return self.table

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
        self._local().new_game(seats, seed)

    def resume(self, game: Game, pending: dict | None = None) -> None:
        """Continue a loaded game; the decisions still to take start from the
        event loop, so a round whose choices were all made is played after
        this returns, as any other round is."""
        table = self._local()
        self._forget_ops()
        table.resume(game, pending)
        token = self._token
        QTimer.singleShot(0, self, lambda: table.begin() if token == self._token else None)

    def catch_up(self) -> None:
        """A model made on a table already in play (a hosted table resumed from its autosave):
        every view is told all of it, as if the game had just started."""
        s = self.session
        open_now = tuple(sorted(s.may_act()))
        self.apply(Changes(started=True, phase=True, public=True, acting=True, drafts=open_now,
                           new_drafts=open_now, thinking=bool(s.thinking())))

    def _forget_ops(self) -> None:
        """Drop the hint asked and every answer of the game left (the driver drops its own
        decisions as the table tells it a new game started)."""
        self._token += 1
        if self._hint_op is not None:
            self._hint_op.cancel()
            self._hint_op = None
        self._shown = self._public_shown = None

    def shutdown(self) -> None:
        """Abandon this model's operations (window closing, tests): its hint, its table's computer seats."""
        self._forget_ops()
        if self.driver is not None:
            self.driver.stop()
        self.session.unwatch(self.apply)

    # -- gestures: made for the seat on this screen ------------------------------
    def act(self, intent: Intent) -> bool:
        """The seat on this screen makes ``intent`` (``session.intents``); whether it
        changed anything.  An edit is one step of the undo stack, named by its label;
        Undo and Redo step that stack; a refusal is the ``refused`` signal."""
        from ..session.intents import Edit, Redo, Undo  # with the first gesture, not at start-up

        if isinstance(intent, (Undo, Redo)):
            stack = self.undo_stack
            able = stack.canUndo() if isinstance(intent, Undo) else stack.canRedo()
            if able:
                stack.undo() if isinstance(intent, Undo) else stack.redo()
            return able
        label = intent.label(self.step() == "setup")  # before the gesture: its step is the one it was made in
        try:
            seat = self.screen.seat_here()
            ch = self.session.act(seat, intent)  # the table tells the model (``apply``) what changed
        except NotDeciding:
            return False
        except RuleError as e:
            self.refused.emit(e.rule, e.code, e.message)
            return False
        if isinstance(intent, Edit):
            if not ch:
                return False
            text = QCoreApplication.translate("GameModel", label) if label else intent.name
            self.undo_stack.push(_DraftCommand(self, seat, intent, text))
        return True

    def use_hint(self) -> bool:
        from ..session.intents import TakeDecision

        return self.hint is not None and self.act(TakeDecision(self.hint))

    def accept_handoff(self) -> None:
        self.apply(self.screen.accept_handoff())

    def view_final_sheet(self, seat: int) -> bool:
        """Once the game is over, any seat's sheet may be shown."""
        self.apply(self.screen.view_final_sheet(seat))
        return self.public().phase == "over" and self.screen.viewer == seat

    # -- hints: through the runner ----------------------------------------------------------
    def request_hint(self) -> bool:
        """Ask, off the UI thread, what the acting seat should do: the review's own search for
        this decision (``review.hint``), so a decision played as hinted is the review's best.
        It sees and is seeded from that seat's observation only (R12.3)."""
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
        """Emit what ``ch`` changed: the table's changes, told by the table (``watch``) whoever
        made them, and this screen's own (the hand-off accepted, a final sheet shown)."""
        self.applying.emit()
        ch = self.screen.follow(ch)
        # Over, nothing is left to step: the last decision's gestures would light Undo (and then Redo) for nothing.
        if ch.new_draft or ch.started or ch.over:
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
        if ch.thinking:
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
