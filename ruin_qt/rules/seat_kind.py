"""A seat's kind as a record holds it (docs/RECORD.md): ``"human"`` or
``"ai:LEVEL"``.  The one place that reads the text: a kind that is not a
computer's plays as a person."""

from __future__ import annotations

from dataclasses import dataclass

HUMAN = "human"
_COMPUTER = "ai:"


@dataclass(frozen=True)
class SeatKind:
    level: str | None = None  # the computer's level; None: a person

    @classmethod
    def parse(cls, text: object) -> SeatKind:
        """The kind ``text`` names: ``"ai:LEVEL"`` is a computer, anything else a person."""
        if isinstance(text, str) and text.startswith(_COMPUTER):
            return cls(text[len(_COMPUTER):])
        return cls()

    @classmethod
    def computer(cls, level: str) -> SeatKind:
        return cls(level)

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    def __str__(self) -> str:
        return HUMAN if self.level is None else _COMPUTER + self.level


def is_computer(kind: object) -> bool:
    """Whether a seat of kind text ``kind`` is played by the computer."""
    return SeatKind.parse(kind).is_computer


def computer_level(kind: object) -> str | None:
    """A seat kind's computer level: ``"ai:standard"`` -> ``"standard"``; None for a person."""
    return SeatKind.parse(kind).level


def well_formed(kind: object) -> bool:
    """``"human"`` or ``"ai:"`` and a name: a kind worth keeping in the settings."""
    k = SeatKind.parse(kind)
    return str(k) == kind and (k.level is None or k.level.isidentifier())
