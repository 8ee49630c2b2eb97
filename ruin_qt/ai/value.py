"""A learned position value (issue 42): a small network, evaluated with numpy
alone, that corrects the Expert's hand-weighted leaf.

The input is a summary of one seat's observation at the start of a round
(``features``: the stage and the cards to come, the hand, the score parts,
the sheet's counts, the letters) together with the hand leaf itself; the
output is the expected final total less that hand leaf.  The sheet enters as
counts, not cell by cell: with 4,000 games the planes only fitted the games.
A weights file records how it was made (``provenance``: the training
command, the data, the seeds, the validation errors); the data and the
training are ``tools/value_data.py`` and ``tools/value_train.py``.  No
model ships with the game until one beats the hand leaf in whole games
(none has: docs/ai-journal.md); ``ExpertBrain(value=FILE)`` measures one.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..rules.observation import Observation
from ..rules.scoring import route_vp
from .evaluation import stage2_rounds_played

FEATURES = ("stage2", "round", "deck", "line", "stage2_rounds", "hand", "routes", "gems", "penalties", "square1",
             "rect", "filled", "roads", "destinations", "revealed", "leaf", "best", "banked")
N_FEATURES = len(FEATURES)


def features(obs: Observation, leaf: float, best: float, banked: float) -> np.ndarray:
    """One position as the network reads it: ``leaf`` is the hand leaf
    value, ``best`` the ranking's value of the best decision, ``banked`` the
    VP no later play changes (all from ``expert.leaf_value``)."""
    sheet = obs.sheet
    return np.array([
        obs.stage == 2, obs.round / 30, obs.deck_size / 24, len(obs.line), stage2_rounds_played(obs) / 10,
        len(obs.hand), route_vp(sheet, obs.hand) / 15, obs.gems[obs.seat], obs.penalties,
        (obs.square1 or 0) / 50, sheet.square_bonus() / 50, sheet.filled.bit_count() / 121,
        sheet.roads.bit_count() / 121, len(obs.active_destinations), len(obs.revealed),
        leaf / 100, best / 100, banked / 100,
    ], dtype=np.float32)


class ValueModel:
    """A multilayer perceptron with ReLU hidden layers: standardized inputs,
    a linear output in VP (the correction to the hand leaf)."""

    def __init__(self, mean, scale, layers: list[tuple], provenance: dict | None = None):
        self.mean = np.asarray(mean, dtype=np.float32)
        self.scale = np.asarray(scale, dtype=np.float32)
        self.layers = [(np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)) for w, b in layers]
        self.provenance = provenance or {}

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Corrections for a batch (rows) or one position."""
        h = (np.atleast_2d(x) - self.mean) / self.scale
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                np.maximum(h, 0, out=h)
        return h[:, 0]

    def to_json(self) -> dict:
        return {"format": "ruin-qt-value/1", "features": N_FEATURES, "provenance": self.provenance,
                "mean": self.mean.tolist(), "scale": self.scale.tolist(),
                "layers": [{"w": w.tolist(), "b": b.tolist()} for w, b in self.layers]}

    @classmethod
    def from_json(cls, data: dict) -> ValueModel:
        if data.get("format") != "ruin-qt-value/1" or data.get("features") != N_FEATURES:
            raise ValueError("not a value model for these features")
        return cls(data["mean"], data["scale"], [(d["w"], d["b"]) for d in data["layers"]], data.get("provenance"))

    def save(self, path: Path) -> None:
        text = json.dumps(self.to_json(), separators=(",", ":"), default=float)
        path.write_text(text, encoding="utf-8")


@lru_cache(maxsize=4)
def load_model(path: str) -> ValueModel:
    """A model file, read once per process (search workers share it)."""
    return ValueModel.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
