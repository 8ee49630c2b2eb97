"""Finished games the history could not take yet (a disk that filled during
the game, a history that cannot be written): each is held in memory by the
keeper and, if the data folder takes it, in a pending file beside the
history (``unfiled-DATE.json``), so it is stored once it can be: at the next
write, or at the next start.

A pending file is written whole or not at all (a temporary file renamed);
one that cannot be read is renamed aside, never deleted.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ...rules import record
from ...rules.game import Game
from . import reserve
from .faults import Fault, unused_name
from .record_files import read_capped

STEM = "unfiled"
FORMAT = "ruin-qt-unfiled/1"


@dataclass
class Unfiled:
    """A finished game waiting for the history."""

    game: Game
    daily: str | None
    fault: Fault | None = None  # why the history did not take it
    file: Path | None = None  # its pending file, if one could be written
    player: tuple[str, int] | None = None  # (profile id, seat) of the player profile's seat, if it played


def write(folder: Path, item: Unfiled) -> Path:
    """``item`` as a new pending file in ``folder``; OSError (nothing left behind) if it cannot."""
    text = json.dumps({"format": FORMAT, "daily": item.daily, "record": json.loads(record.dumps(item.game)),
                       **({"player": list(item.player)} if item.player else {})}, ensure_ascii=False)
    tmp = folder / f".{STEM}.{os.getpid()}.tmp"  # a killed write's leftover: faults.clean_temporary
    try:
        with open(tmp, "wb") as f:
            f.write(text.encode("utf-8", "surrogatepass"))
        path = unused_name(folder, STEM, ".json")
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    return path


def keep(folder: Path, item: Unfiled) -> Path | None:
    """``write()``; on a full disk, in the room the reserve gives back (app/storage/reserve.py).  None if it
    cannot be written: in memory only, tried again at each retry, and Save as… is offered."""
    for _ in range(2):
        try:
            return write(folder, item)
        except OSError:
            if not reserve.release(folder):
                return None
    return None


def found(folder: Path) -> list[Unfiled]:
    """The pending files in ``folder``, oldest first; one that cannot be read is renamed
    ``unfiled.broken-…`` and left out."""
    try:
        paths = sorted(p for p in folder.glob(f"{STEM}-*.json") if p.is_file())
    except OSError:
        return []
    out = []
    for path in paths:
        try:
            data = json.loads(read_capped(path))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a pending game")
            daily = data.get("daily")
            game = record.replay(data.get("record"))
            if not game.over:
                raise ValueError("not a finished game")
        except Exception:  # noqa: BLE001 - any failure: kept aside, never lost, never raised
            try:
                path.rename(unused_name(folder, f"{STEM}.broken", ".json"))
            except OSError:
                pass
            continue
        out.append(Unfiled(game, daily if isinstance(daily, str) else None, None, path, _player(data, game)))
    return out


def _player(data: dict, game) -> tuple[str, int] | None:
    """The pending file's profile seat, if it names a human seat of the game (older files have none)."""
    p = data.get("player")
    if (isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and 0 < len(p[0]) <= 64
            and isinstance(p[1], int) and not isinstance(p[1], bool) and 0 <= p[1] < game.n
            and game.seats[p[1]].kind == "human"):
        return p[0], p[1]
    return None


def earlier_step_of(rec: dict, finished: dict) -> bool:
    """Whether the record ``rec`` is the finished game's record at an earlier step (the autosave
    a full disk left behind it)."""
    if not isinstance(rec, dict) or any(rec.get(k) != finished.get(k) for k in ("seed", "seats")):
        return False
    # Shuffles and setups as far as they had gone: the finished game has more of both (a later reshuffle,
    # the seats whose setup came after).
    shuffles, all_shuffles = rec.get("shuffles") or [], finished.get("shuffles") or []
    if shuffles != all_shuffles[:len(shuffles)]:
        return False
    setup, all_setup = rec.get("setup") or [], finished.get("setup") or []
    if len(setup) > len(all_setup) or any(s is not None and s != all_setup[i] for i, s in enumerate(setup)):
        return False
    rounds, done = rec.get("rounds") or [], finished.get("rounds") or []
    if not rounds:
        return True
    if len(rounds) > len(done) or rounds[:-1] != done[:len(rounds) - 1]:
        return False
    turns, all_turns = rounds[-1].get("turns", []), done[len(rounds) - 1].get("turns", [])
    return turns == all_turns[:len(turns)]


def remove(item: Unfiled) -> None:
    if item.file is not None:
        try:
            item.file.unlink()
        except OSError:
            pass  # found at the next start and recognised as stored already
        item.file = None
