"""Suite-wide set-up: headless Qt and a throw-away user data folder, set
before anything imports Qt or reads settings, so no test touches a real home.

The suite runs in three workers (pyproject's addopts: ``-n 3 --dist
loadgroup``, pytest-xdist; ``-n 0`` runs it in one process): on the 2-core
machine two kept the cores 80 % busy, the rest waiting on the programs,
sockets and clocks the tests start.  Each worker
process imports this file itself, so each has its own data folder, named
after it.  Work goes out a module at a time (a module's fixtures are made
once), a group at a time for tests marked ``xdist_group`` (ones that must not
run beside each other: tests/net/conftest.py), the longest first."""

import atexit
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest

pytest_plugins = ["tests.cpu_report"]  # RUIN_QT_CPU_REPORT=FILE: where the CPU goes

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ["RUIN_QT_MOTION"] = "0"  # animations off whatever a window's settings say; motion tests turn it on
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")  # gw0, gw1, ... under xdist
os.environ["RUIN_QT_DATA_DIR"] = tempfile.mkdtemp(prefix=f"ruin-qt-tests-{WORKER}-")
atexit.register(shutil.rmtree, os.environ["RUIN_QT_DATA_DIR"], ignore_errors=True)  # each run left its own
os.environ["RUIN_QT_NO_MDNS"] = "1"  # tables across laptops: no multicast announce or browse in tests
# Invites: magic-wormhole's public servers replaced, in every process the suite starts (a monkey's click on
# "Invite friends anywhere" included), by a closed port on loopback: nothing reaches beyond the machine.
os.environ["RUIN_QT_MAILBOX"] = "ws://127.0.0.1:9/v1"
os.environ["RUIN_QT_RELAY"] = "tcp:127.0.0.1:9"

# Modules (or groups) that take a minute or more alone, handed out first so
# that neither worker is left with one at the end: the rest fill in around
# them.  Measured with --durations; a module missing here only
# runs in collection order.
LONGEST_FIRST = (
    "tests/packaging/test_wheel.py",  # two isolated builds and one fresh venv: minutes
    "group:net-processes",  # tables across real processes, some two minutes together
    "group:atspi",  # the program read through the accessibility bus: a game's start and end, three more
    "tests/net/test_hostile_loopback.py",  # thousands of hostile frames down real sockets
    "tests/packaging/test_install_sh.py",  # the release installed into a temporary home, lintian
    "group:stability-expert-solo",  # three reviews of a whole Expert game at the presets
    "group:stability-four-seats",  # the same of a four-seat table
    "tests/review/test_stability.py",  # the first rounds of six games, three times
    "tests/ui/app/test_monkey.py",
    "tests/packaging/test_release.py",
    "tests/ui/table/test_tutorial_lessons.py",
    "tests/app/test_kill_anywhere.py",
    "tests/review/test_review_levels.py",
)


GROUPS_DIR = "ruin_qt_groups_dir"  # the workerinput key: where each worker writes its tests' groups


def group_of(item) -> str | None:
    names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                    for m in item.iter_markers("xdist_group")})
    return "_".join(names) or None


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """The controller names a folder where the workers write which test is in
    which ``xdist_group``: xdist's own channel for it (a ``@group`` suffix
    written into ``item._nodeid``) is lost on pytest 9.2, whose node ids live in
    ``_id`` (pytest-xdist issue 1386), so the groups ran side by side."""
    config = node.config
    if not hasattr(config, "_ruin_qt_groups_dir"):
        config._ruin_qt_groups_dir = tempfile.mkdtemp(prefix="ruin-qt-test-groups-")
        config.add_cleanup(lambda: shutil.rmtree(config._ruin_qt_groups_dir, ignore_errors=True))
    node.workerinput[GROUPS_DIR] = config._ruin_qt_groups_dir


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` by module: a test marked ``xdist_group`` goes with
    its group, any other with its module (xdist's own loadgroup sends each
    unmarked test apart, so a module's fixtures were made on both workers)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ModuleOrGroup(LoadGroupScheduling):
        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:  # every worker has sent its collection (and written its groups) by now
                folder = Path(getattr(config, "_ruin_qt_groups_dir", ""))
                self.groups = {k: v for f in sorted(folder.glob("*.json"))
                               for k, v in json.loads(f.read_text(encoding="utf-8")).items()}
            if nodeid in self.groups:
                return "group:" + self.groups[nodeid]
            if nodeid.rfind("@") > nodeid.rfind("]"):  # xdist's suffix, where pytest still keeps it
                return "group:" + nodeid.split("@")[-1]
            return nodeid.split("::", 1)[0]

        def remove_node(self, node):
            # A crashed worker's finished modules are not handed out again: xdist's LoadScope puts
            # them back with the rest, a worker given one is sent nothing to run, no report comes
            # back to ask for more, and the run waited forever with work in the queue (a segfault in
            # one test hung the suite until its timeout).
            work = self.assigned_work.get(node, {})
            for scope in [scope for scope, unit in work.items() if all(unit.values())]:
                del work[scope]
            return super().remove_node(node)

    return ModuleOrGroup(config, log)


def _rank(item) -> int:
    path = item.nodeid.split("::", 1)[0]
    group = group_of(item)
    if group:
        path = "group:" + group
    return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    # Under xdist only (each worker sorts its own collection the same way);
    # a run in one process keeps the collection order.  Stable: a module's
    # tests keep their order.
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    items.sort(key=_rank)
    folder = getattr(config, "workerinput", {}).get(GROUPS_DIR)
    if folder:  # read by the controller's scheduler once every worker has sent its collection
        groups = {item.nodeid: g for item in items if (g := group_of(item))}
        out = Path(folder) / f"{os.environ['PYTEST_XDIST_WORKER']}.json"
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(groups), encoding="utf-8")
        tmp.replace(out)


@pytest.fixture
def runner(qapp):
    """The operation runner a test's models and tables share, made as the app makes its one runner
    (``app.runners``): its work abandoned and its workers ended after the test, then let go as the
    app lets go of it (``Runner.release``), deleted once the models holding it are."""
    from ruin_qt.app.runners import app_runner

    r = app_runner()
    yield r
    r.shutdown()
    r.release()
