"""A whole game: setup (R5), rounds (R6-R9), stage ends (R10) and scores (R11).

Randomness enters only through ``_shuffle``: a live game derives each shuffle
from its seed and the shuffle's index -- or, dealt from a secret deal (a
table across laptops, ``deal``), from the deal's key and the index -- and a
replay takes the recorded outcome.  Either way the outcome is stored, so a
record replays without the seed or the key.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .bitboard import bit
from .components import Components, load_components
from .deal import shuffle_order
from .errors import RuleError
from .scoring import NOT_ESCAPED_VP, SOLO_ESCAPE_VP, Score, rank_value, sheet_score, winners
from .setup_builder import SetupBuilder
from .sheet import Sheet
from .turn import SetupChoice, Turn
from .turn_builder import TurnBuilder, TurnStart, judge_turn

HAND_LIMIT = 5
LINE_SIZE = 3


@dataclass
class SeatState:
    name: str
    kind: str
    sheet: Sheet = field(default_factory=Sheet)
    hand: list[int] = field(default_factory=list)
    gems: int = 0
    penalties: int = 0
    escaped_round: int | None = None  # the round (1-based) it escaped in
    square1: int | None = None
    square2: int | None = None
    dealt_explore: list[str] = field(default_factory=list)
    dealt_objectives: list[int] = field(default_factory=list)
    collected: list[str] = field(default_factory=list)

    @property
    def escaped(self) -> bool:
        return self.escaped_round is not None


@dataclass(frozen=True)
class Event:
    """A public announcement (R12.2)."""

    kind: str  # escaped | gem | revealed | discarded | collapse | stage | reshuffle | end
    seat: int | None = None
    letter: str | None = None
    detail: str | None = None


class Game:
    def __init__(self, seats: list[tuple[str, str]], seed: int = 0, *, recorded_shuffles: list | None = None,
                 deal_key: str | None = None):
        """``deal_key``: the secret deal's key (``deal.Deal.key``) the shuffles
        follow from, instead of ``seed``, once past any recorded ones."""
        if not 1 <= len(seats) <= 4:
            raise ValueError("In the Ruin is for 1 to 4 seats")
        self.comps: Components = load_components()
        self.seed = seed
        self.deal_key = deal_key
        self.seats = [SeatState(name, kind) for name, kind in seats]
        self.n = len(seats)
        self.solo = self.n == 1
        self.shuffles: list[dict] = []
        self._recorded = recorded_shuffles  # consumed in replay, then None
        self.setup_choices: list[SetupChoice | None] = [None] * self.n
        self._setup_pieces: list[list[tuple[str, int]]] = [[] for _ in range(self.n)]
        self.rounds: list[list[Turn | None]] = []
        self.log: list[tuple[Event, ...]] = []  # announcements per round (index 0: setup)
        self.phase = "setup"  # setup | play | over
        self.stage = 1
        self.round = 0  # rounds played
        self.revealed: list[str] = []
        self.resolved: set[str] = set()
        self.discard: list[str] = []
        self.obj_discard: list[int] = []
        self.letter_at = {bit(r, c).bit_length() - 1: L for L, (r, c) in self.comps.letters.items()}
        self.final: list[Score] | None = None

        # R5.1, R5.2
        self.deck = self._shuffle("explore", "R5.1", sorted(self.comps.explore))
        self.obj_deck = self._shuffle("objective", "R5.1", sorted(self.comps.objectives))
        per = 4 if self.solo else 2
        for s in self.seats:
            s.dealt_explore = [self.deck.pop(0) for _ in range(per)]
        self.line = [self.deck.pop(0) for _ in range(LINE_SIZE)]
        # R5.3
        for s in self.seats:
            s.dealt_objectives = [self.obj_deck.pop(0) for _ in range(4)]

    # -- randomness ----------------------------------------------------------
    def _shuffle(self, deck: str, rule: str, cards: list) -> list:
        index = len(self.shuffles)
        if self._recorded is not None:
            if index >= len(self._recorded):
                raise RuleError(rule, f"the {deck} shuffle the rules perform here is missing from the record")
            entry = self._recorded[index]
            order = entry["order"]
            if entry["deck"] != deck:
                raise RuleError(rule, f"shuffle {index + 1} should be of the {deck} deck, not {entry['deck']}")
            if len(order) != len(cards) or sorted(order, key=repr) != sorted(cards, key=repr):
                raise RuleError(rule, f"shuffle {index + 1} is not a permutation of the {len(cards)} {deck} cards "
                                      "shuffled")
            order = list(order)
        elif self.deal_key is not None:
            order = shuffle_order(self.deal_key, index, cards)
        else:
            order = list(cards)
            random.Random(f"ruin-qt:{self.seed}:{index}").shuffle(order)
        self.shuffles.append({"deck": deck, "order": list(order)})
        return order

    def stop_replaying(self) -> None:
        """Past the end of a loaded record, shuffles come from the seed (or the deal's key) again."""
        self._recorded = None

    # -- queries -------------------------------------------------------------
    @property
    def active_card(self) -> str | None:
        return self.line[0] if self.line else None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def active_destinations(self) -> list[str]:
        return [L for L in self.revealed if L not in self.resolved]

    def playing_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.escaped]

    def unseen_explore(self) -> list[str]:
        """Cards whose order is hidden: the deck, as a sorted set."""
        return sorted(self.deck)

    # -- setup (R5.3-R5.6) ---------------------------------------------------
    def setup_builder(self, seat: int) -> SetupBuilder:
        """A blank setup for ``seat``, to be built choice by choice."""
        s = self.seats[seat]
        return SetupBuilder(tuple(s.dealt_objectives), tuple(s.dealt_explore), self.solo)

    def check_setup(self, seat: int, choice: SetupChoice) -> list[tuple[str, int]]:
        """Validate one seat's setup; returns the pieces as (kind, mask)."""
        return self.setup_builder(seat).replay(choice).drawn()

    def submit_setup(self, seat: int, choice: SetupChoice) -> None:
        if self.phase != "setup":
            raise RuleError("R5", "setup is over", code="setup_over")
        try:
            pieces = self.check_setup(seat, choice)
        except RuleError as e:
            raise e.located(0, seat) from None
        self.setup_choices[seat] = choice
        self._setup_pieces[seat] = pieces  # drawn once every seat has chosen
        if all(c is not None for c in self.setup_choices):
            self._finish_setup()

    def _finish_setup(self) -> None:
        choices = [c for c in self.setup_choices if c is not None]  # every seat's, by now
        returned = []
        for s, choice in zip(self.seats, choices):
            s.hand = list(choice.keep)
            returned += [o for o in s.dealt_objectives if o not in choice.keep]
        try:
            self.obj_deck = self._shuffle("objective", "R5.3", sorted(returned + self.obj_deck))
        except RuleError as e:
            raise e.located(0, None) from None
        events = []
        for s, pieces in zip(self.seats, self._setup_pieces):
            for kind, m in pieces:
                s.sheet.draw(kind, m)
        for choice in choices:
            for card, _ in list(choice.roads) + list(choice.walls):
                self.discard.append(card)
                events.append(self._reveal(card))
        self.log.append(tuple(e for e in events if e))
        self.phase = "play"

    def _reveal(self, letter: str) -> Event | None:
        if letter in self.revealed:
            return None
        self.revealed.append(letter)
        b = self.comps.letter_bit(letter)
        for s in self.seats:
            if not s.escaped:
                s.sheet.traced |= b
        return Event("revealed", letter=letter)

    # -- step 1 (R4) ---------------------------------------------------------
    def turn_builder(self, seat: int) -> TurnBuilder:
        """``seat``'s step 1 of the coming round, not yet begun (on a copy of
        its sheet, which the game changes in place once the round is played)."""
        s = self.seats[seat]
        card = self.active_card
        if card is None:
            raise RuleError("R10.1", "there is no active card: the stage is over", code="no_card")
        start = TurnStart(s.sheet.copy(), card, self.stage, tuple(s.hand), s.penalties, s.gems, s.square1,
                          escape_vp(self, seat), escape_vp_now(self, seat))
        return TurnBuilder(start)

    def check_turn(self, seat: int, turn: Turn | None) -> Sheet | None:
        """Validate one seat's step 1; returns its sheet as it would be after."""
        s = self.seats[seat]
        if turn is None:
            if not s.escaped:
                raise RuleError("R6", "a seat still playing must take its step 1", code="no_turn")
            return None
        if s.escaped:
            raise RuleError("R4.5", "this seat has escaped and takes no more turns", code="escaped_turn")
        card = self.active_card
        if card is None:
            raise RuleError("R10.1", "there is no active card: the stage is over", code="no_card")
        after, _, _, end = judge_turn(s.sheet, card, self.stage, s.hand, turn)
        after.pawn = end
        return after

    def can_draw_anything(self, seat: int) -> bool:
        return not self.turn_builder(seat).can_draw_nothing()

    # -- a round (R6) --------------------------------------------------------
    def play_round(self, turns: list[Turn | None]) -> list[Event]:
        if self.phase != "play":
            raise RuleError("R10.3", "the game has ended" if self.phase == "over" else "setup is not finished",
                            round=self.round + 1)
        if len(turns) != self.n:
            raise RuleError("format", f"{len(turns)} turns for {self.n} seats", round=self.round + 1)
        rnd = self.round + 1
        after = []
        for i, t in enumerate(turns):
            try:
                after.append(self.check_turn(i, t))
            except RuleError as e:
                raise e.located(rnd, i) from None
        # Everything is valid: apply step 1 for every seat at once.
        self.round = rnd
        escaped_now = []
        for i, (t, sheet) in enumerate(zip(turns, after)):
            if t is None or sheet is None:
                continue
            s = self.seats[i]
            s.sheet = sheet
            s.penalties += t.penalties
            if t.discard is not None:
                s.hand.remove(t.discard)
                self.obj_discard.append(t.discard)
            if t.escape:
                escaped_now.append(i)
        self.rounds.append(list(turns))
        events: list[Event] = []
        self.discard.append(self.line.pop(0))  # R6: the active card
        try:
            self._step2(escaped_now, events)
            if self.stage == 2:
                self._step3(events)
            self._end_of_round(events)
        except RuleError as e:
            raise e.located(rnd, None) from None
        self.log.append(tuple(events))
        return events

    def _draw_objective(self, seat: int) -> int | None:
        s = self.seats[seat]
        if len(s.hand) >= HAND_LIMIT:
            return None
        if not self.obj_deck:
            if not self.obj_discard:
                return None
            try:
                self.obj_deck = self._shuffle("objective", "R7.2", sorted(self.obj_discard))
            except RuleError as e:
                raise e.located(self.round, seat) from None
            self.obj_discard = []
        card = self.obj_deck.pop(0)
        s.hand.append(card)
        return card

    def _discard_explore(self, k: int, reveal: bool, events: list[Event]) -> list[str]:
        newly = []
        for _ in range(k):
            if self.line:
                card = self.line.pop(0)
            elif self.deck:
                card = self.deck.pop(0)
            else:
                break
            self.discard.append(card)
            events.append(Event("discarded", letter=card, detail="collapse" if not reveal else "gem"))
            if reveal:
                ev = self._reveal(card)
                if ev:
                    events.append(ev)
                    newly.append(card)
        return newly

    def _refill(self) -> None:
        while len(self.line) < LINE_SIZE and self.deck:
            self.line.append(self.deck.pop(0))

    def _step2(self, escaped_now: list[int], events: list[Event]) -> None:
        for i in escaped_now:  # R8.1
            self.seats[i].escaped_round = self.round
            events.append(Event("escaped", seat=i))
        targets = set(self.active_destinations())
        while targets:
            collected = []
            for i, s in enumerate(self.seats):  # R8.2, in seat order
                if s.escaped:
                    continue
                letter = self.letter_at.get(s.sheet.pawn)
                if letter in targets:
                    s.gems += 1
                    s.collected.append(letter)
                    self._draw_objective(i)
                    collected.append(letter)
                    events.append(Event("gem", seat=i, letter=letter))
            if not collected:
                break
            letters = list(dict.fromkeys(collected))
            for letter in letters:  # R8.3
                b = self.comps.letter_bit(letter)
                for s in self.seats:
                    if not s.escaped:
                        s.sheet.mark_collected(b)
                self.resolved.add(letter)
            targets = set(self._discard_explore(len(letters), True, events))  # R8.4, R8.5
        self._refill()  # R8.6

    def _step3(self, events: list[Event]) -> None:
        e = sum(1 for s in self.seats if s.escaped)
        if e:
            self._discard_explore(e, False, events)
            self._refill()

    def _end_of_round(self, events: list[Event]) -> None:
        if self.stage == 2 and all(s.escaped for s in self.seats):
            self._end_game(events)
        elif not self.line:
            if self.stage == 1:
                for s in self.seats:  # R10.2
                    s.square1 = s.sheet.square_bonus()
                self.deck = self._shuffle("explore", "R10.2", sorted(self.discard))
                self.discard = []
                self.line = [self.deck.pop(0) for _ in range(min(LINE_SIZE, len(self.deck)))]
                self.stage = 2
                events.append(Event("stage", detail="2"))
            else:
                self._end_game(events)

    def _end_game(self, events: list[Event]) -> None:
        for s in self.seats:  # R10.3
            s.square2 = s.sheet.square_bonus()
        self.phase = "over"
        self.final = final_scores(self)
        events.append(Event("end"))

    def end_now(self) -> None:
        """The game ends here, before the ruin collapses: a table's host ended it (no rule of the
        game, a table's choice).  The scores are the ones so far, as "if the game ended now" counts
        them (R11 with the unscored square boxes taken as the sheets are, R10.3's at stage 2 only)."""
        if self.over:
            return
        self.phase = "over"
        self.final = final_scores(self, preview=True)

    # -- scores --------------------------------------------------------------
    def scores(self) -> list[Score]:
        """Final scores, or 'if the game ended now' while it runs."""
        if self.final is not None:
            return self.final
        return final_scores(self, preview=True)

    def winners(self) -> list[int]:
        return winners(self.scores())

    def escape_vp(self, seat: int) -> int:
        return escape_vp(self, seat)


