"""The .deb's man page, ruin-qt(6): every command ``ruin-qt --help`` lists
(invite-servers too), each on its own line whole (``host``'s ai:LEVEL and
``join``'s HOST:PORT once broke it), and every option of the game's own;
rendered by ``man -l`` without a warning (Debian policy: a man page per
program)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import linux_deb  # noqa: E402

ENV = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}


def _help() -> str:
    r = subprocess.run([sys.executable, "-m", "ruin_qt", "--help"], env=ENV, cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _rendered(tmp_path: Path) -> str:
    page = tmp_path / "ruin-qt.6"
    page.write_text(linux_deb.man_page(), encoding="utf-8")
    r = subprocess.run(["man", "--warnings", "-l", str(page)], capture_output=True, text=True, timeout=60,
                       env=dict(ENV, MANWIDTH="200", MAN_KEEP_FORMATTING="0", PAGER="cat", LC_ALL="C.UTF-8"))
    assert r.returncode == 0 and not r.stderr.strip(), r.stderr
    return re.sub(r".\x08", "", r.stdout).replace("\u2010", "-")  # overstrike bold and groff's hyphens


def test_every_command_of_the_help_is_in_the_page_source_whole():
    text = _help()
    listed = [line.strip() for line in text.split("commands (", 1)[1].splitlines()[1:] if line.startswith("  ")]
    page = linux_deb.man_page().replace("\\-", "-")
    assert len(listed) == 7 and any(line.startswith("invite-servers ") for line in listed)
    for line in listed:
        synopsis, summary = line.split(": ", 1)
        assert f".B ruin-qt {synopsis}\n{summary}\n" in page, line


@pytest.mark.skipif(not shutil.which("man"), reason="needs man (man-db)")
def test_man_renders_every_command_and_option_on_its_own_line(tmp_path):
    shown = [line.strip() for line in _rendered(tmp_path).splitlines()]
    text = _help()
    for line in [x.strip() for x in text.split("commands (", 1)[1].splitlines()[1:] if x.startswith("  ")]:
        synopsis, summary = line.split(": ", 1)
        at = shown.index(f"ruin-qt {synopsis}")
        assert shown[at + 1] == summary, shown[at: at + 2]
    options = re.findall(r"^  (-\S.*?)(?:  |$)", text.split("options:", 1)[1].split("environment:", 1)[0], re.M)
    assert {"-h, --help", "--version", "--language {en,ja}", "--resume", "--self-test"} == set(options)
    for option in options:
        assert option in shown, option
    assert "RUIN_QT_DATA_DIR=DIR" in shown and "output.log" in " ".join(shown)


def test_the_deb_installs_the_page_gzipped(tmp_path):
    import gzip

    out = tmp_path / "ruin-qt.6.gz"
    linux_deb._gz(out, linux_deb.man_page())
    assert gzip.decompress(out.read_bytes()).decode("utf-8").startswith(".TH RUIN-QT 6 ")
