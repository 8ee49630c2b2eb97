"""A small AT-SPI client, as a screen reader is: it reads a running program's
accessible objects over the accessibility bus (D-Bus, through jeepney) and
hears its events.

``Desktop`` starts what a Linux desktop provides for that -- a virtual X
screen (Xvfb), a private session bus and, through it, the accessibility bus
(at-spi2-core) -- and ``Node`` is one accessible object as Orca sees it: its
name, role, states, description, children, actions and table cells."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

from jeepney import DBusAddress, MatchRule, Properties, new_method_call
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection

ROOT = ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root")
ACC = "org.a11y.atspi.Accessible"
# AT-SPI's state numbers (atspi-constants.h) that the tests read.
STATES = {"enabled": 8, "focusable": 11, "focused": 12, "selected": 23, "sensitive": 24, "showing": 25,
          "visible": 30, "checked": 4, "editable": 7}


def available() -> str:
    """Why an AT-SPI test cannot run here ("" when it can)."""
    for tool in ("Xvfb", "dbus-daemon"):
        if not shutil.which(tool):
            return f"{tool} is not installed"
    if not os.path.exists("/usr/libexec/at-spi-bus-launcher"):
        return "at-spi2-core is not installed"
    return ""


class Desktop:
    """Xvfb, a session bus and the accessibility bus, for one test module."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen] = []
        self.tmp = tempfile.mkdtemp(prefix="ruin-qt-a11y-")
        display = self._xvfb()
        self.env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", XDG_RUNTIME_DIR=self.tmp,
                        QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", NO_AT_BRIDGE="0")
        self.env.pop("WAYLAND_DISPLAY", None)
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                               stdout=subprocess.PIPE, text=True, env=self.env)
        self.procs.append(bus)
        assert bus.stdout is not None
        self.env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        self.session = open_dbus_connection(bus=self.env["DBUS_SESSION_BUS_ADDRESS"])
        launcher = DBusAddress("/org/a11y/bus", bus_name="org.a11y.Bus", interface="org.a11y.Bus")
        # Asking for the address starts at-spi-bus-launcher (D-Bus activation), as a desktop's login does.
        self.a11y_address = self.session.send_and_get_reply(new_method_call(launcher, "GetAddress")).body[0]
        status = DBusAddress("/org/a11y/bus", bus_name="org.a11y.Bus", interface="org.a11y.Status")
        self.session.send_and_get_reply(Properties(status).set("IsEnabled", "b", True))
        self.bus = open_dbus_connection(bus=self.a11y_address)
        self.events: list[tuple[str, str, tuple]] = []

    def _xvfb(self) -> str:
        for n in range(90 + os.getpid() % 50, 400):
            if os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
                continue
            p = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{n}") or p.poll() is not None:
                    break
                time.sleep(0.05)
            if p.poll() is None:
                self.procs.append(p)
                return f":{n}"
        raise RuntimeError("no free X display")

    def close(self) -> None:
        for conn in (getattr(self, "bus", None), getattr(self, "session", None)):
            if conn is not None:
                conn.close()
        for p in reversed(self.procs):
            p.terminate()
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()

    # -- the keyboard -------------------------------------------------------
    def keys(self, *keys: str) -> None:
        """Press keys on the X display (xdotool's names: "Return", "ctrl+n", "Right")."""
        subprocess.run(["xdotool", "key", "--clearmodifiers", "--delay", "15", *keys], env=self.env, check=True)

    def focus(self, title: str) -> None:
        """Give the keyboard to the window whose title matches ``title`` (a regular expression), as a
        desktop's window manager does when a dialog closes: this bare X display has none."""
        subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title, "windowfocus", "--sync"],
                       env=self.env, check=True, capture_output=True, timeout=10)

    def type(self, text: str) -> None:
        subprocess.run(["xdotool", "type", "--delay", "15", text], env=self.env, check=True)

    # -- reading -----------------------------------------------------------
    def call(self, bus_name: str, path: str, interface: str, method: str, sig: str = "", *args):
        addr = DBusAddress(path, bus_name=bus_name, interface=interface)
        reply = self.bus.send_and_get_reply(new_method_call(addr, method, sig, args), timeout=10)
        if reply.header.message_type.name == "error":
            raise RuntimeError(f"{interface}.{method}: {reply.body}")
        return reply.body

    def prop(self, bus_name: str, path: str, interface: str, name: str):
        addr = DBusAddress(path, bus_name=bus_name, interface=interface)
        reply = self.bus.send_and_get_reply(Properties(addr).get(name), timeout=10)
        return reply.body[0][1]

    def pid_of(self, bus_name: str) -> int:
        reply = self.bus.send_and_get_reply(message_bus.GetConnectionUnixProcessID(bus_name), timeout=10)
        return reply.body[0]

    def app(self, name: str, pid: int | None = None, timeout: float = 20) -> Node:
        """The running program called ``name`` (started as process ``pid``) on the accessibility bus."""
        deadline = time.monotonic() + timeout
        while True:
            for child in Node(self, *ROOT).children():
                try:
                    if child.name == name and (pid is None or self.pid_of(child.bus_name) == pid):
                        return child
                except RuntimeError:
                    continue
            if time.monotonic() > deadline:
                names = [c.name for c in Node(self, *ROOT).children()]
                raise AssertionError(f"no application {name!r} on the accessibility bus: {names}")
            time.sleep(0.2)

    # -- hearing ------------------------------------------------------------
    def listen(self, *kinds: str) -> None:
        """Ask every application for these events ("object:announcement", ...), as Orca does."""
        registry = ("org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry")
        for kind in kinds:
            for attempt in range(10):  # the registry is started on demand and may still be settling in
                try:
                    self.call(*registry, "RegisterEvent", "s", kind)
                    break
                except RuntimeError:
                    if attempt == 9:
                        raise
                    time.sleep(0.3)
        rule = MatchRule(type="signal", interface="org.a11y.atspi.Event.Object")
        self.bus.send_and_get_reply(message_bus.AddMatch(rule))
        self._rule = rule
        self._queue = self.bus.filter(rule, bufsize=10000).__enter__()

    def heard(self, wait: float = 0.5) -> list[tuple[str, str, tuple]]:
        """Events received so far: (member, detail, body)."""
        end = time.monotonic() + wait
        while True:
            left = end - time.monotonic()
            if left <= 0:
                break
            try:
                msg = self.bus.recv_until_filtered(self._queue, timeout=left)
            except TimeoutError:
                break
            self.events.append((msg.header.fields.get(3, ""), msg.body[0], msg.body))  # 3: member
        return self.events


