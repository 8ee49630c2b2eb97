"""Dialogs and the review as a screen reader gets them, read through Qt's own
accessibility interfaces in the process (what AT-SPI and UI Automation are
handed): the New Game seat boxes named by their seat, each final score
sheet a table of (line, value), and the review's two boards tables of cells
that say where the decision drew and where the Expert would have."""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QAccessible

from ruin_qt.ai.random_policy import play_random_game, random_turn
from ruin_qt.model.runner import Runner
from ruin_qt.rules import record
from ruin_qt.ui.dialogs.new_game import NewGameDialog
from ruin_qt.ui.windows.review_window import ReviewWindow


def name_of(widget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name)


def table_of(widget) -> tuple[QAccessible.Role, dict[tuple[int, int], str], list[str]]:
    """A widget's role, its cells by (row, column) and its column headers, as QAccessible gives them."""
    QAccessible.setActive(True)
    iface = QAccessible.queryAccessibleInterface(widget)
    cells, heads = {}, []
    for k in range(iface.childCount()):
        child = iface.child(k)
        if child.role() == QAccessible.Role.Cell:
            cell = child.tableCellInterface()
            cells[(cell.rowIndex(), cell.columnIndex())] = child.text(QAccessible.Text.Name)
        elif child.role() == QAccessible.Role.ColumnHeader:
            heads.append(child.text(QAccessible.Text.Name))
    return iface.role(), cells, heads


@pytest.fixture
def english_after():
    yield
    from ruin_qt.app import i18n

    i18n.install_language("en")


