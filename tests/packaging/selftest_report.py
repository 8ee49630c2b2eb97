"""What a ``--self-test`` run must print, read the same way wherever the program
came from: this checkout (test_selftest) or the wheel installed from it (test_wheel)."""

from __future__ import annotations

from ruin_qt.app.selftest.run import FEATURES, REVIEWED_ROUNDS


def check_report(stdout: str) -> None:
    """One ok line per feature, the network table and the review among them."""
    lines = [line for line in stdout.splitlines() if line.startswith("self-test: ")]
    assert "table across two processes" in FEATURES and "review" in FEATURES
    for feature in FEATURES:
        (line,) = [line for line in lines if line.startswith(f"self-test: {feature}: ")]
        assert ": ok (" in line, line
    # The solo game's setup and first rounds reviewed (a whole game's review was most of its time).
    assert f"self-test: review: ok ({REVIEWED_ROUNDS + 1} decisions, accuracy " in stdout, lines
    assert "{\"took\"" not in stdout  # the joining brain's chatter stays out of the report
