"""The Linux release folder's install.sh, in a throw-away home: the desktop
entry, AppStream data and MIME type it installs pass the freedesktop tools, a
saved game is our type with our entry as its default, ``gio open`` on it
starts the installed program with that game loaded, and ``--uninstall``
leaves the home exactly as it was.

The program is the built release when RUIN_QT_RELEASE names its folder
(.ci/run does so after ``packaging/release.py`` built it); otherwise a release folder is
assembled around a stand-in that starts this checkout's ``python -m ruin_qt``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ruin_qt

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import linux_bundle  # noqa: E402
import linux_deb  # noqa: E402

APP_ID = ruin_qt.APP_ID
MIME = "application/x-ruin-qt-record"
TOOLS = ("desktop-file-validate", "appstreamcli", "xdg-mime", "gio", "update-mime-database", "update-desktop-database")

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux release"),
    pytest.mark.skipif(not all(shutil.which(t) for t in TOOLS),
                       reason="needs desktop-file-utils, appstream, xdg-utils, libglib2.0-bin, shared-mime-info"),
]


@pytest.fixture(scope="module")
def release(tmp_path_factory, qapp) -> Path:  # qapp: the icons render in the test's QApplication
    given = os.environ.get("RUIN_QT_RELEASE")
    if given:
        return Path(given).resolve()
    stand_in = tmp_path_factory.mktemp("app") / "app"
    stand_in.mkdir()
    exe = stand_in / "ruin-qt"
    exe.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m ruin_qt "$@"\n')
    exe.chmod(0o755)
    return linux_bundle.assemble(stand_in, tmp_path_factory.mktemp("dist") / "ruin-qt-test", "2.17")


def _home_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "RUIN_QT_"))}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_DIRS="/usr/local/share:/usr/share",
               XDG_CURRENT_DESKTOP="GNOME",  # xdg-mime asks shared-mime-info (gio), not file(1)
               RUIN_QT_DATA_DIR=str(home / "game-data"))
    return env


def _snapshot(home: Path) -> dict[str, str]:
    out = {}
    for p in sorted(home.rglob("*")):
        rel = str(p.relative_to(home))
        out[rel] = "dir" if p.is_dir() and not p.is_symlink() else hashlib.sha256(
            os.readlink(p).encode() if p.is_symlink() else p.read_bytes()).hexdigest()
    return out


def _saved_game(folder: Path) -> Path:
    records = folder / "records"
    subprocess.run([sys.executable, "-m", "ruin_qt", "sim", "--seats", "random", "--games", "1",
                    "--workers", "1", "--records", str(records)], cwd=ROOT, check=True, capture_output=True,
                   timeout=120)
    game = folder / "my game.ruin"  # a space, as real file names have
    shutil.copyfile(next(records.glob("*")), game)
    return game


def _install(release: Path, env: dict, *args: str) -> str:
    r = subprocess.run(["sh", str(release / "install.sh"), *args], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_install_passes_the_desktop_tools_and_uninstall_restores_the_home(release, tmp_path):
    home = tmp_path / "home"
    # Someone else's menu entry and MIME type, which must survive untouched.
    other = home / ".local" / "share" / "applications" / "other.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=true\n")
    (home / ".local" / "bin").mkdir(parents=True)
    (home / ".local" / "bin" / "tool").write_text("#!/bin/sh\n")
    before = _snapshot(home)
    env = _home_env(home)
    data = home / ".local" / "share"

    out = _install(release, env)
    assert "and in the menu" in out
    entry = data / "applications" / f"{APP_ID}.desktop"
    assert f"\nExec={home}/.local/bin/ruin-qt %f\n" in entry.read_text(encoding="utf-8")
    for size in (16, 32, 48, 128, 256, 512):
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (home / ".local" / "bin" / "ruin-qt").exists()
    r = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout
    r = subprocess.run(["appstreamcli", "validate", "--no-net", str(data / "metainfo" / f"{APP_ID}.metainfo.xml")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    game = tmp_path / "my game.ruin"
    game.write_text('{"format": "ruin-qt-record/1"}')
    r = subprocess.run(["xdg-mime", "query", "filetype", str(game)], env=env, capture_output=True, text=True)
    assert r.stdout.strip() == MIME, r.stdout + r.stderr
    r = subprocess.run(["xdg-mime", "query", "default", MIME], env=env, capture_output=True, text=True)
    assert r.stdout.strip() == f"{APP_ID}.desktop", r.stdout + r.stderr
    r = subprocess.run([str(home / ".local" / "bin" / "ruin-qt"), "--version"], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == f"ruin-qt {ruin_qt.__version__}", r.stdout + r.stderr

    _install(release, env, "--uninstall")
    assert _snapshot(home) == before


def test_the_release_folder_has_a_readme_a_player_can_follow(release):
    """Install, run, uninstall, where the data lives."""
    text = (release / "README.txt").read_text(encoding="utf-8")
    assert ruin_qt.__version__ in text and "@" not in text.replace("@localhost", "")
    for needle in ("./install.sh", "./ruin-qt", "--uninstall", "--prefix", "~/.local/share/ruin-qt",
                   "~/.config/ruin-qt", "glibc", "--self-test"):
        assert needle in text, needle


def test_prefix_install_twice_and_uninstall(release, tmp_path):
    home, prefix = tmp_path / "home", tmp_path / "my apps"  # a space, as real folders have
    home.mkdir()
    env = _home_env(home)
    out = _install(release, env, "--prefix", str(prefix))
    # No menu reads "my apps/share" (not in XDG_DATA_DIRS): the message says where the entry is instead.
    assert "in the menu" not in out and f"{prefix}/share/applications" in out and "XDG_DATA_DIRS" in out
    env_menu = {**env, "XDG_DATA_DIRS": f"{prefix}/share:/usr/share"}
    assert "and in the menu" in _install(release, env_menu, "--prefix", str(prefix))  # an update replaces it
    assert (prefix / "bin" / "ruin-qt").exists()
    entry = prefix / "share" / "applications" / f"{APP_ID}.desktop"
    assert f'Exec="{prefix}/bin/ruin-qt" %f' in entry.read_text(encoding="utf-8")
    r = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout
    r = subprocess.run([str(prefix / "bin" / "ruin-qt"), "--version"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert not list(home.iterdir())
    _install(release, env, "--prefix", str(prefix), "--uninstall")
    assert not list(prefix.iterdir())


def _opener_env(env: dict, opener: str) -> dict:
    env = dict(env)
    if opener == "xdg-open":
        # xdg-utils' generic mode, as in openbox, i3 and other plain sessions:
        # no desktop named, the type from shared-mime-info (mimetype), Exec's
        # first word run as it stands.
        for key in ("XDG_CURRENT_DESKTOP", "XDG_SESSION_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION",
                    "GNOME_DESKTOP_SESSION_ID", "MATE_DESKTOP_SESSION_ID", "DBUS_SESSION_BUS_ADDRESS"):
            env.pop(key, None)
    return env


OPENERS = {"gio": ["gio", "open"], "xdg-open": ["xdg-open"]}


@pytest.mark.slow
@pytest.mark.parametrize("opener", sorted(OPENERS))
def test_opening_a_saved_game_starts_the_installed_program_with_it(release, tmp_path, opener):
    """``gio open`` and ``xdg-open`` (generic mode) both run the installed entry."""
    if not shutil.which(OPENERS[opener][0]):
        pytest.skip(f"needs {OPENERS[opener][0]}")
    if opener == "xdg-open" and not shutil.which("mimetype"):
        pytest.skip("xdg-open's generic mode reads the type with mimetype (libfile-mimeinfo-perl, which "
                    "xdg-utils recommends); without it file(1) calls a record JSON")
    home = tmp_path / "home"
    home.mkdir()
    env = _home_env(home)
    _install(release, env)
    entry = (home / ".local" / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"\nExec={home}/.local/bin/ruin-qt %f\n" in entry  # no quotes: generic xdg-open cannot run them
    env = _opener_env(env, opener)
    game = _saved_game(tmp_path)
    report = tmp_path / "opened.json"
    env["RUIN_QT_REPORT_OPENED"] = str(report)
    # The opener may return once the program is launched: wait for its
    # report while the virtual screen is still up.
    script = ('"$@" || exit 1; i=0; while [ ! -s "$R" ] && [ $i -lt 900 ]; do sleep 0.1; i=$((i+1)); done')
    env["R"] = str(report)
    cmd = ["sh", "-c", script, "sh", *OPENERS[opener], str(game)]
    if shutil.which("xvfb-run"):
        env.pop("QT_QPA_PLATFORM", None)
        cmd = ["xvfb-run", "-a", *cmd]
    else:
        env.update(QT_QPA_PLATFORM="offscreen", DISPLAY=":424242")  # an opener wants a display to open for
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180)
    assert report.is_file(), r.stdout + r.stderr
    opened = json.loads(report.read_text())
    assert opened["file"] == str(game) and opened["opened"] is True
    assert opened["round"] > 0
    _install(release, env, "--uninstall")


def _query(env: dict, *args: str) -> str:
    return subprocess.run(["xdg-mime", "query", *args], env=env, capture_output=True, text=True).stdout.strip()


def test_uninstall_keeps_a_type_another_program_added_meanwhile(release, tmp_path):
    """~/.local/share/mime did not exist before the install;
    another program adds ``*.zzqx`` while the game is installed; uninstalling
    the game rebuilds the caches and that type (and its default) stay."""
    home = tmp_path / "home"
    home.mkdir()
    env = _home_env(home)
    data = home / ".local" / "share"
    _install(release, env)
    assert (data / "mime" / "mime.cache").is_file()
    (data / "mime" / "packages" / "zzqx.xml").write_text(
        '<?xml version="1.0"?>\n<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
        '  <mime-type type="application/x-zzqx"><comment>ZZQX</comment><glob pattern="*.zzqx"/></mime-type>\n'
        '</mime-info>\n')
    (data / "applications" / "zzqx-viewer.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=ZZQX viewer\nExec=true %f\nMimeType=application/x-zzqx;\n")
    subprocess.run(["update-mime-database", str(data / "mime")], check=True, capture_output=True)
    subprocess.run(["update-desktop-database", "-q", str(data / "applications")], check=True, capture_output=True)
    (tmp_path / "a.zzqx").write_text("zzqx\n")
    (tmp_path / "a.ruin").write_text('{"format": "ruin-qt-record/1"}')
    before = (_query(env, "filetype", str(tmp_path / "a.zzqx")), _query(env, "default", "application/x-zzqx"))
    assert before == ("application/x-zzqx", "zzqx-viewer.desktop")
    assert _query(env, "filetype", str(tmp_path / "a.ruin")) == MIME

    _install(release, env, "--uninstall")
    after = (_query(env, "filetype", str(tmp_path / "a.zzqx")), _query(env, "default", "application/x-zzqx"))
    assert after == before
    assert _query(env, "filetype", str(tmp_path / "a.ruin")) != MIME  # ours is gone from the rebuilt cache
    assert not (data / "mime" / "packages" / f"{APP_ID}.xml").exists()
    assert not (data / "applications" / f"{APP_ID}.desktop").exists()


@pytest.fixture(scope="module")
def deb(release, tmp_path_factory) -> Path:
    if not shutil.which("dpkg-deb"):
        pytest.skip("needs dpkg-deb")
    if os.environ.get("RUIN_QT_RELEASE"):  # the .deb the build made of this release: tried as shipped
        built = sorted(release.parent.glob(f"ruin-qt_{ruin_qt.__version__}_*.deb"))
        if built:
            return built[-1]
    copy = tmp_path_factory.mktemp("deb") / release.name
    shutil.copytree(release, copy, symlinks=True)
    return linux_deb.make_deb(copy, "2.17")


def _floor(release: Path) -> str:
    """The glibc floor the release's launcher checks, which its .deb depends on."""
    return re.search(r"^need=(\S+)$", (release / "ruin-qt").read_text(encoding="utf-8"), re.M).group(1)


