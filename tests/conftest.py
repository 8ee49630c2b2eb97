"""Suite-wide set-up: headless Qt and a throw-away user data folder, set
before anything imports Qt or reads settings, so no test touches a real home.

The suite runs over both cores (pyproject's addopts: ``-n 2 --dist
loadgroup``, pytest-xdist; ``-n 0`` runs it in one process).  Each worker
process imports this file itself, so each has its own data folder, named
after it.  Work goes out a module at a time (a module's fixtures are made
once), a group at a time for tests marked ``xdist_group`` (ones that must not
run beside each other: tests/net/conftest.py), the longest first."""

import os
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ["RUIN_QT_MOTION"] = "0"  # animations off whatever a window's settings say; motion tests turn it on
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")  # gw0, gw1, ... under xdist
os.environ["RUIN_QT_DATA_DIR"] = tempfile.mkdtemp(prefix=f"ruin-qt-tests-{WORKER}-")
os.environ["RUIN_QT_NO_MDNS"] = "1"  # tables across laptops: no multicast announce or browse in tests

# Modules (or groups) that take a minute or more alone, handed out first so
# that neither worker is left with one at the end: the rest fill in around
# them.  Measured with --durations (issue 57); a module missing here only
# runs in collection order.
LONGEST_FIRST = (
    "tests/packaging/test_wheel.py",  # two isolated builds and one fresh venv: minutes
    "group:net-processes",  # tables across real processes, some two minutes together
    "group:stability-expert-solo",  # three reviews of a whole Expert game at the presets
    "group:stability-four-seats",  # the same of a four-seat table
    "tests/review/test_stability.py",  # the first rounds of six games, three times
    "tests/ui/test_monkey.py",
    "tests/packaging/test_release.py",
    "tests/ui/test_tutorial_lessons.py",
    "tests/app/test_kill_anywhere.py",
    "tests/review/test_review_levels.py",
)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` by module: a test marked ``xdist_group`` goes with
    its group, any other with its module (xdist's own loadgroup sends each
    unmarked test apart, so a module's fixtures were made on both workers)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ModuleOrGroup(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.rfind("@") > nodeid.rfind("]"):
                return "group:" + nodeid.split("@")[-1]
            return nodeid.split("::", 1)[0]

    return ModuleOrGroup(config, log)


def _rank(item) -> int:
    path = item.nodeid.split("::", 1)[0]
    for mark in item.iter_markers("xdist_group"):
        path = "group:" + (mark.args[0] if mark.args else mark.kwargs.get("name", ""))
    return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    # Under xdist only (each worker sorts its own collection the same way);
    # a run in one process keeps the collection order.  Stable: a module's
    # tests keep their order.
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items.sort(key=_rank)
