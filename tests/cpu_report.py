"""Where the suite's CPU goes: with ``RUIN_QT_CPU_REPORT=FILE`` every test's
wall seconds and CPU seconds (its worker's, and the child processes it waited
for) are appended to FILE as JSON lines, and the run ends with the tests and
the modules that took the most CPU.  CI's cost is CPU on two cores, which
``--durations`` (wall time, a test waiting on a clock included) does not show."""

from __future__ import annotations

import json
import os
import resource
import time
from collections import defaultdict
from pathlib import Path

import pytest

REPORT = os.environ.get("RUIN_QT_CPU_REPORT")
SHOWN = 25


def _cpu() -> tuple[float, float]:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    global REPORT
    if not REPORT or hasattr(session.config, "workerinput"):
        return
    if os.environ.get("RUIN_QT_CPU_REPORT_RUN"):  # a pytest a test started: its tests are that test's CPU
        os.environ.pop("RUIN_QT_CPU_REPORT")
        REPORT = None
        return
    os.environ["RUIN_QT_CPU_REPORT_RUN"] = str(os.getpid())
    Path(REPORT).unlink(missing_ok=True)  # before the workers start: this run's lines only


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if not REPORT:
        yield
        return
    wall, (own, kids) = time.perf_counter(), _cpu()
    yield
    own2, kids2 = _cpu()
    line = {"test": item.nodeid, "wall": round(time.perf_counter() - wall, 3),
            "cpu": round(own2 - own, 3), "children": round(kids2 - kids, 3)}
    with open(REPORT, "a", encoding="utf-8") as f:  # one short line per write: workers do not interleave
        f.write(json.dumps(line) + "\n")


def pytest_terminal_summary(terminalreporter, config):
    if not REPORT or hasattr(config, "workerinput") or not Path(REPORT).exists():
        return
    rows = [json.loads(x) for x in Path(REPORT).read_text(encoding="utf-8").splitlines() if x.strip()]
    total = lambda r: r["cpu"] + r["children"]  # noqa: E731
    by_module: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for r in rows:
        m = by_module[r["test"].split("::")[0]]
        m[0] += total(r)
        m[1] += r["wall"]
    tr = terminalreporter
    tr.section(f"CPU seconds: {sum(map(total, rows)):.0f} in {len(rows)} tests ({REPORT})")
    for r in sorted(rows, key=total, reverse=True)[:SHOWN]:
        tr.write_line(f"{total(r):8.1f} cpu {r['wall']:7.1f} wall  {r['test']}")
    tr.write_line("by module:")
    for name, (cpu, wall) in sorted(by_module.items(), key=lambda kv: kv[1][0], reverse=True)[:SHOWN]:
        tr.write_line(f"{cpu:8.1f} cpu {wall:7.1f} wall  {name}")
