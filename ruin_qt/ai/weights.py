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

# The Expert's evaluation at tables of 2-4 seats: Standard's plus the escape
# race (R11.3), which solo tuning cannot weigh.  Tuned from Standard's vector
# with race=1 by ``python -m ruin_qt.ai.tune --table
# expert,standard,standard,beginner --iterations 5 --population 12 --games 24
# --workers 2 --seed 11`` (seat 1's margin over the best rival, training seeds
# 100000+).  Development check, 100 games at that table (seeds 310000+):
# Standard's vector in seat 1 wins 43%, with race=1 45%, these weights 47%.
TABLE_WEIGHTS = Weights(
    rect1=1.3791,
    rect2=0.8863,
    filled=0.0842,
    gem_now=21.5569,
    dest=10.0853,
    dest_decay=0.7600,
    route=9.4861,
    route_decay=0.8894,
    card=3.0834,
    esc_scale=1.2375,
    esc_margin=2.4703,
    late_penalty=0.6479,
    special_margin=1.9432,
    rect_soft=0.0381,
    grow2=0.5022,
    letter_risk=0.2884,
    next_penalty=2.0615,
    race=1.1397,
)
