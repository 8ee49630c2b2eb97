"""The rules layer stays pure Python (ARCHITECTURE.md) and ships its data."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import ruin_qt

PACKAGE = Path(ruin_qt.__file__).resolve().parent
ROOT = PACKAGE.parent
FORBIDDEN = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_rules_and_ai_source_import_no_qt():
    for folder in ("rules", "ai"):
        for f in (PACKAGE / folder).rglob("*.py"):
            assert not imported_modules(f) & set(FORBIDDEN), f


def test_importing_the_engine_loads_no_qt():
    code = (
        "import sys, ruin_qt.rules.game, ruin_qt.rules.record, ruin_qt.rules.observation, ruin_qt.ai.random_policy;"
        f"bad=[m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def test_components_resource_is_the_shared_data():
    ours = json.loads((ROOT / "resources" / "components.json").read_text(encoding="utf-8"))
    shared = ROOT.parent / "shared" / "data" / "components.json"
    if shared.exists():  # beside a checkout on the project's machines
        assert ours == json.loads(shared.read_text(encoding="utf-8"))
    assert ours["format"] == "in-the-ruin-components/1"
    assert len(ours["explore_cards"]) == 24 and len(ours["objective_cards"]) == 24
