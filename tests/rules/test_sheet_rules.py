"""R1-R4 on hand-built sheets."""

import pytest

from ruin_qt.rules.bitboard import BOARD, bit, cells_of, has_2x2
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.pieces import card_orientations, orientations_of
from ruin_qt.rules.sheet import Sheet

from .helpers import COMPS, EXIT, accepted_masks, rows_with, sheet_from


def rule_of(fn, *args):
    with pytest.raises(RuleError) as e:
        fn(*args)
    return e.value.rule


# -- R1 the sheet -----------------------------------------------------------
def test_R1_1_grid_is_11_by_11_and_R1_2_exit_and_letters():
    assert COMPS.size == 11
    assert EXIT == (5, 5)
    assert sorted(COMPS.letters) == [chr(ord("A") + i) for i in range(24)]
    cells = list(COMPS.letters.values())
    assert len(set(cells)) == 24 and EXIT not in cells
    assert all(0 <= r < 11 and 0 <= c < 11 for r, c in cells)
    assert BOARD.bit_count() == 121


def test_R1_3_cell_states_and_gate_is_a_road():
    s = sheet_from(rows_with({(0, 0): "o", (0, 1): "g", (0, 2): "#"}))
    assert [s.state(0, c) for c in range(4)] == ["road", "gate", "wall", "empty"]
    # a gate is a road for every rule: movement and 2x2
    s2 = sheet_from(rows_with({(5, 5): "P", (5, 6): "g", (6, 5): "g"}))
    assert (5, 6) in s2.reachable(1)
    assert rule_of(s2.check_placement, "F", "road", [(6, 6), (6, 7)], s2.filled) == "R3.4"


def test_R1_3_collected_letter_road_becomes_gate_empty_becomes_wall():
    s = sheet_from(rows_with({(1, 5): "o"}))
    s.mark_collected(bit(1, 5))  # H on a road
    s.mark_collected(bit(2, 2))  # B on an empty cell
    assert s.state(1, 5) == "gate" and s.state(2, 2) == "wall"


# -- R2 pieces --------------------------------------------------------------
@pytest.mark.parametrize(
    "shape,count",
    [("I2", 2), ("I3", 2), ("I4", 2), ("I5", 2), ("O4", 1), ("S4", 4), ("L4", 8), ("T4", 4), ("V3", 4),
     ("N5", 8), ("V5", 4), ("U5", 4), ("Y5", 8), ("L5", 8), ("W5", 4), ("T5", 4)],
)
def test_R2_2_distinct_orientations(shape, count):
    card = next(c for c in COMPS.explore.values() if c.shape == shape)
    assert len(orientations_of(card.cells)) == count
    assert len(card_orientations(card.letter)) == count


def test_R2_1_number_is_cell_count():
    assert {c.letter: c.number for c in COMPS.explore.values()}["P"] == 5
    assert COMPS.explore["F"].number == 2


def test_R2_2_a_piece_not_of_the_card_is_refused():
    s = sheet_from(rows_with({(5, 5): "o"}))
    # card A is a straight 4; an L of 4 cells is not one of its orientations
    assert rule_of(s.check_placement, "A", "road", [(6, 5), (7, 5), (8, 5), (8, 6)], s.filled) == "R2.2"
    # too few cells, duplicate cells
    assert rule_of(s.check_placement, "A", "road", [(6, 5), (7, 5), (8, 5)], s.filled) == "R2.2"
    assert rule_of(s.check_placement, "F", "road", [(6, 5), (6, 5)], s.filled) == "R2.2"
    # a mirrored L is fine for an L card
    s.check_placement("M", "road", [(6, 5), (7, 5), (8, 5), (8, 4)], s.filled)


# -- R3 drawing -------------------------------------------------------------
def test_R3_1_off_grid_and_overwrite_are_refused():
    s = sheet_from(rows_with({(5, 5): "o", (5, 6): "#"}))
    assert rule_of(s.check_placement, "B", "road", [(5, 9), (5, 10), (5, 11)], s.filled) == "R3.1"
    assert rule_of(s.check_placement, "B", "wall", [(5, 6), (5, 7), (5, 8)], s.filled) == "R3.1"
    assert rule_of(s.check_placement, "B", "wall", [(-1, 5), (0, 5), (1, 5)], s.filled) == "R3.1"


