"""The benchmarks (``python -m ruin_qt bench``), apart from the game: the
command line imports them only for ``bench``, and nothing of the game
imports them.

engine     the engine's hot paths, and the loopback round trip (``roundtrip``)
ui         the window's figures (``--ui``): ghost, paint, start-up, UI gaps
windows    the review's and the host's UI gaps, hostile files, first statistics
meter      the UI thread's gap meter
against    ``--against REV``: this checkout and REV side by side (docs/PERFORMANCE.md)
probe      one side's figures for ``against``: a script run with either tree on PYTHONPATH
"""

from .engine import mid_game, run_bench

__all__ = ["mid_game", "run_bench"]
