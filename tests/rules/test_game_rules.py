"""R4-R10 through the Game: setup, step 1, step 2 chains, collapse, stages."""

import pytest

from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.turn import SetupChoice, Turn

from .helpers import COMPS, EXIT, c_turn, fixed_game, quiet_turn, rows_with, scenario, sheet_from

TWO_SEAT_SETUP = [
    SetupChoice((1, 2), (("A", ((5, 5), (5, 6), (5, 7), (5, 8))),), (("B", ((4, 5), (4, 6), (4, 7))),)),
    SetupChoice((5, 6), (("C", ((5, 5), (5, 6), (6, 4), (6, 5))),), (("D", ((7, 5), (7, 6), (8, 6), (8, 7), (8, 8))),)),
]
SOLO_SETUP = SetupChoice(
    (1, 2),
    (("A", ((5, 5), (5, 6), (5, 7), (5, 8))), ("B", ((6, 5), (7, 5), (8, 5)))),
    (("C", ((4, 6), (4, 7), (3, 7), (3, 8))), ("D", ((3, 2), (3, 3), (4, 3), (4, 4), (4, 5)))),
)


def rule_of(fn, *args):
    with pytest.raises(RuleError) as e:
        fn(*args)
    return e.value


def set_up(n=2):
    g = fixed_game(n)
    g.stop_replaying()
    for i, choice in enumerate(TWO_SEAT_SETUP[:n] if n > 1 else [SOLO_SETUP]):
        g.submit_setup(i, choice)
    return g


# -- R5 setup ---------------------------------------------------------------
def test_R5_1_two_shuffles_explore_then_objective():
    g = fixed_game(2)
    assert [s["deck"] for s in g.shuffles] == ["explore", "objective"]


def test_R5_2_deal_two_each_then_three_to_the_line_first_laid_is_active():
    g = fixed_game(2)
    assert g.seats[0].dealt_explore == ["A", "B"] and g.seats[1].dealt_explore == ["C", "D"]
    assert g.line == ["E", "F", "G"] and g.active_card == "E"
    solo = fixed_game(1)
    assert solo.seats[0].dealt_explore == ["A", "B", "C", "D"] and solo.line == ["E", "F", "G"]


def test_R5_3_keep_two_of_four_then_one_shuffle_of_returned_and_deck():
    g = fixed_game(2)
    g.stop_replaying()
    assert g.seats[0].dealt_objectives == [1, 2, 3, 4]
    assert g.seats[1].dealt_objectives == [5, 6, 7, 8]
    for keep in ((1, 5), (1, 1), (1, 2, 3), (1,)):
        bad = SetupChoice(keep, TWO_SEAT_SETUP[0].roads, TWO_SEAT_SETUP[0].walls)
        assert rule_of(g.check_setup, 0, bad).rule == "R5.3"
    g.submit_setup(0, TWO_SEAT_SETUP[0])
    assert len(g.shuffles) == 2  # nobody shuffles until every seat has chosen
    g.submit_setup(1, TWO_SEAT_SETUP[1])
    last = g.shuffles[2]
    assert last["deck"] == "objective"
    assert sorted(last["order"]) == sorted([3, 4, 7, 8] + list(range(9, 25)))
    assert g.seats[0].hand == [1, 2] and g.seats[1].hand == [5, 6]


def test_R5_4_first_road_covers_the_exit_later_pieces_touch_setup_cells():
    g = fixed_game(2)
    roads, walls = TWO_SEAT_SETUP[0].roads, TWO_SEAT_SETUP[0].walls
    off_exit = (("A", ((0, 0), (0, 1), (0, 2), (0, 3))),)
    assert rule_of(g.check_setup, 0, SetupChoice((1, 2), off_exit, walls)).rule == "R5.4"
    far_walls = (("B", ((9, 0), (9, 1), (9, 2))),)
    assert rule_of(g.check_setup, 0, SetupChoice((1, 2), roads, far_walls)).rule == "R5.4"
    not_dealt = (("E", ((4, 5), (4, 6), (4, 7), (4, 8))),)
    assert rule_of(g.check_setup, 0, SetupChoice((1, 2), roads, not_dealt)).rule == "R5.4"
    swapped = (("B", ((5, 5), (5, 6), (5, 7))),), (("A", ((4, 5), (4, 6), (4, 7), (4, 8))),)
    g.check_setup(0, SetupChoice((1, 2), *swapped))  # either card may be the roads
    twice = SetupChoice((1, 2), roads + roads, walls)
    assert rule_of(g.check_setup, 0, twice).rule == "R5.4"


