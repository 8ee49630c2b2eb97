"""History.solo_best: the personal best the final sheet compares a solo game with."""

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.storage.history import History


def _game(n: int, seed: int, name: str = "Aki"):
    g = play_random_game(n, seed)
    g.seats[0].name, g.seats[0].kind = name, "human"
    return g


def test_solo_best_counts_only_this_players_solo_games(tmp_path):
    h = History(tmp_path / "h.sqlite3")
    assert h.solo_best("Aki") is None
    solo = [_game(1, s) for s in (1, 2, 3)]
    ids = [h.add_game(g) for g in solo]
    h.add_game(_game(2, 4))  # not solo
    h.add_game(_game(1, 5, name="Bo"))  # someone else
    totals = [g.scores()[0].total for g in solo]
    assert h.solo_best("Aki") == max(totals)
    best = totals.index(max(totals))
    others = [t for i, t in enumerate(totals) if i != best]
    assert h.solo_best("Aki", exclude_game=ids[best]) == max(others)
    assert h.solo_best("Cy") is None
