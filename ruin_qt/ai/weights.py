"""Tuned evaluation weights for the Standard level (also Expert's playouts).

How they were tuned: ``python -m ruin_qt.ai.tune --iterations 10
--population 20 --games 16 --workers 2 --out /tmp/tune2.json`` -- a
cross-entropy search (20 Gaussian samples per iteration around the current
mean, each played on the same 16 solo training seeds, the best 5 refit the
mean and spread) starting from the hand-set defaults in ``evaluation.Weights``.
Training seeds are 100000-109015; held-out check on seeds 200000-200099
(100 solo games): hand-set 228.4 VP mean, tuned 232.8.  Measurement seeds
(5000+) were never used for tuning.
"""

from __future__ import annotations

from .evaluation import Weights

STANDARD_WEIGHTS = Weights(
    rect1=1.7644,
    rect2=1.4183,
    filled=0.1236,
    gem_now=20.4101,
    dest=6.4291,
    dest_decay=0.7959,
    route=11.7382,
    route_decay=0.8224,
    card=3.2576,
    esc_scale=0.9926,
    esc_margin=2.0948,
    late_penalty=0.8189,
    special_margin=1.9979,
    rect_soft=0.1372,
    grow2=0.5328,
    letter_risk=0.2766,
    next_penalty=1.0,  # added after tuning: the next public card's fit
)
