"""A finished review: immutable, and JSON both ways for the history's cache.

Categories (loss in expected final VP; 10 VP is one gem or one penalty).
A loss is weighed against its whole error, sigma (``DecisionReview.sigma``):
the futures' standard error of the paired loss and the evaluation's own
error, measured by calibration (``levels.EVAL_SD``), together.

========== ===========================================================
best       the decision played is the best the review found
good       loss under 2 VP
unclear    2 VP or more, under ``LIKELY_Z`` sigma: it could well be chance
inaccuracy ``LIKELY_Z`` to ``NOISE_Z`` sigma: probably a loss (about 9 in
           10 or more), but chance could still give one this large
mistake    beyond ``NOISE_Z`` sigma (chance gives that about once in 160)
blunder    a mistake of 20 VP or more (two gems)
========== ===========================================================

Only a loss beyond chance is a mistake or a blunder; the inaccuracy band is
what the review believes without being able to prove it.  The error, not a
fixed VP band, sets where these begin: about 10 VP in stage 2 and 24 VP in
stage 1 at the review's quality, more for a shallower search (it errs more).
Accuracy: the mean over decisions
of ``100 * exp(-loss / ACCURACY_SCALE_VP)`` (100 for no loss, 37 for one gem).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any

from ..rules import record as records
from ..rules.turn import SetupChoice, Turn
from .quality import Quality
from .reasons import Reason

FORMAT = "ruin-qt-review"
VERSION = 3  # bump when the search or the numbers change: cached reviews are then made anew

CATEGORIES = ("best", "good", "unclear", "inaccuracy", "mistake", "blunder")
GOOD_VP = 2.0  # a loss under this is good, whatever its error
BLUNDER_VP = 20.0  # a mistake this large is a blunder
# A review makes about 25 verdicts a game: at 2 (2.3% one-sided) about one game
# in two would carry a mistake that is chance; at 2.5 (0.6%) about one in seven.
NOISE_Z = 2.5
LIKELY_Z = 1.28  # 90% one-sided: below it a loss is as likely as not to be chance
ACCURACY_SCALE_VP = 10.0
KEY_MOMENTS = 5  # at most this many, largest loss first, unclear or worse


def loss_sigma(loss_se: float, eval_sd: float) -> float:
    """A loss's whole error: the futures' and the evaluation's, independent."""
    return math.hypot(loss_se, eval_sd)


def categorize(loss: float, loss_se: float, eval_sd: float) -> str:
    if loss <= 0:
        return "best"
    if loss < GOOD_VP:
        return "good"
    sigma = loss_sigma(loss_se, eval_sd)
    z = loss / sigma if sigma > 0 else math.inf
    if z < LIKELY_Z:
        return "unclear"
    if z <= NOISE_Z:
        return "inaccuracy"
    return "blunder" if loss >= BLUNDER_VP else "mistake"


@dataclass(frozen=True)
class Estimate:
    """An expected final VP and the spread of the futures behind it."""

    mean: float
    sd: float  # standard deviation over the futures
    n: int  # futures

    @property
    def se(self) -> float:
        return self.sd / math.sqrt(self.n) if self.n else 0.0

    def to_json(self) -> dict:
        return {"mean": self.mean, "sd": self.sd, "n": self.n}

    @staticmethod
    def from_json(d: dict) -> Estimate:
        return Estimate(float(d["mean"]), float(d["sd"]), int(d["n"]))


@dataclass(frozen=True)
class DecisionReview:
    index: int  # 0: setup, then each round the seat played
    round: int  # 0 for setup
    stage: int
    card: str | None  # the active card of a turn
    played: dict  # the decision as the record writes it (docs/RECORD.md)
    suggested: dict  # the best decision found; equal to ``played`` when that is the best
    played_value: Estimate
    suggested_value: Estimate
    loss: float  # suggested less played, paired on the same futures; >= 0
    loss_se: float  # its standard error
    category: str
    compared: int  # decisions the review compared
    # How far final totals fall from such expected values (sd, VP, measured on
    # Expert games): the curve's honest width, beside the futures' own spread.
    level_sd: float
    eval_sd: float  # the evaluation's own error in a loss at this phase (``levels.EVAL_SD``)
    depth: int  # rounds the search looked ahead from this decision, this one included
    reasons: tuple[Reason, ...] = ()  # what the suggestion gains, largest first (none when best)

    @property
    def is_best(self) -> bool:
        return self.category == "best"

    @property
    def sigma(self) -> float:
        """The loss's whole error (VP): the spread a verdict allows for."""
        return loss_sigma(self.loss_se, self.eval_sd)

    def played_decision(self) -> SetupChoice | Turn:
        """The decision played, for drawing it (``Turn``; ``SetupChoice`` at round 0)."""
        return _decision(self.played)

    def suggested_decision(self) -> SetupChoice | Turn:
        return _decision(self.suggested)

    def to_json(self) -> dict:
        return {"index": self.index, "round": self.round, "stage": self.stage, "card": self.card,
                "played": self.played, "suggested": self.suggested,
                "played_value": self.played_value.to_json(), "suggested_value": self.suggested_value.to_json(),
                "loss": self.loss, "loss_se": self.loss_se, "category": self.category,
                "compared": self.compared, "level_sd": self.level_sd, "eval_sd": self.eval_sd, "depth": self.depth,
                "reasons": [r.to_json() for r in self.reasons]}

    @staticmethod
    def from_json(d: dict) -> DecisionReview:
        return DecisionReview(int(d["index"]), int(d["round"]), int(d["stage"]), d["card"], d["played"],
                              d["suggested"], Estimate.from_json(d["played_value"]),
                              Estimate.from_json(d["suggested_value"]), float(d["loss"]), float(d["loss_se"]),
                              str(d["category"]), int(d["compared"]), float(d["level_sd"]), float(d["eval_sd"]),
                              int(d["depth"]),
                              tuple(Reason.from_json(r) for r in d["reasons"]))


