"""Train the learned value (issue 42) on differences between sibling
decisions, not only on levels: the correction to the hand leaf is fitted so
that its differences between two sibling branches (``tools.calibrate
--out``: the Expert ranking's choice and one of its next best five, each
played to the end on the same deck) match the realized difference less the
hand leaf's, and so that its level matches the final totals of
``tools.value_data`` positions (the search also compares leaves with exact
escape totals, so the level must stay right).

    python -m tools.value_pairs PAIRS.npz --levels LEVELS.npz [--eval EVAL.npz] [--out MODEL.json]

The model is linear in the standardized features (one layer of
``ValueModel``), fitted in closed form: the squared errors of the levels,
plus ``--weight`` times those of the pairs, plus ``--ridge`` times the
squared weights.  Pairs and positions are split by game seed as in
``tools.value_train`` (ending in 8: validation, in 9: test).  ``--eval``: pairs
played in several futures (``tools.calibrate --futures K --out``), where the
report also gives each value's correlation with the expected difference,
the one a search should follow (``calibrate.split_futures``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from ruin_qt.ai.value import ValueModel
from tools.calibrate import split_futures
from tools.value_train import load, standardize


def fit(levels: tuple[np.ndarray, np.ndarray] | None, pairs: tuple[np.ndarray, np.ndarray, np.ndarray],
        weight: float, ridge: float, mean: np.ndarray, scale: np.ndarray) -> ValueModel:
    """Least squares of a linear correction on standardized features:
    ``levels`` (features, final total less hand leaf) and ``pairs``
    (choice's features, alternative's, realized less predicted difference)
    with weight ``weight``.  Without levels only the weights are fitted."""
    xa, xb, t = pairs
    rows = [np.hstack([(xb - xa) / scale, np.zeros((len(t), 1))]) * np.sqrt(weight)]
    ys = [t * np.sqrt(weight)]
    if levels is not None:
        x, r = levels
        rows.append(np.hstack([(x - mean) / scale, np.ones((len(r), 1))]))
        ys.append(r)
    a = np.vstack(rows).astype(np.float64)
    y = np.concatenate(ys).astype(np.float64)
    penalty = ridge * np.eye(a.shape[1])
    penalty[-1, -1] = 0.0  # the level's constant is not shrunk
    beta = np.linalg.solve(a.T @ a + penalty + 1e-9 * np.eye(a.shape[1]), a.T @ y)
    return ValueModel(mean, scale, [(beta[:-1, None], beta[-1:])])


def pair_report(model: ValueModel | None, p: dict[str, np.ndarray], rows: np.ndarray) -> dict:
    """Correlation of predicted and realized (first future) differences per
    stage, for the hand leaf and with ``model``'s correction."""
    out = {}
    for stage in (1, 2):
        r = rows & (p["stage"] == stage)
        if r.sum() < 10:
            continue
        realized = p["realized"][r, 0]
        leaf = p["predicted"][r]
        row = {"pairs": int(r.sum()), "hand leaf": round(float(np.corrcoef(leaf, realized)[0, 1]), 3)}
        if model is not None:
            learned = leaf + model.predict(p["x_alternative"][r]) - model.predict(p["x_choice"][r])
            row["learned"] = round(float(np.corrcoef(learned, realized)[0, 1]), 3)
        out[f"stage{stage}"] = row
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.value_pairs", description=__doc__.split("\n\n")[0])
    ap.add_argument("pairs", nargs="+")
    ap.add_argument("--levels", nargs="*", default=[], help="tools.value_data positions for the level")
    ap.add_argument("--eval", nargs="*", default=[], help="pairs in several futures (tools.calibrate --futures K)")
    ap.add_argument("--weight", type=float, default=1.0, help="weight of a pair against a position")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    p = load(a.pairs)
    val, test = p["seed"] % 10 == 8, p["seed"] % 10 == 9
    train = ~(val | test)
    levels = None
    if a.levels:
        lv = load(a.levels)
        ltrain = lv["seed"] % 10 < 8
        mean, scale = standardize(lv["x"][ltrain])
        levels = (lv["x"][ltrain], (lv["total"] - lv["leaf"])[ltrain])
    else:
        mean, scale = standardize(np.vstack([p["x_choice"][train], p["x_alternative"][train]]))
    target = p["realized"][:, 0] - p["predicted"]
    model = fit(levels, (p["x_choice"][train], p["x_alternative"][train], target[train]), a.weight, a.ridge,
                mean, scale)
    report: dict = {"pairs": {"train": int(train.sum()), "validation": int(val.sum()), "test": int(test.sum())}}
    report["validation"] = pair_report(model, p, val)
    report["test"] = pair_report(model, p, test)
    if a.levels:
        lval = lv["seed"] % 10 == 8
        resid = (lv["total"] - lv["leaf"])[lval]
        report["level_mae"] = {"hand leaf": round(float(np.abs(resid).mean()), 2),
                               "learned": round(float(np.abs(resid - model.predict(lv["x"][lval])).mean()), 2)}
    if a.eval:
        e = load(a.eval)
        report["eval"] = {}
        for stage in (1, 2):
            r = e["stage"] == stage
            learned = e["predicted"][r] + model.predict(e["x_alternative"][r]) - model.predict(e["x_choice"][r])
            report["eval"][f"stage{stage}"] = split_futures(e["realized"][r], {"leaf": e["predicted"][r],
                                                                              "learned": learned})
    print("pairs", report["pairs"])
    for name in ("validation", "test"):
        for stage, row in report[name].items():
            print(f"{name:10s} {stage}: {row['pairs']} pairs, correlation with the realized difference: "
                  f"hand leaf {row['hand leaf']}, learned {row.get('learned')}")
    if "level_mae" in report:
        print("level MAE on validation positions:", report["level_mae"])
    for stage, s in report.get("eval", {}).items():
        print(f"eval {stage}: {s['pairs']} pairs in {s['futures']} futures, correlation with the expected "
              f"difference: hand leaf {s['leaf']['value']} {s['leaf']['ci95']}, learned {s['learned']['value']} "
              f"{s['learned']['ci95']}")
    if a.out:
        model.provenance = {
            "command": "python -m tools.value_pairs " + " ".join(argv if argv is not None else sys.argv[1:]),
            "pairs": a.pairs, "levels": a.levels, "eval": a.eval, "weight": a.weight, "ridge": a.ridge,
            "seeds": f"{int(p['seed'].min())}-{int(p['seed'].max())}: ending in 8 validation, in 9 test", **report,
        }
        model.save(Path(a.out))
        print("wrote", a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
