"""The host's autosave: the whole table, so a host restarted after a crash resumes it.

It holds the game's record, the decisions confirmed in the open round, each
open seat's unconfirmed draft, the seats' tokens and the join code, the
secret deal's key and salt, and the host's own secret, which seeds its
computer seats (so the rest of the game is the one it would have been, on
the deal the players were given the commitment of).  Drafts come back through
the session's own intents, so the rules check them again.  An autosave of
an older version, without a deal, still resumes: its game goes on dealt
from its seed, and its players are told there is no deal to check.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path
from threading import Lock

from ..rules import record
from ..rules.deal import Deal
from ..rules.errors import RuleError
from ..session.table import NotDeciding, TableSession
from .codec import ProtocolError, plain
from .contents import draft_steps
from .table_host import HostSeat, TableHost, Takeover

FORMAT = "ruin-qt-table/1"
FILE = "table.json"


def table_state(host: TableHost) -> dict:
    s = host.session
    drafts = {}
    for seat in sorted(s.may_act()):
        dj = host.frame(seat).view.draft
        if dj is not None:
            drafts[str(seat)] = plain(dj)
    return {
        "format": FORMAT, "code": host.code, "seed": host.seed, "port": host.port,
        "takeover": None if host.takeover is None else [host.takeover.seconds, host.takeover.level],
        "seats": [{"kind": x.kind, "name": x.name, "token": x.token, "joined": x.joined,
                   **({"back": x.back, "back_gen": x.back_gen} if x.back else {}),
                   **({"takeover": x.takeover_level} if x.taken_over and x.takeover_level else {})}
                  for x in host.seats],
        "deal": None if host.deal is None else {"key": host.deal.key, "salt": host.deal.salt},
        "secret": host.secret,
        "record": record.to_record(s.game) if s.game is not None else None,
        "pending": s.pending_state(), "drafts": drafts, **({"ended": "host"} if s.ended_early else {}),
    }


def _rng_json(r: random.Random) -> list:  # a bot's RNG, kept in its state file (``bot_client``)
    version, inner, gauss = r.getstate()
    return [version, list(inner), gauss]


def _rng_from(x: list) -> random.Random:
    r = random.Random()
    r.setstate((int(x[0]), tuple(int(v) for v in x[1]), x[2]))
    return r


def restore(state: dict) -> TableHost:
    """The table ``state`` holds (ValueError, KeyError, TypeError or RuleError if it is not one)."""
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    seats = state["seats"]
    takeover = Takeover(float(state["takeover"][0]), str(state["takeover"][1])) if state.get("takeover") else None
    dj = state.get("deal")
    deal = Deal(str(dj["key"]), str(dj["salt"])) if dj is not None else None
    host = TableHost([x["kind"] for x in seats], int(state["seed"]), state["code"], takeover,
                     [str(x["name"]) for x in seats], deal=deal)
    if state.get("secret") is not None:
        host.secret = str(state["secret"])
    if deal is None and state.get("record") is not None:
        host.deal = None  # an older autosave's game, dealt from its seed: it goes on so
    host.port = int(state.get("port", 0))
    host.seats = [HostSeat(str(x["kind"]), str(x["name"]), x["token"], bool(x["joined"]),
                           taken_over=bool(x.get("takeover")), takeover_level=str(x.get("takeover", "")),
                           back=str(x.get("back", "")), back_gen=int(x.get("back_gen", 0))) for x in seats]
    if state.get("record") is not None:
        game = record.replay(state["record"], host.deal.key if host.deal is not None else None)
        s = host.session
        s.resume(game, state.get("pending"))
        s.begin()
        for key, dj in state.get("drafts", {}).items():
            restore_draft(s, int(key), dj)
        if state.get("ended") == "host":  # ended by its host: over where its record stops
            s.end_now()
    return host


def restore_draft(s: TableSession, seat: int, dj: dict) -> None:
    """Make ``seat``'s draft again through its intents (``contents.draft_steps``, the
    joining screen's decoder too); a refused step ends the restoring."""
    try:
        for intent in draft_steps(dj):
            s.act(seat, intent)
    except (RuleError, NotDeciding, ProtocolError, KeyError, TypeError, ValueError, IndexError):
        return


def save(host: TableHost, folder: Path) -> None:
    """Write the table atomically: a crash mid-write leaves the previous file whole."""
    write(*snapshot(host), folder)


def dumps(host: TableHost) -> str:
    """The table as the text ``write`` puts on disk (a snapshot: the host may change after)."""
    return json.dumps(table_state(host), ensure_ascii=False)


_ORDER = itertools.count(1)
_WRITING = Lock()
_ON_DISK: dict[Path, int] = {}  # folder -> the number of the snapshot it holds


def snapshot(host: TableHost) -> tuple[str, int]:
    """The table's text now, and its place in the order the snapshots were taken (``write``)."""
    return dumps(host), next(_ORDER)


def write(text: str, taken: int, folder: Path) -> None:
    """Put snapshot ``taken`` (``snapshot``) on disk whole, synced (any thread: it touches no host).
    One write at a time, and never one older than what the folder holds: a window's host writes on
    the app's runner, and its last save when it quits may come while one is on its way there."""
    with _WRITING:
        if taken < _ON_DISK.get(folder, 0):
            return
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / FILE
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _ON_DISK[folder] = taken


def load(folder: Path) -> TableHost | None:
    path = folder / FILE
    if not path.is_file():
        return None
    return restore(json.loads(path.read_text(encoding="utf-8")))
