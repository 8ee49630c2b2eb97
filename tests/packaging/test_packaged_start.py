"""The packaged program started as a player starts it -- the release
folder's launcher, on an X screen (Xvfb), no terminal, no exit-when-shown
switch -- shows its window and warms up with nothing on stderr (it printed
"warm-up: PySide6.QtTest could not be imported" on every start: the spec
leaves QtTest out).  Needs the built Linux release: RUIN_QT_RELEASE, or
``python3 dev.py package``'s folder in dist/."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120  # seconds: a hang guard, never a speed check


def built_release() -> Path | None:
    given = os.environ.get("RUIN_QT_RELEASE")
    folders = [Path(given)] if given else sorted(p for p in (ROOT / "dist").glob("ruin-qt-*-linux-*") if p.is_dir())
    for folder in folders:
        if (folder / "ruin-qt").is_file() and (folder / "app" / "ruin-qt").is_file():
            return folder
    return None


pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux release"),
    pytest.mark.skipif(built_release() is None, reason="no built Linux release (python3 dev.py package makes one)"),
    pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"),
]


def _xvfb() -> tuple[subprocess.Popen, str]:
    for n in range(140 + os.getpid() % 50, 400):
        if os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
            continue
        p = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not os.path.exists(f"/tmp/.X11-unix/X{n}") and p.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if p.poll() is None:
            return p, f":{n}"
    raise RuntimeError("no free X display")


def _mapped(pid: int, name: str) -> bool:
    try:
        return name in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def test_a_normal_start_of_the_packaged_program_says_nothing_on_stderr(tmp_path):
    release = built_release()
    server, display = _xvfb()
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RUIN_QT_", "QT_", "WAYLAND"))}
    env.update(DISPLAY=display, RUIN_QT_DATA_DIR=str(tmp_path / "data"), XDG_RUNTIME_DIR=str(runtime))
    program = subprocess.Popen([str(release / "ruin-qt")], env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        r = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "In the Ruin"], env=env,
                           capture_output=True, text=True, timeout=WAIT)
        assert r.returncode == 0 and r.stdout.strip(), r.stderr
        # The warm-up starts half a second after the window shows; its Qt part imports QtOpenGLWidgets
        # just before the module the bundle leaves out, then the statistics window's pyqtgraph.
        deadline = time.monotonic() + WAIT
        while not _mapped(program.pid, "libQt6OpenGLWidgets") and time.monotonic() < deadline:
            assert program.poll() is None, program.communicate()
            time.sleep(0.1)
        assert _mapped(program.pid, "libQt6OpenGLWidgets"), "the warm-up never ran"
        time.sleep(3)  # the rest of the warm-up's steps (what they might print is what this test reads)
        assert program.poll() is None
    finally:
        if program.poll() is None:
            os.killpg(program.pid, signal.SIGTERM)
        out, err = program.communicate(timeout=WAIT)
        server.terminate()
        server.wait(10)
    assert err == "", err
    assert out == "", out
