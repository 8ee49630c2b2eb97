"""``ruin-qt --help`` lists every command, without a display
and without loading Qt; each command named answers its own --help."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import ruin_qt
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


def _script(name: str) -> str:
    here = Path(sys.executable).parent / (f"{name}.exe" if sys.platform == "win32" else name)
    return str(here)


@pytest.mark.parametrize(("started", "command", "named"), [
    ([sys.executable, "-m", "ruin_qt"], "host", "python -m ruin_qt host"),
    ([sys.executable, "-m", "ruin_qt"], "join", "python -m ruin_qt join"),
    ([_script("ruin-qt-cli")], "sim", "ruin-qt-cli sim"),
    ([_script("ruin-qt-cli")], "review", "ruin-qt-cli review"),
    ([_script("ruin-qt")], "host", "ruin-qt host"),
    ([_script("ruin-qt")], "invite-servers", "ruin-qt invite-servers"),
    ([_script("ruin-qt-cli")], "replay", "ruin-qt-cli replay"),
])
def test_a_commands_help_names_the_program_as_it_was_started(started, command, named):
    if not Path(started[0]).exists():
        pytest.skip(f"{started[0]} is not installed (pip install -e . makes it)")
    r = subprocess.run([*started, command, "--help"], env=ENV, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith(f"usage: {named} "), r.stdout + r.stderr


def test_the_games_help_names_the_program_and_its_commands_line_too():
    r = subprocess.run([_script("ruin-qt-cli"), "--help"], env=ENV, cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.stdout.startswith("usage: ruin-qt-cli ") and "commands (ruin-qt-cli COMMAND --help" in r.stdout
    r = subprocess.run([_script("ruin-qt-cli"), "--version"], env=ENV, cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.stdout.strip() == f"ruin-qt {ruin_qt.__version__}"  # the product's name, however started


@pytest.mark.parametrize(("executable", "named"), [("C:\\Games\\In the Ruin\\ruin-qt-cli.exe", "ruin-qt-cli"),
                                                   ("/usr/lib/ruin-qt/app/ruin-qt", "ruin-qt"),
                                                   ("/Applications/In the Ruin.app/Contents/MacOS/ruin-qt",
                                                    "ruin-qt")])
def test_a_bundle_is_named_by_its_executable(monkeypatch, executable, named):
    from ruin_qt.paths import program_name

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", executable.replace("\\", "/"))
    monkeypatch.setattr(sys, "argv", ["whatever the shortcut said"])
    assert program_name() == named


def test_bench_against_in_a_bundle_says_so_in_one_line(monkeypatch, capsys):
    from ruin_qt.cli import run_command

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert run_command(["bench", "--against", "HEAD"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "source checkout" in err, err
