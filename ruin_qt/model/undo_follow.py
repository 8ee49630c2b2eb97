"""The undo stack of a screen whose draft's history is partly held elsewhere.

A joining screen back at its table (a restart, a dropped line) finds its
draft as the host kept it, and the host still holds that draft's undo and
redo steps; the model's ``QUndoStack`` is new and empty, so Undo would stay
greyed out.  ``follow_undo`` keeps the stack's Undo and
Redo as the table says they are (``can_undo``/``can_redo``, its session's
face): a step the stack does not hold is stood for by an "earlier step",
which asks the table like any other command (the table asks its host).
Called after every change the model emits (its ``turn_changed``); nothing
is asked while a gesture of this screen is still on its way (``in_flight``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from ..session.intents import Redo, Undo
from ..session.table import NotDeciding


class _Step(QUndoCommand):
    """One undo step on the table's own history (its text kept from the command it stands for)."""

    def __init__(self, model, seat: int, text: str):
        super().__init__(text)
        self.model, self.seat = model, seat
        self.quiet = True  # pushed (redone at once) and put at its index without asking the table

    def redo(self) -> None:
        self._ask(Redo())

    def undo(self) -> None:
        self._ask(Undo())

    def _ask(self, step: Undo | Redo) -> None:
        if self.quiet:
            return
        try:
            self.model.session.act(self.seat, step)  # told back to the model by the table
        except NotDeciding:
            pass  # the decision was confirmed, or waits for the host: nothing to step now


def earlier_step() -> str:
    return QCoreApplication.translate("GameModel", "Earlier step")


def follow_undo(model) -> None:
    """Make ``model.undo_stack`` undo and redo exactly when its table can, for the seat deciding here."""
    session, stack, seat = model.session, model.undo_stack, model.screen.actor
    if seat is None or session.in_flight:
        return
    can = (session.can_undo(seat), session.can_redo(seat))
    if can == (stack.canUndo(), stack.canRedo()):
        return
    texts = [stack.text(i) for i in range(stack.count())]
    below = (texts[:stack.index()] or [earlier_step()]) if can[0] else []
    above = (texts[stack.index():] or [earlier_step()]) if can[1] else []
    steps = [_Step(model, seat, text) for text in below + above]
    stack.clear()
    for step in steps:
        stack.push(step)
    stack.setIndex(len(below))
    for step in steps:
        step.quiet = False
