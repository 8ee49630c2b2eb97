"""Tests of the research tools in tools/ (not shipped with the game)."""
