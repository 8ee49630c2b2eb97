"""Issue 42: the learned position value.  The game evaluates it with numpy
alone; these tests train a tiny model with the training framework and check
the numpy evaluation gives the same predictions, that the features read the
seat's own observation (R12: nothing hidden), and that the Expert's search
uses it at its leaves."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from ruin_qt.ai import value
from ruin_qt.ai.expert import ExpertBrain
from ruin_qt.ai.greedy import to_turn
from ruin_qt.rules.observation import observe
from tools import value_train
from tools.value_data import play
from tools.value_train import fit

from .helpers import standard_game

SEEDS = (610007, 610008, 610009)  # one game each to train, validate and test (seeds ending in 8 and 9)


@pytest.fixture(scope="module")
def tiny_games():
    return {seed: play((seed, 0.2)) for seed in SEEDS}


@pytest.fixture(scope="module")
def tiny_data(tiny_games):
    return (np.concatenate([x for x, _leaf, _total in tiny_games.values()]),
            np.concatenate([total - leaf for _x, leaf, total in tiny_games.values()]))


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")  # a few epochs are enough here
def test_numpy_evaluation_equals_the_training_framework(tiny_data, tmp_path):
    x, y = tiny_data
    assert x.shape[1] == value.N_FEATURES and len(x) > 30
    model, net = fit(x, y, (16, 8), alpha=1e-3, seed=1, max_iter=30)
    mean, scale = model.mean, model.scale
    expected = net.predict((x - mean) / scale)
    assert np.allclose(model.predict(x), expected, atol=1e-3)
    path = tmp_path / "model.json"
    model.save(path)
    again = value.load_model(str(path))
    assert np.allclose(again.predict(x), expected, atol=1e-3)  # the file the game reads
    assert np.allclose(again.predict(x[3]), expected[3:4], atol=1e-3)  # one position, as a leaf asks


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_the_training_command_writes_a_model_with_its_provenance(tiny_games, tmp_path, capsys):
    data = tmp_path / "data.npz"
    np.savez(data, x=np.concatenate([g[0] for g in tiny_games.values()]),
             leaf=np.concatenate([g[1] for g in tiny_games.values()]),
             total=np.concatenate([np.full(len(g[0]), g[2], dtype=np.float32) for g in tiny_games.values()]),
             seed=np.concatenate([np.full(len(g[0]), s) for s, g in tiny_games.items()]))
    out = tmp_path / "model.json"
    assert value_train.main([str(data), "--hidden", "8", "--out", str(out)]) == 0
    assert "within-round correlation" in capsys.readouterr().out
    model = value.load_model(str(out))
    assert "tools.value_train" in model.provenance["command"]
    assert model.provenance["positions"]["validation"] == len(tiny_games[610008][0])
    assert model.provenance["positions"]["test"] == len(tiny_games[610009][0])
    assert out.stat().st_size < 5_000_000


def test_a_foreign_file_is_refused(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "ruin-qt-value/1", "features": 3}), encoding="utf-8")
    with pytest.raises(ValueError):
        value.load_model(str(path))


def test_R1_R10_features_read_the_seats_sheet():
    game, _brains, _rng = standard_game(1, 5, rounds=2)
    obs = observe(game, 0)
    f = dict(zip(value.FEATURES, value.features(obs, 100.0, 50.0, 10.0)))
    sheet = obs.sheet
    assert f["filled"] * 121 == pytest.approx((sheet.roads | sheet.walls).bit_count())
    assert f["roads"] * 121 == pytest.approx(sheet.roads.bit_count())
    assert f["rect"] * 50 == pytest.approx(sheet.square_bonus())
    assert f["hand"] == len(obs.hand) and f["leaf"] == 1.0 and f["banked"] == pytest.approx(0.1)


def test_R12_features_ignore_hidden_information():
    game, _brains, _rng = standard_game(2, 9, rounds=2)
    before = value.features(observe(game, 0), 100.0, 50.0, 10.0)
    random.Random(1).shuffle(game.deck)  # the deck order and a rival's sheet are hidden (R12)
    game.seats[1].sheet.roads = 0
    assert np.array_equal(value.features(observe(game, 0), 100.0, 50.0, 10.0), before)


def test_the_expert_search_uses_the_learned_value_at_its_leaves(tmp_path):
    n = value.N_FEATURES
    shift = value.ValueModel(np.zeros(n), np.ones(n), [(np.zeros((n, 1)), np.array([500.0]))])  # +500 VP anywhere
    path = tmp_path / "model.json"
    shift.save(path)
    game, _brains, _rng = standard_game(1, 11, rounds=1)
    obs = observe(game, 0)
    plain = ExpertBrain(rollouts=1, horizon=2)
    learned = ExpertBrain(rollouts=1, horizon=2, value=str(path))
    turns = [to_turn(obs, c) for c in plain.standard.ranked(obs)[:3]]
    v_plain = plain._values(obs, turns, 2, 7, None, 0, plain.standard.w)
    v_learned = learned._values(obs, turns, 2, 7, None, 0, learned.standard.w)
    assert v_learned == pytest.approx([v + 500.0 for v in v_plain])  # every leaf corrected, nothing else
