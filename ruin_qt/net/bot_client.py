"""``python -m ruin_qt join``: a computer brain playing one seat of a hosted table.

It speaks only docs/PROTOCOL.md.  Its brain gets the ``Observation`` of its
own view and its seat's RNG seeded as ``sim`` seeds it, so a table of bots
plays the game ``sim`` plays.  With ``--state FILE`` it keeps its token and
its RNG there, so a bot killed mid-round and started again rejoins and
decides as it would have.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from ..ai.base import make_brain
from ..ai.match import seat_rng
from ..rules import record
from ..rules.turn import SetupChoice
from .frames import observation_from_json
from .host_state import _rng_from, _rng_json
from .protocol import PROTOCOL, dumps
from .transport import WsPeer, connect_peer

RETRY_MS = 300


class BotClient(QObject):
    finished = Signal(int)  # exit status

    def __init__(self, host: str, port: int, code: str, level: str, state: Path | None = None,
                 think_ms: int = 0, retry_s: float = 30.0, name: str | None = None,
                 seat: int | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.where, self.code, self.level, self.state_path = (host, port), code, level, state
        self.think_ms, self.retries, self.name, self.seat = think_ms, int(retry_s * 1000 / RETRY_MS), name, seat
        self.brain = make_brain(level)
        self.saved: dict = json.loads(state.read_text(encoding="utf-8")) if state and state.is_file() else {}
        self.rng: random.Random | None = _rng_from(self.saved["after"]) if "after" in self.saved else None
        self.peer: WsPeer | None = None
        self.last: dict | None = None
        self.busy = False
        self.record: dict | None = None
        self.rejoined_draft: dict | None = None  # the draft found on rejoining (for the fault tests)
        self._ids = 0
        self._done = False

    # -- the connection ------------------------------------------------------------------
    def start(self) -> None:
        self.peer = connect_peer(*self.where, parent=self)
        self.peer.opened.connect(self._hello)
        self.peer.message.connect(self._on_message)
        self.peer.closed.connect(self._on_closed)

    def _hello(self) -> None:
        hello: dict = {"type": "hello", "protocol": PROTOCOL}
        if self.saved.get("token"):
            hello["token"] = self.saved["token"]
        else:
            hello["code"] = self.code
            if self.name:
                hello["name"] = self.name
            if self.seat is not None:
                hello["seat"] = self.seat
        self._send(hello)

    def _on_closed(self, code: int, reason: str) -> None:
        self.peer = None
        if self._done:
            return
        if self.retries <= 0:
            return self._finish(4, f"the table is gone ({code} {reason})")
        self.retries -= 1
        self.busy = False
        QTimer.singleShot(RETRY_MS, self.start)
        return None

    def _send(self, msg: dict) -> None:
        if self.peer is not None:
            self.peer.send(dumps(msg))

    def _intent(self, intent: str, **args) -> int:
        self._ids += 1
        self._send({"type": "intent", "id": self._ids, "seat": self.saved["seat"], "intent": intent, "args": args})
        return self._ids

    def _finish(self, status: int, why: str = "") -> None:
        if self._done:
            return
        self._done = True
        if why:
            print(f"ruin_qt join: {why}", file=sys.stderr)
        if self.peer is not None:
            self._send({"type": "bye"})
        self.finished.emit(status)

    def _keep(self) -> None:
        if self.state_path is not None:
            self.state_path.write_text(json.dumps(self.saved), encoding="utf-8")

    # -- what the host says ------------------------------------------------------------------
    def _on_message(self, text) -> None:
        try:
            msg = json.loads(text)
            getattr(self, "_on_" + str(msg.get("type")), lambda _m: None)(msg)
        except (ValueError, KeyError, TypeError) as e:
            self._finish(3, f"the host sent what this bot cannot read: {e}")

    def _on_welcome(self, msg: dict) -> None:
        rejoined = bool(self.saved.get("token"))  # it had a seat: the token is new on every rejoin (rotated)
        self.saved.update(token=msg["token"], seat=msg["seat"])
        self._keep()
        self.rejoining = rejoined

    def _on_state(self, msg: dict) -> None:
        if getattr(self, "rejoining", False):
            self.rejoining = False
            self.rejoined_draft = msg["view"]["draft"]
            print(f"ruin_qt join: rejoined seat {self.saved['seat']}, draft {json.dumps(self.rejoined_draft)}",
                  file=sys.stderr)
        self.last = msg
        self._maybe_decide()

    def _on_done(self, msg: dict) -> None:
        if msg["id"] == getattr(self, "_confirm_id", None):
            self.busy = False
            self._maybe_decide()
        elif msg["id"] == getattr(self, "_take_id", None):
            print(json.dumps({"took": self.saved["key"]}), flush=True)  # a trace for whoever watches the bot
            QTimer.singleShot(self.think_ms, self._confirm)

    def _on_refused(self, msg: dict) -> None:
        if msg["code"] == "not_deciding":  # the round moved on under us (a takeover decided): wait for the next
            self.busy = False
            return
        self._finish(3, f"the host refused the brain's decision: {msg['rule']} {msg['message']}")

    def _on_error(self, msg: dict) -> None:
        print(f"ruin_qt join: the host says {msg['code']}: {msg['message']}", file=sys.stderr)
        if msg["code"] == "bad_token" and self.last is None and self.peer is not None:
            self.saved.pop("token", None)  # the line dropped in the lobby and freed the seat: join with the code
            return self._hello()
        if msg["code"] in ("protocol_version", "bad_code", "table_full", "started", "bad_token", "too_many_tries"):
            self._finish(2)
        return None

    def _on_closing(self, msg: dict) -> None:
        print(f"ruin_qt join: {msg['message']}", file=sys.stderr)

    def _on_over(self, msg: dict) -> None:
        self.record = msg["record"]
        self._finish(0)

    # -- deciding ------------------------------------------------------------------------------
    def _maybe_decide(self) -> None:
        if self.busy or self.last is None or self._done:
            return
        view, pub = self.last["view"], self.last["public"]
        if not view["acting"]:
            return
        key = f"{pub['phase']}:{pub['round']}"
        if self.saved.get("key") == key:
            self.rng = _rng_from(self.saved["before"])  # this decision again, as it was first made
        elif self.rng is None:
            self.rng = seat_rng(pub["seed"], view["seat"])
        self.saved.update(key=key, before=_rng_json(self.rng))
        self._keep()
        obs = observation_from_json(view["observation"])
        decision = self.brain.decide_setup(obs, self.rng) if obs.phase == "setup" else \
            self.brain.decide_turn(obs, self.rng)
        self.saved["after"] = _rng_json(self.rng)
        self._keep()
        self.busy = True
        js = {"setup": record.setup_to_json(decision)} if isinstance(decision, SetupChoice) else \
            {"turn": record.turn_to_json(decision)}
        self._take_id = self._intent("take_decision", decision=js)
        self._confirm_id = None

    def _confirm(self) -> None:
        if self.busy and self.peer is not None:
            self._confirm_id = self._intent("confirm")
