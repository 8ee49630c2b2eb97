"""Research tools for the computer levels: run from the repository root as
``python -m tools.NAME``.  Not part of the shipped package (see README.md)."""
