"""Tuned evaluation weights for the Standard level (also Expert's playouts).

How they were tuned: ``python -m tools.tune --iterations 8
--population 16 --games 24 --workers 2 --seed 21`` -- a cross-entropy search
(16 Gaussian samples per iteration around the current mean, each played on
the same 24 solo training seeds, the best 4 refit the mean and spread),
started from the previous tuned vector with the target-rectangle terms added
(``plan``, ``plan2``, ``plan_cost``: ``evaluation.target_rectangles``).
Training seeds are 100000-107023; development checks used seeds
300000-300199 (200 solo games, same seeds: previous vector 240.3 VP mean,
with hand-set plan terms 245.5, these weights 253.8).  Measurement seeds
(5000+) were never used for tuning.
"""

from __future__ import annotations

from .evaluation import Weights

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

# Not adopted for the solo Expert: Standard's vector with the stage-2
# target rectangle weighed five times more (plan2 0.10 -> 0.5), on the idea
# that a 4-round search can build toward a rectangle a one-step player
# cannot.  150 development stage 2s (seeds 340000+, each played from the
# same stage-1 end, 1.5 s per decision), paired: +2.7 VP (CI +-2.8), square2
# +6.9, penalties +0.7.  200 held-out games (seeds 5000+): 276.8 VP (CI
# 272.9-280.7) against 289.6 (286.0-293.2), square2 64.8 -> 68.7 but
# penalties 2.02 -> 2.83 and gems 10.9 -> 10.2 (unpaired, and on a slower
# machine than the 289.6 run; plan2 also moves stage-1 leaves through
# ``expert.stage1_leaf_adjust``, which a stage-2 bench cannot see).  Main's
# code itself scored 278.0 VP on the next, similarly slow machine
# (``measurements/expert_solo_5000_ff9a603.json``): most of the -12.8 was the
# machine, and the change was about even, not a gain.
# (Same bench, late_penalty 0.49 -> 1.0: +1.0 VP, CI +-2.0.)

# The Expert's evaluation in solo games: the leaves of its lookahead and the
# decisions its search tries.  Standard's vector was tuned for a one-step
# greedy player; this one was tuned for the search itself by
# ``python -m tools.tune --expert --iterations 5 --population 12
# --games 24 --workers 2 --seed 31 --params rect1,rect2,filled,gem_now,dest,
# route,card,grow2,late_penalty,esc_margin,plan,plan2,next_penalty`` (the
# vectors play as the Expert's search with one future and 2 rounds, training
# seeds 100000+), starting from Standard's vector.  Against Standard's vector
# in the same proxy, 200 development games (seeds 320000+), paired: +6.9 VP
# (CI +-5.5), square1 +3.8, penalties 1.84 -> 1.26, gems -0.4.  It weighs
# the stage-1 rectangle more and an immediate gem and a near destination less.
# Held-out, the real search (1.75 s a decision), seeds 5000-5099, paired
# against Standard's vector: 281.4 -> 288.3 VP, +6.9 (CI +0.6..+13.3),
# square1 +3.0, penalties 1.95 -> 1.32 (``measurements/``).
# ``fut`` (letters still to be revealed near the road network,
# ``evaluation.Context.future_destinations``) was set by hand after that
# tuning: in the same proxy, 150 development games (seeds 300000+), paired,
# fut 1.0: +3.6 VP (CI +-6.0), fut 2.0: +4.0 (CI +-5.3), routes +2.8 and
# +3.8.  Held-out, the real search with fut 1.5, all 200 seeds (5000-5199),
# paired against the vector without it: 296.0 -> 300.2 VP, +4.2 (CI
# -0.7..+9.0), routes +2.0 (CI +-1.3), gems +0.29, 47.5% of games >= 300
# against 45.5% (``measurements/expert_solo_*_fut15_*``).
# Calibration (``python -m tools.calibrate --games 200 --seed 420000``,
# at e2e0e03; the realized difference between the greedy choice and one of
# its next five, fitted on each term's part of the predicted difference; 1
# is calibrated).  Stage 2, 568 pairs: next_penalty -0.03 (CI +-0.35; its
# differences, sd 3.1 VP, predict nothing), route 3.5 (+-1.1), card 5.4
# (+-2.3), dest -0.3 (+-0.9), rect2 1.3 (+-0.3), gem_now 1.3 (+-0.3).
# Stage 1, 942 pairs, is mostly noise (correlation of predicted and realized
# differences 0.10; stage 2 0.41): rect1 0.85 (+-0.46), gem_now 0.86
# (+-0.49).  Leads for the next weights.  The first tried: next_penalty
# 1.46 -> 0.3, Expert proxy (1 future, 2 rounds, no clock), 300
# development games (seeds 300000+), paired: -1.0 VP (CI +-1.3), square2
# +8.5 but penalties +1.2 a game (63 -> 73 games >= 300); not merged.
# The stage-2 route and card leads, each weight scaled in stage-2
# evaluations only, same proxy and seeds, paired: route x2 with card x2
# -3.8 VP (CI +-1.6), routes -2.5 (a route one cell short then counts as
# much as a done one); card x2 alone -0.1 (+-0.7); route x1.3 +0.0 (+-0.5);
# route x0.8 -0.1 (+-0.2).  Flat around 1, so these coefficients are not
# levers either (see ``calibrate``); nothing merged.
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

