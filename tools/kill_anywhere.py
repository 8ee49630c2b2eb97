"""Kill the real app anywhere in its autosave and check every restart.

    python -m tools.kill_anywhere [--kills 120] [--seed 7] [--json]

One data folder, one chain of real app processes: each victim is
``python -m ruin_qt --watch random,random`` (a new game) or ``--resume`` (the
game its predecessor left), run with the autosave probe on
(``ruin_qt/app/storage/probe.py``), and SIGKILLed either right after a chosen step of
a chosen save (``RUIN_QT_SAVE_PAUSE`` stops it there) or at a random
instant.  The next process resumes and reports what it found; that must be
exactly the last save whose commit completed (for a random kill, the save in
flight may have completed too), and the folder must hold no temporary file.
A confirmed decision missing from the resumed game counts as lost.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

INSIDE = ("serialized", "transaction", "written")  # after the save began, before its commit
AIMS = (*INSIDE, "committed", "random")
NONE = "none"  # nothing to resume
CLEAN = {"autosave.sqlite3", "autosave.sqlite3-wal", "autosave.sqlite3-shm", "ruin-qt.lock", "history.sqlite3",
         ".reserve",  # the room kept for a finished game on a full disk (app/storage/reserve.py), by design
         "history.sqlite3-journal", "settings.ini"}


@dataclass
class Kill:
    aim: str
    save: int | None  # the save number aimed at in its process
    landed: bool  # the process was killed where aimed (False: the game ended first)
    accepted: list[str]  # digests the next process may resume (NONE: nothing)
    expected_steps: int
    resumed: str = ""
    resumed_steps: int = 0
    ok: bool = False
    lost: int = 0
    leftovers: list[str] = field(default_factory=list)


def _env(folder: Path, pause: str | None) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(folder), RUIN_QT_SAVE_PROBE="1")
    env.pop("RUIN_QT_EXIT_WHEN_SHOWN", None)
    env.pop("RUIN_QT_SAVE_PAUSE", None)
    if pause:
        env["RUIN_QT_SAVE_PAUSE"] = pause
    return env


class Victim:
    """One app process and its probe lines, read on a thread (never blocks the harness)."""

    def __init__(self, args: list[str], folder: Path, pause: str | None):
        self.proc = subprocess.Popen([sys.executable, "-m", "ruin_qt", *args], env=_env(folder, pause),
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("probe "):
                self.lines.put(line.split(None, 1)[1].strip())
        self.lines.put(None)

    def next_line(self, timeout: float) -> str | None:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is not None:
            self.seen.append(line)
        return line

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        while self.next_line(5) is not None:  # drain: everything written before the kill
            pass

    def exit(self) -> None:
        self.proc.wait(timeout=60)
        while self.next_line(5) is not None:
            pass


def outcome(lines: list[str], start: str, start_steps: int, aim: str) -> tuple[list[str], int]:
    """What a restart may resume after a kill, from the victim's probe lines:
    the last committed save (NONE once cleared), or for a random kill also
    the save in flight (its commit may have finished unreported)."""
    saves: dict[int, tuple[str, int]] = {}
    last, steps, flight = start, start_steps, None
    for line in lines:
        parts = line.split()
        if parts[0] == "cleared":
            last, steps, flight = NONE, 0, None
        elif parts[0] == "save" and parts[2] == "serialized":
            over = parts[5] == "over"
            # a finished game is filed into the history at the next start: nothing to resume
            saves[int(parts[1])] = (NONE if over else parts[3], int(parts[4]))
            flight = int(parts[1])
        elif parts[0] == "save" and parts[2] == "committed":
            last, steps = saves[int(parts[1])]
            flight = None
    accepted = [last]
    if aim == "random" and flight is not None:
        accepted.append(saves[flight][0])
    return accepted, steps


def run(kills: int, folder: Path, seed: int = 7, log=None) -> list[Kill]:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    done: list[Kill] = []
    pending: Kill | None = None  # the last kill, judged by the next restart
    game = i = 0
    while len(done) < kills:
        aim = AIMS[i % len(AIMS)]
        i += 1
        v: Victim | None = None
        start, start_steps = NONE, 0
        if pending is not None:  # every kill is followed by a restart that resumes
            target = rng.randint(1, 5)
            v = Victim(["--resume"], folder, f"{target}:{aim}" if aim != "random" else None)
            start, start_steps = _restart_report(v, pending, folder)
            done.append(pending)
            if log:
                log(pending)
            pending = None
            if len(done) >= kills or start == NONE:
                v.kill()  # nothing was resumed: a new game follows
                v = None
                if len(done) >= kills:
                    break
        if v is None:
            game += 1
            target = rng.randint(1, 40)
            v = Victim(["--watch", "random,random", "--seed", str(seed * 1000 + game)], folder,
                       f"{target}:{aim}" if aim != "random" else None)
            start, start_steps = NONE, 0
        landed = _wait_for_aim(v, target, aim, rng)
        v.kill()
        accepted, steps = outcome(v.seen, start, start_steps, aim)
        pending = Kill(aim, target if aim != "random" else None, landed, accepted, steps)
    if pending is not None and len(done) < kills:
        v = Victim(["--resume", "--exit-when-resumed"], folder, None)
        _restart_report(v, pending, folder)
        v.kill()  # it exits by itself once it has reported
        done.append(pending)
        if log:
            log(pending)
    return done


def _restart_report(v: Victim, k: Kill, folder: Path) -> tuple[str, int]:
    """Judge kill ``k`` by what the restart ``v`` resumed; returns that state."""
    first = v.next_line(60)
    while first == "cleared":  # a finished game found at start-up goes to the history first
        first = v.next_line(60)
    if first is None or not first.startswith(("resumed", "resume none")):
        v.kill()
        raise RuntimeError(f"no resume report from the restart (got {first!r}; before it: {v.seen})")
    parts = first.split()
    k.resumed = NONE if first == "resume none" else parts[1]
    k.resumed_steps = 0 if k.resumed == NONE else int(parts[2])
    _judge(k, folder, v.proc.pid)
    return k.resumed, k.resumed_steps


def _wait_for_aim(v: Victim, target: int, aim: str, rng: random.Random) -> bool:
    """Until the victim stops at its aim (True), or for a random kill until a
    random moment once its game is under way; False if the game ended first."""
    if aim == "random":
        if not v.seen and v.next_line(60) is None:  # a new game: its first save starts the clock
            return False
        deadline = time.monotonic() + rng.uniform(0.0, 0.25)
        while (left := deadline - time.monotonic()) > 0:
            line = v.next_line(left)
            if line == "cleared" or (line is None and v.proc.poll() is not None):
                return False
        return True
    want = f"save {target} {aim}"
    while True:
        line = v.next_line(30)
        if line is None or line == "cleared":
            return False
        if line.startswith(want):
            return True


def _judge(k: Kill, folder: Path, live_pid: int) -> None:
    """``live_pid``: the restart judging the kill, still running: its own crash
    trace (session-PID.log, app/crash.py) is there by design until it exits."""
    k.ok = k.resumed in k.accepted
    k.lost = 0 if k.ok else max(0, k.expected_steps - k.resumed_steps)
    k.leftovers = sorted(p.name for p in folder.iterdir()
                         if p.name not in CLEAN and p.name != f"session-{live_pid}.log")


def summary(kills: list[Kill]) -> dict:
    return {
        "kills": len(kills),
        "landed_inside_the_write": sum(k.landed and k.aim in INSIDE for k in kills),
        "by_aim": {a: sum(k.aim == a for k in kills) for a in AIMS},
        "resumed_exactly": sum(k.ok for k in kills),
        "lost_steps": sum(k.lost for k in kills),
        "with_leftovers": sum(bool(k.leftovers) for k in kills),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.kill_anywhere", description=__doc__.split("\n\n")[0])
    p.add_argument("--kills", type=int, default=120)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--folder", type=Path, help="the data folder (default: a new temporary one)")
    p.add_argument("--json", action="store_true", help="every kill, then the summary, as JSON")
    args = p.parse_args(argv)
    import tempfile

    folder = args.folder or Path(tempfile.mkdtemp(prefix="ruin-qt-kills-"))

    def log(k: Kill) -> None:
        if not args.json:
            print(f"{k.aim:11} save {k.save!s:4} {'ok ' if k.ok else 'BAD'} lost {k.lost} "
                  f"leftovers {k.leftovers}", flush=True)

    kills = run(args.kills, folder, args.seed, log)
    out = summary(kills)
    if args.json:
        print(json.dumps({"kills": [asdict(k) for k in kills], "summary": out}, indent=1))
    else:
        print(json.dumps(out))
    return 0 if out["resumed_exactly"] == out["kills"] and not out["with_leftovers"] else 1


if __name__ == "__main__":
    sys.exit(main())
