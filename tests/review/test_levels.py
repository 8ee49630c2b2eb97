"""The review's level: search values to expected final VP per phase, seat
count and depth (``review.levels``), and the honest width of its curve."""

from __future__ import annotations

import dataclasses

import pytest

from ruin_qt.ai import expert_api
from ruin_qt.ai.expert_api import search_weights_hash
from ruin_qt.review import levels
from ruin_qt.review.fitted import StaleFit, refitting
from ruin_qt.review.quality import QUALITIES


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_every_seat_count_has_an_offset_and_a_width_for_every_phase_the_presets_search(seats):
    depths = {(q.depth, q.depth2) if seats == 1 else (2, 2) for q in QUALITIES.values()}
    for depth1, depth2 in depths:
        for phase, depth in (("setup", depth1), (1, depth1), (2, depth2)):
            knots = levels.OFFSETS[(phase, seats, depth)]
            assert knots and all(a[0] < b[0] for a, b in zip(knots, knots[1:]))
    for phase in ("setup", 1, 2):
        assert 5.0 <= levels.SPREADS[(phase, seats)] <= 40.0


def test_more_seats_mean_fewer_vp_to_come_at_setup():
    # R5.2: each seat takes 2 cards of stage 1's deck, and rivals take gems.
    setup = [levels.OFFSETS[("setup", n, 2)][0][1] for n in (2, 3, 4)]
    assert setup == sorted(setup, reverse=True)


# The fitted tables carry the hash of the weights they were fitted with.
FITTED = (levels.OFFSETS, levels.SPREADS, levels.EVAL_SD)


def test_every_fitted_table_carries_the_hash_of_todays_weights():
    for table in FITTED:
        assert table.weights_hash == search_weights_hash(*table.where), table.name
        table.check()
    assert levels.OFFSETS.where == ("solo", "tables") and levels.EVAL_SD.where == ("solo",)


def _solo_obs(stage: int = 1):
    from ruin_qt.rules.game import Game
    from ruin_qt.rules.observation import observe

    game = Game([("Solo", "human")], 5)
    obs = observe(game, 0)
    return dataclasses.replace(obs, stage=stage) if obs.stage != stage else obs


@pytest.mark.parametrize("where, tables", [("solo", FITTED), ("tables", (levels.OFFSETS, levels.SPREADS))])
def test_a_changed_weight_fails_loudly_with_the_command_that_refits(monkeypatch, where, tables):
    obs = _solo_obs()
    before = levels.level_offset(obs, False, 2)
    w = expert_api.SEARCH_WEIGHTS[where]
    monkeypatch.setitem(expert_api.SEARCH_WEIGHTS, where, dataclasses.replace(w, rect1=w.rect1 + 0.0001))
    for table in tables:
        with pytest.raises(StaleFit, match=rf"{table.name} was fitted .* refit it with .*python -m tools\.review_"):
            table.check()
    with pytest.raises(StaleFit, match=r"review\.levels\.OFFSETS .*python -m tools\.review_levels"):
        levels.level_offset(obs, False, 2)
    with pytest.raises(StaleFit, match=r"review\.levels\.SPREADS .*python -m tools\.review_levels"):
        levels.level_spread(obs, False)
    if where == "solo":
        with pytest.raises(StaleFit, match=r"review\.levels\.EVAL_SD .*python -m tools\.review_calibration"):
            levels.eval_spread(obs, False, 2)
    else:  # measured on solo turns: the table weights are none of its business
        assert levels.eval_spread(obs, False, 2) == levels.EVAL_SD[(1, 2)]
    # The refit commands review with the stale table and take it out again.
    with refitting():
        assert levels.level_offset(obs, False, 2) == before > 0


def test_a_missing_key_fails_loudly_instead_of_an_offset_of_zero():
    obs = _solo_obs()
    assert (1, 1, 1) not in levels.OFFSETS
    with pytest.raises(StaleFit, match=r"review\.levels\.OFFSETS has no fit for \(1, 1, 1\).*tools\.review_levels"):
        levels.level_offset(obs, False, 1)
    with pytest.raises(StaleFit, match=r"review\.levels\.SPREADS has no fit for \('setup', 5\)"):
        levels.SPREADS[("setup", 5)]
    with pytest.raises(StaleFit, match=r"review\.levels\.EVAL_SD has no fit for stage 3.*tools\.review_calibration"):
        levels.eval_error(3, 2)
    # Only the refit commands, which take the offset out again, see 0 there.
    with refitting():
        assert levels.level_offset(obs, False, 1) == 0.0


def test_the_weights_hash_is_stable_and_reads_every_field():
    from ruin_qt.ai.weights import EXPERT_WEIGHTS, weights_hash

    assert weights_hash(EXPERT_WEIGHTS) == weights_hash(dataclasses.replace(EXPERT_WEIGHTS))
    assert weights_hash(EXPERT_WEIGHTS) != weights_hash(dataclasses.replace(EXPERT_WEIGHTS, fut_decay=0.61))
    assert len(weights_hash(EXPERT_WEIGHTS)) == 16
    with pytest.raises(ValueError):
        search_weights_hash("team")
