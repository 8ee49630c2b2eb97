"""The .deb of the Linux release folder, made to pass lintian.

    /usr/lib/ruin-qt/          the PyInstaller folder (app/) and the glibc-checking launcher
    /usr/games/ruin-qt         -> /usr/lib/ruin-qt/ruin-qt (Section: games)
    /usr/share/...             desktop entry, AppStream, MIME type, icons, man page
    /usr/share/doc/ruin-qt/    copyright (DEP-5), changelog.gz (from CHANGELOG.md)
    /usr/share/lintian/overrides/ruin-qt   what is inherent to a bundled program, one reason each

Depends is worked out from the bundle itself: every shared library a bundled
file needs and the bundle does not carry must map to a Debian package in
SYSTEM_PACKAGES, or the build stops (a new system library cannot be missed).
"""

from __future__ import annotations

import gzip
import platform
import re
import shutil
import subprocess
import time
from pathlib import Path

import linux_bundle

ROOT = linux_bundle.ROOT
APP_ID = linux_bundle.APP_ID
PACKAGE = "ruin-qt"
# The project's home and maintainer address, named in README.md ("Where it lives").
HOMEPAGE = "https://github.com/ruinqt/ruin_qt"
MAINTAINER = "the ruin_qt developers <ruinqt@users.noreply.github.com>"
LIB = f"usr/lib/{PACKAGE}"

# soname prefix -> Debian package (Debian 12 names; "a | b": Ubuntu 24.04's t64 rename first).
SYSTEM_PACKAGES = {
    "libgcc_s.": "libgcc-s1", "libstdc++.": "libstdc++6",
    "libEGL.": "libegl1", "libGL.": "libgl1", "libOpenGL.": "libopengl0", "libGLX.": "libglx0",
    "libX11.": "libx11-6", "libX11-xcb.": "libx11-xcb1", "libxcb.": "libxcb1", "libXau.": "libxau6",
    "libxkbcommon.": "libxkbcommon0", "libxkbcommon-x11.": "libxkbcommon-x11-0",
    "libxcb-cursor.": "libxcb-cursor0", "libxcb-icccm.": "libxcb-icccm4", "libxcb-keysyms.": "libxcb-keysyms1",
    "libxcb-shape.": "libxcb-shape0", "libxcb-xkb.": "libxcb-xkb1", "libxcb-render-util.": "libxcb-render-util0",
    "libxcb-image.": "libxcb-image0", "libxcb-randr.": "libxcb-randr0", "libxcb-render.": "libxcb-render0",
    "libxcb-shm.": "libxcb-shm0", "libxcb-sync.": "libxcb-sync1", "libxcb-xfixes.": "libxcb-xfixes0",
    "libxcb-xinput.": "libxcb-xinput0", "libxcb-glx.": "libxcb-glx0", "libxcb-util.": "libxcb-util1",
    # the bundled Wayland platform plugin's client libraries
    "libwayland-client.": "libwayland-client0", "libwayland-cursor.": "libwayland-cursor0",
    "libwayland-egl.": "libwayland-egl1",
    "libfontconfig.": "libfontconfig1", "libfreetype.": "libfreetype6", "libbrotli": "libbrotli1",
    "libpng16.": "libpng16-16t64 | libpng16-16", "libharfbuzz.": "libharfbuzz0b", "libexpat.": "libexpat1",
    "libz.": "zlib1g", "libzstd.": "libzstd1", "libdbus-1.": "libdbus-1-3",
    "libglib-2.0.": "libglib2.0-0t64 | libglib2.0-0", "libgthread-2.0.": "libglib2.0-0t64 | libglib2.0-0",
    "libgobject-2.0.": "libglib2.0-0t64 | libglib2.0-0", "libgio-2.0.": "libglib2.0-0t64 | libglib2.0-0",
    "libgssapi_krb5.": "libgssapi-krb5-2",  # QtNetwork's (Negotiate authentication)
}
LIBC = ("libc.", "libm.", "libdl.", "libpthread.", "libresolv.", "librt.", "ld-linux", "libutil.")

