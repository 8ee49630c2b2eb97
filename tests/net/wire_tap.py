"""A TCP proxy on loopback that passes every byte on and keeps a copy: what someone on the network
sees of a table (a capture), or a man in the middle who relays and records but has no join code."""

from __future__ import annotations

import json
import socket
import threading


class WireTap:
    def __init__(self, target_port: int):
        self.target = ("127.0.0.1", target_port)
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.seen = bytearray()  # both directions, as they passed
        self._lock = threading.Lock()
        self._socks: list[socket.socket] = []
        self._stop = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            self._socks += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                with self._lock:
                    self.seen += data
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self._stop = True
        self.server.close()
        for s in self._socks:
            s.close()


def game_secrets(rec: dict, tokens: list[str], names: list[str], code: str) -> list[str]:
    """What must never pass a wire in clear during the game of ``rec``: the seats' tokens, the players'
    names, the join code, every shuffle's order (as JSON, and as letters run together), every setup
    piece's cells, and the JSON fields of a seat's private side (not message types: a wormhole's mailbox has a
    "welcome" of its own)."""
    out = [*tokens, *names, code, '"hand"', '"token"', '"view"', '"draft"', '"cells"']
    for shuffle in rec["shuffles"]:
        order = [str(x) for x in shuffle["order"]]
        out += [json.dumps(order, separators=(",", ":")),
                json.dumps([int(x) if x.isdigit() else x for x in order], separators=(",", ":"))]
        if all(len(x) == 1 for x in order):
            out.append("".join(order))
    for seat in rec["setup"]:
        out += [json.dumps(p["cells"], separators=(",", ":")) for p in seat.get("roads", []) + seat.get("walls", [])]
    return out
