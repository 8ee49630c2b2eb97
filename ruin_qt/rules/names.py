"""Seat names: what a record and the panels can hold, and when two are one
player's (the profile).  No Qt: the settings, the profile and the
dialogs all ask here, and the start-up imports no dialog for it."""

from __future__ import annotations

import re

from .record import is_text

MAX_SEATS = 4
NAME_LIMIT = 40  # characters: a seat name must fit the panels (a record holds up to 200)
_DEFAULT_NAME = re.compile(r"(player|プレイヤー)\s*\d*", re.IGNORECASE)


def valid_name(name: object) -> bool:
    """Text a record can hold, at most NAME_LIMIT characters, no control
    characters (a name is shown on one line everywhere)."""
    return (isinstance(name, str) and is_text(name) and len(name) <= NAME_LIMIT
            and not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name))


def same_name(a: str, b: str) -> bool:
    """Names typed the same, give or take case, spaces at the ends and how the characters are composed."""
    import unicodedata  # here: its tables are a library of their own, which a start-up compares no names with

    return unicodedata.normalize("NFC", a).strip().casefold() == unicodedata.normalize("NFC", b).strip().casefold()


def looks_default(name: str) -> bool:
    """No name, or one the app gave by itself in some version and language ("Player", "Player 1", "プレイヤー1")."""
    return not name.strip() or bool(_DEFAULT_NAME.fullmatch(name.strip()))
