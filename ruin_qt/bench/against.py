"""``python -m ruin_qt bench --against REV``: this checkout and REV, side by side.

REV is put in a temporary git worktree (removed after, also on Ctrl-C or a
failure); each side's figures are measured by ``probe.py`` in child
processes, alternately, round after round (A B, B A, A B, ...: each side
goes first as often), so a machine that gets busier or quieter mid-run moves
both sides alike.  Each figure is printed for both with the median of its
rounds, their spread (min-max over rounds) and the ratio this / REV (below 1:
this checkout is faster), and the median of each round's own ratio, the two
runs of a round having shared the machine's load.  The probe imports nothing of this checkout into
REV's run, so REV may be any old commit; a figure a side cannot measure is
"n/a" (with why, under the table).

    python -m ruin_qt bench --against aed60f0 --rounds 7
    python -m ruin_qt bench --against HEAD --figures startup,sheet --rounds 2 --quick
    python -m ruin_qt bench --against main --json        # every round's figures, for a script
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from .probe import GROUPS

PROBE = Path(__file__).with_name("probe.py")
HERE = Path(__file__).resolve().parents[2]  # this checkout (the folder holding ruin_qt/)


def add_arguments(b: argparse.ArgumentParser) -> None:
    b.add_argument("--against", metavar="REV", help="measure this checkout and REV (a commit) side by side")
    b.add_argument("--rounds", type=int, default=5, help="--against: runs of each side, interleaved (default 5)")
    usual = [g for g in GROUPS if g != "idle"]  # idle: a minute a run, asked for by name
    b.add_argument("--figures", default=",".join(usual),
                   help=f"--against: groups of figures, comma-separated (default: {','.join(usual)}; also: idle)")
    b.add_argument("--quick", action="store_true", help="--against: fewer samples per run (a smoke test)")
    b.add_argument("--startups", type=int, default=3, help="--against: start-ups per run, their median kept")
    b.add_argument("--no-bytecode-cache", action="store_true",
                   help="--against: no bytecode written, as under PYTHONDONTWRITEBYTECODE: every start compiles "
                        "a tree without __pycache__ (by default each side's bytecode is kept in a temporary folder, "
                        "as an installed game's is)")


class Side:
    def __init__(self, label: str, tree: Path, data: Path, cached: bool = True) -> None:
        self.label, self.tree, self.data, self.cached = label, tree, data, cached
        self.values: dict[str, list[float]] = {}
        self.rounds: dict[str, dict[int, float]] = {}  # the same values by round, to pair the two sides'
        self.units: dict[str, str] = {}
        self.why: dict[str, str] = {}
        self.order: list[str] = []


def git(*args: str, cwd: Path = HERE) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def environment(side: Side, **more: str) -> dict[str, str]:
    """A child's environment: the side's tree first on the path, its own data
    folder, offscreen; its bytecode kept in a folder of its own beside the
    data (``PYTHONPYCACHEPREFIX``: nothing written into either tree) unless
    ``--no-bytecode-cache`` (then nothing is written: a tree without
    ``__pycache__`` is compiled at every start, the Python library's bytecode
    is read from where it was installed)."""
    env = dict(os.environ, PYTHONPATH=str(side.tree), RUIN_QT_DATA_DIR=str(side.data), QT_QPA_PLATFORM="offscreen",
               **more)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if side.cached:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(side.data.with_name(side.data.name + "-bytecode"))
    else:  # as a checkout under PYTHONDONTWRITEBYTECODE: the library's bytecode read, the tree's compiled
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def run_probe(side: Side, args: argparse.Namespace, record: str, round_no: int = 0) -> None:
    """One probe run of ``side`` (round ``round_no``): its figures added to the side's."""
    env = environment(side)
    cmd = [sys.executable, "-P", str(PROBE), "--tree", str(side.tree), "--figures", args.figures,
           "--startups", str(args.startups), "--record", record, *(["--quick"] if args.quick else [])]
    # A group of its own (POSIX): stopped, the probe takes the game processes it started with it, so none
    # writes into the temporary folder after it is removed.
    group = os.name == "posix"
    p = subprocess.Popen(cmd, cwd=side.tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=group)
    try:
        out, err = p.communicate(timeout=3600)
    finally:
        if p.poll() is None:  # Ctrl-C, SIGTERM or the timeout: the child goes too, with its own children
            if group:
                os.killpg(p.pid, signal.SIGKILL)
            else:
                p.kill()
            p.wait()
    got = 0
    for line in out.splitlines():
        if not line.startswith("probe {"):
            continue
        fig = json.loads(line[len("probe "):])
        name = fig["figure"]
        got += 1
        if name not in side.order:
            side.order.append(name)
        side.units[name] = fig["unit"]
        if fig["value"] is None:
            side.why[name] = fig.get("why", "")
        else:
            side.values.setdefault(name, []).append(float(fig["value"]))
            side.rounds.setdefault(name, {})[round_no] = float(fig["value"])
    if p.returncode != 0 or not got:
        tail = (err.strip().splitlines() or ["no output"])[-1]
        side.why.setdefault("(the probe)", f"exit {p.returncode}: {tail}")


def warm(side: Side) -> None:
    """Untimed: compile the tree's translations if it keeps a builder, and
    start it once (its bytecode written, its files in the OS cache)."""
    builder = side.tree / "packaging" / "translations.py"
    if builder.exists() and not list((side.tree / "translations").glob("*.qm")):
        subprocess.run([sys.executable, str(builder), "build"], cwd=side.tree, capture_output=True, timeout=300)
    env = environment(side, RUIN_QT_EXIT_WHEN_SHOWN="1")
    subprocess.run([sys.executable, "-m", "ruin_qt"], cwd=side.tree, env=env, capture_output=True, timeout=300)