def heard_as(widget) -> str:
    """A box as a screen reader on Linux names it: its label (the Label relation), then its value."""
    QAccessible.setActive(True)
    iface = QAccessible.queryAccessibleInterface(widget)
    labels = [rel.text(QAccessible.Text.Name) for rel, _ in iface.relations(QAccessible.Relation.Label)]
    return " ".join([*labels, iface.text(QAccessible.Text.Value)])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_new_game_seat_boxes_are_named_by_their_seat(qtbot, lang, english_after):
    from ruin_qt.app import i18n

    i18n.install_language(lang)
    dlg = NewGameDialog({"count": 4, "kinds": ["human", "human", "ai:standard", "ai:beginner"]})
    qtbot.addWidget(dlg)
    dlg.show()
    heard = [heard_as(box) for box in dlg.kinds]
    if lang == "en":
        assert heard == ["Seat 1: Human", "Seat 2: Human", "Seat 3: Computer (standard)",
                         "Seat 4: Computer (beginner)"]
        assert name_of(dlg.names[1]) == "Seat 2: name"
    else:
        assert heard[1] == "プレイヤー2： 人間" and heard[2].startswith("プレイヤー3： コンピュータ")
        assert name_of(dlg.names[1]) == "プレイヤー2：名前"
    dlg.kinds[1].setCurrentIndex(dlg.kinds[1].findData("ai:expert"))
    expert = "Seat 2: Computer (expert)" if lang == "en" else "プレイヤー2： コンピュータ（上級）"
    assert heard_as(dlg.kinds[1]) == expert


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_final_score_sheet_is_a_table_of_lines_and_values(window, qtbot, tmp_path, lang, english_after):
    from ruin_qt.app import i18n

    game = play_random_game(2, 4)
    path = tmp_path / "done.ruin"
    path.write_text(record.dumps(game), encoding="utf-8")
    i18n.install_language(lang)
    assert window.open_file(str(path))
    dlg = window.scoreboard
    qtbot.waitExposed(dlg)
    for seat, (paper, sc) in enumerate(zip(dlg.sheets, game.scores())):
        role, cells, heads = table_of(paper.score_table)
        assert role == QAccessible.Role.Table
        rows = [(cells[(r, 0)], cells[(r, 1)]) for r in range(len(cells) // 2)]
        values = [str(v) for v in (sc.square1, sc.square2, sc.gem_vp, sc.honour, sc.routes, sc.total, sc.roads)]
        assert [v for _, v in rows] == values
        name = game.seats[seat].name
        if lang == "en":
            assert [line for line, _ in rows] == ["Square bonus ①", "Square bonus ②", "Gem bonus", "Honour bonus",
                                                  "Route bonus", "Total", "Road and gate cells (tie-break)"]
            assert heads == ["Entry", "Value"]
            assert name_of(paper.score_table) == f"Score of {name}: {sc.total} VP"
        else:
            assert rows[3][0] == "栄誉ボーナス" and rows[5][0] == "合計"
            assert name_of(paper.score_table).startswith(name)
        assert paper.score_table.focusPolicy() != 0  # reached by Tab
    dlg.close()


def _review_with_another_choice(rec) -> tuple:
    """A made-up review of a real game whose Expert, in round 2, would have drawn elsewhere."""
    from ruin_qt import review as reviews
    from ruin_qt.review.decisions import decision_json
    from ruin_qt.review.result import DecisionReview, Estimate

    game = reviews.seat_decisions(rec, 0)
    rows = []
    for d in game.decisions:
        played = decision_json(d.played)
        other = played
        if d.round == 2:
            rng = random.Random(5)
            for _ in range(50):
                other = decision_json(random_turn(d.observation, rng))
                if other.get("draw") != played.get("draw") and other["draw"]["action"] in ("A", "B"):
                    break
        rows.append(DecisionReview(
            d.index, d.round, d.observation.stage, None if d.is_setup else d.observation.active_card,
            played, other, Estimate(250.0, 1.0, 6), Estimate(260.0, 1.0, 6), 10.0 if d.round == 2 else 0.0, 3.0,
            "mistake" if d.round == 2 else "best", 6, 12.0, 5.0, 3, ()))
    return reviews.Review(0, game.name, 1, reviews.resolve_quality("default"), game.digest(), False, None,
                          tuple(rows)), [d.round for d in game.decisions].index(2)


def test_the_reviews_two_boards_are_tables_saying_where_each_drew(qtbot):
    from tests.ui.windows.test_review_window import _short_record

    rec = _short_record()
    review, index = _review_with_another_choice(rec)
    w = ReviewWindow(rec, 0, None, workers=1, runner=Runner())
    qtbot.addWidget(w)
    w.show()
    w.show_review(review)
    w.go_to(index)
    step = w.boards.step(review.decisions[index])
    drawn = []
    for k, board in enumerate((step.played, step.suggested)):
        grid = w.grids[k]
        role, cells, heads = table_of(grid)
        assert role == QAccessible.Role.Table and len(cells) == 121
        assert heads[0] == "Column 1" and heads[10] == "Column 11"
        fresh = {cell for cell, said in cells.items() if "drawn in this decision" in said}
        assert fresh == set(board.drawn) and fresh
        r, c = sorted(fresh)[0]
        assert cells[(r, c)].startswith(f"row {r + 1}, column {c + 1}: ")
        assert cells[(r, c)].split(": ")[1].split(",")[0] == board.sheet.state(r, c)
        assert name_of(grid).startswith("Played" if k == 0 else "The Expert's choice")
        where = ", ".join(f"row {r + 1}, column {c + 1}" for r, c in sorted(board.drawn))
        assert QAccessible.queryAccessibleInterface(grid).text(QAccessible.Text.Description).startswith(
            f"Drawn in this decision: {where}.")
        if board.walk:
            end = board.walk[-1]
            assert "the adventurer ends here" in cells[end]
        drawn.append(fresh)
    assert drawn[0] != drawn[1]  # the Expert would have drawn elsewhere: the two tables say so
    qtbot.waitUntil(lambda: w.grids[0].width() > 100, timeout=3000)  # laid over the map, as big as it is
    assert w.views[0].viewport().rect().contains(w.grids[0].geometry())
