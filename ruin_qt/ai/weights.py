"""Tuned evaluation weights for the Standard level (also Expert's playouts).

How they were tuned: ``python -m ruin_qt.ai.tune --iterations 10
--population 20 --games 16 --workers 2 --seed 7`` -- a cross-entropy search
(20 Gaussian samples per iteration around the current mean, each played on
the same 16 solo training seeds, the best 5 refit the mean and spread),
started from the previous tuned vector after the stage-2 escape model
changed (``Context._stage2``).  Training seeds are 100000-109015;
development checks used seeds 300000-300199 (200 solo games: previous vector
235.2 VP mean, with the new escape model 238.8, these weights 240.6).
Measurement seeds (5000+) were never used for tuning.
"""

from __future__ import annotations

from .evaluation import Weights

STANDARD_WEIGHTS = Weights(
    rect1=2.0712,
    rect2=0.9180,
    filled=0.0886,
    gem_now=23.0671,
    dest=8.6493,
    dest_decay=0.7818,
    route=9.3189,
    route_decay=0.8728,
    card=3.3820,
    esc_scale=1.1687,
    esc_margin=1.8774,
    late_penalty=0.6235,
    special_margin=1.8141,
    rect_soft=0.0960,
    grow2=0.4702,
    letter_risk=0.2635,
    next_penalty=1.3661,
)
