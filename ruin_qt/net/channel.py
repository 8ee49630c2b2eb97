"""The table's channel: every connection sealed end to end with a key agreed from the join code (no Qt).

SPAKE2 (python-spake2's Ed25519 group, the one magic-wormhole uses; the
client is side A) turns the join code into a 32-byte key that both ends
share only when both know the same code: a wrong code learns nothing and
costs its sender one guess.  HKDF-SHA-256 splits the key into one key per
direction; each message is then one binary WebSocket frame, a NaCl
secretbox (XSalsa20-Poly1305) under the next nonce of its direction.
docs/PROTOCOL.md, *The channel*, is the whole description, and
tests/net/test_channel.py checks its worked example against this module.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable

from .codec import ProtocolError
from .message_base import kind_of, loads
from .messages import Pake
from .protocol import normal_code

CHANNEL = 1  # the channel's version, in both ends' "pake" message
ID_CLIENT = b"ruin-qt/1 client"  # SPAKE2's idA
ID_HOST = b"ruin-qt/1 host"  # SPAKE2's idB
INFO = {"client": b"ruin-qt/1 client to host", "host": b"ruin-qt/1 host to client"}  # HKDF's info, by sender
PAKE_BYTES = 33  # a SPAKE2 message: its side byte and a point
NONCE_BYTES = 24
MAC_BYTES = 16


class ChannelError(Exception):
    """The channel cannot go on: ``code`` as in docs/PROTOCOL.md's errors, ``message`` plain English."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


class NotText(ValueError):
    """A sealed frame that opened to what is not UTF-8 text (closed 1007, as a text frame would be)."""


def password(code: str) -> bytes:
    """The SPAKE2 password: the join code as the host keeps it (capitals, no spaces), in UTF-8."""
    return normal_code(code).encode("utf-8")


def hkdf(key: bytes, info: bytes, length: int = 32) -> bytes:
    """HKDF-SHA-256 (RFC 5869) with an empty salt."""
    prk = hmac.new(b"\0" * 32, key, hashlib.sha256).digest()
    out, block, i = b"", b"", 0
    while len(out) < length:
        i += 1
        block = hmac.new(prk, block + info + bytes([i]), hashlib.sha256).digest()
        out += block
    return out[:length]


def pake_text(message: bytes) -> str:
    return Pake(CHANNEL, message.hex()).write()


def parse_pake(text: str | bytes) -> bytes:
    """The SPAKE2 message of a peer's ``pake`` text, or ChannelError(bad_channel)."""
    if not is_pake(text):
        raise ChannelError("no_channel", "this table speaks only through its encrypted channel (docs/PROTOCOL.md, "
                                         "The channel): both players need this version of the game")
    try:
        msg = Pake.from_dict(loads(text))
    except ProtocolError:
        msg = None
    if not isinstance(msg, Pake) or msg.channel != CHANNEL:
        raise ChannelError("bad_channel", f"a pake message is {{type, channel: {CHANNEL}, pake}}")
    # Lowercase hex only, as the doc says: one spelling of a message (fromhex alone takes capitals too).
    if len(msg.pake) != 2 * PAKE_BYTES or msg.pake.strip("0123456789abcdef"):
        raise ChannelError("bad_channel", f"'pake' is {PAKE_BYTES} bytes in lowercase hex")
    return bytes.fromhex(msg.pake)


def is_pake(text: str | bytes) -> bool:
    """A ``pake`` message (well formed or not): a second one is ``bad_channel``, not ``not_text``."""
    try:
        return kind_of("channel", loads(text)) is Pake
    except ProtocolError:
        return False


