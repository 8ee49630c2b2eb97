"""The Linux release folder's launcher (packaging/linux/launcher.sh): a too
old glibc and a missing system library told in one line on stderr and, from a
menu (no terminal), in a dialog whose text is word-wrapped so the whole apt
command shows, naming the library really missing and listing every package
the .deb depends on; otherwise it becomes the program (``exec``): killed, it
leaves no process and no temporary folder behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .test_install_sh import TOOLS, release  # noqa: F401 - the release folder fixture

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import linux_deb  # noqa: E402

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux release"),
    pytest.mark.skipif(not all(shutil.which(t) for t in TOOLS),
                       reason="needs desktop-file-utils, appstream, xdg-utils, libglib2.0-bin, shared-mime-info"),
]
WIDTH = 64  # the launcher's dialog lines


def _fake_tools(folder: Path, glibc: str, dialogs: tuple[str, ...], said: Path, ldd: str | None = None) -> dict:
    """A PATH whose getconf reports ``glibc``, whose dialog tools note their arguments (and what they read
    on stdin, for xmessage's ``-file -``) in ``said`` -- fields ended by \\x1e, each call by \\x1d -- and,
    with ``ldd``, an ldd printing that text for any file."""
    folder.mkdir(exist_ok=True)
    (folder / "getconf").write_text(f"#!/bin/sh\necho 'glibc {glibc}'\n")
    for tool in dialogs:
        (folder / tool).write_text(
            f'#!/bin/sh\nprintf "%s\\036" "{tool}" "$@" >> "{said}"\n'
            f'case " $* " in *" -file - "*) cat >> "{said}"; printf "\\036" >> "{said}" ;; esac\n'
            f'printf "\\035" >> "{said}"\n')
    if ldd is not None:
        (folder / "ldd").write_text(f"#!/bin/sh\ncat <<'EOF'\n{ldd}\nEOF\n")
    for f in folder.iterdir():
        f.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    # Only the fakes and the shell's basics: no real zenity (or ldd) of the machine's may answer.
    basics = folder / "basics"
    basics.mkdir(exist_ok=True)
    for tool in ("sh", "sed", "awk", "dirname", "readlink", "grep", "head", "cat", "rm", "mktemp", "env", "fold"):
        real = shutil.which(tool)
        if real and not (basics / tool).exists():
            (basics / tool).symlink_to(real)
    env["PATH"] = f"{folder}:{basics}"
    return env


def _calls(said: Path) -> list[list[str]]:
    return [call.split("\x1e")[:-1] for call in said.read_text().split("\x1d")[:-1]]


def _text_shown(call: list[str]) -> str:
    """The dialog's text: the argument after --text=/--error, xmessage's stdin, notify-send's body."""
    tool, *args = call
    if tool == "zenity":
        return next(a for a in args if a.startswith("--text=")).removeprefix("--text=")
    if tool == "kdialog":
        return args[args.index("--error") + 1]
    if tool == "xmessage":
        return args[-1]
    return args[-1]


def _unwrapped(text: str) -> str:
    return " ".join(text.split())


def test_launcher_says_in_one_line_that_the_glibc_is_too_old(release, tmp_path):  # noqa: F811
    said = tmp_path / "said.txt"
    env = _fake_tools(tmp_path / "bin", "2.5", ("zenity",), said)
    r = subprocess.run([str(release / "ruin-qt"), "--version"], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert len(r.stderr.strip().splitlines()) == 1 and "glibc" in r.stderr and "2.5" in r.stderr, r.stderr
    assert not said.exists()  # no desktop to show a dialog on


@pytest.mark.parametrize("dialogs", [("zenity", "kdialog", "xmessage", "notify-send"), ("kdialog", "notify-send"),
                                     ("xmessage",), ("notify-send",)])
def test_started_from_a_menu_the_launcher_tells_a_too_old_glibc_in_a_dialog(release, tmp_path, dialogs):  # noqa: F811
    """No terminal, a desktop: the first dialog tool the desktop has shows the message, word-wrapped
    (stderr still gets it in one line)."""
    said = tmp_path / "said.txt"
    env = _fake_tools(tmp_path / "bin", "2.5", dialogs, said)
    env["DISPLAY"] = ":424242"
    r = subprocess.run([str(release / "ruin-qt")], env=env, capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 1 and "glibc 2.5" in r.stderr
    (call,) = _calls(said)
    assert call[0] == dialogs[0], call
    shown = _text_shown(call)
    assert _unwrapped(shown) == r.stderr.strip()
    assert "needs glibc" in shown and "this system has glibc 2.5" in _unwrapped(shown)
    assert max(len(line) for line in shown.splitlines()) <= WIDTH and len(shown.splitlines()) > 1


def _release_lacking(folder: Path, tmp_path: Path) -> Path:
    """A copy of the release whose program notes it was started (it must not be, a library missing), with
    the two files the launcher asks the loader about."""
    copy = tmp_path / "release"
    shutil.copytree(folder, copy, symlinks=True, ignore=shutil.ignore_patterns("app"))
    internal = copy / "app" / "_internal"
    (internal / "PySide6" / "Qt" / "plugins" / "platforms").mkdir(parents=True)
    (internal / "PySide6" / "QtWidgets.abi3.so").write_bytes(b"\x7fELF")
    (internal / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so").write_bytes(b"\x7fELF")
    (copy / "app" / "ruin-qt").write_text(f"#!/bin/sh\ntouch '{tmp_path / 'started'}'\n")
    (copy / "app" / "ruin-qt").chmod(0o755)
    return copy


LDD_LACKING = ("\tlinux-vdso.so.1 (0x00007ffd)\n\tlibQt6XcbQpa.so.6 => /opt/x/libQt6XcbQpa.so.6 (0x00007f)\n"
               "\tlibxcb-icccm.so.4 => not found\n\tlibxcb-cursor.so.0 => not found\n"
               "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f)")


@pytest.mark.parametrize("dialogs", [("zenity",), ("kdialog",), ("xmessage",), ("notify-send",)])
def test_started_from_a_menu_the_launcher_names_the_missing_library_and_the_whole_apt_command(
        release, tmp_path, dialogs):  # noqa: F811
    """Qt says "xcb-cursor0 is needed" whatever its X11 plugin lacks: the loader is asked instead, and the
    message names what is really missing, its package, and every package the .deb depends on."""
    copy = _release_lacking(release, tmp_path)
    said = tmp_path / "said.txt"
    env = _fake_tools(tmp_path / "bin", "9.99", dialogs, said, ldd=LDD_LACKING)
    env["DISPLAY"] = ":424242"
    r = subprocess.run([str(copy / "ruin-qt")], env=env, capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 1 and not (tmp_path / "started").exists()
    apt = " ".join(linux_deb.apt_names(linux_deb.depends(release / "app", _floor(release))))
    expected = ("In the Ruin cannot start: this system lacks libxcb-icccm.so.4, libxcb-cursor.so.0 (Debian "
                "package: libxcb-icccm4, libxcb-cursor0). On Debian or Ubuntu, install every library the game "
                f"needs with: sudo apt install {apt}")
    assert r.stderr.strip() == expected
    (call,) = _calls(said)
    shown = _text_shown(call)
    assert _unwrapped(shown) == expected
    assert max(len(line) for line in shown.splitlines()) <= WIDTH
    if dialogs == ("xmessage",):
        assert call[1:6] == ["-center", "-title", "In the Ruin", "-file", "-"], call  # the text on stdin


def test_the_apt_command_lists_every_package_the_deb_depends_on(release):  # noqa: F811
    launcher = (release / "ruin-qt").read_text(encoding="utf-8")
    (line,) = [x for x in launcher.splitlines() if x.startswith("apt=")]
    listed = line.removeprefix('apt="').removesuffix('"').split()
    depends = linux_deb.depends(release / "app", _floor(release))
    assert listed == linux_deb.apt_names(depends) and "libc6" in listed
    if os.environ.get("RUIN_QT_RELEASE"):  # the real bundle: Qt's X11 libraries among them
        assert {"libx11-xcb1", "libxcb1", "libegl1", "libfontconfig1"} <= set(listed), listed
        debs = sorted(release.parent.glob("ruin-qt_*.deb"))
        if debs and shutil.which("dpkg-deb"):  # the .deb built beside it: the same list
            control = subprocess.run(["dpkg-deb", "-f", str(debs[-1]), "Depends"], capture_output=True,
                                     text=True, check=True).stdout
            assert listed == linux_deb.apt_names([d.strip() for d in control.split(",")])
    assert not [m for m in ("@APT_PACKAGES@", "@SONAME_PACKAGES@", "@GLIBC_FLOOR@") if m in launcher]
    assert "\nlibxcb-cursor. libxcb-cursor0\n" in launcher and "\nlibglib-2.0. libglib2.0-0\n" in launcher


def _floor(folder: Path) -> str:
    text = (folder / "ruin-qt").read_text(encoding="utf-8")
    return text.split("need=", 1)[1].split("\n", 1)[0]


def test_nothing_missing_the_launcher_becomes_the_program(release, tmp_path):  # noqa: F811
    copy = _release_lacking(release, tmp_path)
    (copy / "app" / "ruin-qt").write_text("#!/bin/sh\necho \"$$ $*\"\n")
    said = tmp_path / "said.txt"
    env = _fake_tools(tmp_path / "bin", "9.99", ("zenity",), said, ldd="\tlibc.so.6 => /lib/libc.so.6 (0x1)")
    env["DISPLAY"] = ":424242"
    p = subprocess.Popen([str(copy / "ruin-qt"), "my game.ruin"], env=env, stdout=subprocess.PIPE, text=True,
                         stderr=subprocess.PIPE)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0 and not said.exists(), err
    assert out.strip() == f"{p.pid} my game.ruin"  # the same process: exec'd, not a child


def test_the_launcher_killed_leaves_no_process_and_no_folder(release, tmp_path):  # noqa: F811
    """Started from a menu (no terminal, a desktop), killed: the program goes with it (it is the same
    process) and no temporary file or folder stays."""
    copy = _release_lacking(release, tmp_path)
    (copy / "app" / "ruin-qt").write_text("#!/bin/sh\necho started\nexec sleep 600\n")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = _fake_tools(tmp_path / "bin", "9.99", ("zenity",), tmp_path / "said.txt",
                      ldd="\tlibc.so.6 => /lib/libc.so.6 (0x1)")
    env.update(DISPLAY=":424242", TMPDIR=str(tmp))
    (tmp_path / "bin" / "basics" / "sleep").symlink_to(shutil.which("sleep"))
    p = subprocess.Popen([str(copy / "ruin-qt")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        assert p.stdout.readline() == "started\n"
        os.kill(p.pid, signal.SIGTERM)
        p.wait(timeout=30)
        deadline = time.monotonic() + 30
        while _group_alive(p.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _group_alive(p.pid), "a process of the launcher's outlived it"
    finally:
        if _group_alive(p.pid):
            os.killpg(p.pid, signal.SIGKILL)
    assert list(tmp.iterdir()) == []


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True
