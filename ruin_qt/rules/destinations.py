"""Which letters traced on a sheet are still destinations there (R1.4).

A wall may cover a letter (R3.5), an active destination's too.  A step only
ends on a road or a gate (R4.4) and walls are never erased (R1.3), so that
seat's pawn can never stand there: its gem can never be collected on that
sheet (R8.2).  The letter stays an active destination for the table (on the
other sheets) until someone collects it; on the walled sheet it is *walled*,
no longer a destination to walk to.  It is also no road for routes (R11.4)
and, not being road or gate, breaks the square bonus (R11.1)."""

from __future__ import annotations

from .components import load_components
from .sheet import Sheet

# The rule that makes a walled destination dead on its sheet: a gem is collected
# only by a pawn standing on the letter (R8.2), and no step ends on a wall (R4.4).
WALLED_RULE = "R8.2"


def traced_destinations(sheet: Sheet, revealed, resolved) -> tuple[tuple[str, ...], tuple[str, ...],
                                                                   tuple[str, ...]]:
    """The letters traced on ``sheet``, in the order they were revealed:
    (active, resolved, walled).  ``walled``: revealed and not yet collected,
    but under a wall on this sheet, so not an active destination here."""
    comps = load_components()
    active, done, walled = [], [], []
    for letter in revealed:
        b = comps.letter_bit(letter)
        if not sheet.traced & b:
            continue
        if letter in resolved:
            done.append(letter)
        elif sheet.walls & b:
            walled.append(letter)
        else:
            active.append(letter)
    return tuple(active), tuple(done), tuple(walled)
