"""The table protocol's constants (docs/PROTOCOL.md), without Qt or sockets.

Every message is one WebSocket text frame holding one JSON object with a
``type``; the messages themselves, each way, are ``messages``' classes,
written and read by ``codec``.
Here: the version, the limits, the join code and token, and every ``error``
code with what it means.
"""

from __future__ import annotations

import secrets
import string

from .codec import ProtocolError  # noqa: F401 - the protocol's refusal, named here too

PROTOCOL = 1  # the version a host speaks; a client naming another one is told so, then closed
MAX_MESSAGE = 16 * 1024  # bytes of one client message (a whole turn is well under 1 kB)
MAX_NAME = 40
MAX_ID = 2**53  # an intent's id: a whole number 0..2^53 (exact in every JSON reader)
CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1IL")  # read aloud
CODE_LENGTH = 6


# Every ``error`` code the host sends, and what it means (docs/PROTOCOL.md lists the same; a test compares).
ERRORS: dict[str, str] = {
    "not_text": "a text frame inside the channel (every message is sealed): in clear before the client's first "
                "sealed frame has opened, sealed after; then the close (1008)",
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
    "bad_channel": "in clear: a malformed `pake` (also one in capital hex), a second one, or a sealed frame before "
                   "the exchange",
    "bad_frame": "sealed: a sealed frame out of order, replayed, or that does not open (past the first, which is "
                 "`bad_code` in clear: see *The channel*); then the close (1008)",
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

