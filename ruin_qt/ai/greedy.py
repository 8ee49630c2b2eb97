"""The Standard level: a one-step greedy player on the weighted evaluation.

Every legal draw of the active card (A and B, all orientations and anchors,
enumerated from the bitboard anchor sets) is valued at its best reachable pawn
cell; the best few are then tried with each special action (+1 road, +1 wall,
warp) paid with the hand's least useful card.  Stage 2's escape is part of
the evaluation (escaping freezes the sheet and banks the escape VP).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..rules.bitboard import BOARD, bits, largest_rectangle, neighbours
from ..rules.components import load_components
from ..rules.observation import Observation
from ..rules.pieces import card_orientations
from ..rules.scoring import PENALTY_VP
from ..rules.sheet import Sheet, rectangle_cells, single_road_2x2
from ..rules.turn import SetupChoice, Turn, action_penalties
from .distances import buildable
from .draw_cache import DrawCache
from .evaluation import Context, Weights, evaluate
from .random_policy import card_of
from .weights import STANDARD_WEIGHTS

PENALTY = float(-PENALTY_VP)  # R11.3: one penalty
SPECIAL_TOP = 3  # the best draws that are also tried with a special action


@dataclass
class Candidate:
    value: float
    action: str  # A | B | C | none
    mask: int  # cells drawn by the action
    pawn: int  # bit index the pawn ends on
    escape: bool = False
    extra: tuple[str, int] | None = None  # (kind, bit index)
    warp: bool = False
    discard: int | None = None

    @property
    def penalty(self) -> float:
        """A forced wall (C) or no draw costs a penalty (R4.2), special action or not."""
        return PENALTY * action_penalties(self.action)

    def drawn(self, roads: int, walls: int) -> tuple[int, int]:
        """The sheet's (roads, walls) after this decision's draw (its special action's cell left out)."""
        if self.action == "A":
            return roads | self.mask, walls
        return roads, walls | self.mask


def _reach(scratch: Sheet, roads: int, steps: int, warp: bool) -> int:
    scratch.roads = roads
    return scratch.reachable_mask(steps, warp)


def fit_fraction(sheet: Sheet, cards) -> float:
    """Share of ``cards`` that still have a legal A or B draw on ``sheet``:
    the complement is the chance a stage-2 round costs a penalty."""
    cards = list(cards)
    if not cards:
        return 1.0
    before = sheet.filled
    ok = sum(1 for c in cards if any(sheet.placement_anchors(c, "wall", before)))
    return ok / len(cards)


class GreedyPolicy:
    """Ranks every step-1 decision by the evaluation; ``decide`` picks one."""

    def __init__(self, weights: Weights | None = None, specials: bool = True):
        self.w = weights or STANDARD_WEIGHTS
        self.specials = specials

    # -- turns ----------------------------------------------------------------
    def context(self, obs: Observation) -> Context:
        ctx = Context(obs, self.w)
        if obs.stage == 2:
            upcoming = list(obs.line[1:]) + obs.unseen_explore()
            ctx.late_rate = 1.0 - fit_fraction(obs.sheet, upcoming)
        return ctx

    def draws(self, obs: Observation) -> list[tuple[str, int]]:
        """Every legal A and B draw of the active card as (action, mask)."""
        card = card_of(obs)
        sheet = obs.sheet
        before = sheet.filled
        orients = card_orientations(card)
        out: list[tuple[str, int]] = []
        for kind, action in (("road", "A"), ("wall", "B")):
            for idx, anchors in enumerate(sheet.placement_anchors(card, kind, before)):
                om = orients[idx].mask
                out.extend((action, om << a) for a in bits(anchors))
        return out

    def base_candidates(self, obs: Observation, ctx: Context,
                        draws: list[tuple[str, int]] | None = None) -> list[Candidate]:
        card = card_of(obs)
        steps = load_components().explore[card].number
        sheet = obs.sheet
        before = sheet.filled
        roads, walls = sheet.roads, sheet.walls
        scratch = sheet.copy()
        out: list[Candidate] = []
        cache = None
        for action, m in (self.draws(obs) if draws is None else draws):
            if cache is None:
                wall_reach = _reach(scratch, roads, steps, False)
                cache = DrawCache(ctx, roads, walls, wall_reach)
            if action == "A":
                r2 = roads | m
                v, p, esc = evaluate(ctx, r2, walls, _reach(scratch, r2, steps, False), cache, 0, m)
            else:
                v, p, esc = evaluate(ctx, roads, walls | m, wall_reach, cache, m)
            out.append(Candidate(v, action, m, p, esc))
        if not out:
            reach = _reach(scratch, roads, steps, False)
            c_cells = sheet.c_cells(before)
            for i in bits(c_cells):
                v, p, esc = evaluate(ctx, roads, walls | (1 << i), reach)
                out.append(Candidate(v - PENALTY, "C", 1 << i, p, esc))
            if not out:
                v, p, esc = evaluate(ctx, roads, walls, reach)
                out.append(Candidate(v - PENALTY, "none", 0, p, esc))
        return out

    def special_candidates(self, obs: Observation, ctx: Context, base: list[Candidate],
                           top: int = SPECIAL_TOP) -> list[Candidate]:
        """Variants of the best base decisions with one special action."""
        if not obs.hand:
            return []
        sheet = obs.sheet
        card = card_of(obs)
        steps = load_components().explore[card].number
        routes = ctx.route_values(sheet.roads, buildable(sheet.roads, sheet.walls))
        pay = min(range(len(obs.hand)), key=lambda k: (routes[k], obs.hand[k]))
        discard = obs.hand[pay]
        ctx2 = ctx.with_hand(tuple(c for c in obs.hand if c != discard))
        margin = self.w.special_margin
        scratch = sheet.copy()
        out: list[Candidate] = []
        # Escapes too: the extra cell is drawn before the pawn leaves (R4.2)
        # and freezes with the sheet, while a card that is not a finished
        # route is worth nothing once the seat has escaped (R11.4), so a wall
        # that grows the final rectangle often comes for free.
        for cand in sorted(base, key=lambda c: -c.value)[:top]:
            # The variants of a forced wall (C) keep paying its penalty.
            cost = cand.penalty
            roads, walls = cand.drawn(sheet.roads, sheet.walls)
            filled = roads | walls
            spots = neighbours(filled) & BOARD & ~filled
            # +1 road: only cells touching the road network can extend a walk.
            for i in bits(spots & ~single_road_2x2(roads) & neighbours(roads)):
                r2 = roads | (1 << i)
                v, p, esc = evaluate(ctx2, r2, walls, _reach(scratch, r2, steps, False))
                v -= cost
                if v > cand.value + margin:
                    out.append(Candidate(v, cand.action, cand.mask, p, esc, ("road", i), False, discard))
            # +1 wall: only where it grows the rectangle (cheap pre-filter).
            allowed = rectangle_cells(roads, walls, ctx.traced)
            rect = largest_rectangle(allowed)
            gains = []
            for i in bits(spots):
                g = largest_rectangle(allowed | (1 << i)) - rect
                if g > 0:
                    gains.append((g, i))
            reach = _reach(scratch, roads, steps, False)
            for _gain, i in sorted(gains, reverse=True)[:3]:
                v, p, esc = evaluate(ctx2, roads, walls | (1 << i), reach)
                v -= cost
                if v > cand.value + margin:
                    out.append(Candidate(v, cand.action, cand.mask, p, esc, ("wall", i), False, discard))
            # warp: a jump between gates.
            if sheet.gates.bit_count() >= 2:
                wreach = _reach(scratch, roads, steps, True)
                if wreach & ~reach:
                    v, p, esc = evaluate(ctx2, roads, walls, wreach)
                    v -= cost
                    if v > cand.value + margin:
                        out.append(Candidate(v, cand.action, cand.mask, p, esc, None, True, discard))
        return out

    def ranked(self, obs: Observation, special_top: int = SPECIAL_TOP) -> list[Candidate]:
        """Every decision, best first; ``special_top``: how many of the best
        draws are also tried with a special action."""
        ctx = self.context(obs)
        base = self.base_candidates(obs, ctx)
        extra = self.special_candidates(obs, ctx, base, special_top) if self.specials else []
        return sorted(base + extra, key=lambda c: (-c.value, c.action, c.mask, c.pawn))

    def decide_turn(self, obs: Observation, rng: random.Random) -> Turn:
        return to_turn(obs, self.ranked(obs)[0])

    # -- setup ----------------------------------------------------------------
    def decide_setup(self, obs: Observation, rng: random.Random) -> SetupChoice:
        return greedy_setup(obs, self.w)


def to_turn(obs: Observation, cand: Candidate) -> Turn:
    """The rules' ``Turn`` for a candidate: cells, special action and path."""
    sheet = obs.sheet.copy()
    kind = {"A": "road", "B": "wall", "C": "wall"}.get(cand.action)
    cells: tuple = ()
    if kind:
        sheet.draw(kind, cand.mask)
        cells = tuple((i >> 4, i & 15) for i in bits(cand.mask))
    extra = None
    if cand.extra is not None:
        k, i = cand.extra
        sheet.draw(k, 1 << i)
        extra = (k, (i >> 4, i & 15))
    steps = load_components().explore[card_of(obs)].number
    target = (cand.pawn >> 4, cand.pawn & 15)
    path = sheet.shortest_path(target, steps, cand.warp)
    return Turn(cand.action, cells, cand.discard, extra, cand.warp, tuple(path or ()), cand.escape)


# -- setup (R5.3-R5.4) ---------------------------------------------------------
# The setup lays out the map for the whole game, once, so every role
# assignment of the dealt cards is laid out and valued (a narrower search cost
# VP); the wall pieces are found by a bound (``_best_wall``), the same choice
# as valuing them all.


def _setup_orders(cards: list[str], solo: bool) -> list[list[tuple[str, str]]]:
    """(kind, card) sequences: roads first, the first road covering the exit;
    the O piece (U) can never be roads."""
    orders = []
    if solo:
        for i in range(4):
            for j in range(4):
                if i == j or "U" in (cards[i], cards[j]):
                    continue
                rest = [c for k, c in enumerate(cards) if k not in (i, j)]
                rest.sort(key=lambda c: -load_components().explore[c].number)
                orders.append([("road", cards[i]), ("road", cards[j])] + [("wall", c) for c in rest])
    else:
        for i in range(2):
            if cards[i] == "U":
                continue
            orders.append([("road", cards[i]), ("wall", cards[1 - i])])
    return orders


def greedy_setup(obs: Observation, w: Weights) -> SetupChoice:
    """The best of ``setup_layouts``."""
    ranked = setup_layouts(obs, w)
    if not ranked:  # cannot happen with this card set; stay legal anyway
        from .random_policy import random_setup

        return random_setup(obs, random.Random(0))
    return ranked[0][1]


def setup_layouts(obs: Observation, w: Weights) -> list[tuple[float, SetupChoice]]:
    """One complete setup per role assignment of the dealt cards, best
    evaluation first: piece by piece the placement the evaluation likes
    best, then the two objective cards closest to done on that sheet."""
    comps = load_components()
    mine = tuple(obs.dealt_explore)
    ctx = Context(obs, w, hand=tuple(obs.dealt_objectives), destinations=mine)
    for L in mine:  # these letters are traced once setup ends (R5.5)
        ctx.traced |= comps.letter_bit(L)
    exit_bit = comps.exit_bit
    exit_i = exit_bit.bit_length() - 1
    def extend(sheet: Sheet, pieces: list, steps: list) -> tuple[float, Sheet, list] | None:
        total = 0.0
        for kind, card in steps:
            n = len(pieces)
            before = BOARD if n == 0 else sheet.filled
            orients = card_orientations(card)
            # Every placement reuses the searches of the sheet before it.
            cache = DrawCache(ctx, sheet.roads, sheet.walls, exit_bit)
            masks = [orients[idx].mask << a
                     for idx, anchors in enumerate(sheet.placement_anchors(card, kind, before))
                     for a in bits(anchors)]
            if n == 0:
                masks = [m for m in masks if m & exit_bit]
            if kind == "wall":
                choice = _best_wall(ctx, sheet.roads, sheet.walls, masks, exit_i, cache)
            else:
                choice = None
                for m in masks:
                    v = _setup_value(ctx, sheet.roads | m, sheet.walls, exit_i, cache, 0, m)
                    if choice is None or v > choice[0]:
                        choice = (v, m)
            if choice is None:
                return None
            sheet = sheet.copy()
            sheet.draw(kind, choice[1])
            pieces = pieces + [(card, tuple((i >> 4, i & 15) for i in bits(choice[1])))]
            total = choice[0]
        return total, sheet, pieces

    # The first road piece (over the exit) depends only on its card.
    per = 2 if obs.solo else 1
    first: dict[str, tuple | None] = {}
    layouts = []
    for order in _setup_orders(list(mine), obs.solo):
        if order[0][1] not in first:
            first[order[0][1]] = extend(Sheet(), [], order[:1])
        got = first[order[0][1]]
        if got is not None and per > 1:
            got = extend(got[1], got[2], order[1:per])
        if got is not None:
            layouts.append((got[0], order, got[1], got[2]))
    layouts.sort(key=lambda x: -x[0])
    out = []
    for _, order, sheet0, pieces0 in layouts:
        got = extend(sheet0, pieces0, order[per:])
        if got is None:
            continue
        value, sheet, pieces = got
        routes = ctx.route_values(sheet.roads, buildable(sheet.roads, sheet.walls))
        ranked = sorted(range(len(obs.dealt_objectives)), key=lambda k: (-routes[k], obs.dealt_objectives[k]))
        keep = tuple(obs.dealt_objectives[k] for k in ranked[:2])
        out.append((value, SetupChoice(keep, tuple(pieces[:per]), tuple(pieces[per:]))))
    # Stable on ties: the earlier layout (the better road layout) first.
    out.sort(key=lambda x: -x[0])
    return out


def _best_wall(ctx: Context, roads: int, walls: int, masks: list[int], pawn_i: int,
               cache: DrawCache) -> tuple[float, int] | None:
    """The first of ``masks`` (as walls) with the best ``_setup_value``,
    without valuing most of them: new walls can only lengthen the route and
    destination searches (``DrawCache.wall_ceiling``), so a placement's
    rectangle part plus that ceiling bounds its value, and placements are
    valued best bound first until no bound reaches the best value found."""
    ceiling = cache.wall_ceiling(ctx, pawn_i, top=2) + 1e-6  # float slack: bound, not value
    ranked = sorted(((ctx.sheet_value(roads, walls | m, []) + ceiling, i, m) for i, m in enumerate(masks)),
                    key=lambda t: (-t[0], t[1]))
    best = None
    for bound, i, m in ranked:
        if best is not None and bound < best[0]:
            break
        v = _setup_value(ctx, roads, walls | m, pawn_i, cache, m)
        if best is None or v > best[0] or (v == best[0] and i < best[1]):
            best = (v, i, m)
    return None if best is None else (best[0], best[2])


def _setup_value(ctx: Context, roads: int, walls: int, pawn_i: int,
                 cache: DrawCache | None = None, new_walls: int = 0, new_roads: int = 0) -> float:
    build = buildable(roads, walls)
    routes = sorted(ctx.route_values(roads, build, cache, new_walls, new_roads), reverse=True)[:2]
    base = ctx.sheet_value(roads, walls, routes, build)
    pv = ctx.pawn_values(roads, walls, 1 << pawn_i, build, cache, new_walls, new_roads)
    return base + pv[pawn_i]
