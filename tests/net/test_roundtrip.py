"""The bench's loopback round trip runs and measures every sample (no timing asserted)."""

from ruin_qt.bench.roundtrip import round_trips


def test_the_round_trip_bench_gets_an_answer_to_every_intent(qapp):
    # qapp: the suite's QApplication, so the bench does not make a QCoreApplication of its own.
    times = round_trips(5)
    assert len(times) == 5 and all(t > 0 for t in times)
