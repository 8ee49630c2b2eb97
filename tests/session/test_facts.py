"""``session.facts`` is a deliberate list of what views may read, by name:
no rules module goes out whole, and ui/ imports from it only names on that
list, never the module itself."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import ruin_qt
from ruin_qt.session import facts

UI = Path(ruin_qt.__file__).resolve().parent / "ui"


def test_facts_hands_out_names_and_no_module():
    public = {n for n in vars(facts) if not n.startswith("_") and n != "annotations"}
    assert not [n for n in public if isinstance(getattr(facts, n), types.ModuleType)]
    assert not [n for n, v in vars(facts).items() if isinstance(v, types.ModuleType) and n != "__builtins__"]
    assert set(facts.__all__) <= public and len(set(facts.__all__)) == len(facts.__all__)


def test_the_views_import_names_on_the_list_and_not_the_module():
    for f in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            names = [a.name for a in node.names]
            where = f.relative_to(UI)
            if (node.module or "").endswith("session") and node.level:
                assert "facts" not in names, f"ui/{where} imports session.facts whole"
            if (node.module or "").endswith("session.facts"):
                assert set(names) <= set(facts.__all__), f"ui/{where} imports {set(names) - set(facts.__all__)}"
