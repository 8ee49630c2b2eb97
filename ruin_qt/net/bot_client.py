"""``python -m ruin_qt join``: a computer brain playing one seat of a hosted table.

It speaks only docs/PROTOCOL.md.  Its brain gets the ``Observation`` of its
own view and an RNG seeded from the bot's own randomness (nothing the host
sent).  With ``--state FILE`` it keeps its token, its RNG and the deal's
commitment there, so a bot killed mid-round and started again rejoins and
decides as it would have.  At the end it checks the deal the host reveals
against the commitment it was given at the start (``rules.deal``), prints
the verdict as a JSON line and exits with ``DEAL_FAILED`` if it fails.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from ..ai.base import make_brain
from ..rules import record
from ..rules.deal import Verdict, check_revealed, commitment_of
from ..rules.errors import RuleError
from ..session.intents import Confirm, TakeDecision
from .client_core import ClientCore
from .codec import plain
from .contents import deal_json
from .host_state import _rng_from, _rng_json
from .messages import Bye, Closing, Done, Error, HostMessage, HostMessageError, Over, Refused, State, Welcome
from .protocol import FATAL

RETRY_MS = 300
DEAL_FAILED = 5  # exit status: the host's deal could not be verified


class BotClient(ClientCore):
    finished = Signal(int)  # exit status

    def __init__(self, host: str, port: int, code: str, level: str, state: Path | None = None,
                 think_ms: int = 0, retry_s: float = 30.0, name: str | None = None,
                 seat: int | None = None, parent: QObject | None = None):
        """``seat``: the seat wanted, from 0 as the protocol counts."""
        super().__init__(host, port, code, name, seat, int(retry_s * 1000 / RETRY_MS), RETRY_MS, parent)
        self.level, self.state_path, self.think_ms = level, state, think_ms
        self.brain = make_brain(level)
        self.saved: dict = json.loads(state.read_text(encoding="utf-8")) if state and state.is_file() else {}
        self.token = self.saved.get("token")
        self.rng: random.Random | None = _rng_from(self.saved["after"]) if "after" in self.saved else None
        self.last: State | None = None
        self.busy = False
        self.record: dict | None = None
        self.rejoined_draft: dict | None = None  # the draft found on rejoining (for the fault tests)
        self.rejoining = False
        self._take_id: int | None = None
        self._confirm_id: int | None = None
        self._done = False

    # -- the connection ------------------------------------------------------------------
    def may_retry(self) -> bool:
        return not self._done  # the table may not be up yet: keep trying, with the code or the token

    def reconnecting(self) -> None:
        self.busy = False

    def lost(self, code: int, reason: str) -> None:
        self._finish(4, f"the table is gone ({code} {reason})")

    def unreadable(self, e: HostMessageError) -> None:
        self._finish(3, f"the host sent what this bot cannot read: {e}")

    def _finish(self, status: int, why: str = "") -> None:
        if self._done:
            return
        self._done = self._closed = True
        if why:
            print(f"ruin_qt join: {why}", file=sys.stderr)
        self._send(Bye())
        self.finished.emit(status)

    def _keep(self) -> None:
        if self.state_path is not None:  # whole or not at all: a bot killed mid-write keeps its former state
            tmp = self.state_path.with_name(self.state_path.name + ".tmp")
            tmp.write_text(json.dumps(self.saved), encoding="utf-8")
            os.replace(tmp, self.state_path)

    # -- what the host says ------------------------------------------------------------------
    def handle(self, msg: HostMessage) -> None:
        try:
            if isinstance(msg, Welcome):
                self._on_welcome(msg)
            elif isinstance(msg, State):
                self._on_state(msg)
            elif isinstance(msg, Done):
                self._on_done(msg)
            elif isinstance(msg, Refused):
                self._on_refused(msg)
            elif isinstance(msg, Error):
                self._on_error(msg)
            elif isinstance(msg, Closing):
                if not self._done:  # after the game's end it is the normal goodbye: nothing to report
                    print(f"ruin_qt join: {msg.message}", file=sys.stderr)
            elif isinstance(msg, Over):
                self._on_over(msg)
        except (ValueError, KeyError, TypeError) as e:
            self._finish(3, f"the host sent what this bot cannot read: {e}")

    def _on_welcome(self, msg: Welcome) -> None:
        self.rejoining = bool(self.saved.get("token"))  # it had a seat: the token is new on every rejoin (rotated)
        self.saved.update(token=msg.token, seat=msg.seat)
        if "commitment" not in self.saved:  # the first one told: a host cannot change it later
            self.saved["commitment"] = commitment_of(deal_json(msg.deal))
        self._keep()

    def _on_over(self, msg: Over) -> None:
        self.record = msg.record.json
        self.verdict = verify_over(self.record, deal_json(msg.deal), self.saved.get("commitment"))
        print(json.dumps({"deal": {"verified": self.verdict.ok, "reason": self.verdict.reason}}), flush=True)
        if not self.verdict.ok:
            return self._finish(DEAL_FAILED, f"the host's deal could not be verified: {self.verdict.reason}")
        return self._finish(0)

    def _on_state(self, msg: State) -> None:
        if self.rejoining:
            self.rejoining = False
            draft = msg.view.draft
            self.rejoined_draft = plain(draft) if draft is not None else None
            print(f"ruin_qt join: rejoined seat {self.saved['seat']}, draft {json.dumps(self.rejoined_draft)}",
                  file=sys.stderr)
        self.last = msg
        self._maybe_decide()

    def _on_done(self, msg: Done) -> None:
        if msg.id == self._confirm_id:
            self.busy = False
            self._maybe_decide()
        elif msg.id == self._take_id:
            print(json.dumps({"took": self.saved["key"]}), flush=True)  # a trace for whoever watches the bot
            QTimer.singleShot(self.think_ms, self._confirm)

    def _on_refused(self, msg: Refused) -> None:
        if msg.code == "not_deciding":  # the round moved on under us (a takeover decided): wait for the next
            self.busy = False
            return
        self._finish(3, f"the host refused the brain's decision: {msg.rule} {msg.message}")

    def _on_error(self, msg: Error) -> None:
        print(f"ruin_qt join: the host says {msg.code}: {msg.message}", file=sys.stderr)
        if msg.code == "bad_token" and self.last is None and self.peer is not None:
            # The line dropped in the lobby and freed the seat: join again with the code.
            self.saved.pop("token", None)
            self._closed, self.token = False, None
            self._hello()
        elif msg.code in FATAL:
            self._finish(2)
        elif msg.code == "rate_limited" and msg.id is not None and msg.id in (self._take_id, self._confirm_id):
            self.busy = False  # that intent was dropped: the same decision again (its RNG is kept), a moment later
            QTimer.singleShot(RETRY_MS, self._maybe_decide)

    # -- deciding ------------------------------------------------------------------------------
    def _maybe_decide(self) -> None:
        if self.busy or self.last is None or self._done:
            return
        view, pub = self.last.view, self.last.public
        if not view.acting:
            return
        key = f"{pub.phase}:{pub.round}"
        if self.saved.get("key") == key:
            self.rng = _rng_from(self.saved["before"])  # this decision again, as it was first made
        elif self.rng is None:
            self.rng = random.Random(secrets.randbits(128))  # its own: nothing the host sent
        self.saved.update(key=key, before=_rng_json(self.rng))
        self._keep()
        obs = view.observation.value()
        decision = self.brain.decide_setup(obs, self.rng) if obs.phase == "setup" else \
            self.brain.decide_turn(obs, self.rng)
        self.saved["after"] = _rng_json(self.rng)
        self._keep()
        self.busy = True
        self._take_id = self.send_intent(TakeDecision(decision))
        self._confirm_id = None

    def _confirm(self) -> None:
        if self.busy and self.peer is not None:
            self._confirm_id = self.send_intent(Confirm())


def verify_over(rec: dict, deal: dict | None, commitment: str | None) -> Verdict:
    """The ``over`` message's deal checked against the commitment told at the
    start, and its record replayed by the rules (each shuffle the cards the
    rules shuffle there)."""
    verdict = check_revealed(rec, deal, commitment)
    if verdict.ok:
        try:
            record.replay_checked(rec)
        except RuleError:
            return Verdict(False, "bad_record")
    return verdict
