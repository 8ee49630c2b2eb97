"""R11 scoring and R12 observations."""

import pytest

from ruin_qt.rules.observation import observe
from ruin_qt.rules.scoring import Score, rank_value, winners

from .helpers import COMPS, EMPTY_ROWS, rows_with, scenario, sheet_from


# -- R11.1 square bonus -----------------------------------------------------
def test_R11_1_largest_rectangle_3x7_is_21():
    rows = rows_with({(r, c): "#" for r in range(6, 9) for c in range(1, 8)})
    rows = rows_with({(5, 5): "P"}, rows)
    # the 3x7 block is rows 6-8, cols 1-7; L (8, 2) lies inside but is untraced
    assert sheet_from(rows).square_bonus() == 21


def test_R11_1_traced_letter_that_is_not_road_is_excluded():
    rows = rows_with({(r, c): "#" for r in range(6, 9) for c in range(1, 8)})
    # L at (8, 2) traced and a wall there: the 3x7 is broken
    s = sheet_from(rows, traced="L")
    assert s.square_bonus() == 3 * 5  # rows 6-8, cols 3-7
    # the same letter as a road (or gate) counts
    s.walls &= ~COMPS.letter_bit("L")
    s.roads |= COMPS.letter_bit("L")
    assert s.square_bonus() == 21
    # resolved on an empty cell (so now a wall): still excluded
    s2 = sheet_from(rows, traced="L")
    assert s2.square_bonus() == 15


def test_R11_1_pruned_rectangle_search_equals_brute_force():
    import random

    from ruin_qt.rules.bitboard import BOARD, bit, largest_rectangle, mask_of

    def brute(m):
        best = 0
        for r0 in range(11):
            for r1 in range(r0, 11):
                for c0 in range(11):
                    for c1 in range(c0, 11):
                        if all(m & bit(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)):
                            best = max(best, (r1 - r0 + 1) * (c1 - c0 + 1))
        return best

    rng = random.Random(5)
    for _ in range(60):
        p = rng.random()
        m = mask_of((r, c) for r in range(11) for c in range(11) if rng.random() < p)
        assert largest_rectangle(m) == brute(m)
    full = mask_of((r, c) for r in range(11) for c in range(11))
    assert largest_rectangle(full) == 121
    # Bits outside the grid (guard columns, past the last row) are no cells.
    assert largest_rectangle(full | ~BOARD & ((1 << 200) - 1)) == 121
    assert largest_rectangle(~BOARD & ((1 << 200) - 1)) == 0


def test_R11_1_mixed_roads_and_walls_count_and_empty_breaks():
    rows = ["." * 11] * 11
    rows = rows_with({(0, 0): "o", (0, 1): "#", (1, 0): "#", (1, 1): "o", (0, 2): "#"}, rows)
    assert sheet_from(rows).square_bonus() == 4
    assert sheet_from(EMPTY_ROWS).square_bonus() == 0
    full = ["#" * 11] * 11
    assert sheet_from(full).square_bonus() == 121


def test_R11_1_preview_and_stage_boxes():
    rows = rows_with({(r, c): "#" for r in range(6, 9) for c in range(1, 8)})
    g = scenario(1, sheets=[rows_with({(5, 5): "P"}, rows)])
    sc = g.scores()[0]
    assert sc.square1 == 21 and sc.square2 == 0  # stage 1: only the left box so far


def test_R11_a_game_its_table_ends_early_keeps_the_scores_as_if_it_ended_now():
    rows = rows_with({(r, c): "#" for r in range(6, 9) for c in range(1, 8)})
    g = scenario(2, sheets=[rows_with({(5, 5): "P"}, rows), rows_with({(5, 5): "P"})])
    before = g.scores()
    g.end_now()  # no rule of the game: a table's host ended it
    assert g.over and g.final == before and g.scores() == before
    assert g.final[0].square1 == 21 and g.final[0].square2 == 0  # stage 1: the stage-2 box never counted
    assert g.winners() == winners(before)  # R11.5 on the scores so far
    g.end_now()  # a second end changes nothing
    assert g.final == before


# -- R11.3 honour -----------------------------------------------------------
def escaped_game(n, rounds):
    g = scenario(n)
    for i, r in enumerate(rounds):
        g.seats[i].escaped_round = r
    return g


