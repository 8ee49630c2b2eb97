"""The two places where the invite helper leans on magic-wormhole's insides,
kept here and nowhere else (pyproject pins the versions they were tried
with; ``tests/net/test_wormhole_private.py`` fails loudly when a name moves).
Either one missing degrades a feature, never an invite:

- the peer's connection status (``wormhole._status``: its classes are not
  re-exported): read by the class's name and fields, so a status of another
  shape is simply not told (no "direct"/"relay"/"reconnecting" shown);
- Dilation's TCP connections without Nagle's wait (``wormhole._dilation``'s
  connection protocol, wrapped: magic-wormhole offers no option for it); if
  it moved, the table still works, about 40-55 ms slower a round trip
  through a relay.
"""

from __future__ import annotations

import socket
from typing import Any

# Where each private name lives in the versions pyproject allows (the test imports every one).
PRIVATE_NAMES = ("wormhole._status:ConnectedPeer", "wormhole._status:ReconnectingPeer",
                 "wormhole._dilation.connection:DilatedConnectionProtocol")


def peer_state(pc: Any) -> tuple[str, tuple[Any, ...]]:
    """A Dilation status's ``peer_connection`` as ("connected", (since, how)), ("reconnecting", ()) or ("", ())."""
    kind = type(pc).__name__
    if kind == "ConnectedPeer":
        hint = str(getattr(pc, "hint_description", ""))
        return "connected", (getattr(pc, "connected_at", None), hint)
    if kind == "ReconnectingPeer":
        return "reconnecting", ()
    return "", ()


def no_delay(transport: Any) -> None:
    """Every small write goes out at once (TCP_NODELAY): a host's state frame and its answer, written one
    after the other, otherwise wait out Nagle against the peer's delayed ack (about 40 ms a hop)."""
    setter = getattr(transport, "setTcpNoDelay", None)
    if setter is not None:
        try:
            setter(True)
        except OSError:  # not a TCP socket after all
            pass


def no_delay_for_dilation() -> bool:
    """Dilation's own TCP connections (direct, or to the relay) without Nagle's wait too, wrapped once.
    False if magic-wormhole's connection protocol is not where it was (then nothing is changed)."""
    try:
        from wormhole._dilation.connection import DilatedConnectionProtocol
    except ImportError:
        return False
    made = getattr(DilatedConnectionProtocol, "connectionMade", None)
    received = getattr(DilatedConnectionProtocol, "dataReceived", None)
    if made is None or received is None:
        return False
    if getattr(made, "no_delay", False):
        return True

    def connection_made(self) -> None:
        no_delay(self.transport)
        made(self)

    connection_made.no_delay = True  # type: ignore[attr-defined]  # marks the wrapper: wrapped once only
    DilatedConnectionProtocol.connectionMade = connection_made
    quick = getattr(socket, "TCP_QUICKACK", None)
    if quick is None:  # Linux only
        return True

    def data_received(self, data: bytes) -> None:
        # Acknowledge at once (Linux forgets the setting after each read): a relay that keeps Nagle's wait
        # (public ones do) then sends the next record without waiting out this end's delayed ack.
        sock = getattr(self.transport, "socket", None)
        if sock is not None:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, quick, 1)
            except OSError:
                pass
        received(self, data)

    DilatedConnectionProtocol.dataReceived = data_received
    return True
