"""Refusals: every illegal move or broken record names the rule it breaks."""

from __future__ import annotations


class RuleError(Exception):
    """A move or record that breaks a rule; ``rule`` is an id such as ``R3.4``
    (or ``format`` for a malformed record)."""

    def __init__(self, rule: str, message: str, *, code: str = "", round: int | None = None,
                 seat: int | None = None):
        super().__init__(message)
        self.rule = rule
        self.message = message
        # A stable key for the reason, so a UI can show it in the player's
        # language without parsing the English message.
        self.code = code
        self.round = round
        self.seat = seat

    def located(self, round: int | None, seat: int | None) -> RuleError:
        """The same error with round/seat filled in where still unknown."""
        return RuleError(
            self.rule,
            self.message,
            code=self.code,
            round=self.round if self.round is not None else round,
            seat=self.seat if self.seat is not None else seat,
        )

    def line(self) -> str:
        """``round R, seat S: RULE message`` as the replay contract prints it
        (rounds and seats from 1, setup is round 0, ``-`` where unknown)."""
        r = "-" if self.round is None else str(self.round)
        s = "-" if self.seat is None else str(self.seat + 1)
        return f"round {r}, seat {s}: {self.rule} {self.message}"

    def __str__(self) -> str:
        return f"{self.rule} {self.message}"
