"""The words about a table across laptops that several windows and dialogs say:
a kept seat offered back, a return that failed, a host's refusal.  Shared by
the Join dialog, the network table's window and the start-up offer."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def return_text(table) -> str:
    """"Return to the table at ADDRESS (seat N)" for a kept table (an invite's has no address)."""
    if getattr(table, "back", ""):
        return QCoreApplication.translate("TableReturn", "Return to the table you were invited to (seat %1)").replace(
            "%1", str(table.seat + 1))
    return QCoreApplication.translate("TableReturn", "Return to the table at %1 (seat %2)").replace(
        "%1", table.address).replace("%2", str(table.seat + 1))


def with_whom(table) -> str:
    return QCoreApplication.translate("TableReturn", "At the table: %1").replace("%1", table.label) \
        if table.label else ""


def return_failure(code: str, address: str) -> str:
    """A return attempt that did not get the seat back, in plain words."""
    if code == "bad_token":
        text = QCoreApplication.translate(
            "TableReturn", "The table at %1 no longer knows your seat: its game is over, or the host opened a new "
                           "table there.")
    elif code == "gone":
        text = QCoreApplication.translate(
            "TableReturn", "The table at %1 does not answer: the host may have closed it, or its computer is off or "
                           "on another network.")
    else:
        return failure_text(code, "")
    return text.replace("%1", address)


def failure_text(code: str, message: str) -> str:
    """The host's refusal to let this screen in, or the table gone, in the player's language."""
    t = {"bad_code": QCoreApplication.translate("NetTable", "That is not this table's join code."),
         "table_full": QCoreApplication.translate("NetTable", "Every seat at this table is taken."),
         "started": QCoreApplication.translate("NetTable", "This table's game has already started."),
         "protocol_version": QCoreApplication.translate(
             "NetTable", "This table runs another version of In the Ruin: both players need the same version."),
         "host_quit": QCoreApplication.translate("NetTable", "The host has closed the table."),
         "gone": QCoreApplication.translate("NetTable", "The table cannot be reached.")}
    return t.get(code, QCoreApplication.translate("NetTable", "The host says: %1").replace("%1", message))