OVERRIDES = """\
# Libraries auditwheel vendored and patchelf rewrote (numpy.libs): strip breaks them (they no longer load).
{p}: unstripped-binary-or-object [{lib}/app/_internal/*.libs/*]
# PyInstaller's bootloader is built without -pie by its authors; it is not recompiled here.
{p}: hardening-no-pie [{lib}/app/ruin-qt]
# Qt's and PySide6's libraries find each other beside them ($ORIGIN), as the upstream wheels are built.
{p}: custom-library-search-path *
# The bundled Python and Qt carry their own copies (zlib, expat...) as upstream builds them.
{p}: embedded-library *
# Upstream's plugin and stub libraries (as shipped in the PySide6 wheel) link libc through their dependencies.
{p}: library-not-linked-against-libc *
# Private libraries of the bundled program, not a public library package: no shlibs or symbols files.
{p}: shared-library-lacks-prerequisites *
"""


def _is_elf(f: Path) -> bool:
    with f.open("rb") as fh:
        return fh.read(4) == b"\x7fELF"


def _needed(f: Path) -> set[str]:
    out = subprocess.run(["objdump", "-p", str(f)], capture_output=True, text=True).stdout
    return set(re.findall(r"^\s*NEEDED\s+(\S+)", out, re.M))


def depends(app: Path, floor: str) -> list[str]:
    """The packages the bundle needs from the system, from the NEEDED entries of its files."""
    elves = [f for f in app.rglob("*") if f.is_file() and not f.is_symlink() and _is_elf(f)]
    carried = {f.name for f in app.rglob("*")}
    needed = set().union(*(_needed(f) for f in elves)) - carried
    packages, unknown = {f"libc6 (>= {floor})"}, []
    for soname in sorted(needed):
        if soname.startswith(LIBC):
            continue
        pkg = next((p for prefix, p in SYSTEM_PACKAGES.items() if soname.startswith(prefix)), None)
        if pkg is None:
            unknown.append(soname)
        else:
            packages.add(pkg)
    if unknown:
        raise SystemExit(f"no Debian package known for {', '.join(unknown)}: add it to SYSTEM_PACKAGES "
                         "in packaging/linux_deb.py")
    return sorted(packages, key=lambda p: (not p.startswith("libc6 "), p))


def apt_names(packages: list[str]) -> list[str]:
    """Depends entries as names one ``apt install`` takes: no version, and of "new | old" the old name (the
    new t64 package provides it: apt picks it where it is the one there)."""
    return [p.split("|")[-1].split("(")[0].strip() for p in packages]


def soname_packages() -> str:
    """SYSTEM_PACKAGES as the launcher's table: "PREFIX PACKAGE" lines."""
    return "\n".join(f"{prefix} {apt_names([package])[0]}" for prefix, package in SYSTEM_PACKAGES.items())


def strip(app: Path) -> int:
    """Strip every ELF file but the program itself (PyInstaller's bootloader, already stripped, with the
    Python archive after its ELF part, which strip would cut off) and the libraries auditwheel vendored
    into a wheel's NAME.libs folder (patchelf rewrote them: stripped, numpy's OpenBLAS no longer loads,
    "ELF load command address/offset not page-aligned" -- the release's self-test of the .deb caught
    it); .so files lose +x."""
    n = 0
    for f in sorted(app.rglob("*")):
        if f.is_symlink() or not f.is_file() or f == app / "ruin-qt" or not _is_elf(f):
            continue
        if any(part.endswith(".libs") for part in f.relative_to(app).parts[:-1]):
            f.chmod(0o644)
            continue
        subprocess.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note", str(f)],
                       check=True, capture_output=True)
        if ".so" in f.name:
            f.chmod(0o644)
        n += 1
    return n


def _rfc2822(day: str) -> str:
    return time.strftime("%a, %d %b %Y 12:00:00 +0000", time.strptime(day, "%Y-%m-%d"))


