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

from .intents import INTENTS, MAX_CELLS, ProtocolError, need, spec_of, text, whole  # noqa: F401 - the protocol's

PROTOCOL = 1  # the version a host speaks; a client naming another one is told so, then closed
MAX_MESSAGE = 16 * 1024  # bytes of one client message (a whole turn is well under 1 kB)
MAX_NAME = 40
MAX_ID = 2**53  # an intent's id: a whole number 0..2^53 (exact in every JSON reader)
CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1IL")  # read aloud
CODE_LENGTH = 6


# Every ``error`` code the host sends, and what it means (docs/PROTOCOL.md lists the same; a test compares).
ERRORS: dict[str, str] = {
    "not_text": "in clear: a text frame inside the channel (every message is sealed); then the close (1008)",
    "too_big": f"a message over {MAX_MESSAGE} bytes",
    "bad_json": "not JSON, or not a JSON object",
    "unknown_type": "no such message type",
    "bad_field": "a field missing, of the wrong type, out of range, or not part of the message (also `card` in a "
                 "`place_piece` during a round, where the active card is the one drawn with)",
    "unknown_intent": "no such intent",
    "rate_limited": "too many messages a second; the message was dropped",
    "not_joined": "an intent before a welcome",
    "not_your_seat": "an intent for another seat",
    "not_started": "an intent before the game started",
    "already_joined": "a second hello on a connection that has its seat",
    "bad_code": "not this table's join code",
    "bad_token": "no seat at this table has that token",
    "table_full": "every seat is taken",
    "started": "the game has started: only its players may rejoin, by token",
    "protocol_version": "the client speaks another protocol version",
    "internal": "the host found a fault of its own; nothing changed",
    "too_many_tries": "too many wrong join codes from this address, or at this table: try again later (see "
                      "*Strangers guessing the code*)",
    "too_many_connections": "the table serves no more connections (or no more from one address) now; then close "
                            "1013 (see *Liveness and limits*)",
    "no_channel": "in clear: the client did not open the channel with a `pake` (*The channel*)",
    "bad_channel": "in clear: a malformed `pake`, a second one, or a sealed frame before the exchange",
    "bad_frame": "in clear: a sealed frame out of order, replayed, or that does not open (past the first: see "
                 "*The channel*); then the close (1008)",
}
# The codes after which trying again cannot help: a client stops (the host closes or ignores it).
FATAL = frozenset({"protocol_version", "bad_code", "table_full", "started", "bad_token", "too_many_tries",
                   "too_many_connections", "not_text", "no_channel", "bad_channel",
                   "bad_frame"})


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A join code as typed: case and spaces do not matter."""
    return "".join(text.split()).upper()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def dumps(message: dict) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


# -- checking one field (the intents' own arguments are checked by ``intents``) ----------------
def _int(x: Any, field: str, lo: int, hi: int) -> int:
    return whole(x, field, lo, hi)


def _text(x: Any, field: str, longest: int) -> str:
    return text(x, field, longest)


def _same(x: Any, field: str) -> Any:
    return x


def _fields(msg: dict, spec: dict[str, Any]) -> dict:
    out = {}
    allowed = {k.rstrip("?") for k in spec}
    extra = set(msg) - allowed
    need(not extra, sorted(extra)[0] if extra else "", "is not a field of this message")
    for key, check in spec.items():
        name = key.rstrip("?")
        if name not in msg or (key.endswith("?") and msg[name] is None):
            need(key.endswith("?"), name, "is missing")
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
        need(out["code"] is not None or out["token"] is not None, "code", "or 'token' is needed to join")
        return out
    if kind == "intent":
        try:
            out = _fields(msg, {"type": _same, "id": lambda x, f: _int(x, f, 0, MAX_ID),
                                "seat": lambda x, f: _int(x, f, 0, 3), "intent": lambda x, f: _text(x, f, 20),
                                "args?": _same})
            out["args"] = spec_of(out["intent"]).parse(out["args"])
        except ProtocolError as e:
            mid = msg.get("id")
            if isinstance(mid, int) and not isinstance(mid, bool) and 0 <= mid <= MAX_ID:
                e.id = mid  # the error answers this intent: its id settles it at the client
            raise
        return out
    if kind == "bye":
        return _fields(msg, {"type": _same})
    raise ProtocolError("unknown_type", f"there is no message type {kind!r}"[:120])


def intent_id(raw: str | bytes) -> int | None:
    """The id of ``raw`` if it is an intent with a readable id (a reply it did not earn still names it).
    Only the envelope is read: a message about to be dropped costs no argument checks."""
    if isinstance(raw, bytes) or len(raw) > MAX_MESSAGE:
        return None
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(msg, dict) or msg.get("type") != "intent":
        return None
    mid = msg.get("id")
    return mid if isinstance(mid, int) and not isinstance(mid, bool) and 0 <= mid <= 2**53 else None


def error(code: str, message: str, id: int | None = None) -> dict:
    out: dict = {"type": "error", "code": code, "message": message}
    if id is not None:
        out["id"] = id
    return out
