"""The linters are part of the test command: ruff over the project and mypy
over the whole package with ``check_untyped_defs`` (their settings are in
pyproject.toml), every ``type: ignore`` saying why on its own line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# An ignore names its codes and says why after them: "# type: ignore[code]  # because ..."
EXPLAINED = re.compile(r"#\s*type:\s*ignore\[[a-z0-9, -]+\]\s+#\s*\w")


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing():
    r = run("ruff", "check", "--no-cache", "ruin_qt", "tests", "tools", "packaging", "dev.py")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_passes_on_the_whole_package():
    r = run("mypy", "--no-incremental", "--cache-dir", "/dev/null" if sys.platform != "win32" else "nul")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_is_set_to_check_every_module_and_every_function_body():
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["files"] == ["ruin_qt"] and mypy["check_untyped_defs"] is True
    for override in mypy.get("overrides", []):  # only third-party modules without types may be let off
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert not any(m.startswith("ruin_qt") for m in modules), override


def test_a_type_error_planted_in_an_untyped_view_function_fails_mypy(tmp_path):
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(ROOT / "ruin_qt", tmp_path / "ruin_qt", ignore=shutil.ignore_patterns("__pycache__"))
    planted = tmp_path / "ruin_qt" / "ui" / "common" / "mime.py"
    planted.write_text(planted.read_text(encoding="utf-8") + "\n\ndef planted():\n    return len(3)\n",
                       encoding="utf-8")
    # The one module, with the project's settings: what the whole-package run would say of it.
    r = run("mypy", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), "ruin_qt/ui/common/mime.py",
            cwd=tmp_path)
    assert r.returncode == 1 and "mime.py" in r.stdout and "arg-type" in r.stdout, r.stdout + r.stderr


def unexplained_ignores(root: Path) -> list[str]:
    return [f"{path.relative_to(root)}:{n}" for path in sorted((root / "ruin_qt").rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if "type: ignore" in line and not EXPLAINED.search(line)]


def test_every_type_ignore_names_its_code_and_says_why():
    assert unexplained_ignores(ROOT) == []


def test_an_unexplained_ignore_is_found(tmp_path):
    (tmp_path / "ruin_qt").mkdir()
    (tmp_path / "ruin_qt" / "a.py").write_text("x: int = 'a'  # type: ignore[assignment]\n"
                                                "y: int = 'b'  # type: ignore[assignment]  # a planted reason\n")
    assert unexplained_ignores(tmp_path) == ["ruin_qt/a.py:1"]
