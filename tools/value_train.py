"""Train the learned value (issue 42) on ``tools.value_data`` positions and
write the numpy model the game evaluates (``ruin_qt/ai/value.py``).

    python -m tools.value_train /tmp/value.npz --out /tmp/value_model.json

Games are split by seed (whole games, never positions of one game on both
sides): seeds ending in 8 validate, seeds ending in 9 test, the rest
train.  The target is the final total less the hand leaf; a multilayer
perceptron (scikit-learn, ``pip install -e .[train]``) with early stopping
on a random tenth of the training positions.  Prints the mean absolute and
root mean square error, on validation and test games, of the hand leaf, of
the hand leaf plus the mean residual of its stage and round (a calibration
any model should beat) and of the learned value; and how well each orders
positions of the same stage and round (what a search compares).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from ruin_qt.ai.value import FEATURES, ValueModel


def standardize(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mean and scale a ``ValueModel`` standardizes its inputs with (a
    feature that never varies keeps scale 1)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    return mean, scale


def load(paths: list[str]) -> dict[str, np.ndarray]:
    """Data files of one kind (``tools.value_data`` or ``tools.calibrate --out``), concatenated."""
    parts = [np.load(p) for p in paths]
    return {k: np.concatenate([d[k] for d in parts]) for k in parts[0].files}


def fit(x: np.ndarray, y: np.ndarray, hidden: tuple[int, ...], alpha: float, seed: int,
        max_iter: int = 200):
    """A perceptron fitted on standardized inputs: the ``ValueModel`` and scikit-learn's network."""
    from sklearn.neural_network import MLPRegressor

    mean, scale = standardize(x)
    net = MLPRegressor(hidden_layer_sizes=hidden, alpha=alpha, early_stopping=True, random_state=seed,
                       max_iter=max_iter, batch_size=min(256, len(x) // 2), learning_rate_init=1e-3, n_iter_no_change=8)
    net.fit((x - mean) / scale, y)
    return ValueModel(mean, scale, list(zip(net.coefs_, net.intercepts_))), net


def errors(pred: np.ndarray, y: np.ndarray) -> dict:
    e = pred - y
    return {"mae": round(float(np.abs(e).mean()), 2), "rmse": round(float(np.sqrt((e ** 2).mean())), 2)}


def within_round(pred: np.ndarray, y: np.ndarray, group: np.ndarray) -> float | None:
    """Correlation of prediction and outcome among positions of one stage
    and round, averaged over the groups (weighted by size); None when no
    group is large enough."""
    cs, ws = [], []
    for g in np.unique(group):
        rows = group == g
        if rows.sum() > 30 and pred[rows].std() > 0:
            cs.append(np.corrcoef(pred[rows], y[rows])[0, 1])
            ws.append(rows.sum())
    return round(float(np.average(cs, weights=ws)), 3) if cs else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.value_train", description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--hidden", default="64,32")
    ap.add_argument("--alpha", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    data = load(a.data)
    x, leaf, total, seed = (data[k] for k in ("x", "leaf", "total", "seed"))
    val, test = seed % 10 == 8, seed % 10 == 9
    train = ~(val | test)
    hidden = tuple(int(h) for h in a.hidden.split(","))
    model, _net = fit(x[train], (total - leaf)[train], hidden, a.alpha, a.seed)
    group = x[:, FEATURES.index("stage2")] * 100 + np.round(x[:, FEATURES.index("round")] * 30)
    residual = total - leaf
    means = {g: residual[train & (group == g)].mean() for g in np.unique(group[train])}
    calibrated = leaf + np.array([means.get(g, 0.0) for g in group])
    learned = leaf + model.predict(x)
    report = {"positions": {"train": int(train.sum()), "validation": int(val.sum()), "test": int(test.sum())}}
    for name, rows in (("validation", val), ("test", test)):
        report[name] = {k: {**errors(p[rows], total[rows]),
                            "within_round_corr": within_round(p[rows], total[rows], group[rows])}
                        for k, p in (("hand leaf", leaf), ("hand leaf + round mean", calibrated),
                                     ("learned", learned))}
    print("positions", report["positions"])
    report["validation_by_round"] = [
        {"stage": 2 if g >= 100 else 1, "round": int(g % 100), "positions": int((val & (group == g)).sum()),
         **{k: round(float(np.abs(p - total)[val & (group == g)].mean()), 1)
            for k, p in (("hand_mae", leaf), ("round_mean_mae", calibrated), ("learned_mae", learned))}}
        for g in np.unique(group[val])]
    print("validation MAE by stage and round (positions: hand leaf, hand leaf + round mean, learned)")
    for r in report["validation_by_round"]:
        print(f"  stage {r['stage']} round {r['round']:2d} ({r['positions']:5d}): {r['hand_mae']:6.1f} "
              f"{r['round_mean_mae']:6.1f} {r['learned_mae']:6.1f}")
    for name in ("validation", "test"):
        for k, f in report[name].items():
            print(f"{name:10s} {k:24s} mae {f['mae']:6.2f}  rmse {f['rmse']:6.2f}  "
                  f"within-round correlation {f['within_round_corr']}")
    if a.out:
        model.provenance = {
            "command": "python -m tools.value_train " + " ".join(argv if argv is not None else sys.argv[1:]),
            "data": [str(p) for p in a.data],
            "seeds": f"{int(seed.min())}-{int(seed.max())}: ending in 8 validation, in 9 test",
            "hidden": list(hidden), "alpha": a.alpha, **report,
        }
        from pathlib import Path

        model.save(Path(a.out))
        print("wrote", a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
