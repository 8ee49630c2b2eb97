"""Verdicts that hold.  The same decisions reviewed in
other futures, or by a deeper search, are never called best in one review
and a mistake or worse in the other; and a game played by the Expert's own
choices gets no mistake or worse that the review cannot back (a game played
from the hint, the review's own search, is all best: ``test_hint``).

A fixed set of six seeded games (Beginner, Standard, two Expert, one more
Standard, a 4-seat table).  The quick versions review each game's first
rounds with a tiny search against itself in other futures and against one a
round deeper; the slow ones review whole games at the app's quality.  The
figures on 20 whole games are in docs/ai-journal.md (game review)."""

from __future__ import annotations

import dataclasses

import pytest

from ruin_qt import review
from ruin_qt.model.processes import pool_of
from ruin_qt.review.result import NOISE_Z, categorize

from .helpers import TINY, game_record

GAMES = ((["beginner"], 474000), (["standard"], 474001), (["expert"], 474002), (["expert"], 474003),
         (["standard"], 474004), (["expert", "standard", "standard", "beginner"], 474005))
BAD = ("mistake", "blunder")
DEEPER = dataclasses.replace(TINY, name="test-deeper", depth=3, depth2=3, verify=3)


def flips(a: review.Review, b: review.Review) -> list[tuple[int, str, str]]:
    """Decisions best in one review and a mistake or worse in the other."""
    assert [d.index for d in a.decisions] == [d.index for d in b.decisions]
    return [(x.index, x.category, y.category) for x, y in zip(a.decisions, b.decisions)
            if (x.category == "best" and y.category in BAD) or (y.category == "best" and x.category in BAD)]


def unbacked(a: review.Review, b: review.Review) -> list[tuple[int, str, float, float]]:
    """Mistakes or worse in ``a`` whose loss ``b``, in other futures, cannot
    tell from chance (``NOISE_Z`` of its whole error)."""
    return [(x.index, x.category, x.loss, y.loss) for x, y in zip(a.decisions, b.decisions)
            if x.category in BAD and y.loss <= NOISE_Z * y.sigma]


def reviews_of(rounds: int | None, qualities, games=GAMES, pool=None) -> list[tuple[list[str], list[review.Review]]]:
    out = []
    for levels, seed in games:
        rec = game_record(levels, seed, rounds)
        out.append((levels, [review.review(rec, 0, q, workers=2 if pool else 1, pool=pool) for q in qualities]))
    return out


@pytest.fixture(scope="module")
def search_pool():
    """Two search processes, as the app reviews: the same reviews as in one
    process (the runner keeps each job's seed), sooner where a core is idle
    (the suite waits on real processes and clocks much of its time)."""
    with pool_of(2) as pool:
        yield pool


@pytest.fixture(scope="module")
def first_rounds(search_pool):
    """Some 65 s in one process: the quick versions are slow tests too."""
    return reviews_of(3, (TINY, dataclasses.replace(TINY, futures=1), DEEPER), pool=search_pool)


@pytest.mark.slow
def test_other_futures_and_a_deeper_search_never_turn_best_into_a_mistake(first_rounds):
    assert sum(len(rs[0].decisions) for _, rs in first_rounds) == 6 * 4
    # Something to hold: losses the futures' error alone would call mistakes,
    # which the evaluation's error (stage 1 at depth 2: 16.9 VP) leaves
    # unclear or at most probably a loss.
    assert any(categorize(d.loss, d.loss_se, 0.0) in BAD and d.category in ("unclear", "inaccuracy")
               for _, rs in first_rounds for d in rs[0].decisions)
    for _, (mine, other, deeper) in first_rounds:
        assert flips(mine, other) == []
        assert flips(mine, deeper) == []


@pytest.mark.slow
def test_the_experts_own_choices_get_no_mistake_the_review_cannot_back(first_rounds):
    for levels, (mine, other, _) in first_rounds:
        if levels[0] == "expert":
            assert unbacked(mine, other) == [] and unbacked(other, mine) == []


# Each whole game on a worker of its own (the six reviews took
# some 330 s on one), its two reviews made once for both tests.
WHOLE = [pytest.param(GAMES[2], id="expert-solo", marks=pytest.mark.xdist_group("stability-expert-solo")),
         pytest.param(GAMES[5], id="four-seats", marks=pytest.mark.xdist_group("stability-four-seats"))]


@pytest.fixture(scope="module")
def whole_game(request, search_pool):
    """Two of the six at the app's quality (an Expert solo game and the 4-seat table):
    all six take some seven minutes, which CI cannot spend on every change; the
    six passed when the rule was fitted (docs/ai-journal.md)."""
    default = review.QUALITIES["default"]
    return reviews_of(None, (default, dataclasses.replace(default, futures=1)), games=(request.param,),
                      pool=search_pool)[0]


@pytest.mark.slow
@pytest.mark.parametrize("whole_game", WHOLE, indirect=True)
def test_whole_games_at_the_apps_quality_never_flip_best_and_mistake(whole_game):
    _, (default, other) = whole_game
    assert default.finished
    assert flips(default, other) == []


@pytest.mark.slow
@pytest.mark.parametrize("whole_game", WHOLE, indirect=True)
def test_whole_expert_games_get_no_mistake_the_review_cannot_back(whole_game):
    levels, (default, other) = whole_game
    if levels[0] == "expert":
        assert unbacked(default, other) == [] and unbacked(other, default) == []