@pytest.mark.parametrize(
    "rounds,expected",
    [
        ([3, None], [30, -20]),          # first alone 30, not escaped -20
        ([3, 5], [30, 10]),              # second alone 10
        ([3, 5, 7, 8], [30, 10, 0, 0]),  # third and later 0
        ([4, 4], [10, 10]),              # a pair sharing 1st scores 2nd's value
        ([4, 4, 4], [10, 10, 10]),       # so does a group of three
        ([2, 4, 4], [30, 0, 0]),         # a pair sharing 2nd scores 3rd's value
        ([2, 2, 5], [10, 10, 0]),        # after a 1st-place pair the next is 3rd
        ([2, 2, 2, 2], [10, 10, 10, 10]),
        ([2, None, 3, 3], [30, -20, 0, 0]),
    ],
)
def test_R11_3_escape_ranks_and_shared_rounds(rounds, expected):
    g = escaped_game(len(rounds), rounds)
    assert [g.escape_vp(i) for i in range(len(rounds))] == expected


def test_R11_3_solo_escape_30_and_penalties_minus_10():
    g = escaped_game(1, [6])
    g.seats[0].penalties = 3
    sc = g.scores()[0]
    assert sc.escape_vp == 30 and sc.honour == 0
    g2 = escaped_game(1, [None])
    assert g2.escape_vp(0) == -20


def test_R11_3_rank_value_table():
    assert [rank_value(r, 1) for r in (1, 2, 3, 4)] == [30, 10, 0, 0]
    assert [rank_value(r, 2) for r in (1, 2, 3)] == [10, 0, 0]


# -- R11.4 routes -----------------------------------------------------------
def test_R11_4_routes_need_a_road_path_between_both_letters():
    # objective 24 is S (4, 7) - W (4, 0); objective 17 is L (8, 2) - W (4, 0)
    rows = rows_with({(4, c): "o" for c in range(0, 8)})
    rows = rows_with({(4, 3): "g"}, rows)  # a gate is a road
    g = scenario(1, sheets=[rows], hands=[[24, 17]])
    assert g.scores()[0].routes == 15
    # a wall in the middle breaks it
    g.seats[0].sheet.roads &= ~(1 << (4 * 16 + 4))
    g.seats[0].sheet.walls |= 1 << (4 * 16 + 4)
    assert g.scores()[0].routes == 0


def test_R11_4_warps_do_not_connect_and_letters_need_not_be_destinations():
    rows = rows_with({(4, 0): "g", (4, 1): "o", (4, 6): "g", (4, 7): "o"})
    g = scenario(1, sheets=[rows], hands=[[24]])
    assert g.scores()[0].routes == 0
    assert g.revealed == []


# -- R11.2 / R11.5 totals and winners ----------------------------------------
def test_R11_2_and_R11_5_total_is_the_sum():
    sc = Score(square1=20, square2=30, gems=4, penalties=2, escape_vp=10, routes=45, roads=30)
    assert sc.total == 20 + 30 + 40 - 20 + 10 + 45


def test_R11_5_tie_goes_to_more_roads_then_shared():
    a = Score(10, 10, 1, 0, 0, 0, roads=20)
    b = Score(10, 10, 1, 0, 0, 0, roads=25)
    c = Score(5, 5, 0, 0, 0, 0, roads=99)
    assert winners([a, b, c]) == [1]
    assert winners([a, a, c]) == [0, 1]


# -- R12 observations --------------------------------------------------------
def test_R12_observation_holds_only_the_seats_own_private_part():
    rows0 = rows_with({(5, 5): "P", (5, 6): "o"})
    rows1 = rows_with({(5, 5): "P", (6, 5): "#"})
    g = scenario(2, sheets=[rows0, rows1], deck=["B", "L", "M"], hands=[[1, 2], [3, 4]])
    obs = observe(g, 0)
    assert obs.sheet == g.seats[0].sheet and obs.sheet is not g.seats[0].sheet
    assert obs.hand == (1, 2) and obs.hand_sizes == (2, 2)
    assert obs.deck_size == 3 and obs.line == ("F", "Q", "O")
    assert obs.unseen_explore() == sorted(set(COMPS.explore) - {"F", "Q", "O"})
    fields = vars(obs)
    for value in fields.values():
        assert value is not g.deck and value != g.seats[1].sheet
        assert value != (3, 4) and value != [3, 4]
    assert "deck" not in fields and not any(isinstance(v, list) for v in fields.values())