def debian_changelog(changelog: Path = ROOT / "CHANGELOG.md") -> str:
    """CHANGELOG.md's versions as Debian changelog entries (newest first)."""
    text = changelog.read_text(encoding="utf-8")
    entries = []
    for m in re.finditer(r"^## \[?(\d[^\]\s]*)\]?\s*[—-]\s*(\d{4}-\d{2}-\d{2})\s*\n(.*?)(?=^## |\Z)", text,
                         re.M | re.S):
        version, day, body = m.groups()
        items = [" ".join(i.split()) for i in re.findall(r"^- (.*?)(?=^- |\Z)", body, re.M | re.S)]
        items = items or [" ".join(body.split())]
        lines = []
        for item in items:
            words, line = item.replace("*", "").split(), "  *"
            for w in words:
                if len(line) + 1 + len(w) > 78:
                    lines.append(line)
                    line = "   "
                line += " " + w
            lines.append(line)
        entries.append(f"{PACKAGE} ({version}) unstable; urgency=medium\n\n" + "\n".join(lines)
                       + f"\n\n -- {MAINTAINER}  {_rfc2822(day)}\n")
    if not entries:
        raise SystemExit("CHANGELOG.md has no '## VERSION — YYYY-MM-DD' section")
    return "\n".join(entries)


def copyright_text() -> str:
    lines = (ROOT / "LICENSE").read_text(encoding="utf-8").strip().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Copyright"))
    holder = lines[at].removeprefix("Copyright").strip().removeprefix("(c)").strip()
    body = "\n".join(" " + (line if line.strip() else ".") for line in lines[at + 1:]).strip("\n .").rstrip()
    body = " " + body if not body.startswith(" ") else body
    return f"""Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ruin_qt
Upstream-Contact: {MAINTAINER}
Source: {HOMEPAGE}
Comment: The program bundles, unchanged, its run-time: CPython (PSF-2.0),
 Qt 6 and PySide6 (LGPL-3), numpy (BSD-3-clause), pyqtgraph (MIT),
 platformdirs (MIT), websockets (BSD-3-clause), zeroconf (LGPL-2.1+) and
 ifaddr (MIT), as their wheels ship them under {LIB}/app.

Files: *
Copyright: {holder}
License: MIT

License: MIT
{body}
"""


def _roff(text: str) -> str:
    """Plain text as a roff line: backslashes and hyphens escaped (a hyphen is a minus sign in options), no
    leading dot or quote (a request)."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def commands() -> dict[str, str]:
    """cli.COMMANDS ("NAME ARGS: what it does" by name), read without importing the game."""
    import ast

    tree = ast.parse((ROOT / "ruin_qt" / "cli.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMMANDS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise SystemExit("no COMMANDS in ruin_qt/cli.py")


def man_page() -> str:
    """ruin-qt(6): the game's options (its own parser) and every command of ``ruin-qt --help``, each
    command's line whole (its synopsis is split from its summary at ": ", never inside HOST:PORT)."""
    import argparse
    import sys

    sys.path.insert(0, str(ROOT))
    from ruin_qt.app.public import command_line

    game, environment = command_line()
    options = []
    for action in game._actions:
        if action.help == argparse.SUPPRESS or not action.option_strings:
            continue
        metavar = f" {action.metavar or '{' + ','.join(action.choices) + '}'}" if action.nargs != 0 else ""
        what = "show the version and exit" if isinstance(action, argparse._VersionAction) else action.help
        options.append(f".TP\n.B {_roff(', '.join(action.option_strings))}{_roff(metavar)}\n{_roff(what)}\n")
    rows = []
    for name, text in commands().items():
        synopsis, _, summary = text.partition(": ")
        assert synopsis.split()[0] == name, text
        rows.append(f".TP\n.B {_roff('ruin-qt ' + synopsis)}\n{_roff(summary)}\n")
    env = " ".join(line.strip() for line in environment.splitlines()[1:]).split("  ", 1)
    return (f'.TH RUIN-QT 6 "" "ruin-qt {linux_bundle.version()}" "Games"\n'
            ".SH NAME\nruin-qt \\- In the Ruin, the flip-and-write board game\n"
            ".SH SYNOPSIS\n.B ruin-qt\n[\\-\\-language en|ja] [\\-\\-resume] [\\-\\-self\\-test] [FILE]\n.br\n"
            ".B ruin-qt\nCOMMAND [OPTIONS]\n"
            ".SH DESCRIPTION\nWithout a command the game's window opens; with FILE, that saved game (.ruin).\n"
            "\\-\\-self\\-test checks every feature offscreen and exits 0 when all work.\n"
            "Each command tells its own options: \\fBruin\\-qt\\fP \\fICOMMAND\\fP \\fB\\-\\-help\\fP.\n"
            f".SH OPTIONS\n{''.join(options)}"
            f".SH COMMANDS\n{''.join(rows)}"
            f".SH ENVIRONMENT\n.TP\n.B {_roff(env[0].strip())}\n{_roff(env[-1].strip())}\n"
            ".SH FILES\n.TP\n.I ~/.local/share/ruin\\-qt/\n"
            "the autosave, the game history, the tables joined, crash reports and output.log (what a start "
            "without a terminal had to say)\n.TP\n.I ~/.config/ruin\\-qt/settings.ini\nthe settings\n"
            f".SH SEE ALSO\n{HOMEPAGE}\n")


