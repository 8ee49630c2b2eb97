"""The Linux release folder and its tar.gz, around a built program folder.

    ruin-qt-VERSION-linux-x86_64/
        README.txt        install, run, uninstall, where the data lives
        install.sh        per-user install (packaging/linux/install.sh)
        ruin-qt           launcher: checks the glibc the bundle needs, then starts app/ruin-qt
        app/              the PyInstaller folder
        share/            desktop entry, AppStream metainfo, MIME type, hicolor icons 16-512 px
        LICENSE
"""

from __future__ import annotations

import platform
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import icons

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
_GLIBC = re.compile(rb"\(GLIBC_(\d+)\.(\d+)(?:\.\d+)?\)")


def _package_constant(name: str) -> str:
    """A constant of ruin_qt/__init__.py, read without importing the game (setup.py uses it too)."""
    text = (ROOT / "ruin_qt" / "__init__.py").read_text(encoding="utf-8")
    return re.search(rf'^{name} = "([^"]+)"', text, re.M).group(1)


APP_ID = _package_constant("APP_ID")


def version() -> str:
    return _package_constant("__version__")


def release_name() -> str:
    return f"ruin-qt-{version()}-linux-{platform.machine()}"


def elf_files(folder: Path) -> list[Path]:
    out = []
    for f in sorted(folder.rglob("*")):
        if f.is_file() and not f.is_symlink():
            with f.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    out.append(f)
    return out


def glibc_needs(folder: Path) -> dict[Path, tuple[int, int]]:
    """Per ELF file, the newest GLIBC_x.y symbol version it asks for (objdump -T)."""
    needs = {}
    for f in elf_files(folder):
        out = subprocess.run(["objdump", "-T", str(f)], capture_output=True, check=True).stdout
        versions = [(int(m.group(1)), int(m.group(2))) for m in _GLIBC.finditer(out)]
        if versions:
            needs[f] = max(versions)
    return needs


def glibc_floor(folder: Path) -> str:
    major, minor = max(glibc_needs(folder).values())
    return f"{major}.{minor}"


def render_icons(out: Path) -> None:
    """hicolor PNGs of every size from the one SVG, plus the SVG itself."""
    for size in ICON_SIZES:
        target = out / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not icons.icon_image(size).save(str(target)):
            raise OSError(f"could not write {target}")
    (out / "scalable" / "apps").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(icons.SVG, out / "scalable" / "apps" / f"{APP_ID}.svg")


def assemble(app_dir: Path, target: Path, floor: str) -> Path:
    """Move the program folder ``app_dir`` into the release folder ``target``."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.move(str(app_dir), target / "app")
    # PyInstaller links the Qt libraries into the top folder, also those the
    # spec left out: drop the links that point nowhere.
    for link in [p for p in (target / "app").rglob("*") if p.is_symlink() and not p.exists()]:
        link.unlink()
    for name, mode in (("install.sh", 0o755), ("LICENSE", 0o644)):
        src = LINUX / name if name == "install.sh" else ROOT / name
        shutil.copyfile(src, target / name)
        (target / name).chmod(mode)
    readme = (LINUX / "README.txt").read_text(encoding="utf-8").replace("@VERSION@", version())
    (target / "README.txt").write_text(readme.replace("@GLIBC_FLOOR@", floor), encoding="utf-8")
    import linux_deb  # it builds on this module

    # The missing-library message's apt command: every package the .deb depends on, worked out the same way.
    apt = " ".join(linux_deb.apt_names(linux_deb.depends(target / "app", floor)))
    launcher = ((LINUX / "launcher.sh").read_text(encoding="utf-8").replace("@GLIBC_FLOOR@", floor)
                .replace("@APT_PACKAGES@", apt).replace("@SONAME_PACKAGES@", linux_deb.soname_packages()))
    (target / "ruin-qt").write_text(launcher, encoding="utf-8")
    (target / "ruin-qt").chmod(0o755)
    share = target / "share"
    for sub, name in (("applications", f"{APP_ID}.desktop"), ("metainfo", f"{APP_ID}.metainfo.xml"),
                      ("mime/packages", f"{APP_ID}.xml")):
        (share / sub).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(LINUX / name, share / sub / name)
    render_icons(share / "icons" / "hicolor")
    return target


def make_tarball(folder: Path) -> Path:
    out = folder.parent / f"{folder.name}.tar.gz"
    # Level 6, gzip's own default (tarfile's is 9): 83 MiB in 6 s, not 82 MiB in 21 s.
    with tarfile.open(out, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=folder.name)
    return out
