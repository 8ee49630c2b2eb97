"""Which events the screen readers on this desktop listen for (Linux): the
AT-SPI registry keeps every client's event registrations, and
``GetRegisteredEvents`` lists them.  The table asks it so that an
announcement reaches Orca 43 (Debian 12), which does not listen for
announcement events, without being said twice by a current Orca, which does.

PySide's QtDBus cannot read the registry's answer (an array of structures),
so this is a small D-Bus client of its own: one method call over the bus's
Unix socket, no more.  Anything unexpected means "unknown" (None), never an
exception."""

from __future__ import annotations

import os
import struct
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import unquote

if TYPE_CHECKING:  # imported when a bus is first asked: socket makes its enums at import, a start-up asks none
    import socket

TIMEOUT = 0.5  # seconds per call: the buses are local, a hung registry must not stall the game


@dataclass(frozen=True)
class Listeners:
    any: bool  # some client (a screen reader) listens for object events at all
    announcements: bool  # one listens for announcement events (and says them itself)


def _pad(n: int, align: int) -> int:
    return (align - n % align) % align


class _Writer:
    def __init__(self) -> None:
        self.b = bytearray()

    def align(self, n: int) -> None:
        self.b += b"\0" * _pad(len(self.b), n)

    def byte(self, v: int) -> None:
        self.b.append(v)

    def u32(self, v: int) -> None:
        self.align(4)
        self.b += struct.pack("<I", v)

    def string(self, s: str) -> None:
        data = s.encode()
        self.u32(len(data))
        self.b += data + b"\0"

    def signature(self, s: str) -> None:
        self.byte(len(s))
        self.b += s.encode() + b"\0"


def _call_message(serial: int, dest: str, path: str, iface: str, member: str) -> bytes:
    """A method call without arguments, little-endian."""
    fields = _Writer()
    for code, sig, value in ((1, "o", path), (2, "s", iface), (3, "s", member), (6, "s", dest)):
        fields.align(8)
        fields.byte(code)
        fields.signature(sig)
        fields.string(value)
    head = _Writer()
    head.b += b"l\x01\x00\x01"
    head.b += struct.pack("<III", 0, serial, len(fields.b))
    head.align(8)  # the array's first element (a structure) starts 8-aligned
    head.b += fields.b
    head.align(8)
    return bytes(head.b)


class _Reader:
    def __init__(self, data: bytes, endian: str, pos: int = 0) -> None:
        self.d, self.e, self.p = data, endian, pos

    def align(self, n: int) -> None:
        self.p += _pad(self.p, n)

    def take(self, sig: str, i: int = 0):
        """The value of the complete type at ``sig[i]``: (value, index after its type)."""
        c = sig[i]
        if c == "y":
            self.p += 1
            return self.d[self.p - 1], i + 1
        if c in "ub":
            self.align(4)
            self.p += 4
            return struct.unpack(self.e + "I", self.d[self.p - 4:self.p])[0], i + 1
        if c in "so":
            n, _ = self.take("u")
            s = self.d[self.p:self.p + n].decode("utf-8", "replace")
            self.p += n + 1
            return s, i + 1
        if c == "g":
            n = self.d[self.p]
            s = self.d[self.p + 1:self.p + 1 + n].decode("ascii", "replace")
            self.p += n + 2
            return s, i + 1
        if c == "v":
            inner, _ = self.take("g")
            return self.take(inner)[0], i + 1
        if c == "(":
            self.align(8)
            out, j = [], i + 1
            while sig[j] != ")":
                v, j = self.take(sig, j)
                out.append(v)
            return tuple(out), j + 1
        if c == "a":
            n, _ = self.take("u")
            end_type = _type_end(sig, i + 1)
            self.align(8 if sig[i + 1] in "(x{t" else 4 if sig[i + 1] in "usobg" else 1)
            stop, items = self.p + n, []
            while self.p < stop:
                at = self.p
                v, _ = self.take(sig, i + 1)
                if self.p <= at or self.p > len(self.d):
                    raise ValueError("a malformed array")  # never a loop without end
                items.append(v)
            return items, end_type
        raise ValueError(f"type {c!r} not read here")


