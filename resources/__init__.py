"""Shipped data files (see ruin_qt.paths)."""
