"""``python -m ruin_qt review FILE [--seat N] [--json]``.

Prints the review of one seat of a record; a record that breaks a rule
exits with status 2 and one line, ``round R, seat S: RULE message``, as
``replay`` does.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import nullcontext

from ..paths import program_name
from ..review import review_seat, seat_decisions
from ..review.report import render
from ..rules.errors import RuleError
from .storage.record_files import read_record


def main(argv: list[str], pools=None) -> int:
    """``pools(n)``: a context giving ``n`` worker processes (``model.processes.pool_of``)."""
    p = argparse.ArgumentParser(prog=f"{program_name()} review",
                                description="the Expert's review of one seat's decisions in a game record")
    p.add_argument("file")
    p.add_argument("--seat", type=int, default=1, help="the seat to review, from 1 (default 1)")
    p.add_argument("--json", action="store_true", help="print the review as JSON (ruin-qt-review)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: up to 2)")
    args = p.parse_args(argv)

    try:
        rec = read_record(args.file)
        seat_game = seat_decisions(rec, args.seat - 1)
    except RuleError as e:
        print(e.line(), file=sys.stderr)
        return 2
    except ValueError as e:  # a seat outside the table
        p.error(str(e))
    workers = args.workers if args.workers is not None else min(2, os.cpu_count() or 1)
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if tty:
            sys.stderr.write(f"\rreviewing {done}/{total}" + ("\n" if done == total else ""))
            sys.stderr.flush()

    workers = max(1, workers) if pools is not None else 1
    with pools(workers) if workers > 1 else nullcontext() as pool:
        r = review_seat(seat_game, "default", progress=progress, workers=workers,
                        pool=pool)
    print(json.dumps(r.to_json(), ensure_ascii=False) if args.json else render(r))
    return 0