def test_R5_4_the_O_piece_cannot_be_roads():
    g = fixed_game(2, explore=["U", "B"] + [c for c in sorted(COMPS.explore) if c not in "UB"])
    choice = SetupChoice((1, 2), (("U", ((5, 5), (5, 6), (6, 5), (6, 6))),), (("B", ((4, 5), (4, 6), (4, 7))),))
    assert rule_of(g.check_setup, 0, choice).rule == "R3.4"


def test_R5_4_solo_two_roads_then_two_walls():
    g = fixed_game(1)
    g.stop_replaying()
    g.check_setup(0, SOLO_SETUP)
    one_each = SetupChoice((1, 2), SOLO_SETUP.roads[:1], SOLO_SETUP.walls[:1])
    assert rule_of(g.check_setup, 0, one_each).rule == "R5.4"


def test_R5_5_setup_letters_revealed_on_every_sheet_and_cards_discarded():
    g = set_up(2)
    assert g.revealed == ["A", "B", "C", "D"]
    for s in g.seats:
        for letter in "ABCD":
            assert s.sheet.traced & COMPS.letter_bit(letter)
    assert g.discard == ["A", "B", "C", "D"]
    solo = set_up(1)
    assert solo.revealed == ["A", "B", "C", "D"]


def test_R5_6_pawns_start_on_the_exit_stage_1():
    g = set_up(2)
    assert all(s.sheet.pawn_cell == EXIT for s in g.seats)
    assert g.stage == 1 and g.phase == "play" and g.round == 0


# -- R4 / R6 step 1 and the round ------------------------------------------
def test_R4_1_active_card_is_the_far_end_and_R6_goes_to_discard():
    g = scenario(1, line=["F", "Q", "O"], deck=["B", "L"])
    g.play_round([quiet_turn(g, 0)])
    assert g.discard[-1] == "F" and g.line == ["Q", "O", "B"] and g.deck == ["L"]


def test_R6_every_playing_seat_takes_step_1():
    g = scenario(2)
    e = rule_of(g.play_round, [quiet_turn(g, 0), None])
    assert (e.rule, e.seat, e.round) == ("R6", 1, 1)
    assert g.round == 0 and g.line == ["F", "Q", "O"]  # nothing applied


def test_R4_2_action_C_allowed_even_when_A_is_possible_and_costs_a_penalty():
    g = scenario(1)
    assert g.seats[0].sheet.legal_placements("F", "road", g.seats[0].sheet.filled)
    g.play_round([c_turn((4, 5))])
    assert g.seats[0].penalties == 1 and g.seats[0].sheet.state(4, 5) == "wall"
    assert rule_of(g.check_turn, 0, c_turn((9, 9))).rule == "R4.2"


def test_R4_2_none_only_when_nothing_is_possible():
    g = scenario(1)
    assert rule_of(g.check_turn, 0, Turn("none")).rule == "R4.2"
    full = ["#" * 11] * 5 + ["#####P#####"] + ["#" * 11] * 5
    g2 = scenario(1, sheets=[full])
    assert not g2.can_draw_anything(0)
    assert rule_of(g2.check_turn, 0, c_turn((4, 4))).rule == "R4.2"
    g2.play_round([Turn("none")])
    assert g2.seats[0].penalties == 1


def test_R4_3_special_action_discards_a_card_from_hand():
    g = scenario(1, hands=[[3, 9]])
    t = quiet_turn(g, 0, discard=7, extra=("wall", (5, 4)))
    assert rule_of(g.check_turn, 0, t).rule == "R4.3"
    assert rule_of(g.check_turn, 0, quiet_turn(g, 0, extra=("wall", (5, 4)))).rule == "R4.3"
    assert rule_of(g.check_turn, 0, quiet_turn(g, 0, discard=3)).rule == "R4.3"
    both = quiet_turn(g, 0, discard=3, extra=("wall", (5, 4)), warp=True)
    assert rule_of(g.check_turn, 0, both).rule == "R4.3"
    g.play_round([quiet_turn(g, 0, discard=3, extra=("road", (5, 4)))])
    assert g.seats[0].hand == [9] and g.obj_discard == [3] and g.seats[0].penalties == 0
    assert g.seats[0].sheet.state(5, 4) == "road"


