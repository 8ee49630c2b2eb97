"""A secret, verifiable deal (docs/PROTOCOL.md, "The deal: secret, committed, verified").

A table across laptops deals from a random ``key`` that only the host holds
until the game is over.  Before the game starts the host sends a commitment
to it; every shuffle of the game is the shuffled cards sorted by their
HMAC-SHA-256 under the key; at the end the host reveals the key and its
salt, and every seat checks that the commitment matches and that each
recorded shuffle is the order the key gives.  The host cannot pick the
cards after the fact, and no seat can compute a shuffle before the end.

Everything here is pure Python (``hashlib``, ``hmac``, ``secrets``), so that
the checks stay readable and any program can redo them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

DOMAIN = "ruin-qt-deal/1"
KEY_BYTES, SALT_BYTES = 32, 16
HEX = frozenset("0123456789abcdef")


def is_hex(text: Any, n_bytes: int) -> bool:
    """``text`` is exactly ``n_bytes`` bytes written as lowercase hex digits."""
    return isinstance(text, str) and len(text) == 2 * n_bytes and set(text) <= HEX


def commitment(key: str, salt: str) -> str:
    """SHA-256 of the ASCII text ``ruin-qt-deal/1:<salt>:<key>``, as 64 lowercase hex digits."""
    import hashlib  # here, as below: hashlib loads OpenSSL, which a start-up without a deal does not need

    return hashlib.sha256(f"{DOMAIN}:{salt}:{key}".encode("ascii")).hexdigest()


def card_text(card: str | int) -> str:
    """A card as the HMAC message names it: an explore letter as it is, an objective id in decimal."""
    if isinstance(card, str):
        return card
    if isinstance(card, int) and not isinstance(card, bool):
        return str(card)
    raise ValueError(f"{card!r} is not a card (a letter or an objective id)")


def shuffle_order(key: str, index: int, cards: Iterable[str | int]) -> list:
    """Shuffle number ``index`` (0-based, in the order the rules shuffle) of
    ``cards``: sorted by HMAC-SHA-256(key bytes, UTF-8 of "<index>:<card>"),
    the digests compared as byte strings, smallest first (top of the deck)."""
    import hashlib
    import hmac

    k = bytes.fromhex(key)

    def rank(card) -> bytes:
        return hmac.new(k, f"{index}:{card_text(card)}".encode(), hashlib.sha256).digest()

    return sorted(cards, key=rank)


@dataclass(frozen=True)
class Deal:
    """A deal's secret: ``key`` (32 bytes) and ``salt`` (16 bytes), as lowercase hex."""

    key: str
    salt: str

    def __post_init__(self) -> None:
        if not is_hex(self.key, KEY_BYTES) or not is_hex(self.salt, SALT_BYTES):
            raise ValueError("a deal's key is 64 and its salt 32 lowercase hex digits")

    @classmethod
    def new(cls) -> Deal:
        """A fresh deal from the operating system's randomness."""
        import secrets

        return cls(secrets.token_hex(KEY_BYTES), secrets.token_hex(SALT_BYTES))

    @property
    def commitment(self) -> str:
        return commitment(self.key, self.salt)

    def reveal(self) -> dict:
        """What the host reveals once the game is over."""
        return {"key": self.key, "salt": self.salt, "commitment": self.commitment}


class Verdict(NamedTuple):
    """A deal's check: ``ok``, and if not, why (``code``, with ``shuffle`` the
    1-based shuffle at fault for ``bad_shuffle``)."""

    ok: bool
    code: str = ""  # "" | no_deal | malformed | commitment | bad_record | bad_shuffle
    shuffle: int = 0

    @property
    def reason(self) -> str:
        return REASONS[self.code].replace("%1", str(self.shuffle))


REASONS = {
    "": "every shuffle follows from the secret the host committed to at the start",
    "no_deal": "the host revealed no deal",
    "malformed": "the revealed deal is not a key of 64 and a salt of 32 lowercase hex digits",
    "commitment": "the revealed key and salt do not match the commitment the host sent at the start",
    "bad_record": "the record's shuffles are missing or malformed",
    "bad_shuffle": "shuffle %1 is not the order the revealed key gives",
}


def check(rec: Any, key: Any, salt: Any, committed: Any) -> Verdict:
    """Whether ``rec`` (a record's JSON) was dealt from ``key``, the key the
    host committed to with ``committed`` before the game began."""
    import hmac

    if key is None and salt is None:
        return Verdict(False, "no_deal")
    if not is_hex(key, KEY_BYTES) or not is_hex(salt, SALT_BYTES):
        return Verdict(False, "malformed")
    if not isinstance(committed, str) or not hmac.compare_digest(commitment(key, salt), committed):
        return Verdict(False, "commitment")
    shuffles = rec.get("shuffles") if isinstance(rec, dict) else None
    if not isinstance(shuffles, list) or not shuffles:
        return Verdict(False, "bad_record")
    for i, sh in enumerate(shuffles):
        order = sh.get("order") if isinstance(sh, dict) else None
        if not isinstance(order, list):
            return Verdict(False, "bad_record")
        try:
            if shuffle_order(key, i, order) != order:
                return Verdict(False, "bad_shuffle", i + 1)
        except (ValueError, TypeError):
            return Verdict(False, "bad_record")
    return Verdict(True)


def commitment_of(told: Any) -> str | None:
    """The commitment in a ``welcome``'s or a state's ``deal`` object, if it holds one."""
    c = told.get("commitment") if isinstance(told, dict) else None
    return c if isinstance(c, str) else None


def check_revealed(rec: Any, revealed: Any, committed: Any) -> Verdict:
    """``check`` on an ``over`` message's ``deal`` object (``{"key", "salt", ...}``, or none)."""
    if not isinstance(revealed, dict):
        return Verdict(False, "no_deal")
    return check(rec, revealed.get("key"), revealed.get("salt"), committed)


def verify(rec: Any, key: Any, salt: Any, committed: Any) -> tuple[bool, str]:
    """(ok, reason): the commitment matches ``key`` and ``salt``, and every
    recorded shuffle's order is ``shuffle_order`` over the same cards."""
    v = check(rec, key, salt, committed)
    return v.ok, v.reason
