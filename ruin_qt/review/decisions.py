"""The decisions one seat made in a record, each with what it knew then.

A review judges a decision only from ``observe(game, seat)`` at that moment
(R12.3): this walk is the one place that replays the record, and it hands
on observations, never the ``Game``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ..rules import record as records
from ..rules.game import Game
from ..rules.observation import Observation, observe
from ..rules.turn import SetupChoice, Turn


@dataclass(frozen=True)
class Decision:
    index: int  # 0: setup, then one per round the seat played
    round: int  # the round it was made in; 0 for setup
    observation: Observation  # what the seat knew when it decided
    played: SetupChoice | Turn

    @property
    def is_setup(self) -> bool:
        return isinstance(self.played, SetupChoice)


@dataclass(frozen=True)
class SeatGame:
    """One seat's side of a record: its decisions and, once known, its final total."""

    seat: int
    name: str
    n_seats: int
    decisions: tuple[Decision, ...]
    finished: bool
    final_total: int | None  # the seat's final score, public once the game is over

    def digest(self) -> str:
        """What a review of this seat depends on: its observations, its
        decisions and its final total, nothing hidden from it (a cached
        review is reused only for the same digest)."""
        h = hashlib.sha256()
        for d in self.decisions:
            h.update(observation_digest(d.observation).encode())
            h.update(repr(decision_json(d.played)).encode())
        h.update(repr((self.seat, self.name, self.n_seats, self.finished, self.final_total)).encode())
        return h.hexdigest()


def seat_decisions(rec: Any, seat: int) -> SeatGame:
    """Every decision of ``seat`` (0-based) in the parsed record ``rec``.

    A record that breaks a rule raises the ``RuleError`` the replay command
    prints; a seat outside the table raises ``ValueError``."""
    game = records.replay_checked(rec)  # the whole record is checked before any review work
    if not 0 <= seat < game.n:
        raise ValueError(f"seat {seat + 1} is not at this table of {game.n}")
    parts = records.parse_structure(rec)
    walk = Game(parts["seats"], parts["seed"], recorded_shuffles=parts["shuffles"])
    out: list[Decision] = []
    if parts["setup"]:
        out.append(Decision(0, 0, observe(walk, seat), parts["setup"][seat]))
        for i, choice in enumerate(parts["setup"]):
            walk.submit_setup(i, choice)
    for r, turns in enumerate(parts["rounds"], start=1):
        turn = turns[seat]
        if turn is not None:
            out.append(Decision(len(out), r, observe(walk, seat), turn))
        walk.play_round(turns)
    final = game.scores()[seat].total if game.over else None
    return SeatGame(seat, game.seats[seat].name, game.n, tuple(out), game.over, final)


def decision_json(played: SetupChoice | Turn) -> dict:
    """A decision as the record writes it (docs/RECORD.md)."""
    if isinstance(played, SetupChoice):
        return records.setup_to_json(played)
    out = records.turn_to_json(played)
    assert out is not None
    return out


def observation_digest(obs: Observation) -> str:
    """A stable digest of everything ``obs`` holds (the seat's knowledge,
    nothing hidden from it): reviews seed their sampled futures with it."""
    parts = (
        obs.seat, obs.n_seats, obs.phase, obs.stage, obs.round,
        obs.sheet.state_key(), obs.hand, obs.penalties, obs.dealt_explore, obs.dealt_objectives,
        obs.line, obs.deck_size, obs.discard, obs.revealed, tuple(sorted(obs.resolved)), obs.gems,
        obs.hand_sizes, obs.escaped_rounds, obs.objective_deck_size, obs.objective_discard_size, obs.square1,
        tuple(tuple((e.kind, e.seat, e.letter, e.detail) for e in rnd) for rnd in obs.announcements),
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()
