"""How computer seats behave at a table, measured from game records.

The Expert's table search guesses its rivals' play from public facts only
(``determinize``: phantoms take destinations at a rate and escape with a
hazard per stage-2 round).  Those rates were first set from a few games;
this report measures them on any set of records, per seat level, so the
constants can be checked against the seats they model:

    python -m ruin_qt sim --seats expert,standard,standard,beginner \\
        --games 100 --seed 310000 --records DIR
    python -m tools.rivals DIR [--json]

* gem rate: destinations taken per round played, by stage (rounds in which
  the seat escaped are left out: an escaping seat collects nothing, R8.1);
* escape hazard: of the seats still in at the start of a stage-2 round,
  by the stage-2 rounds already played (the index of
  ``evaluation.ESCAPE_HAZARD``), the share that escape in it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from ruin_qt.ai.evaluation import hazard as model_hazard
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.record import loads, replay_snapshots
from ruin_qt.rules.seat_kind import computer_level


class Tally:
    def __init__(self):
        self.rounds = {1: 0, 2: 0}
        self.gems = {1: 0, 2: 0}
        self.at_risk: dict[int, int] = defaultdict(int)
        self.escapes: dict[int, int] = defaultdict(int)
        self.seats = 0
        self.never = 0

    def summary(self) -> dict:
        hazard = []
        for k in range(max(self.at_risk, default=-1) + 1):
            n = self.at_risk.get(k, 0)
            hazard.append({"played": k, "seats": n, "escapes": self.escapes.get(k, 0),
                           "hazard": round(self.escapes.get(k, 0) / n, 3) if n else None,
                           "model": model_hazard(k)})
        rate = {f"stage{s}": round(self.gems[s] / self.rounds[s], 3) if self.rounds[s] else None for s in (1, 2)}
        return {"seats": self.seats, "gem_rate": rate, "seat_rounds": {f"stage{s}": self.rounds[s] for s in (1, 2)},
                "never_escaped": self.never, "escape_hazard": hazard}


def tally_record(rec, tallies: dict[str, Tally]) -> bool:
    """Add one finished game's seats to ``tallies`` (by level).  An
    unfinished game (a save) would count seats still in as never escaped,
    so it is left out: returns False."""
    snaps, err = replay_snapshots(rec)
    if err is not None:
        raise err
    if not snaps or not snaps[-1].finished:
        return False
    levels = [computer_level(s["kind"]) or "human" for s in rec["seats"]]
    stage2_first = next((k for k, s in enumerate(snaps) if s.stage == 2), None)
    for i, level in enumerate(levels):
        t = tallies.setdefault(level, Tally())
        t.seats += 1
        t.never += snaps[-1].escaped_rounds[i] is None
        for k in range(len(snaps) - 1):
            a, b = snaps[k], snaps[k + 1]
            if a.escaped_rounds[i] is not None:
                break
            if a.stage == 2 and stage2_first is not None:
                played = k - stage2_first
                t.at_risk[played] += 1
                if b.escaped_rounds[i] is not None:
                    t.escapes[played] += 1
                    continue
            if b.escaped_rounds[i] is None:
                t.rounds[a.stage] += 1
                t.gems[a.stage] += b.gems[i] - a.gems[i]
    return True


def measure(paths: list[Path]) -> dict:
    tallies: dict[str, Tally] = {}
    finished = sum(tally_record(loads(p.read_bytes()), tallies) for p in paths)
    return {"games": finished, "unfinished": len(paths) - finished,
            "levels": {k: t.summary() for k, t in sorted(tallies.items())}}


def format_report(out: dict) -> str:
    n = out["games"]
    lines = [f"{n} finished game{'' if n == 1 else 's'}"
             + (f" ({out['unfinished']} unfinished left out)" if out["unfinished"] else "")]
    for level, s in out["levels"].items():
        r = s["gem_rate"]
        lines.append(f"{level}: {s['seats']} seats; gems per round: stage 1 {r['stage1']}, stage 2 {r['stage2']}; "
                     f"never escaped {s['never_escaped']}")
        for h in s["escape_hazard"]:
            if h["seats"]:
                lines.append(f"  stage-2 rounds played {h['played']:2d}: {h['escapes']:3d}/{h['seats']:3d} escaped "
                             f"({h['hazard']:.3f}; model {h['model']:.2f})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.rivals", description=__doc__.split("\n\n")[0])
    p.add_argument("records", help="a directory of game records (sim --records DIR)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    paths = sorted(Path(args.records).glob("*.json"))
    if not paths:
        print(f"no game records (*.json) in {args.records}", file=sys.stderr)
        return 2
    try:
        out = measure(paths)
    except (RuleError, OSError) as e:
        print(f"cannot read the records: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, indent=1) if args.json else format_report(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
