"""The table protocol's messages (docs/PROTOCOL.md), without Qt or sockets.

Every message is one WebSocket text frame holding one JSON object with a
``type``.  What a client sends is checked here like a record: size, JSON,
type, every field's presence, type and range; anything else is a
``ProtocolError`` with a stable ``code``.  The rules judge the intents
afterwards, at the host, in ``TableHost``.
"""

from __future__ import annotations

import json
import secrets
import string
from typing import Any

from ..rules.bitboard import SIZE

PROTOCOL = 1  # the version a host speaks; a client naming another one is told so, then closed
MAX_MESSAGE = 16 * 1024  # bytes of one client message (a whole turn is well under 1 kB)
MAX_NAME = 40
MAX_CELLS = 12
CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1IL")  # read aloud
CODE_LENGTH = 6


class ProtocolError(Exception):
    """A message the host refuses before the game sees it; ``code`` is stable."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A join code as typed: case and spaces do not matter."""
    return "".join(text.split()).upper()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def dumps(message: dict) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


# -- checking one field -------------------------------------------------------------
def _need(cond: bool, field: str, what: str) -> None:
    if not cond:
        raise ProtocolError("bad_field", f"'{field}' {what}")


def _int(x: Any, field: str, lo: int, hi: int) -> int:
    _need(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi, field, f"is not a whole number {lo}..{hi}")
    return x


def _text(x: Any, field: str, longest: int) -> str:
    _need(isinstance(x, str) and 0 < len(x) <= longest and x.isprintable(), field,
          f"is not printable text of 1..{longest} characters")
    return x


def _cell(x: Any, field: str) -> tuple[int, int]:
    _need(isinstance(x, list) and len(x) == 2, field, "is not a cell [row, column]")
    return _int(x[0], field, 0, SIZE - 1), _int(x[1], field, 0, SIZE - 1)


def _cells(x: Any, field: str) -> list[tuple[int, int]]:
    _need(isinstance(x, list) and 0 < len(x) <= MAX_CELLS, field, f"is not a list of 1..{MAX_CELLS} cells")
    return [_cell(c, field) for c in x]


def _kind(x: Any, field: str) -> str:
    _need(x in ("road", "wall"), field, 'is not "road" or "wall"')
    return x


def _bool(x: Any, field: str) -> bool:
    _need(isinstance(x, bool), field, "is not true or false")
    return x


def _same(x: Any, field: str) -> Any:
    return x


def _decision(x: Any, field: str) -> dict:
    # The record's JSON of a setup or a turn (docs/RECORD.md); its inside is parsed by rules.record.
    _need(isinstance(x, dict) and len(x) == 1 and next(iter(x)) in ("setup", "turn"), field,
          'is not {"setup": ...} or {"turn": ...}')
    return x


# intent -> its arguments' checkers; the same names and arguments as TableSession's intents
INTENTS: dict[str, dict[str, Any]] = {
    "place_piece": {"kind": _kind, "cells": _cells, "card?": lambda x, f: _text(x, f, 2)},
    "place_c": {"cell": _cell},
    "take_none": {},
    "take_special": {"special": lambda x, f: (_need(x in ("extra", "warp"), f, 'is not "extra" or "warp"'), x)[1],
                     "discard": lambda x, f: _int(x, f, 0, 999)},
    "place_extra": {"kind": _kind, "cell": _cell},
    "move_to": {"cell": _cell},
    "set_escape": {"escape": _bool},
    "toggle_keep": {"card": lambda x, f: _int(x, f, 0, 999)},
    "take_decision": {"decision": _decision},
    "clear": {},
    "undo": {},
    "redo": {},
    "confirm": {},
}


def _fields(msg: dict, spec: dict[str, Any]) -> dict:
    out = {}
    allowed = {k.rstrip("?") for k in spec}
    extra = set(msg) - allowed
    _need(not extra, sorted(extra)[0] if extra else "", "is not a field of this message")
    for key, check in spec.items():
        name = key.rstrip("?")
        if name not in msg or (key.endswith("?") and msg[name] is None):
            _need(key.endswith("?"), name, "is missing")
            out[name] = None
            continue
        out[name] = check(msg[name], name)
    return out


# -- one whole client message ----------------------------------------------------------
def parse_client(raw: str | bytes) -> dict:
    """One client message, checked; ``{"type": ..., fields...}`` or ProtocolError."""
    if isinstance(raw, bytes):
        raise ProtocolError("not_text", "messages are JSON in text frames")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "the message is not a JSON object")
    kind = msg.get("type")
    if kind == "hello":
        out = _fields(msg, {"type": _same, "protocol": lambda x, f: _int(x, f, 0, 2**31),
                            "code?": lambda x, f: _text(x, f, 32), "token?": lambda x, f: _text(x, f, 64),
                            "name?": lambda x, f: _text(x, f, MAX_NAME), "seat?": lambda x, f: _int(x, f, 0, 3)})
        _need(out["code"] is not None or out["token"] is not None, "code", "or 'token' is needed to join")
        return out
    if kind == "intent":
        out = _fields(msg, {"type": _same, "id": lambda x, f: _int(x, f, 0, 2**53),
                            "seat": lambda x, f: _int(x, f, 0, 3), "intent": lambda x, f: _text(x, f, 20),
                            "args?": _same})
        spec = INTENTS.get(out["intent"])
        if spec is None:
            raise ProtocolError("unknown_intent", f"there is no intent {out['intent']!r}")
        args = out["args"] if out["args"] is not None else {}
        _need(isinstance(args, dict), "args", "is not an object")
        out["args"] = _fields(args, spec)
        return out
    if kind == "bye":
        return _fields(msg, {"type": _same})
    raise ProtocolError("unknown_type", f"there is no message type {kind!r}"[:120])


def error(code: str, message: str, id: int | None = None) -> dict:
    out: dict = {"type": "error", "code": code, "message": message}
    if id is not None:
        out["id"] = id
    return out
