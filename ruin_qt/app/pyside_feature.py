"""PySide's look at every module imported after it, made cheap.

After each import PySide asks whether the new module uses PySide (for its
``__feature__`` switches), by reading the module's source through
``inspect.getsource``: decoded, split into lines and kept in ``linecache`` for
the rest of the run.  At a start that is some 150 modules and about a twelfth
of the start's CPU time.  Its answer is whether the text "PySide6" is in the
source; read from the file's bytes, the answer is the same for a fraction of
the cost.  A module without a source file, and a PySide without that hook,
are left to PySide."""

from __future__ import annotations

import sys
from typing import Any


def quicken() -> bool:
    """Give PySide's check the quick reading (once; call it after PySide6 is imported).
    False when this PySide has no such check, or it is quick already."""
    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if check is None or getattr(check, "pyside_check", None) is not None:
        return False

    def uses_pyside(module: Any) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as f:
                    return b"PySide6" in f.read()
            except OSError:
                pass
        return check(module)

    uses_pyside.pyside_check = check  # type: ignore[attr-defined]  # PySide's own, for the test's comparison
    setattr(feature, "_mod_uses_pyside", uses_pyside)  # noqa: B010  # PySide's private hook, replaced
    return True
