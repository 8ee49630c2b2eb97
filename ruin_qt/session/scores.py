"""What the views show of the rules' numbers, without reaching into
``rules``' machinery: the score and its tie-break (R11), the VP of a gem, a
penalty and a route, and the seeds a record can hold."""

from ..rules.record import SEED_MAX, SEED_MIN, is_text, parse_seed
from ..rules.scoring import GEM_VP, PENALTY_VP, ROUTE_VP, Score, TieBreak, tie_break

__all__ = ["GEM_VP", "PENALTY_VP", "ROUTE_VP", "SEED_MAX", "SEED_MIN", "Score", "TieBreak", "is_text", "parse_seed",
           "tie_break"]
