"""The weighted evaluation behind the Standard level (and Expert's rollouts).

A position is valued as an estimate of the VP still to come plus the VP that
are already safe.  Components (R11) pull against each other, so each one has a
weight; the weights live in ``weights.py`` and are tuned by ``tools/tune.py``.

Everything a value needs comes from the seat's own ``Observation`` (R12.3):
its sheet, hand, the public revealed/resolved letters and card counts.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass

from ..rules.bitboard import BOARD, bits, largest_rectangle, neighbours
from ..rules.components import load_components
from ..rules.game import HAND_LIMIT
from ..rules.observation import Observation
from ..rules.scoring import NOT_ESCAPED_VP, RANK_VP, ROUTE_VP, SOLO_ESCAPE_VP
from ..rules.sheet import Sheet, rectangle_cells
from .distances import ROUTE_LIMIT, build_cost_ex, buildable, cost_levels
from .draw_cache import DrawCache
from .rectangles import plan_growth, target_rectangles

# A rival's chance to escape in a stage-2 round, by the number of stage-2
# rounds already played: measured on Standard seats at 4-seat tables (the
# table search is not sensitive to it; ``tools/rivals.py`` re-measures it).
ESCAPE_HAZARD = (0.0, 0.0, 0.0, 0.02, 0.08, 0.2, 0.25, 0.35, 0.4)


def hazard(stage2_round: int) -> float:
    return ESCAPE_HAZARD[min(stage2_round, len(ESCAPE_HAZARD) - 1)]


FUT_REACH = 4  # cells to build beyond which an unrevealed letter counts for nothing

# Mean card number (cells = steps) of the 24 explore cards: turns path costs
# into rounds for the escape-risk estimate.
_MEAN_STEPS = sum(c.number for c in load_components().explore.values()) / 24


@dataclass
class Weights:
    rect1: float = 1.6  # stage 1: the rectangle counts in square1 and seeds square2
    rect2: float = 1.0  # stage 2: the rectangle is square2
    filled: float = 0.15  # filled cells: material for later rectangles
    gem_now: float = 16.0  # a gem this round: 10 VP + an objective card + new letters
    dest: float = 9.0  # an active destination at zero distance
    dest_decay: float = 0.82  # per unit of travel cost (road step 1, new cell 2)
    route: float = 12.0  # an objective card one cell short of done
    route_decay: float = 0.72  # per missing cell
    card: float = 3.0  # a hand card that is only currency for special actions
    esc_scale: float = 1.2  # rounds of slack the escape risk curve spreads over
    esc_margin: float = 1.5  # extra rounds kept in hand before escaping is safe
    late_penalty: float = 1.0  # weight of the expected penalty per stage-2 round stayed
    special_margin: float = 2.0  # a special action must gain this much
    rect_soft: float = 0.3  # per cell the rectangle would gain by filling its nearly-closed holes
    grow2: float = 2.0  # stage 2: VP per round still to play (rectangle growth, chances) if staying
    letter_risk: float = 0.3  # per rectangle cell lost if every unrevealed letter under a wall got revealed
    next_penalty: float = 1.0  # weight of the sure penalty when the next (public) card will not fit
    race: float = 0.0  # 2-4 seats: weight of the escape race (rivals leaving first lower the rank VP, R11.3)
    plan: float = 0.0  # stage 1: per VP of growth the best target rectangle still promises over the current one
    plan2: float = 0.0  # the same in stage 2 (growth must come before the escape)
    plan_cost: float = 1.5  # rectangle VP a target gives up per cell still missing from it
    fut: float = 0.0  # per unrevealed letter the road network reaches: a destination to come (R8.4)
    fut_decay: float = 0.6  # per cell still to build between the road network and that letter


def weights_from_list(values) -> Weights:
    names = list(Weights.__dataclass_fields__)
    return Weights(**dict(zip(names, values)))


def weights_to_list(w: Weights) -> list[float]:
    return [getattr(w, n) for n in Weights.__dataclass_fields__]


class Context:
    """Per-decision constants derived from an observation."""

    def __init__(self, obs: Observation, w: Weights, hand: tuple[int, ...] | None = None,
                 destinations: tuple[str, ...] | None = None):
        comps = load_components()
        self.w = w
        # A destination's value by travel cost (``pawn_values``; costs stop at 30, +1 unbuilt).
        self.dest_value = [w.dest * w.dest_decay ** k for k in range(32)]
        self.stage = obs.stage
        self.traced = obs.sheet.traced
        # Letters not traced yet may be revealed later (R8.4): a wall on one
        # would then cut the rectangle (R11.1).
        self.letters_all = 0
        for L in comps.letters:
            self.letters_all |= comps.letter_bit(L)
        # Letters never revealed: every gem reveals more of them (R8.4), so
        # roads running near them are near destinations still to come, and
        # near the far ends of objective cards not drawn yet (R11.4).  Stage
        # 1 only: in stage 2 the value would also have to enter the value of
        # escaping (``escape_value``), or a seat stays too long.
        self.unrevealed = self.letters_all & ~self.traced
        self.fut_value = [w.fut * w.fut_decay ** k for k in range(FUT_REACH + 1)]
        letters = destinations if destinations is not None else obs.active_destinations
        self.dest_bits = [comps.letter_bit(L) for L in letters]
        self.dest_mask = 0
        for b in self.dest_bits:
            self.dest_mask |= b
        self._set_hand(obs.hand if hand is None else hand)
        self.exit_bit = comps.exit_bit
        # Cards still to come this stage after the active one is discarded.
        self.cards_left = obs.deck_size + max(0, len(obs.line) - 1)
        # Rounds those cards last: at a full table rivals' gems discard cards
        # too (R8.4), and in stage 2 every escaped seat collapses one more
        # card per round (R9).
        drain = 1.0
        if obs.n_seats > 1 and obs.round > 0:
            rivals = [i for i in range(obs.n_seats) if i != obs.seat]
            drain += sum(obs.gems[i] for i in rivals if obs.escaped_rounds[i] is None) / obs.round
            if obs.stage == 2:
                drain += sum(1 for i in rivals if obs.escaped_rounds[i] is not None)
        self.rounds_left = self.cards_left / drain
        self.race = 0.0
        if obs.solo:
            self.escape_now = SOLO_ESCAPE_VP
        else:
            earlier = sum(1 for r in obs.escaped_rounds if r is not None)
            self.escape_now = RANK_VP.get(earlier + 1, 0)
            # Own score only: escaping first also caps every rival's escape at
            # 10 VP (R11.3), but counting that gained nothing.
            self.race = w.race
            self.earlier = earlier
            self.rivals_in = sum(1 for i, r in enumerate(obs.escaped_rounds) if r is None and i != obs.seat)
            self.stage2_round = stage2_rounds_played(obs)
        self.late_rate = 0.0  # expected penalties per remaining stage-2 round
        # The card after the active one is public (the line): if it cannot
        # be drawn next round, staying costs a penalty for sure (R4.2).
        self.next_card = obs.line[1] if len(obs.line) > 1 else None
        # Movement of the coming rounds: the line's next cards are public,
        # later ones average out.
        self.next_steps = [comps.explore[c].number for c in obs.line[1:]]
        self._scratch = Sheet()
        self.plan = w.plan if obs.stage == 1 else w.plan2
        self.targets = target_rectangles(obs.sheet, w.plan_cost) if self.plan else []

    def _set_hand(self, hand) -> None:
        comps = load_components()
        self.hand = tuple(hand)
        self.hand_bits = [(comps.letter_bit(comps.objectives[c].letters[0]),
                           comps.letter_bit(comps.objectives[c].letters[1])) for c in self.hand]
        self.hand_full = len(self.hand) >= HAND_LIMIT

    def with_hand(self, hand) -> Context:
        """This context for another hand (a special action pays with a card):
        everything else, the target rectangles included, is reused."""
        other = copy.copy(self)
        other._set_hand(hand)
        return other

    # -- parts of a value ---------------------------------------------------
    def route_values(self, roads: int, build: int, cache: DrawCache | None = None, new_walls: int = 0,
                     new_roads: int = 0) -> list[float]:
        """Expected VP of each hand card: 15 if done, a decaying share of it
        by cells still to build, currency value if it can never be done."""
        out = []
        for n, (a, b) in enumerate(self.hand_bits):
            if cache is not None and not new_walls & cache.route_seen[n] and not new_roads & cache.route_zone[n]:
                c = cache.route_cost[n]  # the new cells cannot change that search
            else:
                c = build_cost_ex(a, b, roads, build)[0]
            out.append(self.route_value(c))
        return out

    def route_ceiling(self, c: int | None) -> float:
        """The best value a route of build cost ``c`` can have once walls
        have made it longer (or impossible)."""
        if c is None:
            return self.route_value(None)
        return max([self.route_value(x) for x in range(c, ROUTE_LIMIT + 1)] + [self.route_value(None)])

    def route_value(self, c: int | None) -> float:
        w = self.w
        if c == 0:
            return float(ROUTE_VP)
        if c is None:
            return w.card
        return max(w.card, w.route * w.route_decay ** (c - 1))

    def sheet_value(self, roads: int, walls: int, routes: list[float], build: int | None = None) -> float:
        """``build``: ``buildable(roads, walls)`` when the caller has it."""
        w = self.w
        filled_m = roads | walls
        allowed = rectangle_cells(roads, walls, self.traced)
        rect = largest_rectangle(allowed)
        # Holes with two or more filled neighbours are likely to be filled
        # later: the rectangle they would complete is worth part of its area.
        a, b, c, d = filled_m << 1, filled_m >> 1, filled_m << 16, filled_m >> 16
        two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
        holes = BOARD & ~filled_m & ~self.traced & two
        soft = largest_rectangle(allowed | holes) if holes else rect
        v = w.rect_soft * (soft - rect) + sum(routes)
        if self.targets:
            v += self.plan * plan_growth(self.targets, allowed, rect, w.plan_cost)
        if self.stage == 1 and self.w.fut and self.unrevealed & ~walls:
            v += self.future_destinations(roads, walls, build)
        if walls & self.unrevealed:
            v -= w.letter_risk * (rect - largest_rectangle(filled_m & ~(self.letters_all & ~roads)))
        if self.stage == 1:
            return v + w.rect1 * rect + w.filled * filled_m.bit_count()
        return v + w.rect2 * rect

    def future_destinations(self, roads: int, walls: int, build: int | None = None) -> float:
        """Unrevealed letters by the cells still to build between them and
        the road network (R3.4 respected), each worth ``fut`` decayed per cell."""
        if build is None:
            build = buildable(roads, walls)
        left = self.unrevealed & (roads | build)
        reach = roads
        v = 0.0
        for value in self.fut_value:
            hit = left & reach
            if hit:
                v += value * hit.bit_count()
                left &= ~hit
                if not left:
                    break
            reach |= neighbours(reach) & build
        return v

    def pawn_values(self, roads: int, walls: int, pawns: int, build: int,
                    cache: DrawCache | None = None, new_walls: int = 0, new_roads: int = 0) -> dict[int, float]:
        """Value of ending on each pawn cell of ``pawns`` (bit index ->
        value).  Destinations are valued by travel cost from the cell."""
        # The search's hottest loop: bits are walked inline and the decay
        # comes from a table (the same floats as ``dest * dest_decay ** k``).
        vals = {}
        m = pawns
        while m:
            low = m & -m
            vals[low.bit_length() - 1] = 0.0
            m ^= low
        dest_value = self.dest_value
        passable = roads | build
        if cache is not None and pawns != cache.pawns:
            cache = None  # its searches stopped once they had reached other pawn cells
        for n, d in enumerate(self.dest_bits):
            if not d & passable:
                continue  # walled or boxed in: never collectable (R3.4)
            if cache is not None and not new_walls & cache.dest_seen[n] and not new_roads & cache.dest_zone[n]:
                levels = cache.dest_levels[n]
            else:
                levels = cost_levels(d, roads, build, 30, pawns & ~d)
            k = 0 if d & roads else 1
            left = pawns & ~d
            for hit in levels:
                hit &= left
                if hit:
                    v = dest_value[k]
                    left ^= hit
                    while hit:
                        low = hit & -hit
                        vals[low.bit_length() - 1] += v
                        hit ^= low
                    if not left:
                        break
                k += 1
        on_dest = pawns & self.dest_mask
        for i in bits(on_dest):
            # A gem now; the other destinations still count from here,
            # this one's own future value is replaced by the gem.
            vals[i] += self.w.gem_now
        if self.stage == 2:
            if cache is not None and not new_walls & cache.exit_seen and not new_roads & cache.exit_zone:
                levels = cache.exit_levels
            else:
                levels = cost_levels(self.exit_bit, roads, build, 40, pawns)
            self._stage2(levels, pawns, vals)
        return vals

    def next_card_fits(self, roads: int, walls: int) -> bool:
        if self.next_card is None:
            return True
        sc = self._scratch
        sc.roads, sc.walls = roads, walls
        return any(sc.placement_anchors(self.next_card, "wall", roads | walls))

    def escape_later(self, t: int) -> float:
        """Expected escape VP when leaving ``t`` rounds after this one: each
        rival still in leaves first with the measured hazard (R11.3).
        Rivals leaving in the same round (a group scores the rank below)
        are left out: the search's sampled futures play such groups out."""
        stay = 1.0
        for j in range(t):
            stay *= 1.0 - hazard(self.stage2_round + j)
        q, k = 1.0 - stay, self.rivals_in
        exp = 0.0
        for m in range(k + 1):
            exp += math.comb(k, m) * q ** m * (1 - q) ** (k - m) * RANK_VP.get(self.earlier + m + 1, 0)
        return self.escape_now + self.race * (exp - self.escape_now)

    def rounds_to(self, cost: int) -> float:
        """Rounds of movement a walk of travel cost ``cost`` needs, using the
        public line's card numbers first (fractional in the average part)."""
        rounds = 0.0
        for n in self.next_steps:
            if cost <= 0:
                return rounds
            cost -= n
            rounds += 1
        return rounds + max(0, cost) / _MEAN_STEPS

    def _stage2(self, levels: list[int], pawns: int, out: dict) -> None:
        """Escape later, or never get out.  A seat away from the exit must
        stay at least the rounds the walk back takes; when staying costs
        (late stage 2: pieces stop fitting, R4.2) it stays no longer than
        that, otherwise as long as the cards left safely allow."""
        w = self.w
        rounds_left = self.rounds_left
        per_round = (1.0 - self.late_rate) * w.grow2 - 10.0 * self.late_rate * w.late_penalty
        left = pawns
        for k, m in enumerate(levels):
            hit = m & left
            if not hit:
                continue
            need = self.rounds_to(k)
            x = (need + w.esc_margin - rounds_left) / max(0.2, w.esc_scale)
            risk = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
            if self.race:
                # Every round stayed is a round rivals may leave first in.
                t_out = math.ceil(need - 1e-9)
                stays = {t_out, max(t_out, int(min(rounds_left, 6)))} if per_round > 0 else {t_out}
                later = max(self.escape_later(t) * (1 - risk) + NOT_ESCAPED_VP * risk + t * per_round
                            for t in stays)
            else:
                later = self.escape_now * (1 - risk) + NOT_ESCAPED_VP * risk
                stay = min(rounds_left, 6) if per_round > 0 else min(need, rounds_left)
                later += stay * per_round
            for i in bits(hit):
                out[i] += later
            left &= ~hit
        for i in bits(left):  # cannot get back at all
            out[i] += NOT_ESCAPED_VP


