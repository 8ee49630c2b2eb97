"""The table session without Qt: the game, every seat's decision (intents,
drafts, undo), computer seats, and what each seat may see; ``SharedScreen``
is the pass-and-play policy for one device."""

from .screen import SharedScreen
from .table import NotDeciding, TableSession
from .views import Changes, PublicView, SeatInfo, SeatView

__all__ = ["Changes", "NotDeciding", "PublicView", "SeatInfo", "SeatView", "SharedScreen", "TableSession"]
