"""Computer seats.

base          the Brain interface (observation + own RNG -> decision), LEVELS
random_policy the random legal player (benchmarks, property tests)
distances     bitboard travel costs that respect the 2x2 road rule (R3.4)
evaluation    the weighted position value (Weights) the levels play by
rectangles    the square bonus's plan: rectangles worth growing toward
draw_cache    searches kept across the placements of one card
weights       the tuned weights of Standard and the Expert (tuned with tools/tune.py)
greedy        one-step greedy ranking of every legal step 1, and setup
beginner      weak but purposeful: short-sighted weights, near-best slips
standard      the tuned greedy player
determinize   a playable Game from one observation: sampled hidden cards, phantom rivals
expert        lookahead over determinized futures on top of Standard: deep
              solo, short on the escape-race evaluation at tables; the
              app's Hint asks it too (make_brain("expert"))
setup_futures a setup decision's sampled futures (for the game review)
expert_api    the Expert's public face: its search's shape, its candidates
              and a decision's value in shared futures (the review's only door)
match         one seeded game between brains (the simulator's game loop)
sim           ``python -m ruin_qt sim``

The research tools (tuning, calibration, comparisons) live outside the
package, in tools/ at the repository root; what was tried with them, and
what it gave, is in docs/ai-journal.md.
"""
