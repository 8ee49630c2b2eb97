"""Tables across real processes (``ruin_qt host`` and ``join`` started by
the tests, with fixed think times and deadlines) run one module after
another on one worker, never beside each other."""

from __future__ import annotations

import pytest

from .screens import two_screens  # noqa: F401 -- a host window and a joining one, for the window tests

# What tests/net/tables.py and test_rejoin start: a module importing one of
# these starts processes of the game.
PROCESS_STARTERS = ("start_host", "restart_host", "start_bot")
GROUP = "net-processes"


def starts_processes(module) -> bool:
    return any(hasattr(module, name) for name in PROCESS_STARTERS) or module.__name__.endswith(".test_rejoin")


@pytest.hookimpl(tryfirst=True)  # before xdist names the groups in the test ids
def pytest_collection_modifyitems(config, items):
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and module.__name__.startswith("tests.net.") and starts_processes(module):
            item.add_marker(pytest.mark.xdist_group(GROUP))


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """magic-wormhole's real mailbox server and transit relay on loopback, for a module's invite tests."""
    from .wormhole_servers import wormhole_servers

    with wormhole_servers(tmp_path_factory.mktemp("wormhole-servers")) as s:
        yield s


@pytest.fixture
def table(qtbot):
    """A headless table on loopback: a seat for a player on another computer and a computer seat."""
    from ruin_qt.model.runner import Runner, decider
    from ruin_qt.net.host_service import HostService
    from ruin_qt.net.table_host import TableHost

    runner = Runner()  # its computer decides in the runner's workers, as a headless host's does
    service = HostService(TableHost(["remote", "ai:random"], 17, "test42", names=["Bo", "Random 2"]),
                          decide=decider(runner))
    runner.setParent(service)
    assert service.listen("127.0.0.1", 0)
    yield service
    service.quit()
    service.deleteLater()
