"""Top-level windows: main, replay, review, statistics and the final score sheet."""