def stage2_start(obs: Observation) -> int | None:
    """The round stage 2 began in, from the public announcements (R10.2)."""
    for r, events in enumerate(obs.announcements):
        if any(e.kind == "stage" for e in events):
            return r + 1
    return None


def stage2_rounds_played(obs: Observation) -> int:
    """Stage-2 rounds before this one."""
    start = stage2_start(obs) if obs.stage == 2 else None
    return 0 if start is None else max(0, obs.round + 1 - start)


def escape_value(ctx: Context, roads: int, walls: int, routes: list[float]) -> float:
    """Value of escaping now: the sheet freezes, only done routes count."""
    allowed = rectangle_cells(roads, walls, ctx.traced)
    rect = largest_rectangle(allowed)
    done = sum(ROUTE_VP for v in routes if v >= ROUTE_VP)
    return rect * ctx.w.rect2 + done + ctx.escape_now


def evaluate(ctx: Context, roads: int, walls: int, pawns: int,
             cache: DrawCache | None = None, new_walls: int = 0, new_roads: int = 0) -> tuple[float, int, bool]:
    """Best (value, pawn bit index, escape) over the pawn cells ``pawns``.

    ``cache``/``new_walls``/``new_roads``: the position is the cache's sheet
    plus the wall cells ``new_walls`` and road cells ``new_roads``."""
    build = buildable(roads, walls)
    routes = ctx.route_values(roads, build, cache, new_walls, new_roads)
    base = ctx.sheet_value(roads, walls, routes, build)
    pv = ctx.pawn_values(roads, walls, pawns, build, cache, new_walls, new_roads)
    best_i, best_v = -1, float("-inf")
    for i, v in pv.items():  # the best value, the lowest cell on ties
        if v > best_v or (v == best_v and i < best_i):
            best_i, best_v = i, v
    if ctx.w.next_penalty and not ctx.next_card_fits(roads, walls):
        best_v -= 10.0 * ctx.w.next_penalty
    best = (base + best_v, best_i, False)
    if ctx.stage == 2 and pawns & ctx.exit_bit:
        ev = escape_value(ctx, roads, walls, routes)
        if ev > best[0]:
            best = (ev, ctx.exit_bit.bit_length() - 1, True)
    return best