def test_R4_3_warp_taken_but_unused_still_costs_the_card():
    g = scenario(1, hands=[[3]])
    g.play_round([quiet_turn(g, 0, discard=3, warp=True)])
    assert g.seats[0].hand == [] and g.obj_discard == [3]


def test_R4_3_warp_through_the_game():
    rows = rows_with({(5, 5): "P", (5, 6): "g", (0, 0): "g", (0, 1): "o"})
    g = scenario(1, sheets=[rows], hands=[[3]], line=["O", "Q", "F"])  # O: 2 steps
    assert rule_of(g.check_turn, 0, quiet_turn(g, 0, path=[(5, 6), (0, 0)])).rule == "R4.3"
    g.play_round([quiet_turn(g, 0, path=[(5, 6), (0, 0)], discard=3, warp=True)])
    assert g.seats[0].sheet.pawn_cell == (0, 0)


def test_R4_4_draw_happens_before_movement():
    g = scenario(1, line=["F", "Q", "O"])
    t = Turn("A", ((5, 6), (5, 7)), path=((5, 6), (5, 7)))
    g.play_round([t])
    assert g.seats[0].sheet.pawn_cell == (5, 7)
    # the +1 road is drawn before movement too
    g2 = scenario(1, hands=[[4]])
    t2 = Turn("A", ((5, 6), (5, 7)), discard=4, extra=("road", (4, 7)), path=((5, 6), (5, 7)))
    g2.check_turn(0, t2)


def test_R4_4_path_limits_through_the_game():
    rows = rows_with({(5, 5): "P", (5, 6): "o", (5, 7): "o", (5, 8): "#"})
    g = scenario(1, sheets=[rows], line=["F", "Q", "O"])
    assert rule_of(g.check_turn, 0, quiet_turn(g, 0, path=[(5, 6), (5, 7), (5, 6)])).rule == "R4.4"
    assert rule_of(g.check_turn, 0, quiet_turn(g, 0, path=[(5, 6), (5, 7)][:1] + [(5, 8)])).rule == "R4.4"


def test_R4_5_escape_only_in_stage_2_on_the_exit():
    g = scenario(2)
    assert rule_of(g.check_turn, 0, quiet_turn(g, 0, escape=True)).rule == "R4.5"
    g.stage = 2
    g.check_turn(0, quiet_turn(g, 0, escape=True))
    rows = rows_with({(5, 5): "P", (5, 6): "o"})
    g.seats[1].sheet = sheet_from(rows)
    assert rule_of(g.check_turn, 1, quiet_turn(g, 1, path=[(5, 6)], escape=True)).rule == "R4.5"


def test_R4_5_escaped_seat_takes_no_turn_and_its_sheet_never_changes():
    rows = rows_with({(5, 5): "P", (4, 7): "o"})
    g = scenario(2, line=["F", "Q", "O"], deck=["S", "B", "L", "M"], revealed=["S"])
    g.stage = 2
    g.seats[1].sheet = sheet_from(rows_with({(4, 7): "P", (5, 7): "o"}), traced="S")
    g.play_round([quiet_turn(g, 0, escape=True), quiet_turn(g, 1)])
    frozen = g.seats[0].sheet.state_key()
    assert g.seats[0].escaped_round == 1
    assert rule_of(g.check_turn, 0, quiet_turn(g, 0)).rule == "R4.5"
    # seat 2 collected S this round: it did not become a wall on the escaped sheet
    assert g.seats[0].sheet.state(4, 7) == "empty" and g.seats[1].sheet.state(4, 7) == "gate"
    g.play_round([None, quiet_turn(g, 1)])
    assert g.seats[0].sheet.state_key() == frozen
    del rows


# -- R7 objective cards -----------------------------------------------------
def gem_game(hand, obj_deck, obj_discard=()):
    g = scenario(1, sheets=[rows_with({(4, 7): "P"})], line=["F", "Q", "O"], deck=["B", "L"],
                 revealed=["S"], hands=[hand])
    g.obj_deck, g.obj_discard = list(obj_deck), list(obj_discard)
    return g


