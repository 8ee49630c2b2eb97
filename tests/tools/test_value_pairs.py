"""Issue 42: the learned value fitted on sibling differences
(``python -m tools.value_pairs``): the closed-form fit recovers a known
correction, the numpy model the game reads predicts what was fitted, and the
command writes its provenance and split."""

from __future__ import annotations

import numpy as np

from ruin_qt.ai import value
from tools import value_pairs, value_train

N = value.N_FEATURES


def synthetic(rng: np.random.Generator, n: int, w: np.ndarray, b: float, noise: float):
    """Pairs and positions whose correction is ``w`` (on the features as
    they are) plus ``b``."""
    xa, xb = rng.normal(size=(n, N)), rng.normal(size=(n, N))
    predicted = rng.normal(size=n)
    realized = predicted + (xb - xa) @ w + rng.normal(scale=noise, size=n)
    x = rng.normal(size=(n, N))
    leaf = rng.normal(size=n)
    total = leaf + x @ w + b + rng.normal(scale=noise, size=n)
    seeds = np.arange(n) + 700000
    pairs = {"x_choice": xa, "x_alternative": xb, "predicted": predicted, "realized": realized[:, None],
             "seed": seeds, "round": np.zeros(n, int), "stage": 1 + (seeds % 2)}
    levels = {"x": x, "leaf": leaf, "total": total, "seed": seeds}
    return pairs, levels


def test_the_fit_recovers_a_known_correction():
    rng = np.random.default_rng(3)
    w = rng.normal(size=N)
    pairs, levels = synthetic(rng, 4000, w, 5.0, 0.1)
    mean, scale = value_train.standardize(levels["x"])
    model = value_pairs.fit((levels["x"], levels["total"] - levels["leaf"]),
                            (pairs["x_choice"], pairs["x_alternative"], pairs["realized"][:, 0] - pairs["predicted"]),
                            1.0, 1e-6, mean, scale)
    probe = rng.normal(size=(50, N))
    assert np.allclose(model.predict(probe), probe @ w + 5.0, atol=0.05)
    # Pairs alone fix the differences, not the level.
    alone = value_pairs.fit(None, (pairs["x_choice"], pairs["x_alternative"],
                                   pairs["realized"][:, 0] - pairs["predicted"]), 1.0, 1e-6, mean, scale)
    d = alone.predict(probe) - alone.predict(probe[::-1])
    assert np.allclose(d, (probe - probe[::-1]) @ w, atol=0.05)


def test_the_command_writes_the_model_the_game_reads(tmp_path, capsys):
    rng = np.random.default_rng(4)
    pairs, levels = synthetic(rng, 400, rng.normal(size=N), 0.0, 1.0)
    pairs["realized"] = np.hstack([pairs["realized"], pairs["realized"] + rng.normal(size=(400, 1))])
    np.savez(tmp_path / "pairs.npz", **pairs)
    np.savez(tmp_path / "levels.npz", **levels)
    out = tmp_path / "model.json"
    assert value_pairs.main([str(tmp_path / "pairs.npz"), "--levels", str(tmp_path / "levels.npz"),
                             "--eval", str(tmp_path / "pairs.npz"), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "correlation with the expected difference" in printed
    model = value.load_model(str(out))
    assert "tools.value_pairs" in model.provenance["command"]
    assert model.provenance["pairs"]["validation"] == int((pairs["seed"] % 10 == 8).sum())
    # The file's numpy evaluation is the fitted least squares' own prediction.
    mean, scale = value_train.standardize(levels["x"][levels["seed"] % 10 < 8])
    again = value_pairs.fit((levels["x"][levels["seed"] % 10 < 8],
                             (levels["total"] - levels["leaf"])[levels["seed"] % 10 < 8]),
                            tuple(v[pairs["seed"] % 10 < 8] for v in (pairs["x_choice"], pairs["x_alternative"],
                                                                      pairs["realized"][:, 0] - pairs["predicted"])),
                            1.0, 1.0, mean, scale)
    assert np.allclose(model.predict(levels["x"]), again.predict(levels["x"]), atol=1e-4)