class Box:
    """One direction's sealing: the key and the count of messages so far (the nonce)."""

    def __init__(self, key: bytes):
        from nacl.secret import SecretBox  # here: a process that never joins a table does not load libsodium

        self.box, self.count = SecretBox(key), 0

    def nonce(self) -> bytes:
        return self.count.to_bytes(NONCE_BYTES, "big")

    def seal(self, data: bytes) -> bytes:
        frame = bytes(self.box.encrypt(data, self.nonce()))  # the nonce, then the box
        self.count += 1
        return frame

    def open(self, frame: bytes) -> bytes:
        from nacl.exceptions import CryptoError

        if len(frame) < NONCE_BYTES + MAC_BYTES or frame[:NONCE_BYTES] != self.nonce():
            raise ChannelError("bad_frame", "a sealed frame out of order, replayed or cut short")
        try:
            data = self.box.decrypt(frame[NONCE_BYTES:], frame[:NONCE_BYTES])
        except CryptoError:
            raise ChannelError("bad_frame", "a sealed frame that does not open with the table's key") from None
        self.count += 1
        return data


class Channel:
    """One end of one connection: the SPAKE2 exchange, then sealed frames both ways.

    The client starts (``start``: its pake text), the host answers (``answer``:
    its own), the client finishes (``finish``).  Then ``seal`` and ``open``;
    ``confirmed`` once a frame from the other end opened: only then is it
    known that the other end had the same code."""

    def __init__(self, code: str, side: str, entropy: Callable[[int], bytes] = os.urandom):
        from spake2 import SPAKE2_A, SPAKE2_B  # here: loaded by the first table joined or hosted

        if side not in INFO:
            raise ValueError("side is 'client' or 'host'")
        self.side = side
        maker = SPAKE2_A if side == "client" else SPAKE2_B
        # The group operation of start() waits for its message: a host accepting a socket that never says
        # anything (or is refused before its code is tried) spends nothing on it.
        self._pake = maker(password(code), idA=ID_CLIENT, idB=ID_HOST, entropy_f=entropy)
        self._mine: bytes | None = None
        self.sender: Box | None = None
        self.receiver: Box | None = None
        self.confirmed = False

    @property
    def keyed(self) -> bool:
        return self.sender is not None

    def _message(self) -> bytes:
        if self._mine is None:
            self._mine = self._pake.start()
        return self._mine

    def start(self) -> str:
        """The client's first message."""
        return pake_text(self._message())

    def answer(self, text: str | bytes) -> str:
        """The host: the client's pake in, the host's out; keyed from then on."""
        theirs = parse_pake(text)
        mine = self._message()
        self._key(theirs)
        return pake_text(mine)

    def finish(self, text: str | bytes) -> None:
        """The client: the host's pake in; keyed from then on."""
        self._key(parse_pake(text))

    def _key(self, theirs: bytes) -> None:
        if self.keyed:
            raise ChannelError("bad_channel", "a second pake message")
        self._message()  # SPAKE2 finishes only what it started
        try:
            key = self._pake.finish(theirs)
        except Exception:  # noqa: BLE001 - spake2 raises its own kinds for a point off the curve or a wrong side
            raise ChannelError("bad_channel", "the pake message is not a SPAKE2 message of the other side") from None
        other = "host" if self.side == "client" else "client"
        self.sender, self.receiver = Box(hkdf(key, INFO[self.side])), Box(hkdf(key, INFO[other]))

    def seal(self, text: str | bytes) -> bytes:
        """One message sealed: a text as UTF-8 (bytes as they are: a test's malformed text)."""
        assert self.sender is not None, "seal before the channel is keyed"
        return self.sender.seal(text.encode("utf-8") if isinstance(text, str) else text)

    def open(self, frame: bytes) -> str:
        """The message a sealed frame holds; ChannelError(bad_frame) if it does not open, NotText if it
        opens to what is not UTF-8 text (the other end has the code all the same: ``confirmed``)."""
        if self.receiver is None:
            raise ChannelError("bad_channel", "a sealed frame before the pake exchange")
        data = self.receiver.open(frame)
        self.confirmed = True
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise NotText("a sealed message that is not UTF-8 text") from None