def test_R7_1_hand_limit_five():
    g = gem_game([1, 2, 3, 4, 5], [9, 10])
    g.play_round([quiet_turn(g, 0)])
    assert g.seats[0].gems == 1 and g.seats[0].hand == [1, 2, 3, 4, 5] and g.obj_deck == [9, 10]


def test_R7_2_empty_objective_deck_reshuffles_the_discard_pile():
    g = gem_game([1], [], [7, 8])
    g.play_round([quiet_turn(g, 0)])
    assert g.shuffles[-1]["deck"] == "objective" and sorted(g.shuffles[-1]["order"]) == [7, 8]
    assert len(g.seats[0].hand) == 2 and g.obj_discard == [] and len(g.obj_deck) == 1
    g2 = gem_game([1], [], [])
    n = len(g2.shuffles)
    g2.play_round([quiet_turn(g2, 0)])
    assert g2.seats[0].hand == [1] and len(g2.shuffles) == n


# -- R8 step 2 --------------------------------------------------------------
def test_R8_2_gem_only_when_standing_on_an_active_destination():
    g = gem_game([1], [9])
    g.play_round([quiet_turn(g, 0)])
    assert g.seats[0].gems == 1 and g.seats[0].hand == [1, 9]
    assert g.seats[0].collected == ["S"] and "S" in g.resolved
    # passing over a destination collects nothing
    rows = rows_with({(5, 7): "P", (4, 7): "o", (3, 7): "o"})
    g2 = scenario(1, sheets=[rows], revealed=["S"], line=["F", "Q", "O"], deck=["B"])
    g2.play_round([quiet_turn(g2, 0, path=[(4, 7), (3, 7)])])
    assert g2.seats[0].gems == 0
    # an unrevealed letter is no destination
    g3 = scenario(1, sheets=[rows_with({(4, 7): "P"})], line=["F", "Q", "O"])
    g3.play_round([quiet_turn(g3, 0)])
    assert g3.seats[0].gems == 0


def test_R8_3_collected_letter_is_gate_or_wall_on_every_sheet():
    s0 = rows_with({(4, 7): "P"})
    s1 = rows_with({(5, 5): "P"})
    s2 = rows_with({(5, 5): "P", (4, 6): "o", (4, 7): "o"})
    g = scenario(3, sheets=[s0, s1, s2], revealed=["S"], line=["F", "Q", "O"], deck=["B"])
    g.play_round([quiet_turn(g, i) for i in range(3)])
    assert [s.sheet.state(4, 7) for s in g.seats] == ["gate", "wall", "gate"]
    assert g.active_destinations() == ["F"] or "S" in g.resolved


def test_R8_4_k_distinct_letters_discard_k_cards_line_first_then_deck_revealing_new_letters():
    sheets = [rows_with({(4, 7): "P"}), rows_with({(4, 7): "P"}), rows_with({(1, 5): "P"})]
    g = scenario(3, sheets=sheets, revealed=["S", "H"], line=["F", "Q", "O"], deck=["B", "S", "L", "M"])
    events = g.play_round([quiet_turn(g, i) for i in range(3)])
    # S twice counts once: k = 2; line after F left: Q, O -> both discarded
    assert g.discard[-3:] == ["F", "Q", "O"]
    assert "Q" in g.revealed and "O" in g.revealed
    assert g.line == ["B", "S", "L"]
    assert [e.letter for e in events if e.kind == "gem"] == ["S", "S", "H"]
    # a card whose letter was already revealed reveals nothing new
    g2 = scenario(1, sheets=[rows_with({(4, 7): "P"})], revealed=["S", "Q"], line=["F", "Q", "O"], deck=[])
    g2.play_round([quiet_turn(g2, 0)])
    assert g2.revealed == ["S", "Q"] and g2.line == ["O"]


def test_R8_4_discards_continue_from_the_deck_and_stop_when_both_run_out():
    sheets = [rows_with({(4, 7): "P"}), rows_with({(1, 5): "P"}), rows_with({(7, 6): "P"})]
    g = scenario(3, sheets=sheets, revealed=["S", "H", "O"], line=["F", "Q"], deck=["B"])
    g.play_round([quiet_turn(g, i) for i in range(3)])
    # k = 3; only Q (line) and B (deck) remain; the empty line then ends stage 1
    # and the R10.2 shuffle takes exactly the discarded cards
    assert sorted(g.shuffles[-1]["order"]) == ["B", "F", "Q"] and g.stage == 2


