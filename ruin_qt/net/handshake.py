"""One connection's channel handshake: a small state machine, without Qt or sockets.

The transport (``transport.WsPeer``) hands it each whole WebSocket frame of a
table's connection and does what it answers: a list of typed records, each
one thing to put on the wire or to tell the table (the way magic-wormhole's
Dilation layers its framer, records and connection).  The machine holds the
connection's ``channel.Channel`` and, on the host, the table's ``CodeGuard``.

Client: OPENING -> PAKE_SENT (the WebSocket opened: its pake out) -> KEYED
(the host's pake in: ready) -> CONFIRMED (a frame from the host opened).
Host: AWAITING_PAKE -> KEYED (the client's pake in, the host's out) ->
CONFIRMED (the client's first frame opened with the table's key: ready).
A refusal, a close or a cut ends it (ENDED): nothing more is acted on.
docs/PROTOCOL.md, *The channel*, is what goes on the wire.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from .channel import Channel, ChannelError, NotText, is_pake
from .messages import Error
from .strangers import CodeGuard

NOT_THE_TABLE = 4003  # a client's close: the host's first sealed frame did not open with the code (not the table)


class Step(Enum):
    OPENING = "opening"  # client: the WebSocket is not open yet
    PAKE_SENT = "pake sent"  # client: its pake is out, the host's awaited
    AWAITING_PAKE = "awaiting pake"  # host: the client's pake awaited
    KEYED = "keyed"  # the key agreed; nothing from the other end has opened with it yet
    CONFIRMED = "confirmed"  # a frame from the other end opened: it knows the same code
    ENDED = "ended"  # refused, closed or cut


@dataclass(frozen=True)
class SendText:
    """A text frame in clear: a pake message, or a refusal before the other end is confirmed."""

    text: str


@dataclass(frozen=True)
class SendSealed:
    """A binary frame: one message sealed under the channel's key."""

    frame: bytes


@dataclass(frozen=True)
class Ready:
    """Messages may flow (the client keyed, the host's client confirmed)."""


@dataclass(frozen=True)
class Deliver:
    """A message for the table: opened from a sealed frame, or the host's refusal in clear."""

    text: str


@dataclass(frozen=True)
class Close:
    """The WebSocket closed politely, with this code and reason."""

    code: int
    reason: str


@dataclass(frozen=True)
class Cut:
    """The socket cut without a word: the other end is not to be talked to."""

    code: int
    reason: str


Record = SendText | SendSealed | Ready | Deliver | Close | Cut


class Handshake:
    """One end's handshake: ``opened`` once the WebSocket is open, ``received`` for each whole frame,
    ``outgoing`` for each message of ours; each answers what to do."""

    def __init__(self, channel: Channel, guard: CodeGuard | None = None, address: str = ""):
        """``guard`` and ``address``: the host's count of wrong codes, and this peer's address as it counts."""
        self.channel, self.guard, self.address = channel, guard, address
        self.host = channel.side == "host"
        self.step = Step.AWAITING_PAKE if self.host else Step.OPENING

    @classmethod
    def of_client(cls, code: str) -> Handshake:
        return cls(Channel(code, "client"))

    @classmethod
    def of_host(cls, code: str, guard: CodeGuard | None, address: str) -> Handshake:
        return cls(Channel(code, "host"), guard, address)

    def opened(self) -> list[Record]:
        """The WebSocket is open: the client speaks first."""
        if self.step is not Step.OPENING:
            return []
        self.step = Step.PAKE_SENT
        return [SendText(self.channel.start())]

    def outgoing(self, text: str) -> Record:
        """A message of ours: sealed once keyed; before that (a refusal to a stranger) in clear."""
        if self.channel.keyed:
            return SendSealed(self.channel.seal(text))
        return SendText(text)

    def received(self, data: bytes, binary: bool, now: float) -> list[Record]:
        """One whole frame from the other end (``now``: time.monotonic(), for the guard)."""
        if self.step is Step.ENDED:
            return []
        try:
            return self._received(data, binary, now)
        except ChannelError as e:
            return self._refuse(e.code, e.message)

    def _received(self, data: bytes, binary: bool, now: float) -> list[Record]:
        if self.step in (Step.OPENING, Step.PAKE_SENT, Step.AWAITING_PAKE):
            if binary:
                raise ChannelError("bad_channel", "a sealed frame before the pake exchange")
            return self._answer(data, now) if self.host else self._finish(data)
        if binary:
            return self._open(data, now)
        if self.step is Step.KEYED and not self.host:  # the host's refusal in clear (a wrong code)
            return [Deliver(data.decode("utf-8", "replace"))]
        if is_pake(data):
            raise ChannelError("bad_channel", "a second pake message")
        raise ChannelError("not_text", "a text frame inside the channel: every message is sealed")

    def _answer(self, data: bytes, now: float) -> list[Record]:
        wait = self.guard.wait(self.address, now) if self.guard is not None else 0.0
        if wait > 0:  # the code is not even tried
            return self._refuse("too_many_tries", f"too many wrong join codes: try again in {math.ceil(wait)} s")
        answer = self.channel.answer(data)
        self.step = Step.KEYED
        return [SendText(answer)]

    def _finish(self, data: bytes) -> list[Record]:
        try:
            self.channel.finish(data)
        except ChannelError:
            # Not the host's pake: its refusal in clear (a wrong code, a pause), passed on as it came.
            return [Deliver(data.decode("utf-8", "replace"))]
        self.step = Step.KEYED
        return [Ready()]

    def _open(self, frame: bytes, now: float) -> list[Record]:
        first = self.step is Step.KEYED
        try:
            text = self.channel.open(frame)
        except NotText:
            return self._end(Close(1007, "text is not UTF-8"))
        except ChannelError:
            if first and self.host:  # the client keyed the channel with another code
                if self.guard is not None:
                    self.guard.wrong(self.address, now)
                return self._refuse("bad_code", "that is not this table's join code")
            if first:  # not the table (a man in the middle): no polite close, nothing more is read
                return self._end(Cut(NOT_THE_TABLE, "the host does not know this table's code"))
            raise
        self.step = Step.CONFIRMED
        if first and self.host:
            if self.guard is not None:
                self.guard.right(self.address)
            return [Ready(), Deliver(text)]
        return [Deliver(text)]

    def _refuse(self, code: str, message: str) -> list[Record]:
        """An error, then the close (1008): in clear before a sealed frame from the other end has opened,
        sealed after (nothing comes in clear once the channel is open: docs/PROTOCOL.md, *The channel*)."""
        text = Error(code, message).write()
        said = SendSealed(self.channel.seal(text)) if self.step is Step.CONFIRMED else SendText(text)
        return self._end(said, Close(1008, message))

    def _end(self, *records: Record) -> list[Record]:
        self.step = Step.ENDED
        return list(records)
