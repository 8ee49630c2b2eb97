"""A joining screen back at its table after a crash finds
its draft and its Undo (and Redo) as they were: the host kept the draft's
steps, the screen's new undo stack stands for them and asks the host.
In-process: the joining windows' clients talk to a ``TableHost`` through a
``Wire`` (no sockets), their messages delivered when the test pumps."""

from __future__ import annotations

import json

import pytest
import shiboken6

from ruin_qt.app.tables import joined_table
from ruin_qt.net.codec import plain
from ruin_qt.net.messages import Bye
from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_client import TableClient
from ruin_qt.net.table_host import TableHost
from ruin_qt.session.intents import ToggleKeep

from .hosting import Wire

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")

SEAT = 1


class Line:
    """A joining screen's connection to the Wire: what its client sends waits for ``pump``."""

    def __init__(self, w: Wire, conn: int, client: TableClient):
        self.w, self.conn, self.client, self.read = w, conn, client, 0
        self.out: list = []  # the client's messages (``net.messages``), as it wrote them
        client._send = self.out.append  # type: ignore[method-assign]

    def pump(self) -> None:
        """Deliver what the client sent, then hand it whatever the host said on its connection."""
        while True:
            for msg in self.out[:]:
                self.out.remove(msg)
                if not isinstance(msg, Bye):
                    self.w.send(self.conn, msg.write())
            news, self.read = self.w.inbox[self.conn][self.read:], len(self.w.inbox[self.conn])
            for m in news:
                self.client._on_message(json.dumps(m))
            if not self.out and self.read == len(self.w.inbox[self.conn]):
                return


@pytest.fixture
def windows(qtbot):
    """The table windows a test opens: closed by the test or after it, never by qtbot (a closed one is deleted)."""
    made: list = []
    yield made
    for window in made:
        if shiboken6.isValid(window):
            window.close()


def screen(runner, windows: list, w: Wire, conn: int, token: str | None = None):
    client = TableClient("127.0.0.1", 9, "TEST42", token=token)  # never started: the Wire is its socket
    line = Line(w, conn, client)
    # made at the welcome, before the first state, as the app makes it
    window = joined_table(client, SEAT, runner=runner)
    windows.append(window)
    window.show()
    line.pump()
    return window, line


def host_draft(w: Wire) -> dict:
    return plain(w.host.frame(SEAT).view.draft)


def test_after_a_rejoin_undo_and_redo_are_back_and_step_the_hosts_draft(windows, runner):
    w = Wire(TableHost(["remote", "remote"], 8, "test42"))
    w.join(seat=0)
    conn, welcome = w.join(seat=SEAT)
    before, line = screen(runner, windows, w, conn)
    m = before.model
    hand = m.view().setup.dealt_objectives
    assert m.act(ToggleKeep(hand[0])) and m.act(ToggleKeep(hand[1]))
    line.pump()
    m.undo_stack.undo()  # one step taken back: the host holds one to undo and one to redo
    line.pump()
    assert host_draft(w)["keep"] == [hand[0]]
    assert before.turn_panel.undo_button.isEnabled() and before.turn_panel.redo_button.isEnabled()

    # The joining app crashes; started again, it returns to its seat with the token.
    w.host.disconnect(conn, w.now)
    w.pump()
    before.close()
    back = w.open()
    w.send(back, {"type": "hello", "protocol": PROTOCOL, "token": welcome["token"]})
    after, line = screen(runner, windows, w, back, welcome["token"])
    m = after.model
    assert m.view().setup.keep == (hand[0],)  # the draft, as it was
    undo, redo = after.turn_panel.undo_button, after.turn_panel.redo_button
    assert undo.isEnabled() and redo.isEnabled()  # a rejoin once left both greyed out

    undo.click()  # a step only the host holds: asked of it, its answer shown
    line.pump()
    assert host_draft(w)["keep"] == [] and m.view().setup.keep == ()
    assert not undo.isEnabled() and redo.isEnabled()
    redo.click()
    line.pump()
    assert host_draft(w)["keep"] == [hand[0]] and m.view().setup.keep == (hand[0],)
    redo.click()
    line.pump()
    assert host_draft(w)["keep"] == [hand[0], hand[1]] and m.view().setup.keep == (hand[0], hand[1])
    assert undo.isEnabled() and not redo.isEnabled()
    for _ in range(2):  # back down, this screen's own steps now
        undo.click()
        line.pump()
    assert host_draft(w)["keep"] == [] and m.view().setup.keep == () and not undo.isEnabled()

    # An edit after the return drops the host's redo steps, as it drops this screen's.
    assert m.act(ToggleKeep(hand[2]))
    line.pump()
    assert host_draft(w)["keep"] == [hand[2]] and undo.isEnabled() and not redo.isEnabled()


def test_a_rejoin_with_nothing_to_undo_leaves_undo_greyed_out(windows, runner):
    w = Wire(TableHost(["remote", "remote"], 8, "test42"))
    w.join(seat=0)
    conn, welcome = w.join(seat=SEAT)
    before, _line = screen(runner, windows, w, conn)
    w.host.disconnect(conn, w.now)
    w.pump()
    before.close()
    back = w.open()
    w.send(back, {"type": "hello", "protocol": PROTOCOL, "token": welcome["token"]})
    after, _line = screen(runner, windows, w, back, welcome["token"])
    assert after.model.screen.deciding_here
    assert not after.turn_panel.undo_button.isEnabled() and not after.turn_panel.redo_button.isEnabled()
