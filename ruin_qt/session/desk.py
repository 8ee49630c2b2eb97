"""Each deciding seat's desk: its draft, where it began, and its undo history.

A draft is an immutable rules builder (``TurnBuilder`` or ``SetupBuilder``),
so a history is a list of values: undo puts the previous one back, and no
gesture needs an inverse.  Every edit goes through the builder, which
checks it against ``rules/`` and raises ``RuleError`` when refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .views import Draft


@dataclass
class Desk:
    """One seat's decision being built this setup or round."""

    origin: Draft  # the decision as it began (to start it over)
    draft: Draft
    confirmed: bool = False
    undone: list[Draft] = field(default_factory=list)  # earlier drafts, newest last
    redone: list[Draft] = field(default_factory=list)  # drafts undone, newest last

    @classmethod
    def begin(cls, draft: Draft) -> Desk:
        return cls(draft, draft)

    def edit(self, change: Callable[[Draft], Draft]) -> bool:
        """Apply ``change`` to the draft; False if it changed nothing.
        ``RuleError`` from the builder leaves the desk as it was."""
        new = change(self.draft)
        if new == self.draft:
            return False
        self.undone.append(self.draft)
        self.redone.clear()
        self.draft = new
        return True

    def undo(self) -> bool:
        if not self.undone:
            return False
        self.redone.append(self.draft)
        self.draft = self.undone.pop()
        return True

    def redo(self) -> bool:
        if not self.redone:
            return False
        self.undone.append(self.draft)
        self.draft = self.redone.pop()
        return True

    def confirm(self) -> None:
        """The draft is the seat's decision now: no more gestures, no history."""
        self.confirmed = True
        self.undone.clear()
        self.redone.clear()