@dataclass
class Node:
    desk: Desktop = field(repr=False)
    bus_name: str
    path: str

    def _call(self, method: str, sig: str = "", *args, interface: str = ACC):
        return self.desk.call(self.bus_name, self.path, interface, method, sig, *args)

    def _prop(self, name: str, interface: str = ACC):
        return self.desk.prop(self.bus_name, self.path, interface, name)

    @property
    def name(self) -> str:
        return self._prop("Name")

    @property
    def description(self) -> str:
        return self._prop("Description")

    @property
    def role(self) -> str:
        return self._call("GetRoleName")[0]

    def states(self) -> set[str]:
        words = self._call("GetState")[0]
        bits = words[0] | (words[1] << 32)
        return {name for name, n in STATES.items() if bits >> n & 1}

    def interfaces(self) -> list[str]:
        return self._call("GetInterfaces")[0]

    def children(self) -> list[Node]:
        return [Node(self.desk, bus, path) for bus, path in self._call("GetChildren")[0]
                if path != "/org/a11y/atspi/null"]

    def walk(self, limit: int = 5000):
        """Every object below this one, depth first (showing ones only when asked so)."""
        stack, seen = [self], 0
        while stack and seen < limit:
            node = stack.pop()
            seen += 1
            yield node
            try:
                stack.extend(reversed(node.children()))
            except RuntimeError:
                continue

    def find(self, role: str | None = None, name: str | re.Pattern | None = None,
             showing: bool = True) -> Node:
        found = self.find_all(role, name, showing)
        if not found:
            raise AssertionError(f"no {role or 'object'} named {name!r}")
        return found[0]

    def find_all(self, role: str | None = None, name: str | re.Pattern | None = None,
                 showing: bool = True) -> list[Node]:
        out = []
        for node in self.walk():
            try:
                if role is not None and node.role != role:
                    continue
                n = node.name
                if name is not None and not (re.search(name, n) if isinstance(name, re.Pattern) else n == name):
                    continue
                if showing and "showing" not in node.states():
                    continue
            except RuntimeError:
                continue
            out.append(node)
        return out

    # -- interfaces ---------------------------------------------------------
    def actions(self) -> list[str]:
        n = self._prop("NActions", "org.a11y.atspi.Action")
        return [self._call("GetName", "i", i, interface="org.a11y.atspi.Action")[0] for i in range(n)]

    def do(self, action: str = "") -> None:
        names = self.actions()
        index = names.index(action) if action else 0
        self._call("DoAction", "i", index, interface="org.a11y.atspi.Action")

    def cell(self, row: int, column: int) -> Node:
        bus, path = self._call("GetAccessibleAt", "ii", row, column, interface="org.a11y.atspi.Table")[0]
        return Node(self.desk, bus, path)

    def table_size(self) -> tuple[int, int]:
        return (self._prop("NRows", "org.a11y.atspi.Table"), self._prop("NColumns", "org.a11y.atspi.Table"))

    def text(self) -> str:
        n = self._prop("CharacterCount", "org.a11y.atspi.Text")
        return self._call("GetText", "ii", 0, n, interface="org.a11y.atspi.Text")[0]
