"""Compiled translations (built by the project, see packaging)."""
