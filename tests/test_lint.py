"""The linters are part of the test command: ruff over the project and mypy
over the rules, the session and the review (their settings are in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing():
    r = run("ruff", "check", "--no-cache", "ruin_qt", "tests", "tools", "packaging", "dev.py")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_passes_on_the_rules_the_session_and_the_review():
    r = run("mypy", "--no-incremental", "--cache-dir", "/dev/null" if sys.platform != "win32" else "nul")
    assert r.returncode == 0, r.stdout + r.stderr