# -- R11 for whole games (the seat-by-seat parts are in ``scoring``) ---------------
def escape_vp(game: Game, seat: int) -> int:
    s = game.seats[seat]
    if s.escaped_round is None:
        return NOT_ESCAPED_VP
    if game.solo:
        return SOLO_ESCAPE_VP
    rounds = [t.escaped_round for t in game.seats if t.escaped_round is not None]
    earlier = sum(1 for r in rounds if r < s.escaped_round)
    group = sum(1 for r in rounds if r == s.escaped_round)
    return rank_value(earlier + 1, group)


def escape_vp_now(game: Game, seat: int) -> int:
    """R11.3: what ``seat`` scores for escaping in the coming round, if no
    other seat escapes in it too."""
    if game.solo:
        return SOLO_ESCAPE_VP
    earlier = sum(1 for t in game.seats if t.escaped_round is not None)
    return rank_value(earlier + 1, 1)


def seat_score(game: Game, seat: int, preview: bool = False) -> Score:
    """R11 for one seat of ``game``."""
    s = game.seats[seat]
    return sheet_score(s.sheet, s.hand, gems=s.gems, penalties=s.penalties, escape_vp=escape_vp(game, seat),
                       square1=s.square1, square2=s.square2, stage=game.stage, preview=preview)


def final_scores(game: Game, preview: bool = False) -> list[Score]:
    return [seat_score(game, i, preview) for i in range(game.n)]
