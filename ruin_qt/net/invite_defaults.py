"""Where invites go when nobody chose other servers: read by the app (Qt) and by the invite helper
(Twisted) alike, so it imports neither.  magic-wormhole's public mailbox server and transit relay
(``wormhole.cli.public_relay``: a test holds these to them), unless ``RUIN_QT_MAILBOX`` and
``RUIN_QT_RELAY`` name others (the test suite points both at a closed port on loopback, so nothing
it starts reaches beyond the machine)."""

from __future__ import annotations

import os

PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"


def default_mailbox() -> str:
    return os.environ.get("RUIN_QT_MAILBOX") or PUBLIC_MAILBOX


def default_relay() -> str:
    return os.environ.get("RUIN_QT_RELAY") or PUBLIC_RELAY