def test_R3_2_piece_must_touch_a_cell_filled_before_the_round():
    s = sheet_from(rows_with({(5, 5): "o"}))
    before = s.filled
    assert rule_of(s.check_placement, "F", "wall", [(7, 5), (7, 6)], before) == "R3.2"
    s.check_placement("F", "wall", [(6, 5), (6, 6)], before)
    # a cell drawn this round does not count as "before"
    s.walls |= bit(6, 5)
    assert rule_of(s.check_placement, "F", "wall", [(7, 5), (7, 6)], before) == "R3.2"
    # diagonal contact is not adjacency
    s2 = sheet_from(rows_with({(5, 5): "o"}))
    assert rule_of(s2.check_placement, "F", "wall", [(6, 6), (6, 7)], s2.filled) == "R3.2"


def test_R3_2_walls_made_by_collection_count():
    s = sheet_from(rows_with({(5, 5): "o"}))
    s.mark_collected(COMPS.letter_bit("I"))  # (5, 9) becomes a wall
    s.check_placement("F", "road", [(4, 9), (4, 10)], s.filled)


def test_R3_3_action_A_draws_roads_B_walls():
    from ruin_qt.rules.turn import Turn

    from .helpers import play_game

    g = play_game(1)
    g.seats[0].sheet = sheet_from(rows_with({(5, 5): "P"}))
    g.line = ["F", "Q", "O"]
    g.deck = []
    sheet = g.check_turn(0, Turn("A", ((5, 6), (5, 7))))
    assert sheet.state(5, 6) == "road"
    sheet = g.check_turn(0, Turn("B", ((5, 6), (5, 7))))
    assert sheet.state(5, 7) == "wall"


def test_R3_4_roads_never_form_2x2():
    s = sheet_from(rows_with({(5, 5): "o", (5, 6): "o", (6, 5): "o"}))
    assert rule_of(s.check_placement, "F", "road", [(6, 6), (6, 7)], s.filled) == "R3.4"
    s.check_placement("F", "wall", [(6, 6), (6, 7)], s.filled)
    # the enumeration agrees: no legal road placement makes a 2x2 block
    for p in s.legal_placements("M", "road", s.filled):
        assert not has_2x2(s.roads | p.mask)
    # a piece that is a 2x2 block itself (the O piece) is never a road
    assert Sheet().legal_placements("U", "road", BOARD) == []
    assert Sheet().legal_placements("U", "wall", BOARD)


def test_R3_4_walls_break_the_block():
    s = sheet_from(rows_with({(5, 5): "o", (5, 6): "#", (6, 5): "o"}))
    s.check_placement("F", "road", [(6, 6), (6, 7)], s.filled)


def test_R3_5_letters_do_not_block_drawing():
    s = sheet_from(rows_with({(6, 4): "o"}))
    # J is at (6, 3)
    s.check_placement("F", "road", [(6, 2), (6, 3)], s.filled)
    s.check_placement("F", "wall", [(6, 2), (6, 3)], s.filled)


def test_R3_enumeration_matches_the_checker_everywhere():
    s = sheet_from([
        "...........",
        "...........",
        "....oo.....",
        ".....o#....",
        ".....o#....",
        ".....Po....",
        "...#.......",
        "...###.....",
        "...........",
        "...........",
        "...........",
    ])
    before = s.filled
    for letter in COMPS.explore:
        for kind in ("road", "wall"):
            legal = {p.mask for p in s.legal_placements(letter, kind, before)}
            assert legal == accepted_masks(s, letter, kind, before, {"R3.1", "R3.2", "R3.4"}), (letter, kind)


