"""The self-test's "screen reader and keys" feature: the sheet a
screen reader reads is a table of 121 named cells, the piece in hand says
whether it fits, a read key is spoken, a refusal is announced, and the text
grows -- in the program as shipped."""

from __future__ import annotations

import random

from .kit import check, wait_until


def screen_reader_and_keys(window, rng: random.Random) -> str:
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QAccessible, QGuiApplication, QKeyEvent
    from PySide6.QtWidgets import QApplication

    from ...ai.random_policy import random_setup
    from ...session.intents import Confirm, TakeDecision
    from ...ui.common import text_size

    m = window.model
    heard: list[tuple[str, bool]] = []
    window.speaker.said.connect(lambda text, assertive: heard.append((text, assertive)))
    window.start_game([("Self", "human")], seed=rng.randrange(1 << 30))
    check(m.act(TakeDecision(random_setup(m.view().obs, rng))) and m.act(Confirm()), "the setup is refused")
    check(wait_until(lambda: m.step() == "draw", 10), "round 1 does not begin")
    grid = window.view.grid
    table = QAccessible.queryAccessibleInterface(grid)
    check(table is not None and table.role() == QAccessible.Role.Table, "the sheet is not an accessible table")
    names = [table.child(i).text(QAccessible.Text.Name) for i in range(table.childCount())]
    cells = [n for n in names if n.startswith("row ")]
    check(len(cells) == 121, f"the sheet's table has {len(cells)} named cells, not 121")
    window.focus_sheet()
    button = window.view.ghost_button
    wait_until(lambda: button.accessibleName().startswith(("Road piece at", "Wall piece at")), 5)
    piece = button.accessibleName()
    check(piece.startswith(("Road piece at", "Wall piece at")), f"the piece in hand is named {piece!r}")
    QApplication.sendEvent(grid, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_L, Qt.KeyboardModifier.NoModifier, "l"))
    check(bool(heard) and heard[-1][1] and heard[-1][0].startswith("row "), "the L key says nothing")
    m.act(Confirm())  # nothing drawn: refused, and said at once
    check(heard[-1][1] and heard[-1][0].startswith("Not allowed:"), "a refusal is not announced")
    size = QGuiApplication.font().pointSizeF()
    window.text_size_requested.emit(150)
    bigger = QGuiApplication.font().pointSizeF()
    window.text_size_requested.emit(100)
    check(bigger > size * 1.4 and text_size.percent() == 100, f"text size 150 % gave {bigger} pt from {size}")
    return f"{table.childCount()} objects in the sheet's table, {len(heard)} announcements"
