"""Tables announced and found on the local network (mDNS / DNS-SD, ``zeroconf``).

A host announces ``_ruin-qt._tcp`` while it listens; Game ▸ Join a table…
lists what it hears.  The join code is never announced: hearing of a table
is not being let in.  zeroconf answers on its own thread; the browser hands
each answer to the Qt event loop through a queued signal.  Tests never start
either (they use loopback and a fake browser).
"""

from __future__ import annotations

import asyncio
import os
import socket
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

if TYPE_CHECKING:  # loaded when a table is first announced or looked for
    from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf

SERVICE = "_ruin-qt._tcp.local."
ANSWER_S = 1.0  # a table heard of must accept a connection this soon to be listed (a closed one's record lingers)


def allowed() -> bool:
    """mDNS may be used: not in tests (RUIN_QT_NO_MDNS), which stay on loopback."""
    return not os.environ.get("RUIN_QT_NO_MDNS")


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other players can reach (not loopback)."""
    out = []
    for a in QNetworkInterface.allAddresses():
        if a.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and not a.isLoopback():
            out.append(a.toString())
    return out


def answering(host: str, port: int, timeout: float = ANSWER_S) -> bool:
    """Something listens at ``host``:``port`` now: a table closed (or killed) leaves its mDNS record
    behind for a while, and it was listed as if open."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except (OSError, ValueError):
        return False


class Announcer:
    """The table's announcement, for as long as it is hosted."""

    def __init__(self, name: str, port: int):
        from zeroconf import ServiceInfo, Zeroconf

        self.zc = Zeroconf()
        label = "".join(c for c in name if c.isalnum() or c in " -_")[:40] or "table"
        self.info = ServiceInfo(SERVICE, f"{label} {port}.{SERVICE}", port=port,
                                addresses=[socket.inet_aton(a) for a in lan_addresses()],
                                properties={"protocol": "1", "name": name[:40]})
        # Probing and announcing take seconds: they run on zeroconf's own loop, not the host's window.
        loop = self.zc.loop
        assert loop is not None, "a Zeroconf made outside asyncio runs its own loop from the start"
        asyncio.run_coroutine_threadsafe(self._register(), loop)

    async def _register(self) -> None:
        await (await self.zc.async_register_service(self.info, allow_name_change=True))

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        except Exception:  # noqa: BLE001 - not yet announced, or the network is gone: close anyway
            pass
        self.zc.close()


class TableBrowser(QObject):
    """Tables heard of on the local network."""

    found = Signal(str, str, str, int)  # the service's name (a key), the table's name, an address, its port
    lost = Signal(str)  # the service's name

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None

    def start(self) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        self.zc = Zeroconf()
        self._browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def stop(self) -> None:
        if self.zc is not None:
            self.zc.close()
            self.zc = None

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self.lost.emit(name)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        port = info.port if info is not None else None
        if info is None or port is None or not info.parsed_addresses():
            return
        # A property may be there without a value (None): the service's own name then.
        label = ((info.properties or {}).get(b"name") or b"").decode("utf-8", "replace") or name.split(".")[0]
        # On zeroconf's thread (its handlers may block): only a table that answers is listed.
        where = next((a for a in info.parsed_addresses() if answering(a, port)), None)
        if where is None:
            self.lost.emit(name)  # heard of before, closed since: taken off the list
            return
        self.found.emit(name, label, where, port)
