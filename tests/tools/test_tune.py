"""The tuner (``python -m tools.tune``): its loop, its restrictions and
the scores it gives a weight vector, checked against the games they stand for."""

import json

import pytest

from ruin_qt.ai.base import make_brain


def test_tuner_runs_one_tiny_iteration():
    from ruin_qt.ai.weights import STANDARD_WEIGHTS
    from tools.tune import cem

    lines = []
    mean = cem(STANDARD_WEIGHTS, iterations=1, population=2, games=1, workers=1, seed=0, log=lines.append)
    assert len(mean) == len(lines and json.loads(lines[0])["mean"])


def test_tuner_moves_only_the_named_weights():
    from ruin_qt.ai.evaluation import Weights, weights_to_list
    from ruin_qt.ai.weights import STANDARD_WEIGHTS
    from tools.tune import cem

    lines = []
    mean = cem(STANDARD_WEIGHTS, iterations=1, population=3, games=1, workers=1, seed=0, log=lines.append,
               params=("gem_now", "dest"))
    names = list(Weights.__dataclass_fields__)
    moved = {n for n, a, b in zip(names, mean, weights_to_list(STANDARD_WEIGHTS)) if a != b}
    assert moved and moved <= {"gem_now", "dest"}
    with pytest.raises(ValueError):
        cem(STANDARD_WEIGHTS, iterations=1, population=2, games=1, workers=1, seed=0, log=lines.append,
            params=("no_such_weight",))


def test_tuner_starts_from_a_named_vector_or_an_earlier_runs_file(tmp_path):
    from ruin_qt.ai.evaluation import weights_to_list
    from ruin_qt.ai.weights import EXPERT_WEIGHTS
    from tools.tune import main, start_weights

    assert start_weights("expert") == EXPERT_WEIGHTS
    out = tmp_path / "w.json"
    out.write_text(json.dumps({"gem_now": 12.5, "dest": 3.0}))
    w = start_weights(str(out))
    assert (w.gem_now, w.dest) == (12.5, 3.0)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"no_such_weight": 1}))
    with pytest.raises(ValueError):
        start_weights(str(bad))
    # The command line refuses a broken file with a usage error, not a traceback.
    with pytest.raises(SystemExit) as e:
        main(["--start", str(bad), "--iterations", "0"])
    assert e.value.code == 2
    # With no iterations a run's result is its starting vector.
    final = tmp_path / "final.json"
    assert main(["--start", "expert", "--iterations", "0", "--workers", "1", "--out", str(final)]) == 0
    assert list(json.loads(final.read_text()).values()) == weights_to_list(EXPERT_WEIGHTS)


def test_tuner_scores_the_expert_proxy_as_the_expert_plays(monkeypatch):
    # The proxy is the Expert's clockless search, one future, a short horizon,
    # on the vector scored: the game it plays is checked by what it is handed.
    from ruin_qt.ai import match
    from ruin_qt.ai.evaluation import weights_to_list
    from ruin_qt.ai.expert import ExpertBrain
    from ruin_qt.ai.weights import STANDARD_WEIGHTS
    from tools.tune import EXPERT_PROXY_HORIZON, _score

    played = []

    def fake_game(levels, seed, brains):
        played.append((levels, seed, brains))
        return None, [match.SeatResult(0, 0, 0, 0, 0, 0, 250 + seed)]

    monkeypatch.setattr(match, "play_game", fake_game)
    assert _score((weights_to_list(STANDARD_WEIGHTS), [32, 34], (), True)) == 283
    assert [(levels, seed) for levels, seed, _ in played] == [(["standard"], 32), (["standard"], 34)]
    brain = played[0][2][0]
    assert isinstance(brain, ExpertBrain) and brain.rollouts_fixed and brain.samples == 1
    assert brain.max_depth == brain.stage2_depth == EXPERT_PROXY_HORIZON and brain.weights == STANDARD_WEIGHTS


@pytest.mark.slow
def test_tuner_scores_a_table_by_the_margin_over_the_best_rival():
    from ruin_qt.ai.evaluation import weights_to_list
    from ruin_qt.ai.match import play_game
    from ruin_qt.ai.standard import StandardBrain
    from ruin_qt.ai.weights import TABLE_WEIGHTS
    from tools.tune import _score

    table = ("expert", "standard", "beginner")
    margin = _score((weights_to_list(TABLE_WEIGHTS), [31], table, False))
    brains = [StandardBrain(TABLE_WEIGHTS), make_brain("standard"), make_brain("beginner")]
    _, res = play_game(list(table), 31, brains)
    assert margin == res[0].total - max(r.total for r in res[1:])
