"""The table told aloud: what a round brought, what another seat
or a computer did, whose turn it is, a refused gesture and its reason, the
game's end -- sent to the screen reader through the window's ``Speaker`` as
it happens.

Only public news is told (the round's public events, who has decided, the
hand-off), plus the viewing seat's own refusals: nothing of another seat's
private sheet is ever in an announcement, in pass-and-play least of all."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from ...model.game_model import GameModel
from ...session.facts import components
from ..common import texts
from ..common.speech import Speaker
from ..sheet.sheet_words import step_words
from .announcements import AnnouncementLog


class TableNarrator(QObject):
    def __init__(self, model: GameModel, speaker: Speaker, log: AnnouncementLog):
        super().__init__(speaker)
        self.model, self.speaker, self.log = model, speaker, log
        model.announced.connect(self._round)
        model.refused.connect(self._refused)
        model.decided.connect(self._decided)
        model.handoff_requested.connect(self._handoff)
        model.decision_started.connect(self._decision)
        model.game_over.connect(self._over)
        model.game_started.connect(self._started)
        model.viewer_changed.connect(self._sheet_taken)
        model.hand_changed.connect(self._hand)
        self._hands: dict[int, tuple[int, ...]] = {}  # each seat's hand as its decision began, last seen

    def _names(self) -> list[str]:
        return self.model.public().names

    def _started(self) -> None:
        self._hands.clear()
        p = self.model.public()
        self.speaker.say(self.tr("A new game: %1.").replace("%1", self.tr(", ").join(p.names)))

    def _round(self, rnd: int, events) -> None:
        lines = self.log.lines(rnd, tuple(events), prefixed=False)
        p = self.model.public()
        said = [texts.round_over(rnd) + self.tr(".")] + lines
        if p.phase == "play":
            said.append(self.tr("Now: %1.").replace("%1", texts.now_playing(p)))
        self.speaker.say(" ".join(said))

    def _refused(self, rule: str, code: str, message: str) -> None:
        self.speaker.say(texts.not_allowed(message, code), assertive=True)

    def _decided(self, seat: int) -> None:
        """Another seat (a computer, a player at another screen) has made its decision."""
        v, names = self.model.view(), self._names()
        if (v is None or v.seat != seat) and seat < len(names):
            self.speaker.say(self.tr("%1 has decided.").replace("%1", names[seat]))

    def _handoff(self, seat: int) -> None:
        self.speaker.forget()  # what the last seat heard of its sheet stays with it
        names = self._names()
        if 0 <= seat < len(names):
            self.speaker.say(self.tr("Pass the computer to %1; the sheet is covered until they take it.")
                             .replace("%1", names[seat]), assertive=True)

    def _decision(self, seat: int) -> None:
        v = self.model.view()
        if v is None or v.seat != seat:
            return
        self._your_turn(v)

    def _sheet_taken(self, seat: int) -> None:
        """A player took the sheet from the hand-off cover: whose turn, the round, the card, what to do
        (at one screen a decision starts under the cover, so ``_decision`` had nobody to tell)."""
        v = self.model.view()
        if v is not None and v.seat == seat and v.acting and self.model.public().multi_human:
            self._your_turn(v)

    def _hand(self, seat: int, cards) -> None:
        """A new objective card in the viewing seat's hand (drawn for a gem, R7): said to it alone.
        Compared as each decision began (``obs.hand``): a card paid and taken back is not new."""
        v = self.model.view()
        if v is None or v.seat != seat:
            return
        before = self._hands.get(seat)
        self._hands[seat] = now = tuple(v.obs.hand)
        if before is None or v.obs.phase != "play":
            return
        comps = components()
        for card in now:
            if card not in before:
                plan = v.plan(card)
                label = texts.objective_label(*comps.objectives[card].letters)
                done = (self.tr("route complete") if plan is not None and plan.complete
                        else self.tr("route not complete"))
                said = self.tr("New objective card: %1, %2.").replace("%1", label).replace("%2", done)
                # After the round's news and the turn, told in the same change; and only if the seat still
                # has the sheet then.
                QTimer.singleShot(0, self, lambda said=said, seat=seat: self._tell_seat(seat, said))

    def _tell_seat(self, seat: int, said: str) -> None:
        v = self.model.view()
        if v is not None and v.seat == seat:
            self.speaker.say(said)

    def instruction(self, text: str) -> None:
        """The turn panel's instruction changed within a decision ("Keep two objective cards, then
        confirm your setup."): said, as a sighted player sees it change."""
        self.speaker.say(text)

    def _your_turn(self, v) -> None:
        p = self.model.public()
        said = [self.tr("%1, your turn.").replace("%1", v.name)]
        if p.phase == "play":
            said.append(texts.now_playing(p) + self.tr("."))
            if p.active_card:
                said.append(self.tr("Active card %1.").replace("%1", p.active_card))
        said.append(step_words(v.step))
        self.speaker.say(" ".join(said))

    def _over(self, winners) -> None:
        names = self._names()
        won = self.tr(", ").join(names[s] for s in winners if s < len(names))
        p = self.model.public()
        said = [self.tr("The game is over.")]
        if won:
            said.append(self.tr("Winner: %1.").replace("%1", won))
        if p.final:
            said += [self.tr("%1: %2 VP.").replace("%1", names[i]).replace("%2", str(s.total))
                     for i, s in enumerate(p.final) if i < len(names)]
        self.speaker.say(" ".join(said), assertive=True)
