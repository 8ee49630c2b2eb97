"""What an artefact holds, set against the source tree (a wheel once shipped without ruin_qt/net): the game's
modules in the source, in a wheel and in a PyInstaller build.

    python packaging/contents.py bundle dist/ruin-qt-VERSION-linux-x86_64/app/ruin-qt
    python packaging/contents.py wheel dist/ruin_qt-VERSION-py3-none-any.whl

prints what the artefact misses (nothing, and status 0, when it is whole).
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# What the table across laptops needs besides the game's own modules.
NET_MODULES = ("websockets", "websockets.client", "websockets.server", "websockets.frames", "websockets.http11",
               "websockets.protocol", "websockets.uri", "zeroconf", "ifaddr")


def _module_name(parts: tuple[str, ...]) -> str:
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_modules(root: Path = ROOT) -> set[str]:
    """Every module under ruin_qt/ in the source tree."""
    return {_module_name(f.relative_to(root).with_suffix("").parts) for f in (root / "ruin_qt").rglob("*.py")}


def wheel_modules(wheel: Path) -> set[str]:
    names = zipfile.ZipFile(wheel).namelist()
    return {_module_name(Path(n).with_suffix("").parts) for n in names
            if n.startswith("ruin_qt/") and n.endswith(".py")}


def bundle_modules(exe: Path) -> set[str]:
    """The Python modules in a PyInstaller program's archive (its PYZ), read with PyInstaller's own reader."""
    from PyInstaller.archive.readers import CArchiveReader

    pkg = CArchiveReader(str(exe))
    out: set[str] = set()
    for name, entry in pkg.toc.items():
        if entry[-1] == "z":  # the PYZ of byte-compiled modules
            out |= set(pkg.open_embedded_archive(name).toc)
    return out


def startup_scripts(exe: Path) -> list[str]:
    """The scripts a PyInstaller program runs before its own (runtime hooks), in its archive's order."""
    from PyInstaller.archive.readers import CArchiveReader

    return [name for name, entry in CArchiveReader(str(exe)).toc.items() if entry[-1] == "s"]


def qt_network_files(folder: Path) -> list[Path]:
    """QtNetwork's extension module and library in a built program's folder."""
    return [p for p in folder.rglob("*") if p.name.startswith(("QtNetwork.", "libQt6Network.", "QtNetwork.pyd"))
            or p.name in ("Qt6Network.dll", "QtNetwork")]


def missing_from_bundle(exe: Path, root: Path = ROOT) -> list[str]:
    have = bundle_modules(exe)
    missing = sorted((source_modules(root) | set(NET_MODULES)) - have)
    if not qt_network_files(exe.parent):
        missing.append("PySide6.QtNetwork (no QtNetwork extension module or library in the folder)")
    return missing


def missing_from_wheel(wheel: Path, root: Path = ROOT) -> list[str]:
    return sorted(source_modules(root) - wheel_modules(wheel))


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("bundle", "wheel"):
        print(__doc__)
        return 2
    path = Path(argv[1])
    missing = (missing_from_bundle if argv[0] == "bundle" else missing_from_wheel)(path)
    for m in missing:
        print(f"{path.name} misses {m}")
    if not missing:
        print(f"{path.name}: every module of the source tree is in it")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