def _type_end(sig: str, i: int) -> int:
    """The index just after the complete type starting at ``sig[i]``."""
    if sig[i] == "a":
        return _type_end(sig, i + 1)
    if sig[i] in "({":
        depth = 0
        for j in range(i, len(sig)):
            depth += sig[j] in "({"
            depth -= sig[j] in ")}"
            if depth == 0:
                return j + 1
    return i + 1


class _Bus:
    """One connection to a D-Bus bus by its address ("unix:path=..." or "unix:abstract=...")."""

    def __init__(self, address: str) -> None:
        import socket

        self.sock: socket.socket | None = None
        self.serial = 0
        self.buf = b""
        for one in address.split(";"):
            kind, _, rest = one.partition(":")
            keys = dict(kv.split("=", 1) for kv in rest.split(",") if "=" in kv)
            if kind != "unix":
                continue
            where = ("\0" + unquote(keys["abstract"])) if "abstract" in keys else unquote(keys.get("path", ""))
            if not where:
                continue
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(TIMEOUT)
            try:
                s.connect(where)
            except OSError:
                s.close()
                continue
            self.sock = s
            break
        if self.sock is None:
            raise OSError("no usable address")
        self.sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
        if not self._line().startswith(b"OK"):
            raise OSError("not authenticated")
        self.sock.sendall(b"BEGIN\r\n")
        self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello")

    def _line(self) -> bytes:
        while b"\r\n" not in self.buf:
            self._more()
        line, _, self.buf = self.buf.partition(b"\r\n")
        return line

    def _more(self) -> None:
        assert self.sock is not None
        chunk = self.sock.recv(65536)
        if not chunk:
            raise OSError("the bus closed the connection")
        self.buf += chunk

    def _need(self, n: int) -> None:
        while len(self.buf) < n:
            self._more()

    def call(self, dest: str, path: str, iface: str, member: str):
        """The reply's arguments (a list), or an OSError for an error reply."""
        assert self.sock is not None
        self.serial += 1
        self.sock.sendall(_call_message(self.serial, dest, path, iface, member))
        for _ in range(200):  # signals (NameAcquired) may come first
            self._need(16)
            endian = "<" if self.buf[0:1] == b"l" else ">"
            kind = self.buf[1]
            body_len, _, fields_len = struct.unpack(endian + "III", self.buf[4:16])
            head_end = 16 + fields_len
            total = head_end + _pad(head_end, 8) + body_len
            self._need(total)
            msg, self.buf = self.buf[:total], self.buf[total:]
            r = _Reader(msg, endian, 12)
            fields = dict(r.take("a(yv)")[0])
            if fields.get(5) != self.serial:
                continue
            if kind == 3:
                raise OSError(f"{member}: {fields.get(4)}")
            sig = fields.get(8, "")
            r.p = head_end + _pad(head_end, 8)
            out, i = [], 0
            while i < len(sig):
                v, i = r.take(sig, i)
                out.append(v)
            return out
        raise OSError("no reply")

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()


def _a11y_address() -> str:
    address = os.environ.get("AT_SPI_BUS_ADDRESS", "")
    if address:
        return address
    session = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "")
    if not session:
        return ""
    bus = _Bus(session)
    try:
        return bus.call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")[0]
    finally:
        bus.close()


_address = ""  # the accessibility bus's, once found (asked of the session bus again if it fails)


def registered() -> Listeners | None:
    """What the desktop's screen readers listen for now; None when it cannot be told."""
    global _address
    if not sys.platform.startswith("linux"):
        return None
    try:
        _address = _address or _a11y_address()
        if not _address:
            return None
        bus = _Bus(_address)
        try:
            events = bus.call("org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                              "org.a11y.atspi.Registry", "GetRegisteredEvents")[0]
        finally:
            bus.close()
        return listeners_of([event for _, event in events if isinstance(event, str)])
    except (OSError, ValueError, KeyError, IndexError, TypeError, struct.error, UnicodeError):
        _address = ""
        return None


def listeners_of(events: list[str]) -> Listeners:
    """The registry's event names ("Object:StateChanged:Showing", "object:announcement") read."""
    kinds = [e.lower().replace("-", "").rstrip(":") for e in events]
    return Listeners(any=any(k.startswith("object") for k in kinds),
                     announcements=any(k.startswith("object:announcement") for k in kinds))