# -- R4 step 1 --------------------------------------------------------------
def test_R4_2_action_C_one_wall_adjacent_to_cells_filled_before():
    s = sheet_from(rows_with({(5, 5): "o"}))
    before = s.filled
    assert s.check_c((5, 6), before) == bit(5, 6)
    assert rule_of(s.check_c, (7, 7), before) == "R4.2"
    assert rule_of(s.check_c, (5, 5), before) == "R4.2"
    assert rule_of(s.check_c, (5, 11), before) == "R4.2"
    assert cells_of(s.c_cells(before)) == [(4, 5), (5, 4), (5, 6), (6, 5)]


def test_R4_3_extra_cell_adjacent_to_any_filled_cell_this_round_included():
    s = sheet_from(rows_with({(5, 5): "o"}))
    s.roads |= bit(5, 6) | bit(5, 7)  # this round's draw
    s.check_extra("wall", (4, 7))
    assert rule_of(s.check_extra, "wall", (0, 0)) == "R4.3"
    assert rule_of(s.check_extra, "wall", (5, 6)) == "R4.3"
    s.roads |= bit(4, 5)
    assert rule_of(s.check_extra, "road", (4, 6)) == "R3.4"  # the +1 road too
    s.check_extra("wall", (4, 6))
    assert not s.extra_cells("road") & bit(4, 6)
    assert s.extra_cells("wall") & bit(4, 6)


def test_R4_3_warp_jumps_between_gates_for_one_step():
    s = sheet_from(rows_with({(5, 5): "P", (5, 6): "g", (0, 0): "g", (0, 1): "o", (0, 2): "o"}))
    # without the warp the far gate is unreachable
    assert (0, 0) not in s.reachable(5)
    reach = s.reachable(3, warp=True)
    assert reach[(5, 6)] == 1 and reach[(0, 0)] == 2 and reach[(0, 1)] == 3 and (0, 2) not in reach
    assert s.check_path([(5, 6), (0, 0), (0, 1)], 3, warp=True) == bit(0, 1).bit_length() - 1
    assert rule_of(s.check_path, [(5, 6), (0, 0)], 3, False) == "R4.3"
    assert s.shortest_path((0, 2), 3, warp=True) is None  # 4 steps away
    path = s.shortest_path((0, 2), 4, warp=True)
    assert path == [(5, 6), (0, 0), (0, 1), (0, 2)]


def test_R4_3_second_warp_refused_and_adjacent_gates_are_an_ordinary_step():
    s = sheet_from(rows_with({(5, 5): "P", (5, 6): "g", (5, 7): "g", (0, 0): "g", (10, 10): "g"}))
    # adjacent gates: an ordinary step, the warp stays unused
    s.check_path([(5, 6), (5, 7)], 5, warp=False)
    assert rule_of(s.check_path, [(5, 6), (0, 0), (10, 10)], 5, True) == "R4.3"


def test_R4_4_movement_limit_walls_and_contiguity():
    s = sheet_from(rows_with({(5, 5): "P", (5, 6): "o", (5, 7): "o", (5, 8): "o", (4, 5): "#", (6, 5): "o"}))
    assert s.reachable(2) == {(5, 5): 0, (5, 6): 1, (5, 7): 2, (6, 5): 1}
    assert rule_of(s.check_path, [(5, 6), (5, 7), (5, 8)], 2, False) == "R4.4"
    assert rule_of(s.check_path, [(4, 5)], 2, False) == "R4.4"  # onto a wall
    assert rule_of(s.check_path, [(5, 7)], 2, False) == "R4.4"  # not contiguous
    assert rule_of(s.check_path, [(5, 4)], 2, False) == "R4.4"  # onto an empty cell
    # stopping early and not moving are fine; revisiting is fine
    s.check_path([], 2, False)
    s.check_path([(5, 6), (5, 5)], 2, False)


def test_R5_4_placements_covering_the_exit_match_the_filtered_enumeration():
    for letter in COMPS.explore:
        for kind in ("road", "wall"):
            for cell in (EXIT, (0, 0), (10, 10), (0, 10), (3, 9)):
                s = Sheet()
                b = bit(*cell)
                want = {p.mask for p in s.legal_placements(letter, kind, BOARD) if p.mask & b}
                got = [p.mask for p in s.placements_covering(letter, kind, cell)]
                assert len(got) == len(set(got)) and set(got) == want, (letter, kind, cell)
