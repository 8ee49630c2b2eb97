"""The replay's step data (``session.replay``, no Qt): what each round
changed, the walks, the stage played, the winners and what a pass-and-play
game hides, on a corpus of seeded records."""

from __future__ import annotations

import copy

import pytest

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.rules.record import replay_snapshots, to_record
from ruin_qt.rules.scoring import winners
from ruin_qt.session.replay import Replay, hides_private_sides


def corpus():
    for seats in (1, 2, 4):
        for seed in (3, 8):
            yield to_record(play_random_game(seats, 100 * seats + seed))


@pytest.mark.parametrize("rec", list(corpus()))
def test_every_step_tells_what_its_round_changed(rec):
    rp = Replay(rec)
    snaps, error = replay_snapshots(rec)
    assert error is None and rp.error is None and len(rp) == len(snaps) and rp.finished
    for i, step in enumerate(rp.steps):
        for seat, sheet in enumerate(step.snapshot.sheets):
            before = snaps[i - 1].sheets[seat] if i else None
            changed = {(r, c) for r in range(11) for c in range(11)
                       if sheet.state(r, c) != (before.state(r, c) if before else "empty")}
            assert step.fresh[seat] == changed
            walk = step.walks[seat]
            if walk:
                assert walk[0] == before.pawn_cell and walk[-1] == sheet.pawn_cell
            else:
                assert i == 0 or not (step.snapshot.turns[seat] and step.snapshot.turns[seat].path)
        assert step.card == (snaps[i - 1].line[0] if i else None)
        assert step.stage_played in (1, 2) and step.stage_played <= step.snapshot.stage
    last = rp.steps[-1]
    assert sorted(last.winners) == winners(list(last.snapshot.scores))
    assert all(not s.winners for s in rp.steps[:-1])


def test_a_pass_and_play_game_hides_its_sides_until_it_ends():
    rec = to_record(play_random_game(3, 5))
    rec["seats"][0]["kind"] = rec["seats"][2]["kind"] = "human"
    assert hides_private_sides(rec) and not Replay(rec).public_only  # over: nothing is private any more
    cut = copy.deepcopy(rec)
    cut["rounds"] = cut["rounds"][:3]  # a saved game, not over
    assert Replay(cut).public_only
    cut["seats"][2]["kind"] = "ai:standard"  # one person and computers: nothing to hide from anyone
    assert not Replay(cut).public_only
    assert not hides_private_sides("not a record") and not hides_private_sides({"seats": "x"})


def test_a_broken_record_gives_the_steps_before_the_break():
    rec = to_record(play_random_game(2, 3))
    rec["rounds"][5]["turns"][0]["path"] = [[0, 0]]
    rp = Replay(rec)
    assert rp.error is not None and rp.error.round == 6 and len(rp) == 6 and not rp.finished
    assert rp.error.__traceback__ is None  # a window holding it is not kept alive in a cycle
    empty = Replay({"format": "something else"})
    assert empty.steps == [] and empty.names == () and empty.error.rule == "format"
