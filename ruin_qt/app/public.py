"""What tools/ and packaging/ may take from the app, in one place: the main
window as a player gets it, the language switch, a bounded wait on Qt's event
loop, a random legal decision for a seat, a record file read, the command
line's parser.  They import this module only (tests/test_layers.py holds them
to it), so app's rooms can move without breaking a release step or a tool.

Each import is inside its function: a tool that reads records loads no Qt,
and one that renders sets its environment (offscreen, a data folder) first."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any


def main_window(language: str = "en") -> Any:
    """The main window with its table, storage and settings wired as ``ruin-qt``
    wires them, in ``language`` ("en", "ja"); a QApplication must exist."""
    from . import i18n
    from .storage.settings import Settings
    from .wiring import make_main_window

    i18n.install_language(language)
    return make_main_window(Settings())


def set_language(code: str) -> str:
    """Switch every open window to ``code`` as the View menu does; the language installed."""
    from . import i18n

    return i18n.install_language(code)


def wait_until(cond: Callable[[], bool], timeout_s: float) -> bool:
    """Run Qt's event loop until ``cond()`` holds (True) or ``timeout_s`` has passed (False)."""
    from .selftest.kit import wait_until as wait

    return wait(cond, timeout_s)


def decide_at_random(window: Any, seat: int, rng: random.Random) -> bool:
    """Take and confirm a random legal decision (setup or turn) for ``seat``
    through the window's model, as a player would; False if either is refused."""
    from ..ai.random_policy import random_setup, random_turn
    from ..rules.observation import observe
    from ..session.intents import Confirm, TakeDecision

    m = window.model
    obs = observe(m.session.game, seat)
    choice = random_setup(obs, rng) if m.step() == "setup" else random_turn(obs, rng)
    return bool(m.act(TakeDecision(choice))) and bool(m.act(Confirm()))


def read_record(path: str | Path) -> Any:
    """A record file's JSON as the app reads it (size-capped), not yet checked; a RuleError if unreadable."""
    from .storage.record_files import read_record as read

    return read(path)


def command_line() -> tuple[argparse.ArgumentParser, str]:
    """The game's own parser (``ruin-qt [options] [FILE]``) and the environment it reads, as --help words it."""
    from .main import ENVIRONMENT_HELP, parser

    return parser(), ENVIRONMENT_HELP
