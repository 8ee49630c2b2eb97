"""The program without standard streams, as Windows starts its windowed
executable and a menu starts a program: ``sys.stdout`` and ``sys.stderr`` are
None before the entry point runs.  Every command and the game window run to
their end without an uncaught exception, and what they say is where a
windowed user finds it: ``output.log`` in the data folder (README), and the
window's own start-up errors in a message box too.

Each case is a real process (``python -c``) whose streams Python sets to None
before ``ruin_qt.__main__.main`` runs; its captured stdout and stderr must stay
free of what the program says (it went to the log) and of tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ruin_qt
from ruin_qt.app import no_console

ROOT = Path(__file__).resolve().parents[2]
WAIT = 240  # seconds: a hang guard, never a speed check
NO_STREAMS = ("import sys\n"
              "sys.stdout = sys.stderr = None\n"
              "{before}\n"
              "from ruin_qt.__main__ import main\n"
              "sys.exit(main(sys.argv[1:]))\n")
# The window's message box, which would wait for a click: its text goes to a file instead.
BOX_TO_FILE = ("import os\n"
               "from PySide6.QtWidgets import QMessageBox\n"
               "def _exec(box):\n"
               "    with open(os.environ['BOX_SAID'], 'a', encoding='utf-8') as fh:\n"
               "        fh.write(box.text() + '\\n')\n"
               "    return 0\n"
               "QMessageBox.exec = _exec\n")


def _env(data: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RUIN_QT_")}
    env.update(QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(data), PYTHONPATH=str(ROOT), **extra)
    return env


def _start(args: list[str], data: Path, before: str = "", **extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", NO_STREAMS.format(before=before), *args], cwd=ROOT,
                            env=_env(data, **extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _run(args: list[str], data: Path, before: str = "", **extra: str) -> tuple[int, str, str]:
    """(exit status, the log's text, what reached the real descriptors)."""
    p = _start(args, data, before, **extra)
    out, err = p.communicate(timeout=WAIT)
    return p.returncode, _log(data), out + err


def _log(data: Path) -> str:
    path = data / no_console.LOG_NAME
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _clean(leaked: str, *said: str) -> None:
    assert "Traceback" not in leaked and "Error" not in leaked, leaked
    for text in said:
        assert text not in leaked, leaked


@pytest.fixture(scope="module")
def game_file(tmp_path_factory) -> Path:
    """A finished game's record, made by ``sim`` run without streams."""
    data = tmp_path_factory.mktemp("sim-data")
    records = tmp_path_factory.mktemp("records")
    status, log, leaked = _run(["sim", "--seats", "random,random", "--games", "1", "--workers", "1",
                                "--records", str(records)], data)
    assert status == 0, log + leaked
    assert "random    games    2  mean" in log, log  # two seats of one level
    _clean(leaked, "games    2")
    (record,) = records.iterdir()
    return record


def test_help_and_version_go_to_the_log(tmp_path):
    status, log, leaked = _run(["--help"], tmp_path)
    assert status == 0
    assert "usage: python -m ruin_qt" in log and "commands (python -m ruin_qt COMMAND --help" in log, log
    assert log.startswith("=== ") and " python -m ruin_qt --help (process " in log.splitlines()[0]
    _clean(leaked, "usage:")
    status, log, leaked = _run(["--version"], tmp_path)
    assert status == 0
    assert log.splitlines()[-1] == f"ruin-qt {ruin_qt.__version__}", log
    _clean(leaked, ruin_qt.__version__)


def test_a_commands_help_goes_to_the_log(tmp_path):
    status, log, leaked = _run(["host", "--help"], tmp_path)
    assert status == 0 and "usage: python -m ruin_qt host" in log and "--seats" in log, log
    _clean(leaked, "usage:")


def test_a_wrong_option_of_a_command_is_in_the_log_with_status_2(tmp_path):
    status, log, leaked = _run(["replay"], tmp_path)
    assert status == 2 and "error: the following arguments are required: file" in log, log
    _clean(leaked, "required")


def test_replay_json_and_a_missing_file(tmp_path, game_file):
    status, log, leaked = _run(["replay", str(game_file), "--json"], tmp_path)
    assert status == 0, log + leaked
    summary = json.loads(log.splitlines()[-1])
    assert summary["finished"] is True and len(summary["seats"]) == 2
    _clean(leaked, '"seats"')
    missing = tmp_path / "no such game.ruin"
    status, log, leaked = _run(["replay", str(missing)], tmp_path)
    header, said = log.splitlines()[-2:]
    assert status == 2 and "no such game.ruin" in header and "cannot read the file" in said, log
    assert log.count("=== ") == 2  # one header per run, the older run's lines kept
    _clean(leaked, "no such game")


def first_rounds(rec: dict, n: int) -> dict:
    """The game's first ``n`` rounds as a record: the shuffles the rules performed by then, no later one."""
    from ruin_qt.rules import record
    from ruin_qt.rules.errors import RuleError

    for k in range(len(rec["shuffles"]), 0, -1):
        cut = {**rec, "rounds": rec["rounds"][:n], "shuffles": rec["shuffles"][:k]}
        try:
            record.replay(cut)
            return cut
        except RuleError:
            continue
    raise AssertionError("no cut of the record replays")


def test_review_writes_its_report_to_the_log(tmp_path, game_file):
    # Where the report goes is the question, not the review: three rounds, a quarter of a whole game's time.
    short = tmp_path / "first-rounds.json"
    short.write_text(json.dumps(first_rounds(json.loads(game_file.read_text(encoding="utf-8")), 3)),
                     encoding="utf-8")
    status, log, leaked = _run(["review", str(short), "--seat", "2", "--workers", "1", "--json"], tmp_path)
    assert status == 0, log + leaked
    review = json.loads(log.splitlines()[-1])
    assert review["seat"] == 1 and review["decisions"], review.keys()  # the record's seats count from 0
    _clean(leaked, '"decisions"')


def test_host_and_join_play_a_short_game_without_streams(tmp_path):
    host_data, bot_data = tmp_path / "host", tmp_path / "bot"
    host = _start(["host", "--seats", "remote,ai:random", "--listen", "127.0.0.1", "--port", "0", "--code",
                   "TEST42", "--seed", "3", "--data", str(tmp_path / "table")], host_data)
    try:
        deadline = time.monotonic() + WAIT  # a hang guard: the host says where it listens, or ends
        while '"port"' not in _log(host_data) and host.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert '"port"' in _log(host_data), _log(host_data)  # it listens, in its log (no stdout)
        port = json.loads(next(line for line in _log(host_data).splitlines() if '"port"' in line))["port"]
        record = tmp_path / "game.json"
        status, log, leaked = _run(["join", f"127.0.0.1:{port}", "--code", "test42", "--bot", "random",
                                    "--record", str(record)], bot_data)
        assert status == 0, log + leaked
        assert json.loads(record.read_text(encoding="utf-8"))["rounds"]
        _clean(leaked)
        out, err = host.communicate(timeout=WAIT)
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()
    assert host.returncode == 0, _log(host_data) + out + err
    assert '"over": true' in _log(host_data) and '"accepted"' in _log(host_data)
    _clean(out + err, '"port"')


def test_the_game_window_starts_and_its_lines_go_to_the_log(tmp_path):
    status, log, leaked = _run([], tmp_path, RUIN_QT_EXIT_WHEN_SHOWN="1")
    assert status == 0, log + leaked
    assert "shown after" in log and "table ready after" in log, log
    _clean(leaked, "shown after")


def test_a_wrong_option_of_the_window_is_told_in_a_box_and_logged(tmp_path):
    said = tmp_path / "box.txt"
    status, log, leaked = _run(["--language", "xx"], tmp_path, BOX_TO_FILE, BOX_SAID=str(said))
    assert status == 2
    box = said.read_text(encoding="utf-8")
    assert "invalid choice: 'xx'" in box and "usage: python -m ruin_qt" in box, box
    assert "invalid choice: 'xx'" in log
    _clean(leaked, "invalid choice")


def test_a_crash_report_of_the_last_run_is_told_in_the_log(tmp_path):
    """The crash handler's log of a run that died: the next windowed start still tells it (no stream needed)."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (tmp_path / f"session-{dead.stdout.strip()}.log").write_text("x\nFatal Python error: Segmentation fault\n")
    status, log, leaked = _run([], tmp_path, RUIN_QT_EXIT_WHEN_SHOWN="1")
    assert status == 0, log + leaked
    assert "stopped unexpectedly last time" in log and list(tmp_path.glob("crash-*.txt")), log
    _clean(leaked, "unexpectedly")


def test_the_crash_handler_without_a_folder_nor_stderr_does_not_raise(tmp_path, monkeypatch):
    from ruin_qt.app import crash

    enabled = []

    def enable(**kw) -> None:  # faulthandler's own refusal when sys.stderr is None
        enabled.append(kw)
        raise RuntimeError("sys.stderr is None")

    monkeypatch.setattr(crash.faulthandler, "enable", enable)
    monkeypatch.setattr(sys, "stderr", None)
    trace = crash.CrashTrace(tmp_path / "not a folder" / "below")
    assert trace.start() is False and enabled


def test_a_log_grown_too_long_is_moved_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    (tmp_path / no_console.LOG_NAME).write_text("old\n" * (no_console.KEEP_BYTES // 4 + 10))
    status, log, _leaked = _run(["--version"], tmp_path)
    assert status == 0 and log.startswith("=== ") and "old" not in log
    assert (tmp_path / (no_console.LOG_NAME + ".1")).read_text().startswith("old\n")


def test_nothing_said_leaves_no_log(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(no_console, "_attached", False)
    assert no_console.attach(["x"]) is True
    sys.stdout.flush()
    assert sys.stderr.isatty() is False and sys.stdout.encoding == "utf-8"
    assert not (tmp_path / no_console.LOG_NAME).exists()
    print("said", file=sys.stderr)
    sys.stderr.flush()
    assert (tmp_path / no_console.LOG_NAME).read_text(encoding="utf-8").endswith("said\n")
