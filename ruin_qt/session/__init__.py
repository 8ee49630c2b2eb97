"""The table session: the game, whose turn it is, drafts, hand-off and who is
viewing -- everything around the rules that is not a rule, without Qt."""

from .table import NotDeciding, TableSession
from .views import Changes, PublicView, SeatInfo, SeatView

__all__ = ["Changes", "NotDeciding", "PublicView", "SeatInfo", "SeatView", "TableSession"]
