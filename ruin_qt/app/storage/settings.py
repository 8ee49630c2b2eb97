"""Where the app keeps its data and settings (platformdirs), and the settings.

``RUIN_QT_DATA_DIR``, when set, replaces both the data and the settings
folders: tests point it at a temporary folder and never touch a real home.

Every value is checked as it is read, for its type and its size (paths: a
bounded length, an existing folder; texts: a bounded length): a wrong one
(a hand-edited file, an older version) falls back to its default with one
log line, so the app always starts and every dialog opens.  A value over its
size is dropped from the file too (any key's over ``MAX_TEXT`` as the file
is opened): every write rewrites the whole file, and a 10 MB value made each
take seconds.  A missing value
is the normal first run and falls back silently.  A value Qt cannot decode
(``@Variant(…)`` garbage) is a missing one: Qt's own complaint about it is
caught and told as one log line.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from pathlib import Path

import platformdirs
from PySide6.QtCore import QByteArray, QSettings, qInstallMessageHandler

from ...rules.names import MAX_SEATS, valid_name
from ...rules.record import is_text
from ...rules.seat_kind import well_formed
from .folders import data_dir, settings_dir  # noqa: F401 - data_dir: where the app has always found it

LANGUAGES = ("", "en", "ja")

MAX_TEXT = 64 * 1024  # the New Game choices' JSON; anything longer is not ours
MAX_PATH = 4096  # PATH_MAX on Linux; longer paths cannot be opened anyway
MAX_GEOMETRY = 4096  # a saved window geometry is under a hundred bytes
MAX_TUTORIAL_STEP = 1000
MAX_ADDRESS = 300  # HOST:PORT as typed in the Join dialog
UNDECODABLE = ("QVariant::load", "Trying to construct an instance of an invalid type")

log = logging.getLogger(__name__)


class _Once(logging.Filter):
    """A wrong value is read each time a dialog opens: a Settings tells it once."""

    def __init__(self):
        super().__init__()
        self.seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if text in self.seen:
            return False
        if len(self.seen) < 1000:
            self.seen.add(text)
        return True


def _told_once(getter):
    def read(self, *args):
        log.addFilter(self._once)
        try:
            return getter(self, *args)
        finally:
            log.removeFilter(self._once)
    read.__doc__ = getter.__doc__
    return read


class _QuietDecoding:
    """Catches Qt's warnings about undecodable settings values while the file
    is read (the value then reads as missing); any other message passes on."""

    def __enter__(self):
        self.caught = 0
        self.previous = qInstallMessageHandler(self._handle)
        return self

    def _handle(self, mode, context, message: str) -> None:
        if message.startswith(UNDECODABLE):
            self.caught += 1
        elif self.previous is not None:
            self.previous(mode, context, message)
        else:
            print(message, file=sys.stderr)

    def __exit__(self, *exc) -> None:
        qInstallMessageHandler(self.previous)


def documents_dir() -> Path:
    try:
        return Path(platformdirs.user_documents_dir())
    except Exception:  # noqa: BLE001 - no documents folder known: the home folder will do
        return Path.home()


def checked_new_game_defaults(d: object) -> dict:
    """The New Game dialog's remembered choices with every wrong value
    replaced by its default (one log line each)."""
    if not isinstance(d, dict):
        if d not in (None, ""):
            log.warning("settings: new_game/choices is %s, not an object; using the defaults", type(d).__name__)
        return {}
    out: dict = {}
    count = d.get("count")
    if count is not None:
        if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= MAX_SEATS:
            out["count"] = count
        else:
            log.warning("settings: new_game count %r is not 1-%d; using the default", count, MAX_SEATS)
    for key, ok in (("names", valid_name), ("kinds", _valid_kind)):
        values = d.get(key)
        if values is None:
            continue
        if not isinstance(values, list):
            log.warning("settings: new_game %s %r is not a list; using the defaults", key, values)
            continue
        kept = []
        for i, v in enumerate(values[:MAX_SEATS]):
            if ok(v):
                kept.append(v)
            else:
                log.warning("settings: new_game %s[%d] %r is not valid; using the default", key, i, v)
                kept.append("")
        out[key] = kept
    me = d.get("me")  # the player profile's seat (app.storage.profile)
    if me is not None:
        if isinstance(me, int) and not isinstance(me, bool) and 0 <= me < MAX_SEATS:
            out["me"] = me
        else:
            log.warning("settings: new_game me %r is not a seat; using the first human seat", me)
    # A seed remembered by an older version is dropped: New Game deals afresh unless asked.
    return out


def _valid_kind(kind: object) -> bool:
    return well_formed(kind)


def _size(value) -> int:
    """How long a settings value is, whatever Qt read it as (text, bytes, a list, a map...)."""
    if value is None:
        return 0
    if isinstance(value, QByteArray):
        return value.size()
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, (list, tuple)):
        return sum(_size(v) + 1 for v in value)
    if isinstance(value, dict):
        return sum(_size(k) + _size(v) + 1 for k, v in value.items())
    return len(str(value))


def _is_folder(text: str) -> bool:
    try:
        return Path(text).is_dir()
    except (OSError, ValueError):  # too long for the system, a NUL inside
        return False


class Settings:
    """A small typed front on one INI file (readable, portable, no registry)."""

    def __init__(self, path: Path | None = None):
        self.path = path or settings_dir() / "settings.ini"
        self._once = _Once()
        with _QuietDecoding() as q:
            self.qs = QSettings(str(self.path), QSettings.Format.IniFormat)
            self.qs.allKeys()  # reads the file now, under the catcher
        self._told_undecodable(q)
        self._drop_oversized()

    def _drop_oversized(self) -> None:
        """A value (or key) over MAX_TEXT is none of ours: it is dropped from the file, not
        kept, since every write rewrites the whole file (10 MB: seconds per write)."""
        dropped = []
        with _QuietDecoding():
            for key in self.qs.allKeys():
                try:
                    size = len(key) + _size(self.qs.value(key))
                except Exception:  # noqa: BLE001 - an unreadable value is told by its reader
                    continue
                if size > MAX_TEXT:
                    log.warning("settings: %.80s is %d long, over %d; dropped from the file", key, size, MAX_TEXT)
                    self.qs.remove(key)
                    dropped.append(key)
        if dropped:
            self._sync()

    def _told_undecodable(self, q: _QuietDecoding) -> None:
        if q.caught:
            log.warning("settings: %d value(s) in %s cannot be decoded; using the defaults", q.caught, self.path)

    def _value(self, key: str, max_len: int = MAX_TEXT):
        """The value, or None (missing, unreadable or longer than ``max_len``)."""
        try:
            v = self.qs.value(key)
        except Exception:  # noqa: BLE001 - an unreadable value is a missing one
            log.warning("settings: %s cannot be read; using the default", key)
            return None
        size = _size(v)
        if size > max_len:
            log.warning("settings: %s is %d long, over %d; dropped from the file, using the default", key, size,
                        max_len)
            self.qs.remove(key)  # never kept: the next write would carry it along
            self._sync()
            return None
        return v

    def _set(self, key: str, value) -> None:
        self.qs.setValue(key, value)
        self._sync()

    def _sync(self) -> None:
        with _QuietDecoding() as q:  # sync() re-reads a file changed meanwhile
            self.qs.sync()  # a read-only or full folder: QSettings keeps it in memory and says nothing
        self._told_undecodable(q)

    @_told_once
    def geometry(self) -> QByteArray | None:
        v = self._value("window/geometry", MAX_GEOMETRY)
        if v is None:
            return None
        if not isinstance(v, QByteArray):
            log.warning("settings: window/geometry is not window geometry; using the default")
            return None
        return v if not v.isEmpty() else None

    def set_geometry(self, geo: QByteArray) -> None:
        self._set("window/geometry", geo)

    @_told_once
    def new_game_defaults(self) -> dict:
        raw = self._value("new_game/choices")
        if raw in (None, ""):
            return {}
        try:
            d = json.loads(raw) if isinstance(raw, str) else raw
        except (TypeError, ValueError, RecursionError):
            log.warning("settings: new_game/choices is not JSON; using the defaults")
            return {}
        return checked_new_game_defaults(d)

    def set_new_game_defaults(self, choices: dict) -> None:
        # JSON keeps the lists' types across INI round trips.
        self._set("new_game/choices", json.dumps(choices))

    @_told_once
    def usual_name(self) -> str:
        """The player's own name (the Daily Challenge's seat), not the last game's seats."""
        name = self._value("player/name")
        if name in (None, ""):
            return ""
        if not valid_name(name) or not str(name).strip():
            log.warning("settings: player/name %r is not a name; using the default", name)
            return ""
        return str(name).strip()

    def set_usual_name(self, name: str) -> None:
        if valid_name(name) and name.strip():
            self._set("player/name", name.strip())

    # -- the player profile (app.storage.profile) ---------------------------------
    @_told_once
    def profile_id(self) -> str | None:
        """The profile's id (32 hex digits), or None if none is kept (or a wrong one)."""
        v = self._value("player/id", 64)
        if v in (None, ""):
            return None
        if not isinstance(v, str) or not re.fullmatch(r"[0-9a-f]{32}", v):
            log.warning("settings: player/id %.80r is not a profile id; a profile is found or made anew", v)
            return None
        return v

    def set_profile_id(self, pid: str) -> None:
        self._set("player/id", pid)

    def profile_asked(self) -> bool:
        return self._value("player/asked", 16) == "yes"

    def set_profile_asked(self) -> None:
        self._set("player/asked", "yes")

    def names_merged(self) -> bool:
        """Whether the history's earlier names were offered to the profile already (asked once)."""
        return self._value("player/merged", 16) == "yes"

    def set_names_merged(self) -> None:
        self._set("player/merged", "yes")

    @_told_once
    def last_join(self) -> tuple[str, str]:
        """The Join dialog's last address and name (each "" if none or not usable)."""
        out = []
        for key, ok in (("join/address", lambda v: len(v) <= MAX_ADDRESS), ("join/name", valid_name)):
            v = self._value(key, MAX_ADDRESS)
            if v in (None, ""):
                out.append("")
            elif isinstance(v, str) and is_text(v) and ok(v) and v.isprintable():
                out.append(v.strip())
            else:
                log.warning("settings: %s %.80r is not usable; leaving it empty", key, v)
                out.append("")
        return out[0], out[1]

    def set_last_join(self, address: str, name: str) -> None:
        if len(address) <= MAX_ADDRESS and is_text(address):
            self._set("join/address", address.strip())
        if valid_name(name):
            self._set("join/name", name.strip())

    @_told_once
    def invite_servers(self) -> tuple[str, str]:
        """The wormhole mailbox (ws:// or wss:// URL) and transit relay (tcp:HOST:PORT) invites use;
        each "" for magic-wormhole's public one (README, *Invites across the internet*)."""
        out = []
        for key, prefixes in (("invite/mailbox", ("ws://", "wss://")), ("invite/relay", ("tcp:",))):
            v = self._value(key, MAX_ADDRESS)
            if v in (None, ""):
                out.append("")
            elif isinstance(v, str) and is_text(v) and v.isprintable() and v.strip().startswith(prefixes):
                out.append(v.strip())
            else:
                log.warning("settings: %s %.80r is not usable; using the public server", key, v)
                out.append("")
        return out[0], out[1]

    def set_invite_servers(self, mailbox: str, relay: str) -> None:
        self._set("invite/mailbox", mailbox.strip()[:MAX_ADDRESS])
        self._set("invite/relay", relay.strip()[:MAX_ADDRESS])

    @_told_once
    def language(self) -> str:
        v = self._value("ui/language", 16)
        if v is None:
            return ""
        if not isinstance(v, str) or v not in LANGUAGES:
            log.warning("settings: ui/language %r is not one of %s; using the system language", v, LANGUAGES[1:])
            return ""
        return v

    def set_language(self, language: str) -> None:
        """"" follows the system language."""
        self._set("ui/language", language)

    @_told_once
    def last_folder(self) -> Path:
        """Where the file dialogs start: the folder last used for a game
        file, else the documents folder."""
        v = self._value("files/last_folder", MAX_PATH)
        if v is not None:
            if isinstance(v, str) and is_text(v) and v and _is_folder(v):
                return Path(v)
            if not isinstance(v, str) or not v or not is_text(v):
                log.warning("settings: files/last_folder %.80r is not a folder; using the documents folder", v)
        docs = documents_dir()
        return docs if docs.is_dir() else Path.home()

    def set_last_folder(self, folder: Path) -> None:
        if len(str(folder)) > MAX_PATH:
            return  # it would not be read back

        self._set("files/last_folder", str(folder))

    # -- the look --------------------------------------------------------------
    def _flag(self, key: str, default: bool) -> bool:
        v = self._value(key, 16)
        if v is None:
            return default
        if isinstance(v, (str, bool, int)) and str(v).lower() in ("true", "1", "yes"):
            return True
        if isinstance(v, (str, bool, int)) and str(v).lower() in ("false", "0", "no"):
            return False
        log.warning("settings: %s %.80r is not true or false; using %s", key, v, default)
        return default

    @_told_once
    def animations(self) -> bool:
        return self._flag("ui/animations", True)

    def set_animations(self, on: bool) -> None:
        self._set("ui/animations", "true" if on else "false")

    @_told_once
    def high_contrast(self) -> bool:
        return self._flag("ui/high_contrast", False)

    def set_high_contrast(self, on: bool) -> None:
        self._set("ui/high_contrast", "true" if on else "false")

    @_told_once
    def text_size(self) -> int:
        """View > Text size, in percent (100 to 200)."""
        v = self._value("ui/text_size", 8)
        size = int(v) if isinstance(v, (str, int)) and str(v).isdigit() else 0
        if v is not None and not 100 <= size <= 200:
            log.warning("settings: ui/text_size %.80r is not a size from 100 to 200; using 100", v)
        return size if 100 <= size <= 200 else 100

    def set_text_size(self, percent: int) -> None:
        self._set("ui/text_size", str(int(percent)))

    # -- the guided first game --------------------------------------------------
    @_told_once
    def tutorial_step(self) -> int:
        v = self._value("tutorial/step", 8)
        try:
            step = int(v or 0)
        except (TypeError, ValueError):
            step = -1
        if not 0 <= step <= MAX_TUTORIAL_STEP:
            log.warning("settings: tutorial/step %.80r is not 0-%d; starting from the first lesson", v,
                        MAX_TUTORIAL_STEP)
            return 0
        return step

    def set_tutorial_step(self, step: int) -> None:
        self._set("tutorial/step", int(step))

    @_told_once
    def tutorial_offered(self) -> bool:
        return self._value("tutorial/offered", 16) == "yes"

    def set_tutorial_offered(self) -> None:
        self._set("tutorial/offered", "yes")
