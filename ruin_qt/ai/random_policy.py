"""A random but legal seat: the benchmark's and the property tests' player.

It leans toward events worth testing (gems, escapes, special actions) so
random games exercise every rule, and decides from its observation only."""

from __future__ import annotations

import random

from ..rules.bitboard import bits, cells_of
from ..rules.components import load_components
from ..rules.observation import Observation
from ..rules.sheet import Sheet
from ..rules.turn import SetupChoice, Turn


def setup_pieces(order: list[tuple[str, str]], rng: random.Random) -> list[tuple[str, tuple]] | None:
    """Random legal setup pieces for ``order`` [(kind, card)], or None."""
    sheet = Sheet()
    out = []
    for n, (kind, card) in enumerate(order):
        if n == 0:
            options = sheet.placements_covering(card, kind, load_components().exit)
        else:
            options = sheet.legal_placements(card, kind, sheet.filled)
        if not options:
            return None
        p = rng.choice(options)
        sheet.draw(kind, p.mask)
        out.append((card, tuple(p.cells)))
    return out


def random_setup(obs: Observation, rng: random.Random) -> SetupChoice:
    keep = tuple(rng.sample(list(obs.dealt_objectives), 2))
    cards = list(obs.dealt_explore)
    per = len(cards) // 2
    while True:
        rng.shuffle(cards)
        if "U" in cards[:per]:  # the O piece can never be roads (R5.4)
            continue
        order = [("road", c) for c in cards[:per]] + [("wall", c) for c in cards[per:]]
        pieces = setup_pieces(order, rng)
        if pieces is not None:
            return SetupChoice(keep, tuple(pieces[:per]), tuple(pieces[per:]))


def card_of(obs: Observation) -> str:
    """The active card a turn is decided for (a turn is decided in play, with a card in the line)."""
    card = obs.active_card
    if card is None:
        raise ValueError("no active card: a turn is decided in play only")
    return card


def random_turn(obs: Observation, rng: random.Random) -> Turn:
    comps = load_components()
    card = card_of(obs)
    sheet = obs.sheet.copy()
    before = sheet.filled
    road_anchors = sheet.placement_anchors(card, "road", before)
    wall_anchors = sheet.placement_anchors(card, "wall", before)
    n_roads = sum(a.bit_count() for a in road_anchors)
    n_walls = sum(a.bit_count() for a in wall_anchors)
    if n_roads + n_walls:
        k = rng.randrange(n_roads + n_walls)
        if k < n_roads:
            action, kind, p = "A", "road", Sheet.pick_placement(card, road_anchors, k)
        else:
            action, kind, p = "B", "wall", Sheet.pick_placement(card, wall_anchors, k - n_roads)
        cells = tuple(p.cells)
        sheet.draw(kind, p.mask)
    else:
        c_cells = sheet.c_cells(before)
        if c_cells:
            action = "C"
            i = rng.choice(list(bits(c_cells)))
            cells = ((i >> 4, i & 15),)
            sheet.walls |= 1 << i
        else:
            action, cells = "none", ()
    discard = extra = None
    warp = False
    if obs.hand and rng.random() < 0.15:
        if rng.random() < 0.5:
            kind = rng.choice(("road", "wall"))
            spots = list(bits(sheet.extra_cells(kind)))
            if spots:
                i = rng.choice(spots)
                discard = rng.choice(obs.hand)
                extra = (kind, (i >> 4, i & 15))
                sheet.draw(kind, 1 << i)
        elif sheet.gates.bit_count() >= 2:
            discard = rng.choice(obs.hand)
            warp = True
    steps = comps.explore[card].number
    reach = sheet.reachable_mask(steps, warp)
    targets = [comps.letters[L] for L in obs.active_destinations if reach & comps.letter_bit(L)]
    escape = False
    if obs.stage == 2 and reach & comps.exit_bit and rng.random() < 0.3:
        target, escape = comps.exit, True
    elif targets and rng.random() < 0.7:
        target = rng.choice(targets)
    else:
        target = rng.choice(cells_of(reach))
    path = tuple(sheet.shortest_path(target, steps, warp) or ())
    return Turn(action, cells, discard, extra, warp, path, escape)


def play_random_game(n_seats: int, seed: int, policy_seed: int | None = None):
    """A full game between random seats; returns the finished Game."""
    from ..rules.game import Game
    from ..rules.observation import observe

    rng = random.Random(seed if policy_seed is None else policy_seed)
    game = Game([(f"Seat {i + 1}", "ai:random") for i in range(n_seats)], seed)
    for i in range(n_seats):
        game.submit_setup(i, random_setup(observe(game, i), rng))
    while not game.over:
        game.play_round([None if s.escaped else random_turn(observe(game, i), rng) for i, s in enumerate(game.seats)])
    return game
