"""Issue 56 item 5: ``ruin-qt --help`` lists every command, without a display
and without loading Qt; each command named answers its own --help."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ruin_qt import __main__ as entry
from ruin_qt.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}


def test_help_lists_every_command_and_the_self_test_without_loading_qt():
    code = ("import sys\nfrom ruin_qt.__main__ import main\nstatus = main(['--help'])\n"
            "assert not [m for m in sys.modules if m.startswith('PySide6')]\nsys.exit(status)\n")
    r = subprocess.run([sys.executable, "-c", code], env=ENV, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    listed = [line.split()[0] for line in r.stdout.split("commands (", 1)[1].splitlines()[1:] if line.startswith("  ")]
    assert listed == list(COMMANDS)
    assert set(COMMANDS) == {"replay", "review", "sim", "bench", "host", "join", "invite-servers"}
    assert "--self-test" in r.stdout and "--language" in r.stdout and "--version" in r.stdout


def test_the_commands_listed_are_the_commands_dispatched():
    source = Path(entry.__file__).read_text(encoding="utf-8")
    dispatched = source.split("argv[0] in (", 1)[1].split(")", 1)[0]
    assert {c.strip().strip('"') for c in dispatched.split(",")} == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_answers_its_own_help(command):
    r = subprocess.run([sys.executable, "-m", "ruin_qt", command, "--help"], env=ENV, cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and "usage:" in r.stdout, r.stdout + r.stderr


def test_help_names_the_data_folder_variable_the_readme_documents():
    r = subprocess.run([sys.executable, "-m", "ruin_qt", "--help"], env=ENV, cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "RUIN_QT_DATA_DIR" in readme
    options, commands = r.stdout.split("commands (", 1)
    assert "RUIN_QT_DATA_DIR=DIR" in options and "settings" in options and "RUIN_QT_DATA_DIR" not in commands