def _gz(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz:
        gz.write(text.encode("utf-8"))
    path.chmod(0o644)


def make_deb(folder: Path, floor: str) -> Path:
    stage = folder.parent / f"{folder.name}-deb"
    if stage.exists():
        shutil.rmtree(stage)
    lib = stage / LIB
    lib.mkdir(parents=True)
    shutil.copytree(folder / "app", lib / "app", symlinks=True)
    shutil.copy2(folder / "ruin-qt", lib / "ruin-qt")
    strip(lib / "app")
    shutil.copytree(folder / "share", stage / "usr" / "share", symlinks=True)
    entry = stage / "usr" / "share" / "applications" / f"{APP_ID}.desktop"
    entry.write_text(re.sub(r"^Exec=\S+", "Exec=/usr/games/ruin-qt", entry.read_text(encoding="utf-8"), flags=re.M),
                     encoding="utf-8")
    (stage / "usr" / "games").mkdir(parents=True)
    (stage / "usr" / "games" / PACKAGE).symlink_to(f"../lib/{PACKAGE}/ruin-qt")
    doc = stage / "usr" / "share" / "doc" / PACKAGE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_text(), encoding="utf-8")
    _gz(doc / "changelog.gz", debian_changelog())
    _gz(stage / "usr" / "share" / "man" / "man6" / f"{PACKAGE}.6.gz", man_page())
    overrides = stage / "usr" / "share" / "lintian" / "overrides" / PACKAGE
    overrides.parent.mkdir(parents=True)
    overrides.write_text(OVERRIDES.format(p=PACKAGE, lib=LIB), encoding="utf-8")
    for d in [stage, *(p for p in stage.rglob("*") if p.is_dir() and not p.is_symlink())]:
        d.chmod(0o755)
    size_kib = sum(f.stat().st_size for f in stage.rglob("*") if f.is_file() and not f.is_symlink()) // 1024
    arch = {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(
        f"Package: {PACKAGE}\nVersion: {linux_bundle.version()}\nArchitecture: {arch}\nSection: games\n"
        f"Priority: optional\nMaintainer: {MAINTAINER}\nInstalled-Size: {size_kib}\n"
        f"Depends: {', '.join(depends(lib / 'app', floor))}\nRecommends: fonts-noto-cjk\nHomepage: {HOMEPAGE}\n"
        "Description: In the Ruin, the flip-and-write board game\n"
        " Draw roads and walls, collect gems and escape the ruin: solo, against\n"
        " computer seats, pass-and-play, or at a table across laptops on the\n"
        " local network. In English and Japanese.\n", encoding="utf-8")
    out = folder.parent / f"{PACKAGE}_{linux_bundle.version()}_{arch}.deb"
    # Level 6, gzip's own default (dpkg-deb's is 9): the same 71 MiB in 5 s, not 16 s.
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "-z6", "--build", str(stage), str(out)], check=True,
                   capture_output=True)
    shutil.rmtree(stage)
    return out
