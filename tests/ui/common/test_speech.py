"""The speaker's two ways to a screen reader: the announcement event always,
and for a Linux reader that does not listen for announcements (Orca 43) a
status-bar notification -- only then, so that no reader hears both.  (The
real Orca hears them in tests/ui/access/test_orca_speech.py.)"""

from __future__ import annotations

import struct
import sys

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QMainWindow, QStatusBar, QWidget

from ruin_qt.ui.common import atspi_listeners, speech
from ruin_qt.ui.common.atspi_listeners import Listeners

# What Debian 12's Orca 43 registers (read from its registry), and what a current Orca adds.
ORCA_43 = ["Focus::", "Object:StateChanged:Showing", "Object:PropertyChange:AccessibleName", "Window:Activate:"]

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the notification is for AT-SPI")


def test_the_registry_says_who_hears_announcements():
    assert atspi_listeners.listeners_of(ORCA_43) == Listeners(any=True, announcements=False)
    assert atspi_listeners.listeners_of([*ORCA_43, "Object:Announcement:"]) == Listeners(True, True)
    assert atspi_listeners.listeners_of(["object:announcement"]).announcements
    assert atspi_listeners.listeners_of([]) == Listeners(False, False)


def test_a_method_call_is_written_as_d_bus_reads_it():
    msg = atspi_listeners._call_message(7, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                        "org.a11y.atspi.Registry", "GetRegisteredEvents")
    assert msg[:4] == b"l\x01\x00\x01" and len(msg) % 8 == 0
    body, serial, _ = struct.unpack("<III", msg[4:16])
    assert (body, serial) == (0, 7)
    fields = dict(atspi_listeners._Reader(msg, "<", 12).take("a(yv)")[0])
    assert fields == {1: "/org/a11y/atspi/registry", 2: "org.a11y.atspi.Registry",
                      3: "GetRegisteredEvents", 6: "org.a11y.atspi.Registry"}


def test_an_array_of_pairs_is_read():
    """The registry's answer, a(ss), as a bus writes it."""
    w = atspi_listeners._Writer()
    items = [(":1.5", "Object:StateChanged:Showing"), (":1.7", "Object:Announcement:")]
    inner = atspi_listeners._Writer()
    for a, b in items:
        inner.align(8)
        inner.string(a)
        inner.string(b)
    w.u32(len(inner.b))
    w.align(8)
    w.b += inner.b
    assert atspi_listeners._Reader(bytes(w.b), "<").take("a(ss)")[0] == [tuple(x) for x in items]


def test_no_bus_means_unknown(monkeypatch):
    monkeypatch.setattr(atspi_listeners, "_address", "")
    monkeypatch.delenv("AT_SPI_BUS_ADDRESS", raising=False)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus")
    assert atspi_listeners.registered() is None


@pytest.fixture
def active():
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


def spoken(qtbot, window, listeners, *words, assertive=False) -> speech.Speaker:
    """A speaker that has said ``words`` in one pass of the event loop, and had the time to tell them."""
    s = speech.Speaker(window)
    s.listeners = lambda: listeners
    for w in words:
        s.say(w, assertive)
    qtbot.waitUntil(lambda: not s._flush.isActive() or not window.isVisible(), timeout=2000)
    qtbot.wait(1)
    return s


@linux_only
def test_a_reader_without_announcements_hears_a_status_bar_notification(qtbot, active):
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    s = spoken(qtbot, window, Listeners(True, False), "Max has decided.", "Bea, your turn.")
    assert s.notes() == ["Max has decided. Bea, your turn."]  # said in one go: one note
    note = window.findChild(speech.LiveNote)
    assert isinstance(note.parentWidget(), QStatusBar) and note.isVisible()
    iface = QAccessible.queryAccessibleInterface(note)
    assert iface.role() == QAccessible.Role.Notification
    assert iface.text(QAccessible.Text.Name) == "Max has decided. Bea, your turn."
    for n in range(speech.NOTES_KEPT + 3):
        s.say(f"Round {n} is over.")
        qtbot.waitUntil(lambda n=n: s.notes()[-1] == f"Round {n} is over.", timeout=2000)
    assert len(s.notes()) == speech.NOTES_KEPT and s.notes()[-1] == f"Round {speech.NOTES_KEPT + 2} is over."


@linux_only
@pytest.mark.parametrize("listeners", [Listeners(True, True), Listeners(False, False), None])
def test_no_notification_where_a_reader_hears_the_announcement_or_none_listens(qtbot, active, listeners):
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    s = spoken(qtbot, window, listeners, "Max has decided.")
    assert s.notes() == [] and window.findChild(speech.LiveNote) is None


@linux_only
def test_words_said_before_the_window_shows_are_told_when_it_does(qtbot, active):
    window = QWidget()  # no status bar of its own (the review window): one unseen is made
    qtbot.addWidget(window)
    s = spoken(qtbot, window, Listeners(True, False), "A new game: Bea, Max.")
    assert s.notes() == []
    window.show()
    qtbot.waitUntil(lambda: s.notes() == ["A new game: Bea, Max."], timeout=2000)
    bar = window.findChild(QStatusBar)
    assert bar is not None and bar.size().isEmpty()


def test_nothing_is_told_while_no_screen_reader_is_active(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    assert not QAccessible.isActive()
    s = spoken(qtbot, window, Listeners(True, False), "Max has decided.")
    assert s.notes() == []


@linux_only
def test_forget_takes_the_notes_off_the_bus_but_tells_what_waits(qtbot, active):
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    s = spoken(qtbot, window, Listeners(True, False), "row 4, column 7: road.")
    s.say("Round 3 is over.")
    s.forget()  # the hand-off: the read key's answer goes, the round's news is still told
    qtbot.waitUntil(lambda: s.notes() == ["Round 3 is over."], timeout=2000)
    qtbot.wait(1)
    assert [n.accessibleName() for n in window.findChildren(speech.LiveNote) if n.isVisible()] == ["Round 3 is over."]


@pytest.mark.parametrize("data, sig", [(b"\x08\0\0\0" + b"\0" * 4, "a()"), (b"\xff\xff\0\0", "a(ss)"), (b"", "a(ss)"),
                                       (b"\x04\0\0\0\x05\0\0\0", "as")])
def test_a_malformed_answer_is_an_error_never_a_hang_or_a_crash(data, sig):
    with pytest.raises((ValueError, IndexError, struct.error, UnicodeError)):
        atspi_listeners._Reader(data, "<").take(sig)
