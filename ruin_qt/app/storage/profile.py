"""The player profile: the one person who plays on this computer.

A profile is a stable id (a random uuid, kept in the settings) and a name,
asked once at the first start (the system's user name offered) and
changeable later (Game ▸ Player Name…).  The tutorial, New Game's first human
seat and the Daily Challenge all seat the profile under its name, in every
language; the history keeps the profile's id on the seat it played, so the
statistics, personal bests and "your first game" count the person, not the
name typed.

Which seat is the profile's is decided when a game starts: the first human
seat that carries the profile's name (New Game fills it in on the first
human seat; a guest who types another name plays as a guest).  It is kept
with the autosave (``"me"``) so a resumed game keeps it.

Names already in the history from before profiles (the tutorial's "Player",
New Game's "Player 1", the Japanese Daily's "プレイヤー"...) are offered to
the profile once ("These are you: …"); the chosen ones' games become the
profile's.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from ...rules.names import NAME_LIMIT, looks_default, same_name, valid_name

if TYPE_CHECKING:
    from .history import History

ID_PATTERN = re.compile(r"[0-9a-f]{32}")


def cleaned(name: object) -> str:
    """``name`` as a seat name: control characters out, at most NAME_LIMIT characters, "" if nothing is left."""
    if not isinstance(name, str):
        return ""
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LIMIT].strip()
    return text if valid_name(text) else ""


def system_name() -> str:
    """The name the system knows the user by: the full name where it is cheaply at hand (the
    account's comment field on Unix), else the login name; "" if neither is usable."""
    full = ""
    try:
        import pwd

        full = pwd.getpwuid(os.getuid()).pw_gecos.split(",")[0]
    except (ImportError, KeyError, OSError, AttributeError):
        pass
    if cleaned(full):
        return cleaned(full)
    try:
        import getpass  # at a first start only

        return cleaned(getpass.getuser())
    except Exception:  # noqa: BLE001 - no user name known (no USER variable, no account entry)
        return ""


def fallback_name() -> str:
    return QCoreApplication.translate("DailyIntroDialog", "Player")  # the word the Daily offered before


class Player:
    """The profile as the settings keep it, and what it means for the history
    (``history()`` gives the keeper's current ``History``)."""

    def __init__(self, settings, history: Callable[[], History]):
        self.settings = settings
        self._history = history
        self._id: str | None = None

    @property
    def id(self) -> str:
        """The profile's id: the settings' one, else the one the history already knows
        (settings lost or reset), else a new one; kept in the settings."""
        if self._id is None:
            pid = self.settings.profile_id()
            if pid is None:
                known = self._known_ids()
                pid = known[0] if known else os.urandom(16).hex()  # a random id (no uuid module at start-up)
                self.settings.set_profile_id(pid)
            self._id = pid
        return self._id

    def _known_ids(self) -> list[str]:
        try:
            return [p for p in self._history().profiles() if isinstance(p, str) and ID_PATTERN.fullmatch(p)]
        except Exception:  # noqa: BLE001 - an unreadable history: a new profile
            return []

    @property
    def name(self) -> str:
        return self.settings.usual_name() or system_name() or fallback_name()

    def rename(self, name: str) -> bool:
        """Keep ``name`` as the profile's; False (nothing kept) if it is no name."""
        name = name.strip()
        if not name or not valid_name(name):
            return False
        self.settings.set_usual_name(name)
        return True

    # -- asked once ------------------------------------------------------------
    def needs_name(self) -> bool:
        """Whether the first-start question is still to be asked."""
        return not self.settings.profile_asked()

    def named(self) -> None:
        """The question was answered (OK keeps the name typed; Cancel the one offered)."""
        self.settings.set_profile_asked()
        self.id  # noqa: B018 - the id is made and kept now, with the name

    def suggested_name(self) -> str:
        """The name offered: the one already kept (the Daily's of earlier versions), else the system's."""
        return self.settings.usual_name() or system_name()

    # -- whose seat ---------------------------------------------------------------
    def seat_of(self, seats) -> int | None:
        """The profile's seat among ``seats`` ((name, kind) pairs or seats with
        ``name`` and ``kind``): the first human one with the profile's name."""
        name = self.name
        for i, seat in enumerate(seats):
            n, kind = (seat if isinstance(seat, tuple) else (seat.name, seat.kind))
            if kind == "human" and isinstance(n, str) and same_name(n, name):
                return i
        return None

    def playing(self, seats, extra: dict | None = None) -> tuple[str, int] | None:
        """(profile id, seat) of a game's seats; a resumed game's kept seat (``extra["me"]``) first."""
        me = (extra or {}).get("me")
        kinds = [s[1] if isinstance(s, tuple) else s.kind for s in seats]
        if isinstance(me, int) and not isinstance(me, bool) and 0 <= me < len(kinds) and kinds[me] == "human":
            return self.id, me
        seat = self.seat_of(seats)
        return None if seat is None else (self.id, seat)

    # -- the names of earlier games -----------------------------------------------
    def merge_pending(self) -> bool:
        return not self.settings.names_merged()

    def history_readable(self) -> bool:
        """Whether the history is the real one (not an empty or read-only stand-in)."""
        try:
            return not self._history().degraded
        except Exception:  # noqa: BLE001 - no history at all
            return False

    def candidates(self) -> list[tuple[str, int, bool]]:
        """Guest names of games played alone at the table, with game counts and
        whether each looks like the profile (its name, or a default name)."""
        try:
            names = self._history().lone_names()
        except Exception:  # noqa: BLE001 - an unreadable history: nothing to offer now
            return []
        me = self.name
        offered = [(n, count, same_name(n, me) or looks_default(n)) for n, count in names]
        return sorted(offered, key=lambda c: not c[2])  # the likely ones first, each part most played first

    def merge(self, names: list[str]) -> int:
        """The chosen names' seats become the profile's; StorageError if the history cannot be written (then
        it is offered again next time)."""
        taken = self._history().attach(self.id, names) if names else 0
        self.settings.set_names_merged()
        return taken

    def skip_merge(self) -> None:
        self.settings.set_names_merged()
