"""The packaged program's start-up beside the venv's, in pairs: each pair
starts the release folder's launcher and ``python -m ruin_qt`` (this
checkout, this Python) one right after the other, in alternating order, with
``RUIN_QT_EXIT_WHEN_SHOWN``; both print their time to a shown window and to
a ready table.  The ratio packaged / venv of each pair shares the machine's
load of that moment; the median of the ratios and their range are the figure
(below 1: the packaged program starts faster).

    python -m tools.startup_pairs [--pairs 20] [--program dist/ruin-qt-VERSION-linux-x86_64/ruin-qt] [--json]

Bytecode is written and one unmeasured start of each warms the caches first
(PYTHONDONTWRITEBYTECODE would make the venv compile every module each time).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ("shown", "table ready")


def built_program() -> Path | None:
    found = sorted(ROOT.glob("dist/ruin-qt-*-linux-*/ruin-qt"))
    return found[-1] if found else None


def figures(text: str) -> dict[str, float]:
    """The program's own lines ("shown after 0.412 s", "table ready after 0.600 s") as seconds by figure."""
    out = {}
    for line in text.splitlines():
        for name in FIGURES:
            if line.startswith(f"{name} after ") and line.endswith(" s"):
                try:
                    out[name] = float(line.removeprefix(f"{name} after ").removesuffix(" s"))
                except ValueError:
                    pass  # not a figure: the program's report is then incomplete, and start() says so
    return out


def start(command: list[str], data: Path) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(RUIN_QT_EXIT_WHEN_SHOWN="1", RUIN_QT_DATA_DIR=str(data))
    r = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, cwd=ROOT,
                       stdin=subprocess.DEVNULL)
    got = figures(r.stdout)
    if r.returncode != 0 or set(got) != set(FIGURES):
        raise SystemExit(f"{command[0]} did not report {', '.join(FIGURES)} ({r.returncode}): "
                         f"{r.stdout[-500:]}{r.stderr[-1000:]}")
    return got


def pairs(program: list[str], venv: list[str], n: int) -> list[dict[str, dict[str, float]]]:
    with tempfile.TemporaryDirectory(prefix="ruin-qt-startup-") as tmp:
        a, b = Path(tmp) / "packaged", Path(tmp) / "venv"
        start(program, a), start(venv, b)  # caches and bytecode, not measured
        out = []
        for i in range(n):
            order = [("packaged", program, a), ("venv", venv, b)]
            if i % 2:
                order.reverse()
            out.append({name: start(cmd, data) for name, cmd, data in order})
        return out


def summary(runs: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    out = {}
    for name in FIGURES:
        ratios = [r["packaged"][name] / r["venv"][name] for r in runs]
        out[name] = {"ratio_median": statistics.median(ratios), "ratio_min": min(ratios), "ratio_max": max(ratios),
                     "packaged_median_s": statistics.median(r["packaged"][name] for r in runs),
                     "venv_median_s": statistics.median(r["venv"][name] for r in runs)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.startup_pairs", description=__doc__.split("\n\n")[0])
    p.add_argument("--pairs", type=int, default=20)
    p.add_argument("--program", type=Path, default=built_program(),
                   help="the release folder's launcher (default: the one dev.py package left in dist/)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.program is None or not args.program.exists():
        p.error("no packaged program: run python3 dev.py package, or give --program")
    if args.pairs < 1:
        p.error("--pairs must be at least 1")
    runs = pairs([str(args.program)], [sys.executable, "-m", "ruin_qt"], args.pairs)
    result = summary(runs)
    if args.json:
        print(json.dumps({"program": str(args.program), "pairs": runs, "summary": result}))
        return 0
    for name, s in result.items():
        print(f"to {name}: packaged / venv median {s['ratio_median']:.2f} (range {s['ratio_min']:.2f}.."
              f"{s['ratio_max']:.2f}); medians {s['packaged_median_s']:.3f} s and {s['venv_median_s']:.3f} s "
              f"over {args.pairs} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