def _decision(d: dict) -> SetupChoice | Turn:
    if "keep" in d:
        return records.parse_setup(d)
    turn = records.parse_turn(d)
    assert turn is not None  # a review holds no turn of an escaped seat
    return turn


def cache_key(digest: str, quality: Quality) -> str:
    """A review's identity: this format and version, the quality, and what
    the seat knew and did (``decisions.SeatGame.digest``)."""
    text = json.dumps([FORMAT, VERSION, digest, quality.to_json()], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Summary:
    decisions: int
    total_loss: float  # expected VP lost over the game
    mean_loss: float
    accuracy: float  # 0-100, see the module's docstring
    counts: dict  # category -> decisions

    def to_json(self) -> dict:
        return {"decisions": self.decisions, "total_loss": round(self.total_loss, 3),
                "mean_loss": round(self.mean_loss, 3), "accuracy": round(self.accuracy, 2), "counts": self.counts}


@dataclass(frozen=True)
class Review:
    seat: int  # 0-based
    name: str
    n_seats: int
    quality: Quality
    digest: str  # of what the seat knew and did (decisions.SeatGame.digest)
    finished: bool
    final_total: int | None  # the seat's final score once the game is over
    decisions: tuple[DecisionReview, ...]

    @property
    def summary(self) -> Summary:
        n = len(self.decisions)
        total = sum(d.loss for d in self.decisions)
        acc = sum(100.0 * math.exp(-d.loss / ACCURACY_SCALE_VP) for d in self.decisions) / n if n else 100.0
        counts = {c: sum(1 for d in self.decisions if d.category == c) for c in CATEGORIES}
        return Summary(n, total, total / n if n else 0.0, acc, counts)

    @property
    def key_moments(self) -> tuple[DecisionReview, ...]:
        """The largest losses rated unclear or worse, largest first (an
        unclear one says so: the review cannot tell it from chance)."""
        bad = [d for d in self.decisions if CATEGORIES.index(d.category) >= CATEGORIES.index("unclear")]
        return tuple(sorted(bad, key=lambda d: (-d.loss, d.index))[:KEY_MOMENTS])

    @property
    def curve(self) -> tuple[tuple[int, float], ...]:
        """(round, expected final VP) after each decision played, then the
        final total once the game is over (round one past the last decision)."""
        points = [(d.round, d.played_value.mean) for d in self.decisions]
        if self.finished and self.final_total is not None:
            last = self.decisions[-1].round + 1 if self.decisions else 0
            points.append((last, float(self.final_total)))
        return tuple(points)

    @property
    def cache_key(self) -> str:
        """Equal to ``review.cache_key(record, seat, quality)`` of what it reviewed."""
        return cache_key(self.digest, self.quality)

    def to_json(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION, "seat": self.seat, "name": self.name, "n_seats": self.n_seats,
            "quality": self.quality.to_json(), "digest": self.digest, "finished": self.finished,
            "final_total": self.final_total, "decisions": [d.to_json() for d in self.decisions],
            # Derived, for readers of the JSON; ``from_json`` recomputes them.
            "summary": self.summary.to_json(), "key_moments": [d.index for d in self.key_moments],
            "curve": [[r, round(v, 3)] for r, v in self.curve],
        }

    @staticmethod
    def from_json(d: Any) -> Review:
        """A review read back; ``ValueError`` for another format or version
        (a cache then makes the review anew)."""
        if not isinstance(d, dict) or d.get("format") != FORMAT or d.get("version") != VERSION:
            raise ValueError(f"not a {FORMAT} version {VERSION} review")
        try:
            return Review(int(d["seat"]), str(d["name"]), int(d["n_seats"]), Quality.from_json(d["quality"]),
                          str(d["digest"]), bool(d["finished"]),
                          None if d["final_total"] is None else int(d["final_total"]),
                          tuple(DecisionReview.from_json(x) for x in d["decisions"]))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"a malformed review ({type(e).__name__}: {e})") from None
