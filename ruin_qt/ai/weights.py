"""Tuned evaluation weights: Standard's, and the Expert's for solo and tables.

Each vector was tuned by ``tools/tune.py`` (a cross-entropy search on
training seeds 100000+) and judged on held-out seeds; the commands, the
figures and the variants that lost are in docs/ai-journal.md.
"""

from __future__ import annotations

import hashlib

from .evaluation import Weights

# Standard: the one-step greedy player, tuned solo with the target-rectangle terms.
STANDARD_WEIGHTS = Weights(
    rect1=2.1848,
    rect2=1.0299,
    filled=0.0476,
    gem_now=29.9715,
    dest=8.5138,
    dest_decay=0.8482,
    route=8.9136,
    route_decay=0.862,
    card=3.1906,
    esc_scale=1.3558,
    esc_margin=1.6477,
    late_penalty=0.4915,
    special_margin=1.5823,
    rect_soft=0.0023,
    grow2=0.5853,
    letter_risk=0.1877,
    next_penalty=1.3177,
    plan=0.9477,
    plan2=0.1039,
    plan_cost=1.5326,
)

# The solo Expert: tuned for the search itself (``tune --expert``), since a
# lookahead's leaves are a different job from a one-step choice; ``fut`` set
# by hand afterwards.
EXPERT_WEIGHTS = Weights(
    rect1=2.8317,
    rect2=0.8841,
    filled=0.1068,
    gem_now=17.8174,
    dest=6.5926,
    dest_decay=0.8482,
    route=7.486,
    route_decay=0.862,
    card=2.4232,
    esc_scale=1.3558,
    esc_margin=2.0396,
    late_penalty=0.4751,
    special_margin=1.5823,
    rect_soft=0.0023,
    grow2=0.7523,
    letter_risk=0.1877,
    next_penalty=1.4644,
    plan=1.0466,
    plan2=0.1458,
    plan_cost=1.5326,
    fut=1.5,
)

# The Expert at tables of 2-4 seats: Standard's terms plus the escape race
# (R11.3), which solo tuning cannot weigh; tuned for the table search
# (``tune --table expert,standard,standard,beginner --expert``) on seat 1's
# margin over the best rival.  It leaves the target rectangles nearly out.
TABLE_WEIGHTS = Weights(
    rect1=1.9361,
    rect2=1.0233,
    filled=0.132,
    gem_now=25.5268,
    dest=8.8082,
    dest_decay=0.76,
    route=8.1063,
    route_decay=0.8894,
    card=1.8346,
    esc_scale=1.2375,
    esc_margin=1.5583,
    late_penalty=0.5884,
    special_margin=1.9432,
    rect_soft=0.0381,
    grow2=0.5562,
    letter_risk=0.2884,
    next_penalty=0.3918,
    race=1.1113,
    plan=0.0793,
    plan2=0.0678,
    plan_cost=1.5,
    fut=1.0,
)


def weights_hash(*vectors: Weights) -> str:
    """A stable hash of the vectors' values: every field by name, in order,
    each value as its shortest exact text.  A table fitted with these
    weights carries it (``review.levels``): a tuned weight, an added term or
    a default changed shows up there as a stale fit."""
    fields = list(Weights.__dataclass_fields__)
    text = "|".join(",".join(f"{n}={float(getattr(w, n))!r}" for n in fields) for w in vectors)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
