"""The program's icons -- PNGs for Linux, .ico for Windows, .icns for macOS -- rendered
from the one SVG in resources/icons with Qt at build time.

Both containers are written here from PNG images: Qt's own ICO writer stores one
image per file and its ICNS plugin is not in every PySide6 build, while both
formats are a short header and a table in front of the PNGs.

    python packaging/icons.py OUT_DIR    # writes ruin-qt.ico, ruin-qt.icns and the PNGs
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "ruin-qt.svg"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS PNG chunk types and the pixel size each holds (the @2x types are the
# Retina variants: ic11 is 16 pt at 2x, so 32 px).
ICNS_TYPES = {
    b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024,
    b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512,
}


# The small sizes are drawn for the pixel grid, not scaled down from the SVG
# (whose road circles turn into grey smudges below 32 px): the same corner of
# a map -- a row of walls, roads as rings, a gem -- in whole pixels.
# (cell, gap, first) per size: 3×3 cells of ``cell`` px, ``gap`` px apart, from ``first``.
PIXEL_SIZES = {16: (3, 1, 2), 22: (5, 1, 2), 24: (5, 2, 2)}
PIXEL_MAP = ("WWW", "RRW", "WRG")  # W wall, R road (a ring), G gem, as on the big icon
PIXEL_COLOURS = {"B": "#6b5330", "P": "#f1e4c6", "W": "#3b2f22", "R": "#3b2f22", "G": "#1f9e8c", "g": "#0b4d43"}


def _cell(kind: str, c: int) -> list[str]:
    """One cell's pixels: a wall is solid (corners cut from 5 px), a road a ring, a gem a diamond."""
    if kind == "W":
        rows = ["W" * c for _ in range(c)]
        if c >= 5:
            rows[0] = rows[-1] = "." + "W" * (c - 2) + "."
        return rows
    if kind == "R":
        if c == 3:
            return ["RRR", "R.R", "RRR"]
        inner = "." * (c - 2)
        return ["." + "R" * (c - 2) + "."] + ["R" + inner + "R" for _ in range(c - 2)] + ["." + "R" * (c - 2) + "."]
    mid = c // 2
    return ["".join("G" if abs(x - mid) + abs(y - mid) < mid else "g" if abs(x - mid) + abs(y - mid) == mid else "."
                    for x in range(c)) for y in range(c)] if c >= 5 else [".G.", "GGG", ".G."]


def pixel_rows(size: int) -> list[str]:
    """The hand-placed pixels of a small icon, one string per row ('.' is transparent)."""
    cell, gap, first = PIXEL_SIZES[size]
    grid = [["P"] * size for _ in range(size)]
    for i in range(size):  # the sheet's edge, its corners rounded off
        grid[0][i] = grid[-1][i] = grid[i][0] = grid[i][-1] = "B"
    for y, x in ((0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)):
        grid[y][x] = "."
    for row, kinds in enumerate(PIXEL_MAP):
        for col, kind in enumerate(kinds):
            for dy, line in enumerate(_cell(kind, cell)):
                for dx, ch in enumerate(line):
                    if ch != ".":
                        grid[first + row * (cell + gap) + dy][first + col * (cell + gap) + dx] = ch
    return ["".join(r) for r in grid]


def pixel_image(size: int):
    from PySide6.QtGui import QColor, QImage

    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(QColor(0, 0, 0, 0))
    for y, row in enumerate(pixel_rows(size)):
        for x, ch in enumerate(row):
            if ch != ".":
                img.setPixelColor(x, y, QColor(PIXEL_COLOURS[ch]))
    return img


def icon_image(size: int, svg: Path = SVG):
    """A transparent ``size``×``size`` QImage of the icon (ARGB32): drawn in whole pixels at
    16, 22 and 24 px, rendered from the SVG at the other sizes."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if size in PIXEL_SIZES and svg == SVG:
        from PySide6.QtGui import QGuiApplication

        if QGuiApplication.instance() is None:
            icon_image.app = QGuiApplication([])
        return pixel_image(size)
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    if QGuiApplication.instance() is None:
        icon_image.app = QGuiApplication([])  # QPainter on QImage needs one; kept for the process
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"cannot read the icon {svg}")
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(p)
    p.end()
    return img.convertToFormat(QImage.Format.Format_ARGB32)


def render_png(size: int, svg: Path = SVG) -> bytes:
    """The SVG drawn into a ``size``×``size`` transparent square, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    icon_image(size, svg).save(buf, "PNG")
    buf.close()
    return bytes(data)


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding each PNG (Windows Vista and later read PNG entries)."""
    sizes = sorted(pngs)
    out = bytearray(struct.pack("<HHH", 0, 1, len(sizes)))  # reserved, type 1 = icon, count
    offset = 6 + 16 * len(sizes)
    for s in sizes:
        if not 1 <= s <= 256:
            raise ValueError(f"an ICO image is 1..256 px wide, not {s}")
        dim = 0 if s == 256 else s  # 0 means 256 in the directory entry
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(pngs[s]), offset)
        offset += len(pngs[s])
    for s in sizes:
        out += pngs[s]
    return bytes(out)


def icns_bytes(chunks: dict[bytes, bytes]) -> bytes:
    """An ICNS file: 'icns', the total length, then (type, length, PNG) chunks."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in chunks.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_ico(data: bytes) -> list[tuple[int, bytes]]:
    """(size in px, image bytes) of every entry: the inverse of ``ico_bytes``."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1:
        raise ValueError("not an icon file")
    entries = []
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        if w != h or offset + length > len(data):
            raise ValueError(f"entry {i} is broken")
        entries.append((w or 256, data[offset:offset + length]))
    return entries


def read_icns(data: bytes) -> list[tuple[bytes, bytes]]:
    """(type, payload) of every chunk, checking every length: the inverse of ``icns_bytes``."""
    if data[:4] != b"icns" or struct.unpack_from(">I", data, 4)[0] != len(data):
        raise ValueError("not an icns file, or its length is wrong")
    chunks, pos = [], 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        if length < 8 or pos + length > len(data):
            raise ValueError(f"chunk {kind!r} at {pos} runs past the end")
        chunks.append((kind, data[pos + 8:pos + length]))
        pos += length
    return chunks


def write_icons(out: Path, svg: Path = SVG) -> dict[str, Path]:
    """ruin-qt.ico, ruin-qt.icns and ruin-qt-SIZE.png in ``out``; returns their paths by kind."""
    out.mkdir(parents=True, exist_ok=True)
    pngs = {s: render_png(s, svg) for s in sorted(set(ICO_SIZES) | set(ICNS_TYPES.values()))}
    for s, png in pngs.items():
        (out / f"ruin-qt-{s}.png").write_bytes(png)
    ico, icns = out / "ruin-qt.ico", out / "ruin-qt.icns"
    ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    icns.write_bytes(icns_bytes({kind: pngs[s] for kind, s in ICNS_TYPES.items()}))
    return {"ico": ico, "icns": icns}


if __name__ == "__main__":
    for kind, path in write_icons(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons").items():
        print(kind, path)
