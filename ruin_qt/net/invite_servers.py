"""``ruin-qt invite-servers``: magic-wormhole's own mailbox server and transit relay, in one process.

These are the two existing server packages (magic-wormhole-mailbox-server,
magic-wormhole-transit-relay) run as they are, not servers of ours: the
program carries them so that its ``--self-test`` can play a table through a
relay on this computer alone, and so that a group of friends can run their own
pair from the game itself.  (``twist wormhole-mailbox`` and ``twist
transitrelay``, from those packages, run the same servers; README tells how.)
It prints ``{"mailbox": URL, "relay": HINT}`` once both listen, and runs until
it is stopped (or its standard input closes, when started by another program).
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
from typing import Protocol

from ..paths import program_name


class Loop(Protocol):
    """The reactor as this module runs it.  Twisted types its reactor by zope interfaces, whose methods
    mypy can call only through the mypy-zope plugin; this structural view is checked without it."""

    running: bool

    def run(self) -> None: ...

    def stop(self) -> None: ...


def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog=f"{program_name()} invite-servers",
                                description="run a magic-wormhole mailbox server and transit relay for invites")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every network)")
    p.add_argument("--mailbox-port", type=int, default=0, help="the mailbox server's port (0: a free one)")
    p.add_argument("--relay-port", type=int, default=0, help="the transit relay's port (0: a free one)")
    p.add_argument("--channel-db", default=":memory:", help="the mailbox's state (SQLite file; default: in memory)")
    p.add_argument("--until-stdin-closes", action="store_true", help="stop when standard input closes")
    args = p.parse_args(argv)
    from twisted.internet import reactor as twisted_reactor
    from twisted.internet import stdio
    from twisted.internet.protocol import Protocol as TwistedProtocol
    from wormhole_mailbox_server import server_tap as mailbox_tap
    from wormhole_transit_relay import server_tap as relay_tap

    reactor: Loop = twisted_reactor
    host = args.host
    mport = args.mailbox_port or free_port(host)
    rport = args.relay_port or free_port(host)
    iface = host.replace(":", r"\:")
    mailbox = mailbox_tap.Options()
    mailbox.parseOptions(["--port", f"tcp:{mport}:interface={iface}", "--channel-db", args.channel_db])
    relay = relay_tap.Options()
    relay.parseOptions(["--port", f"tcp:{rport}:interface={iface}"])
    services = [mailbox_tap.makeService(mailbox), relay_tap.makeService(relay)]
    for s in services:
        s.startService()
    where = f"[{host}]" if ":" in host else host
    told = {"mailbox": f"ws://{where}:{mport}/v1", "relay": f"tcp:{where}:{rport}"}
    print(json.dumps(told), flush=True)  # TCP listens as the services start; before stdio is Twisted's

    if args.until_stdin_closes:
        class Watch(TwistedProtocol):
            def connectionLost(self, reason=None):  # noqa: N802 - Twisted's name
                if reactor.running:
                    reactor.stop()

        stdio.StandardIO(Watch())
    reactor.run()
    for s in services:
        s.stopService()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
