"""Guards that keep the house as docs/HOUSE.md draws it: layers import one
way (rules <- ai <- session <- net <- model <- ui <- app, the review beside the
session), the rules, the session, the AI and the review know no Qt, the views
reach no rule machinery, the review asks the Expert only through its public
API, only the rules refuse a move, tools and packaging use the app through
its public entry, and no module grows past 450 lines."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ruin_qt

PACKAGE = Path(ruin_qt.__file__).resolve().parent
QT = {"PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6"}
# What each layer may import from the package (besides itself and ruin_qt.paths).
ALLOWED = {
    "rules": set(),
    "ai": {"rules"},
    "review": {"rules", "ai"},  # the game review: the Expert's search over one seat's record
    "session": {"rules", "ai"},  # ai: the random fallback for a broken computer seat
    "net": {"rules", "ai", "session"},  # the session served over WebSocket (its transport is Qt's)
    "model": {"rules", "ai", "session", "net", "review"},  # review: run in the runner, handed to its window
    # The views draw what the session's views and the model hand them (and Qt).
    "ui": {"session", "model"},
    "app": {"rules", "ai", "session", "model", "ui", "review", "net"},
    # the benchmarks measure everything; nothing but the command line imports them
    "bench": {"rules", "ai", "session", "model", "ui", "review", "net", "app"},
}


def modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def imports(path: Path, but: tuple[str, tuple[str, ...]] | None = None) -> list[tuple[str, int]]:
    """(module, relative level) of every import in ``path``, nested ones included; ``but``: a module
    and names of it whose ``from module import name`` is left out."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, 0) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if but and node.module == but[0] and not node.level and {a.name for a in node.names} <= set(but[1]):
                continue
            out.append((node.module or "", node.level))
    return out


def package_layer(path: Path, module: str, level: int) -> str | None:
    """The ruin_qt layer an import reaches, or None for anything else."""
    if level == 0:
        parts = module.split(".")
        return parts[1] if parts[0] == "ruin_qt" and len(parts) > 1 else None
    here = path.relative_to(PACKAGE).parts[:-1]
    base = here[: len(here) - (level - 1)] if level - 1 <= len(here) else ()
    target = list(base) + ([p for p in module.split(".") if p] if module else [])
    return target[0] if target else None


def allowed(f: Path, layer: str, reached: str) -> bool:
    return reached in ALLOWED[layer]


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layers_import_one_way(layer):
    for f in modules(layer):
        for module, level in imports(f):
            reached = package_layer(f, module, level)
            if reached in (None, layer, "paths", "cancel"):
                continue
            assert allowed(f, layer, reached), f"{f.relative_to(PACKAGE)} imports {reached} ({module!r})"


# What ui/ may take from the session: its views (and the types they carry),
# the fixed facts a view draws, the replay's steps, and the gestures a view
# hands the model (``model.act``: values, no rule machinery of their own).
UI_SESSION = ("session.views", "session.facts", "session.replay", "session.intents")


def test_the_views_import_model_session_views_and_qt_only():
    """No module of ui/ imports rules/, ai/, net/ or review/
    (the review window asks the model: ``model.reviews``), and from the
    session only its views, its facts, its replay and its gestures."""
    for f in modules("ui"):
        for module, level in imports(f):
            reached = package_layer(f, module, level)
            assert reached not in ("rules", "ai", "net", "review"), f"{f.relative_to(PACKAGE)} imports {module!r}"
        for named in session_modules(f):
            assert named.startswith(UI_SESSION), f"{f.relative_to(PACKAGE)} imports {named}"


def session_modules(f: Path) -> list[str]:
    """The session modules ``f`` imports (``from ..session import facts``: ``session.facts``)."""
    out = []
    for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            target = _module_named(f, node.module or "", node.level)
            out += [f"{target}.{a.name}" for a in node.names] if target == "session" else [target]
        elif isinstance(node, ast.Import):
            out += [_module_named(f, a.name, 0) for a in node.names]
    return [m for m in out if m.split(".")[0] == "session"]


