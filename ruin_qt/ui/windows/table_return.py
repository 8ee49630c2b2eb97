"""Back in your seat after a restart: at start-up the newest table this app
has kept a seat at (``common.seat_keeper``) is offered back."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox

from ..common.on_screen import centre_on
from ..common.table_words import return_text, with_whom
from ..dialogs import boxes


def offer_at_start(parent, store, choose: Callable[[object], object], then: Callable[[], None]) -> bool:
    """At start-up: the newest table kept is offered back (Return, Not now, Forget),
    apart from any local game; ``then()`` once it is answered.  False if none is kept."""
    tables = store.tables() if store is not None else []
    problem = store.take_problem() if store is not None else None
    if problem:
        parent.warn(problem)
    if not tables:
        return False
    table = tables[0]
    Button = QMessageBox.StandardButton
    title = QCoreApplication.translate("TableReturn", "Return to the table")
    if table.back:
        text = QCoreApplication.translate(
            "TableReturn", "You were playing at a table you were invited to, seat %1. Return to your seat?").replace(
            "%1", str(table.seat + 1))
    else:
        text = QCoreApplication.translate(
            "TableReturn", "You were playing at a table across laptops: %1, seat %2. Return to your seat?").replace(
            "%1", table.address).replace("%2", str(table.seat + 1))
    if table.label:
        text += "\n" + with_whom(table)

    def answered(r: int) -> None:
        if r == Button.Yes:
            choose(table)
        elif r == Button.Discard:
            store.forget(table.host, table.port)
        then()

    box = boxes.message(parent, QMessageBox.Icon.Question, title, text, Button.Yes | Button.No | Button.Discard,
                        answered, default=Button.Yes, escape=Button.No)
    box.setObjectName("table_return_offer")
    box.button(Button.Yes).setText(return_text(table))
    box.button(Button.No).setText(QCoreApplication.translate("TableReturn", "Not now"))
    box.button(Button.Discard).setText(QCoreApplication.translate("TableReturn", "Forget this table"))
    centre_on(box, parent)  # at start-up the window is placed after the box opens: it follows
    return True
