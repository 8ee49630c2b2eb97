"""Hostile frames, deterministic: malformed, oversized, forged and out of turn."""

from __future__ import annotations

import json
import random

from ruin_qt.net.intent_args import INTENTS as REGISTRY
from ruin_qt.net.protocol import MAX_MESSAGE, PROTOCOL

INTENTS = list(REGISTRY)
JUNK = [None, True, -1, 2**70, 1.5, "", "x" * 300, [], {}, [[0, 0]] * 40, [[99, 99]], [[-1, 3]], [["a", 1]],
        {"setup": None}, {"turn": {"draw": {"action": "Z"}}}, {"turn": None}, "\u0000\ud800"]


def hello(rng: random.Random, stale_token: str) -> dict:
    return rng.choice([
        {"type": "hello", "protocol": PROTOCOL + rng.randint(1, 5), "code": "TEST42"},
        {"type": "hello", "protocol": PROTOCOL, "code": "".join(rng.choice("ABCDEFGH2345") for _ in range(6))},
        {"type": "hello", "protocol": PROTOCOL, "token": "".join(rng.choice("abcdef0123-_") for _ in range(24))},
        {"type": "hello", "protocol": PROTOCOL, "token": stale_token},
        {"type": "hello", "protocol": PROTOCOL},
        {"type": "hello", "protocol": "1", "code": "TEST42"},
    ])


def frame(rng: random.Random, my_seat: int, other_seats: list[int], stale_token: str) -> str | bytes | dict:
    """One hostile message of a random kind (a dict is sent as JSON)."""
    kind = rng.randrange(9)
    if kind == 0:
        text = json.dumps({"type": "intent", "id": 1, "seat": my_seat, "intent": "confirm"})
        return text[: rng.randrange(len(text))] + rng.choice(["", "}", "\\", "\x00", "]]"])
    if kind == 1:
        return rng.choice(["[]", "3", '"hello"', "null", "[" * 5000 + "]" * 5000, '{"type": ["hello"]}', "{}"])
    if kind == 2:
        return json.dumps({"type": "intent", "pad": "x" * (MAX_MESSAGE + rng.randrange(1, 2000))})
    if kind == 3:
        return {"type": rng.choice(["state", "welcome", "admin", "over", "", None, 7]), "seat": my_seat}
    if kind == 4:
        return hello(rng, stale_token)
    if kind == 5:  # another seat's intents
        return {"type": "intent", "id": rng.randrange(100), "seat": rng.choice(other_seats + [7, -1]),
                "intent": rng.choice(INTENTS), "args": {}}
    if kind == 6:  # well-formed, out of turn: this seat has confirmed
        cell = [rng.randrange(11), rng.randrange(11)]
        intent, args = rng.choice([("confirm", {}), ("undo", {}), ("clear", {}), ("move_to", {"cell": cell}),
                                   ("place_c", {"cell": cell}), ("toggle_keep", {"card": rng.randrange(30)}),
                                   ("place_piece", {"kind": "road", "cells": [cell]}), ("take_none", {})])
        return {"type": "intent", "id": rng.randrange(1000), "seat": my_seat, "intent": intent, "args": args}
    if kind == 7:  # arguments of every wrong shape
        args = {rng.choice(["kind", "cells", "cell", "card", "special", "discard", "escape", "decision", "evil"]):
                rng.choice(JUNK) for _ in range(rng.randrange(1, 4))}
        return {"type": "intent", "id": rng.choice([0, -5, "7", None, 2**60]), "seat": my_seat,
                "intent": rng.choice(INTENTS + ["__class__", "_edit", "game", "new_game", "resume"]), "args": args}
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