def test_R8_5_chain_when_a_pawn_stands_on_a_newly_revealed_letter():
    sheets = [rows_with({(4, 7): "P"}), rows_with({(5, 9): "P"})]  # S and I
    g = scenario(2, sheets=sheets, revealed=["S"], line=["F", "I", "Q"], deck=["B", "L", "M"])
    events = g.play_round([quiet_turn(g, 0), quiet_turn(g, 1)])
    # S collected -> I discarded and revealed -> seat 2 stands on I -> collects
    # -> Q discarded and revealed
    assert [(e.seat, e.letter) for e in events if e.kind == "gem"] == [(0, "S"), (1, "I")]
    assert g.seats[1].gems == 1 and "I" in g.resolved and "Q" in g.revealed
    assert g.seats[0].sheet.state(5, 9) == "wall" and g.seats[1].sheet.state(5, 9) == "gate"
    assert g.line == ["B", "L", "M"]


def test_R8_6_refill_line_to_three_and_skip_with_empty_deck():
    g = scenario(1, line=["F", "Q", "O"], deck=["B"])
    g.play_round([quiet_turn(g, 0)])
    assert g.line == ["Q", "O", "B"]
    g.play_round([quiet_turn(g, 0)])
    assert g.line == ["O", "B"]


# -- R9 collapse ------------------------------------------------------------
def test_R9_collapse_discards_one_card_per_escaped_seat_revealing_nothing():
    g = scenario(3, line=["F", "Q", "O"], deck=["B", "L", "M", "N", "R"])
    g.stage = 2
    g.play_round([quiet_turn(g, 0, escape=True), quiet_turn(g, 1, escape=True), quiet_turn(g, 2)])
    # F active -> discard; e = 2: Q, O discarded unrevealed; refill B L M
    assert g.discard[-3:] == ["F", "Q", "O"] and g.revealed == [] and g.line == ["B", "L", "M"]
    g.play_round([None, None, quiet_turn(g, 2)])
    assert g.discard[-3:] == ["B", "L", "M"] and g.line == ["N", "R"]


def test_R9_no_collapse_in_stage_1():
    g = scenario(1, line=["F", "Q", "O"], deck=["B"])
    g.seats[0].escaped_round = None
    g.play_round([quiet_turn(g, 0)])
    assert g.line == ["Q", "O", "B"]


# -- R10 end of a round -----------------------------------------------------
def test_R10_1_empty_deck_alone_does_not_end_the_stage():
    g = scenario(1, line=["F", "Q", "O"], deck=[])
    g.play_round([quiet_turn(g, 0)])
    assert g.stage == 1 and g.line == ["Q", "O"]


def test_R10_2_end_of_stage_1_scores_square_reshuffles_discard_and_lays_three():
    rows = rows_with({(5, 5): "P", (5, 6): "o", (6, 5): "#", (6, 6): "#"})
    g = scenario(1, sheets=[rows], line=["F"], deck=[], discard=["A", "B", "C", "D"])
    g.play_round([quiet_turn(g, 0)])
    assert g.stage == 2 and g.seats[0].square1 is not None and g.seats[0].square1 >= 4
    assert g.shuffles[-1]["deck"] == "explore" and sorted(g.shuffles[-1]["order"]) == ["A", "B", "C", "D", "F"]
    assert len(g.line) == 3 and len(g.deck) == 2 and g.discard == []
    assert not g.over


def test_R10_3_stage_2_ends_when_the_line_empties_or_everyone_escaped():
    g = scenario(2, line=["F"], deck=[])
    g.stage = 2
    g.play_round([quiet_turn(g, 0), quiet_turn(g, 1)])
    assert g.over and all(s.square2 is not None for s in g.seats)
    assert rule_of(g.play_round, [c_turn((4, 5)), c_turn((4, 5))]).rule == "R10.3"
    g2 = scenario(2, line=["F", "Q", "O"], deck=["B", "L", "M"])
    g2.stage = 2
    g2.play_round([quiet_turn(g2, 0, escape=True), quiet_turn(g2, 1, escape=True)])
    assert g2.over