def spread(values: list[float]) -> str:
    return f"{min(values):.3g}-{max(values):.3g}" if len(values) > 1 else "one run"


def paired(a: list[float], b: list[float]) -> str:
    """The median of each round's ratio a/b, and their range: a round's two
    runs were taken one after the other, so they shared the machine's load."""
    if len(a) != len(b) or len(a) < 2 or min(b) <= 0:
        return "-"
    r = [x / y for x, y in zip(a, b)]
    return f"{statistics.median(r):.2f} ({min(r):.2f}-{max(r):.2f})"


def table(a: Side, b: Side) -> str:
    names = a.order + [n for n in b.order if n not in a.order]
    rows: list[tuple[str, ...]] = [
        ("figure", f"{a.label}: median (min-max)", f"{b.label}: median (min-max)", "ratio", "per round")]
    for name in names:
        cells = []
        meds: list[float | None] = []
        for side in (a, b):
            v = side.values.get(name)
            unit = side.units.get(name, "")
            if v:
                med = statistics.median(v)
                meds.append(med)
                cells.append(f"{med:.4g} {unit} ({spread(v)})")
            else:
                meds.append(None)
                cells.append("n/a")
        first, second = meds
        ratio = f"{first / second:.2f}" if first is not None and second is not None and second > 0 else "n/a"
        ra, rb = a.rounds.get(name, {}), b.rounds.get(name, {})
        both = sorted(set(ra) & set(rb))  # the rounds both sides measured it in
        per_round = paired([ra[i] for i in both], [rb[i] for i in both])
        rows.append((name, *cells, ratio, per_round))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    notes = [f"  {side.label}, {n}: {why}" for side in (a, b) for n, why in side.why.items()
             if n not in side.values or n == "(the probe)"]
    if notes:
        lines += ["", "n/a:", *notes]
    return "\n".join(lines)


def as_json(a: Side, b: Side, rev: str, args: argparse.Namespace) -> dict:
    """``--json``: every figure's samples (one per round, in order) on both sides, with its unit and why a side
    has none."""
    names = a.order + [n for n in b.order if n not in a.order]
    return {"against": args.against, "commit": rev, "rounds": args.rounds, "bytecode_cached": a.cached,
            "figures": [{"figure": n, "unit": a.units.get(n) or b.units.get(n),
                         "this": a.values.get(n, []), "rev": b.values.get(n, []),
                         "why": {k: s.why[n] for k, s in (("this", a), ("rev", b)) if n in s.why}}
                        for n in names]}


def _stop(signum, frame) -> None:
    raise KeyboardInterrupt  # a SIGTERM cleans up as Ctrl-C does


def run_against(args: argparse.Namespace) -> int:
    try:
        rev = git("rev-parse", "--verify", "--quiet", f"{args.against}^{{commit}}")
    except subprocess.CalledProcessError:
        print(f"bench --against: {args.against!r} is not a commit of {HERE}", file=sys.stderr)
        return 2
    except OSError as e:  # no git at all
        print(f"bench --against needs git: {e}", file=sys.stderr)
        return 2
    wanted = [g.strip() for g in args.figures.split(",") if g.strip()]
    unknown = sorted(set(wanted) - set(GROUPS))
    if unknown or not wanted or args.rounds < 1:
        print(f"bench --against: figures are some of {','.join(GROUPS)}; rounds at least 1", file=sys.stderr)
        return 2
    here_rev = git("rev-parse", "--short", "HEAD")
    dirty = " + changes" if git("status", "--porcelain", "--untracked-files=no") else ""
    tmp = Path(tempfile.mkdtemp(prefix="ruin-qt-against-"))
    tree = tmp / "tree"
    old = signal.signal(signal.SIGTERM, _stop)
    try:
        git("worktree", "add", "--detach", "--force", str(tree), rev)
        cached = not args.no_bytecode_cache
        a = Side(f"this ({here_rev}{dirty})", HERE, tmp / "data-this", cached)
        b = Side(f"{args.against} ({rev[:7]})", tree, tmp / "data-rev", cached)
        record = ""
        if "review" in wanted:
            record = str(tmp / "game.json")
            env = dict(os.environ, PYTHONPATH=str(HERE))
            subprocess.run([sys.executable, "-P", str(PROBE), "--tree", str(HERE), "--make-record", record],
                           cwd=HERE, env=env, capture_output=True, timeout=600)
        for side in (a, b):
            side.data.mkdir()
            warm(side)
        print(f"bench --against {args.against}: {args.rounds} rounds of {','.join(wanted)}, interleaved",
              file=sys.stderr, flush=True)
        for i in range(args.rounds):
            for side in ((a, b) if i % 2 == 0 else (b, a)):
                run_probe(side, args, record, i)
            print(f"  round {i + 1}/{args.rounds} done", file=sys.stderr, flush=True)
        if getattr(args, "json", False):
            print(json.dumps(as_json(a, b, rev, args), indent=1))
            return 0
        print(table(a, b))
        print(f"\nratio: this / {args.against} of the medians over {args.rounds} rounds (below 1: this is faster); "
              "per round: the median of each round's ratio (its two runs shared the machine's load), "
              f"and their range; bytecode {'cached' if cached else 'not written (--no-bytecode-cache)'}")
        return 0
    except KeyboardInterrupt:
        print("bench --against: interrupted; the temporary worktree is removed", file=sys.stderr)
        return 130
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
        err = getattr(e, "stderr", "") or ""
        print(f"bench --against: {e}{': ' + err.strip() if err else ''}", file=sys.stderr)
        return 1
    finally:
        signal.signal(signal.SIGTERM, old)
        try:
            git("worktree", "remove", "--force", str(tree))
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(tmp, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=HERE, capture_output=True)