def test_the_layer_check_finds_a_view_that_reaches_the_rules(tmp_path, monkeypatch):
    """The narrowed check can fail: a view importing a rules module, the net or the
    session's table is caught."""
    (tmp_path / "ui" / "sheet").mkdir(parents=True)
    (tmp_path / "ui" / "sheet" / "bad.py").write_text(
        "from ...rules.routes import route_plan\nfrom ...net import table_client\n"
        "from ...session.table import TableSession\nfrom ...session.views import SeatView\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    f = tmp_path / "ui" / "sheet" / "bad.py"
    reached = [(package_layer(f, m, lv), _module_named(f, m, lv)) for m, lv in imports(f)]
    assert [r for r, _ in reached] == ["rules", "net", "session", "session"]
    assert [allowed(f, "ui", r) for r, _ in reached] == [False, False, True, True]
    assert session_modules(f) == ["session.table", "session.views"]
    with pytest.raises(AssertionError):
        test_the_views_import_model_session_views_and_qt_only()


@pytest.mark.parametrize("layer", ["rules", "session", "ai", "review"])
def test_rules_session_and_ai_import_no_qt(layer):
    for f in modules(layer):
        for module, level in imports(f):
            assert level or module.split(".")[0] not in QT, f"{f.relative_to(PACKAGE)} imports {module}"


NET_QT_FREE = ["protocol", "codec", "messages", "contents", "intent_args", "link_lines", "table_host", "host_state"]


@pytest.mark.parametrize("name", NET_QT_FREE)
def test_the_tables_authority_imports_no_qt(name):
    """The protocol, its codec and contents, and the host's authority are Qt-free; only the transport is Qt's."""
    for module, level in imports(PACKAGE / "net" / f"{name}.py"):
        assert level or module.split(".")[0] not in QT, f"net/{name}.py imports {module}"


def test_importing_the_session_loads_no_qt():
    code = ("import sys, ruin_qt.session, ruin_qt.rules.turn_builder, ruin_qt.rules.setup_builder;"
            f"bad=[m for m in sys.modules if m.split('.')[0] in {sorted(QT)!r}];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def test_only_the_rules_construct_a_rule_error():
    """A refusal is the rules' word: no other layer makes one up."""
    for f in sorted(PACKAGE.rglob("*.py")):
        if f.relative_to(PACKAGE).parts[0] == "rules":
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                assert name != "RuleError", f"{f.relative_to(PACKAGE)}:{node.lineno} constructs a RuleError"


TAG_KEYS = ("type", "cmd", "event")  # the keys that name a message's kind, in every room of the net's codec
CODEC = Path("net") / "codec.py"
# The mailbox probe speaks magic-wormhole's server protocol (its "type"s), not one of ours.
OTHER_PROTOCOL = {Path("net") / "mailbox_probe.py": "type"}


def message_literals(f: Path) -> list[int]:
    """Lines of ``f`` that build or read a message by hand: a dict display, or ``dict(...)``,
    with a ``"type"``, ``"cmd"`` or ``"event"`` key, or such a key read out of a dict
    (``msg["cmd"]``, ``msg.get("event")``)."""
    out = []
    for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value in TAG_KEYS
                                              for k in node.keys):
            out.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" \
                and any(k.arg in TAG_KEYS for k in node.keywords):
            out.append(node.lineno)
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and node.slice.value in TAG_KEYS:
            out.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in TAG_KEYS:
            out.append(node.lineno)
    return out


def messages_by_hand(package: Path) -> set[str]:
    """Every place in ``package`` outside the codec (``net/codec.py``) where a message is built or read by hand."""
    found = set()
    for f in sorted(package.rglob("*.py")):
        rel = f.relative_to(package)
        if rel == CODEC or rel in OTHER_PROTOCOL:
            continue
        found |= {f"{rel}:{line}" for line in message_literals(f)}
    return found


def test_every_message_is_written_and_read_by_the_codec():
    """Each message, each way (the table's, the channel's, the invite helper's lines), is a class of the
    net's codec: nowhere else in the package is one built as a dict, nor its kind read out of one."""
    assert not messages_by_hand(PACKAGE)


def test_the_message_check_finds_a_message_built_by_hand(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('hello = {"type": "hello", "protocol": 1}\nbye = dict(type="bye")\nok = {"kind": "road"}\n'
                   'line = {"cmd": "quit"}\nkind = msg.get("event")\nkind = msg["type"]\n', encoding="utf-8")
    assert message_literals(bad) == [1, 2, 4, 5, 6]


def test_the_message_check_fails_on_a_message_planted_in_a_copy_of_the_package(tmp_path):
    """The guard run on a copy of the package, clean, then with a helper event written by hand."""
    copy = tmp_path / "ruin_qt"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert not messages_by_hand(copy)
    target = copy / "net" / "link_process.py"
    target.write_text(target.read_text(encoding="utf-8") + '\nSTRAY = {"event": "away", "seat": 1}\n',
                      encoding="utf-8")
    found = messages_by_hand(copy)
    assert len(found) == 1 and next(iter(found)).startswith("net/link_process.py:")


def test_no_module_over_450_lines():
    """Small, named modules: one that grows past this is split by responsibility."""
    long = {str(f.relative_to(PACKAGE)): n for f in PACKAGE.rglob("*.py")
            if (n := len(f.read_text(encoding="utf-8").splitlines())) > 450}
    assert not long, long


def test_the_model_stays_thin():
    assert len((PACKAGE / "model" / "game_model.py").read_text(encoding="utf-8").splitlines()) <= 350


THREADS = {"QThread", "QRunnable", "QThreadPool"}
MACHINERY = {"threading", "multiprocessing", "concurrent", "_thread"}  # what starts threads and processes


def test_threads_and_processes_start_in_the_model_only():
    """One way to run work.  Outside model/ (its runner and its
    processes) no module imports thread or process machinery; tools outside
    the package are handed pools by ``model.processes``."""
    for f in sorted(PACKAGE.rglob("*.py")):
        if f.parent == PACKAGE / "model":
            continue
        for module, level in imports(f, but=LOCKS):
            top = module.split(".")[0]
            assert level or top not in MACHINERY, f"{f.relative_to(PACKAGE)} imports {module}"


# A lock starts nothing: code any thread may call (a host's autosave write) may take one.
LOCKS = ("threading", ("Lock",))


def test_the_thread_check_lets_a_lock_through_and_nothing_else(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("from threading import Lock\nfrom threading import Thread\nimport threading\n", encoding="utf-8")
    assert imports(f, but=LOCKS) == [("threading", 0), ("threading", 0)]


def test_background_work_goes_through_the_one_runner():
    """One progress, cancel and error path: Qt's threads appear in model/runner.py only."""
    runner = PACKAGE / "model" / "runner.py"
    for f in sorted(PACKAGE.rglob("*.py")):
        if f == runner:
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            names = [a.name.split(".")[-1] for a in node.names] if isinstance(node, ast.ImportFrom) else \
                [node.id] if isinstance(node, ast.Name) else [node.attr] if isinstance(node, ast.Attribute) else []
            assert not THREADS & set(names), f"{f.relative_to(PACKAGE)}:{node.lineno} uses {THREADS & set(names)}"


def test_ui_is_in_rooms():
    """A newcomer reads ui/ from its folder names: no module but __init__ outside a sub-package."""
    loose = [f.name for f in (PACKAGE / "ui").glob("*.py") if f.name != "__init__.py"]
    assert not loose, loose


# ui/'s rooms, lowest first: a room imports only itself and the rooms before it
# (a panel asks, the window above it opens the dialog; shared names live in common/).
UI_ROOMS = ("common", "sheet", "table", "dialogs", "windows")


def upward_ui_imports(f: Path) -> list[str]:
    """The imports of ``f`` (a module of ui/) that reach a room above its own."""
    own = f.relative_to(PACKAGE).parts[1]
    out = []
    for module, level in imports(f):
        parts = _module_named(f, module, level).split(".")
        if parts[0] == "ui" and len(parts) > 1 and parts[1] in UI_ROOMS \
                and UI_ROOMS.index(parts[1]) > UI_ROOMS.index(own):
            out.append(".".join(parts))
    return out


def test_no_room_of_ui_imports_a_room_above_it():
    found = {str(f.relative_to(PACKAGE)): up for f in modules("ui")
             if f.relative_to(PACKAGE).parts[1] in UI_ROOMS and (up := upward_ui_imports(f))}
    assert not found, found
    assert {f.relative_to(PACKAGE).parts[1] for f in modules("ui") if f.name != "__init__.py"} == set(UI_ROOMS)


def test_the_room_check_finds_an_upward_import(tmp_path, monkeypatch):
    (tmp_path / "ui" / "table").mkdir(parents=True)
    bad = tmp_path / "ui" / "table" / "bad.py"
    bad.write_text("from ..dialogs.special import ObjectiveChoiceDialog\nfrom ..sheet import motion\n"
                   "from . import card_line\nimport ruin_qt.ui.windows.net_table\nfrom ..common import style\n",
                   encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert upward_ui_imports(bad) == ["ui.dialogs.special", "ui.windows.net_table"]


# app/ holds start-up and wiring; its rooms hold the rest.
STORAGE_MODULES = {"autosave", "faults", "history", "joined_tables", "keeper", "probe", "profile", "record_files",
                   "saves", "settings", "unfiled"}
SELFTEST_MODULES = {"run", "access", "kit", "net", "relay"}


def out_of_rooms(app: Path) -> list[str]:
    """What in the folder ``app`` is not in its room: a self-test module
    (``selftest*``) outside ``selftest/``, and a module outside ``storage/``
    that writes the disk as only storage does (sqlite3, QSaveFile)."""
    found = []
    for f in sorted(app.rglob("*.py")):
        rel = f.relative_to(app)
        if rel.parts[0] != "selftest" and f.stem.startswith("selftest"):
            found.append(f"{rel.as_posix()}: a self-test module outside selftest/")
        if rel.parts[0] == "storage":
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or "", *(a.name for a in node.names)] if isinstance(node, ast.ImportFrom) else \
                [node.attr] if isinstance(node, ast.Attribute) else []
            used = {n.split(".")[0] for n in names} & {"sqlite3", "QSaveFile"}
            if used:
                found.append(f"{rel.as_posix()}:{node.lineno}: {', '.join(sorted(used))} outside storage/")
    return found


def test_app_is_in_rooms():
    """app/'s top level is start-up and wiring; what keeps data on disk is in
    app/storage/, the self-test in app/selftest/."""
    app = PACKAGE / "app"
    assert out_of_rooms(app) == []
    assert STORAGE_MODULES <= {f.stem for f in (app / "storage").glob("*.py")}
    assert SELFTEST_MODULES <= {f.stem for f in (app / "selftest").glob("*.py")}
    loose = {f.stem for f in app.glob("*.py")} & (STORAGE_MODULES | {"storage"})
    assert not loose, loose


def test_the_rooms_check_finds_the_old_flat_app(tmp_path, monkeypatch):
    """The check can fail: app/ as it was before its rooms (self-test and
    storage modules loose at its top level) is caught, the rooms are not."""
    app = tmp_path / "app"
    (app / "storage").mkdir(parents=True)
    (app / "selftest").mkdir()
    files = {
        "selftest.py": "from .selftest_kit import check\n",
        "selftest_net.py": "",
        "history.py": "import sqlite3\n",
        "saves.py": "from PySide6.QtCore import QCoreApplication, QSaveFile\n",
        "storage.py": "import os\nimport sqlite3.dbapi2\n",
        "wiring.py": "from PySide6 import QtCore\nfile = QtCore.QSaveFile\n",
        "storage/autosave.py": "import sqlite3\n",
        "storage/saves.py": "from PySide6.QtCore import QSaveFile\n",
        "selftest/kit.py": "",
    }
    for name, text in files.items():
        (app / name).write_text(text, encoding="utf-8")
    assert out_of_rooms(app) == [
        "history.py:1: sqlite3 outside storage/",
        "saves.py:1: QSaveFile outside storage/",
        "selftest.py: a self-test module outside selftest/",
        "selftest_net.py: a self-test module outside selftest/",
        "storage.py:2: sqlite3 outside storage/",
        "wiring.py:2: QSaveFile outside storage/",
    ]
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    with pytest.raises(AssertionError):
        test_app_is_in_rooms()


def _module_named(path: Path, module: str, level: int) -> str:
    """The dotted ruin_qt module an import names (``ruin_qt.`` left off)."""
    if level == 0:
        return module.removeprefix("ruin_qt.") if module.startswith("ruin_qt.") else ""
    here = path.relative_to(PACKAGE).parts[:-1]
    base = here[: len(here) - (level - 1)] if level - 1 <= len(here) else ()
    return ".".join(list(base) + ([p for p in module.split(".") if p] if module else []))


# The rules' machinery the views must not reach: the session hands them what
# they draw (drafts, replays, reviews, scores, route plans, payments, the tie-break)
# and ``session.facts`` the fixed facts (components, VP values, turning a piece).
UI_BARRED = ("rules.turn_builder", "rules.setup_builder", "rules.scoring", "rules.record")


def test_ui_reaches_no_rule_machinery():
    for f in modules("ui"):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = _module_named(f, node.module or "", node.level)
                names = [target + "." + a.name if target else a.name for a in node.names]
                for name in [target, *names]:
                    assert not name.startswith(UI_BARRED), f"{f.relative_to(PACKAGE)} imports {name}"
            elif isinstance(node, ast.Import):
                for a in node.names:
                    assert not _module_named(f, a.name, 0).startswith(UI_BARRED), f"{f.relative_to(PACKAGE)}"


def test_the_review_asks_only_the_experts_public_api():
    for f in modules("review"):
        for module, level in imports(f):
            if package_layer(f, module, level) == "ai":
                assert _module_named(f, module, level) == "ai.expert_api", \
                    f"{f.relative_to(PACKAGE)} imports {module!r}"


def test_starting_the_app_loads_no_numpy():
    """numpy (pyqtgraph's) loads when a chart opens, not at start-up."""
    code = ("import sys, ruin_qt.app.main, ruin_qt.ai.expert;"
            "bad=[m for m in sys.modules if m.split('.')[0] in ('numpy', 'pyqtgraph')];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_warm_up_imports_off_the_ui_thread_only_what_touches_no_qt():
    """PySide6 makes its types lazily and not thread-safely (a GIL build): the
    warm-up's worker imports only modules that load no Qt and no app module
    (pyqtgraph imported there crashed the app beside a busy UI thread)."""
    code = ("import sys, importlib; from ruin_qt.app.warmup import OFF_THREAD; before = set(sys.modules);"
            "[importlib.import_module(n) for n in OFF_THREAD];"
            f"bad=[m for m in set(sys.modules) - before if m.split('.')[0] in {sorted(QT)!r}"
            " or m.startswith('ruin_qt')];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def _module_graph() -> dict[str, set[str]]:
    """Every package module -> the package modules it imports (nested and
    type-checking imports too: a cycle is a cycle for a reader as well;
    ``from . import x`` reaches the module ``x``)."""
    names = {}
    for f in PACKAGE.rglob("*.py"):
        parts = f.relative_to(PACKAGE).with_suffix("").parts
        names[".".join(p for p in parts if p != "__init__")] = f
    graph: dict[str, set[str]] = {m: set() for m in names}
    for m, f in names.items():
        here = (m.split(".") if m else []) if f.name == "__init__.py" else m.split(".")[:-1]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name.removeprefix("ruin_qt").removeprefix(".") for a in node.names
                           if a.name.split(".")[0] == "ruin_qt"]
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    if (node.module or "").split(".")[0] != "ruin_qt":
                        continue
                    base = (node.module or "").removeprefix("ruin_qt").removeprefix(".")
                else:
                    up = here[: len(here) - (node.level - 1)] if node.level > 1 else here
                    base = ".".join([*up, *([node.module] if node.module else [])])
                targets = [f"{base}.{a.name}".lstrip(".") for a in node.names] + [base]
            else:
                continue
            for target in targets:
                while target not in names and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in names and target != m:
                    graph[m].add(target)
    return graph


def test_no_import_cycles():
    """A module never reaches itself through its imports."""
    graph = _module_graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert cycles == []


def test_the_cycle_finder_finds_a_cycle(tmp_path, monkeypatch):
    """The cycle test can fail: two modules importing each other are found."""
    (tmp_path / "a.py").write_text("from . import b\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n",
                                   encoding="utf-8")
    (tmp_path / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    graph = _module_graph()
    assert "b" in graph["a"] and graph["b"] == {"a"}


def test_only_the_command_line_imports_the_benchmarks():
    for f in sorted(PACKAGE.rglob("*.py")):
        rel = f.relative_to(PACKAGE)
        if rel.parts[0] == "bench" or rel.name == "cli.py":
            continue
        for module, level in imports(f):
            assert package_layer(f, module, level) != "bench", f"{rel} imports {module}"


def test_the_rules_do_no_file_io_but_load_their_data():
    """Record files are read in app/ (``app.storage.record_files``); the
    rules parse and replay what they are given.  Only the components' data
    (resources/components.json) is read by the rules themselves."""
    for f in modules("rules"):
        text = f.read_text(encoding="utf-8")
        calls = [c for c in ("open(", "os.open", "read_text(", "write_text(", "read_bytes(", "os.read(") if c in text]
        if f.name == "components.py":
            calls = [c for c in calls if c != "open("]
        assert not calls, f"{f.relative_to(PACKAGE)} does file I/O: {calls}"


def app_reached(f: Path) -> list[str]:
    """What a script outside the package (tools/, packaging/) takes from app/
    besides its public entry, ``ruin_qt.app.public``."""
    out = []
    for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.startswith("ruin_qt.app") and a.name != "ruin_qt.app.public"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            module = node.module or ""
            if module == "ruin_qt":
                out += [f"ruin_qt.{a.name}" for a in node.names if a.name == "app"]
            elif module == "ruin_qt.app":
                out += [f"ruin_qt.app.{a.name}" for a in node.names if a.name != "public"]
            elif module.startswith("ruin_qt.app.") and module != "ruin_qt.app.public":
                out.append(module)
    return out


def test_tools_and_packaging_take_the_app_only_through_its_public_entry():
    """app/'s rooms move freely: a release step or a tool that needs a main
    window, a record read or the command line asks ``app.public``."""
    root = PACKAGE.parent
    scripts = [f for folder in ("tools", "packaging") for f in sorted((root / folder).rglob("*.py"))]
    found = {str(f.relative_to(root)): reached for f in scripts if (reached := app_reached(f))}
    assert not found, found


def test_the_public_entry_check_finds_a_script_reaching_into_app(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from ruin_qt.app import i18n, public\nfrom ruin_qt.app.wiring import make_main_window\n"
                   "import ruin_qt.app.main\nfrom ruin_qt import app\nfrom ruin_qt.app.public import main_window\n",
                   encoding="utf-8")
    assert app_reached(bad) == ["ruin_qt.app.i18n", "ruin_qt.app.wiring", "ruin_qt.app.main", "ruin_qt.app"]


def stale_names(doc: Path) -> list[str]:
    """The modules and tests ``doc`` names (``session/watchers.py``, ``tests/x.py``,
    ``::test_y`` after its file) that are not in the repository."""
    import re

    root, tests, gone = PACKAGE.parent, None, []
    for path, test in re.findall(r"`?((?:ruin_qt/|tests/|(?:rules|ai|review|session|net|model|ui|app)/)[\w/]+\.py)"
                                 r"|::(test_\w+)", doc.read_text(encoding="utf-8")):
        if path:
            f = root / path if path.startswith(("ruin_qt/", "tests/")) else PACKAGE / path
            if not f.is_file():
                gone.append(path)
            elif path.startswith("tests/"):
                tests = f  # a ``::test_`` that follows is one of this file's
        elif tests is None or f"def {test}(" not in tests.read_text(encoding="utf-8"):
            gone.append(test)
    return gone


def test_the_house_doc_names_only_modules_and_tests_that_exist(tmp_path):
    """docs/HOUSE.md stays true when a module or a guard is renamed: the rename fails here."""
    assert stale_names(PACKAGE.parent / "docs" / "HOUSE.md") == []
    planted = tmp_path / "HOUSE.md"
    planted.write_text("`session/watchers.py`, `model/gone.py`; `tests/test_layers.py::test_no_import_cycles`, "
                       "`::test_never_written`\n", encoding="utf-8")
    assert stale_names(planted) == ["model/gone.py", "test_never_written"]
