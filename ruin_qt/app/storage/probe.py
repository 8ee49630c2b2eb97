"""A hidden test hook on the autosave path, so kills can be aimed.

``RUIN_QT_SAVE_PROBE=1`` prints one line on standard output at every step
of every autosave (``probe save N STEP``; the ``serialized`` step adds the
state's digest, its count of confirmed decisions and ``playing`` or
``over``), once after a resume (``probe resumed DIGEST STEPS``, or
``probe resume none``) and when the autosave is cleared (``probe cleared``).  ``RUIN_QT_SAVE_PAUSE=N:STEP``
also stops the process right after that line, so a test can SIGKILL it
exactly there.  Unset, every call is a cheap no-op.
"""

from __future__ import annotations

import json
import os
import sys
import time


def _pause_at() -> tuple[int, str] | None:
    raw = os.environ.get("RUIN_QT_SAVE_PAUSE", "")
    n, _, step = raw.partition(":")
    return (int(n), step) if n.isdigit() and step else None


ENABLED = bool(os.environ.get("RUIN_QT_SAVE_PROBE"))
PAUSE = _pause_at() if ENABLED else None


def digest(record_text: str, pending: dict) -> str:
    """The same for a state saved and the same state resumed: the record's
    text and the confirmed choices of the unfinished round (app facts such
    as the daily challenge left out)."""
    side = {k: v for k, v in pending.items() if k not in ("daily", "me")}
    blob = record_text + "\n" + json.dumps(side, sort_keys=True, ensure_ascii=False)
    import hashlib  # here: only the kill-and-resume probe digests, and hashlib loads OpenSSL

    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def confirmed_steps(game, pending: dict) -> int:
    """Decisions confirmed so far: setups, recorded turns, and the turns
    confirmed in the round being played."""
    if game is None:
        return 0
    turns = pending.get("turns") if isinstance(pending, dict) else None
    return (sum(c is not None for c in game.setup_choices)
            + sum(t is not None for rnd in game.rounds for t in rnd)
            + (len(turns) if isinstance(turns, dict) else 0))


def report(line: str, number: int = 0, step: str = "") -> None:
    if not ENABLED:
        return
    sys.stdout.write(f"probe {line}\n")
    sys.stdout.flush()
    if PAUSE is not None and PAUSE == (number, step):
        time.sleep(600)  # the test kills the process here


def expected_steps(game, extra: object) -> int:
    """Decisions a resume should bring back: those in the record plus the
    side part's confirmed setups or turns of the round that follows."""
    n = confirmed_steps(game, {})
    if not isinstance(extra, dict):
        return n
    if game.phase == "setup" and isinstance(extra.get("setup"), dict):
        n += sum(1 for k in extra["setup"] if k.isdigit() and int(k) < game.n and game.setup_choices[int(k)] is None)
    elif game.phase == "play" and extra.get("round") == game.round + 1 and isinstance(extra.get("turns"), dict):
        n += sum(1 for t in extra["turns"].values() if t is not None)
    return n