def test_the_deb_puts_the_program_in_usr_lib_and_the_desktop_files_in_usr_share(deb, release, tmp_path):
    info = subprocess.run(["dpkg-deb", "--field", str(deb)], capture_output=True, text=True, check=True).stdout
    assert "Package: ruin-qt" in info and f"Version: {ruin_qt.__version__}" in info
    floor = _floor(release) if deb.parent == release.parent else "2.17"  # the build's, or the one made above
    assert f"Depends: libc6 (>= {floor})" in info and "Section: games" in info
    assert f"Homepage: {linux_deb.HOMEPAGE}" in info and "@localhost" not in info
    contents = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True,
                              check=True).stdout
    for path in ("./usr/games/ruin-qt -> ../lib/ruin-qt/ruin-qt", "./usr/lib/ruin-qt/app/ruin-qt",
                 f"./usr/share/applications/{APP_ID}.desktop", f"./usr/share/mime/packages/{APP_ID}.xml",
                 f"./usr/share/metainfo/{APP_ID}.metainfo.xml", "./usr/share/doc/ruin-qt/copyright",
                 "./usr/share/doc/ruin-qt/changelog.gz", "./usr/share/man/man6/ruin-qt.6.gz",
                 "./usr/share/lintian/overrides/ruin-qt",
                 f"./usr/share/icons/hicolor/512x512/apps/{APP_ID}.png"):
        assert path in contents, path
    assert "./opt/" not in contents
    unpacked = tmp_path / "unpacked"
    subprocess.run(["dpkg-deb", "--extract", str(deb), str(unpacked)], check=True)
    entry = unpacked / "usr" / "share" / "applications" / f"{APP_ID}.desktop"
    assert "Exec=/usr/games/ruin-qt %f" in entry.read_text(encoding="utf-8")
    r = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout
    r = subprocess.run([str(unpacked / "usr" / "games" / "ruin-qt"), "--version"], capture_output=True, text=True,
                       timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert r.returncode == 0 and ruin_qt.__version__ in r.stdout, r.stdout + r.stderr


def test_the_deb_names_what_the_bundle_needs_from_the_system(release):
    """Depends comes from the bundle's own NEEDED entries (the Wayland client libraries among them
    for the real build); a library nobody mapped stops the build."""
    if not linux_bundle.elf_files(release / "app"):
        pytest.skip("the stand-in program has no shared libraries: needs the built release (RUIN_QT_RELEASE)")
    needs = linux_deb.depends(release / "app", "2.35")
    assert needs[0] == "libc6 (>= 2.35)"
    assert {"libwayland-client0", "libwayland-cursor0", "libwayland-egl1", "libegl1"} <= set(needs)


def test_a_system_library_nobody_mapped_stops_the_deb(tmp_path, monkeypatch):
    monkeypatch.setattr(linux_deb, "_needed", lambda f: {"libnew-thing.so.7", "libc.so.6"})
    (tmp_path / "x.so").write_bytes(b"\x7fELF" + bytes(60))
    with pytest.raises(SystemExit, match="libnew-thing.so.7"):
        linux_deb.depends(tmp_path, "2.35")


@pytest.mark.slow
def test_lintian_finds_no_error_or_warning_in_the_deb(deb):
    """What is inherent to a bundled program is overridden with a reason each."""
    if not shutil.which("lintian"):
        pytest.skip("lintian is not installed (apt-get install lintian; python3 dev.py test installs it as root)")
    r = subprocess.run(["lintian", "--tag-display-limit", "0", str(deb)], capture_output=True, text=True,
                       timeout=900)
    found = [line for line in r.stdout.splitlines() if line.startswith(("E:", "W:"))]
    assert not found, "\n".join(found[:40])
    overrides = linux_deb.OVERRIDES.format(p="ruin-qt", lib=linux_deb.LIB).splitlines()
    for i, line in enumerate(overrides):  # each override follows its one-line reason
        if not line.startswith("#"):
            assert overrides[i - 1].startswith("# "), line


def test_strip_leaves_the_program_and_auditwheels_libraries_alone(tmp_path, monkeypatch):
    """strip cut numpy.libs' OpenBLAS (patchelf-rewritten) so numpy no longer loaded from the .deb."""
    app = tmp_path / "app"
    for rel in ("ruin-qt", "_internal/numpy.libs/libopenblas.so", "_internal/libQt6Core.so.6", "_internal/x.py"):
        (app / rel).parent.mkdir(parents=True, exist_ok=True)
        (app / rel).write_bytes((b"\x7fELF" if not rel.endswith(".py") else b"") + bytes(60))
    stripped = []
    monkeypatch.setattr(linux_deb.subprocess, "run", lambda cmd, **kw: stripped.append(Path(cmd[-1]).name))
    assert linux_deb.strip(app) == 1
    assert stripped == ["libQt6Core.so.6"]
    assert (app / "_internal" / "libQt6Core.so.6").stat().st_mode & 0o111 == 0