# The Expert's evaluation at tables of 2-4 seats: Standard's plus the escape
# race (R11.3), which solo tuning cannot weigh.  Tuned from Standard's vector
# with race=1 by ``python -m tools.tune --table
# expert,standard,standard,beginner --iterations 5 --population 12 --games 24
# --workers 2 --seed 11`` (seat 1's margin over the best rival, training seeds
# 100000+).  Development check, 100 games at that table (seeds 310000+):
# Standard's vector in seat 1 wins 43%, with race=1 45%, these weights 47%.
# They leave the target rectangles out (plan=0): against Standard rivals that
# plan, the same seeds give these weights 43%, with Standard's plan terms
# added 42%, and a retune with the plan terms (5 iterations, seed 13) 33%.
# The Expert takes fewer gems there than the Standards (6.4 against 7.5),
# yet Standard's gem_now (30) in this vector lost: wins 55% -> 42%, margin
# -12.4 VP (CI +-6.9), 100 development tables with the 4-future search.
# Those weights were tuned as a Standard seat; the ones below were then
# tuned for the table search itself by ``python -m tools.tune --table
# expert,standard,standard,beginner --expert --iterations 4 --population 10
# --games 24 --workers 2 --seed 41 --params rect1,rect2,filled,gem_now,dest,
# route,card,grow2,late_penalty,esc_margin,next_penalty,race,plan,plan2``
# (the vectors play the Expert's 2-round search with one future, training
# seeds 100000+), starting from them.  Same proxy, 200 development tables
# (seeds 320000+), paired: wins 37% -> 43%, margin +1.9 VP (CI +-5.0),
# square1 +1.9, square2 +2.8, routes -2.8.  Held-out, the real search
# (seeds 7000-7099), paired against the previous weights: wins 47% -> 54%,
# margin over the best rival +5.6 VP (CI +-6.7), total 172.4 -> 179.2
# (+6.8, CI +-5.3): more rectangle (square1 +2.4, square2 +4.9), slightly
# more gems, fewer route VP (-2.1).  The next 100 (7100-7199): wins 44% ->
# 46%, margin +3.2 (CI +-6.7); all 200 held-out tables: wins 45.5% -> 50%,
# margin +4.4 VP (CI +-4.7), total +4.3 (CI +-3.7).  They value the
# stage-1 rectangle and an immediate gem more, spare hand cards and the sure
# penalty of a next card that will not fit less.
# Tried and dropped: a "contest" term (a destination near where a rival was
# last seen, from its announced gems, keeps more of its value with distance:
# taking it first denies the rival).  Same proxy, 200 development tables,
# paired: contest 0.5 margin +5.4 VP (CI +-5.6), wins 43% -> 49%, gems
# +0.39; -1 (avoid rivals) +0.4.  But on the 200 held-out tables with the
# real search: wins 50% -> 49.5%, margin -2.2 VP (CI +-5.7), total -3.8
# (CI +-4.4), measurements/expert_4seat_7000_0d3e499.json.
# Also tried and dropped: sampled futures that keep the public history (the
# race timed from the real start of stage 2, ``determinize.sample_game``)
# with this vector retuned on that timing by the command above (seed 43,
# esc_scale added to --params, from these weights).  It moved toward the
# rectangles and away from the immediate gem (rect1 2.51, gem_now 18.5,
# next_penalty 0.19).  Same proxy, 200 development tables: margin +0.4 VP
# (CI +-4.9), wins 43% -> 38.5%.  200 held-out tables (7000-7199), the real
# search, paired: wins 50% -> 49%, margin -1.7 VP (CI +-5.0), total -1.5
# (CI +-3.8); square1 +1.3, square2 +1.8, routes -3.2 (CI +-2.4), escape
# VP +0.1 (the history alone had lost 2.6 there),
# measurements/expert_4seat_7000_e6e238d.json.
# Standard's vector (tuned solo, one step) with this one's race weight, on
# 100 development tables (310000+), paired: wins 48 -> 44, margin -5.7 VP
# (CI +-7.7), squares +3.2 but escape VP -5.9; with this vector's escape
# terms too (esc_scale, esc_margin, late_penalty, grow2, next_penalty):
# wins 48 -> 37, margin -8.7 (CI +-7.8), escape VP -8.2.  Standard's vector
# (with the race) in stage 1 only, this one in stage 2: wins 48 -> 42,
# margin -2.8 (CI +-7.4), gems +0.22, routes -2.9.
# ``fut`` (see the solo vector) was set by hand: 100 development tables,
# paired, fut 1.0: wins 48 -> 52, margin +2.4 VP (CI +-5.5); fut 2.0: wins
# 48 -> 41, margin -3.5 (CI +-7.0).  200 held-out tables (7000-7199), the
# real search with fut 1.0, paired against main: wins 54% -> 55.5%, margin
# over the best rival +3.9 VP (CI +-4.3), total +1.3, gems +0.15, routes
# +1.2, escape VP -1.3 (``measurements/expert_4seat_7000_be1fffb_fut1.json``).
# A weaker race, so the Expert stays for more stage-2 gems (it escapes about
# 1.5 rounds before the Standards and collects 0.6 fewer stage-2 gems): race
# 0.6, 100 development tables, paired: wins 52 -> 55, margin +0.5 VP (CI
# +-2.7), 65 tables unchanged; too small to spend held-out tables on.
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
