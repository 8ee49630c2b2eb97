"""The end of a game: every seat's final score sheet side
by side, like the paper one, each objective's route complete or not, the
winner's tie-break explained (R11.5), and for solo the 300 VP challenge and
the personal best instead of a winner."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QLabel

from ruin_qt.ai.match import play_game
from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.rules import record
from ruin_qt.rules.scoring import Score, route_status, tie_break
from ruin_qt.session.views import PublicView, SeatInfo
from ruin_qt.ui.sheet.sheet_drawing import SIZE
from ruin_qt.ui.sheet.sheet_items import PawnItem
from ruin_qt.ui.windows.final_sheet import FinalSheetDialog, SoloResult

from ...packaging.translations_tool import load_translations_module
from ..play import play_to_the_end


@pytest.fixture(scope="module")
def beginners():
    """A finished two-seat game whose seats keep objective cards to the end."""
    game, _ = play_game(["beginner", "beginner"], 2)
    for seat in game.seats:
        seat.kind = "human"
    return game


@pytest.fixture(scope="module")
def built_qm():
    """The .qm files compiled by the project's own build step."""
    from ruin_qt.paths import translations_dir

    return load_translations_module().build(translations_dir())


@pytest.fixture
def english_after():
    yield
    from ruin_qt.app import i18n

    i18n.install_language("en")


def score(total: int, roads: int) -> Score:
    """A score with this total (all of it in the first square bonus) and road count."""
    return Score(square1=total, square2=0, gems=0, penalties=0, escape_vp=0, routes=0, roads=roads)


def board(qtbot, totals_roads, names=None, solo=None) -> FinalSheetDialog:
    """The dialog for made-up final scores (no sheets: only the words are tested)."""
    names = names or [f"P{i + 1}" for i in range(len(totals_roads))]
    scores = tuple(score(t, r) for t, r in totals_roads)
    best = max((t, r) for t, r in totals_roads)
    public = PublicView(phase="over", seats=tuple(SeatInfo(n, "human", 0, 0, True) for n in names), final=scores,
                        winners=tuple(i for i, tr in enumerate(totals_roads) if tr == best))
    dlg = FinalSheetDialog(public, [], solo)
    qtbot.addWidget(dlg)
    return dlg


def test_the_highest_total_wins_and_says_so(qtbot):
    dlg = board(qtbot, [(120, 40), (150, 30), (90, 50)], ["Aki", "Bo", "Cy"])
    assert dlg.headline.text() == "<h2>Bo wins!</h2>"
    assert dlg.reason.text() == "Bo has the highest total: 150 VP."
    assert "R11.5" in dlg.reason.toolTip()


def test_a_tie_on_the_total_goes_to_more_road_cells_and_says_so(qtbot):
    dlg = board(qtbot, [(150, 30), (150, 41), (90, 50)], ["Aki", "Bo", "Cy"])
    assert tie_break(dlg.scores).winners == (1,)
    assert dlg.headline.text() == "<h2>Bo wins!</h2>"
    assert dlg.reason.text() == ("Aki and Bo are tied on 150 VP; the tie goes to the most road and gate cells "
                                 "(Bo: 41, Aki: 30).")


def test_a_tie_on_both_is_a_shared_win_and_says_so(qtbot):
    dlg = board(qtbot, [(150, 41), (150, 41), (150, 30), (20, 60)], ["Aki", "Bo", "Cy", "Di"])
    assert dlg.headline.text() == "<h2>Shared win: Aki and Bo</h2>"
    assert dlg.reason.text() == ("Aki, Bo and Cy are tied on 150 VP; the tie goes to the most road and gate "
                                 "cells (Aki: 41, Bo: 41, Cy: 30). Still tied: a shared win.")


@pytest.mark.parametrize(("total", "solo", "challenge", "best"), [
    (312, SoloResult(None, True), "The 300 VP challenge: reached!",
     "Your first solo game: 312 VP is the personal best to beat."),
    (212, SoloResult(180, True), "The 300 VP challenge: 88 VP to go.",
     "New personal best! Your best before was 180 VP."),
    (212, SoloResult(212, True), "The 300 VP challenge: 88 VP to go.", "You equalled your personal best of 212 VP."),
    (212, SoloResult(250, True), "The 300 VP challenge: 88 VP to go.", "Your personal best: 250 VP."),
    (212, SoloResult(250, False), "The 300 VP challenge: 88 VP to go.", "Your best solo game: 250 VP."),
])
def test_solo_shows_the_challenge_and_the_personal_best_not_a_winner(qtbot, total, solo, challenge, best):
    dlg = board(qtbot, [(total, 40)], ["Player 1"], solo)
    assert dlg.headline.text() == f"<h2>Player 1: {total} VP</h2>"
    assert "win" not in dlg.headline.text().lower()
    assert dlg.reason.text() == challenge
    assert dlg.best.text() == best


def sheet_states(sheet) -> dict:
    return {(r, c): sheet.state(r, c) for r in range(SIZE) for c in range(SIZE)}


def test_a_finished_game_opened_from_a_file_shows_every_final_sheet(window, qtbot, beginners, tmp_path):
    """The table shows a final sheet instead of a blank one, and the final
    score sheet shows both seats' maps, tracks, bonuses and each objective
    card's route complete or not, on the screen."""
    path = tmp_path / "finished.json"
    path.write_text(record.dumps(beginners), encoding="utf-8")
    assert window.open_file(str(path))
    dlg = window.scoreboard
    assert dlg is not None and dlg.isVisible()
    assert window.scene.cell_states() == sheet_states(beginners.seats[window.model.screen.viewer].sheet)
    assert len(dlg.sheets) == 2
    assert dlg.totals() == [s.total for s in beginners.scores()]
    for seat, (paper, sc) in enumerate(zip(dlg.sheets, beginners.scores())):
        assert paper.drawing.cell_states() == sheet_states(beginners.seats[seat].sheet)
        assert paper.gem_track.count == sc.gems and paper.pen_track.count == sc.penalties
        assert [paper.values[k].text() for k in ("square1", "square2", "gems", "honour", "routes", "total")] == [
            str(v) for v in (sc.square1, sc.square2, sc.gem_vp, sc.honour, sc.routes, sc.total)]
        routes = route_status(beginners.seats[seat].sheet, beginners.seats[seat].hand)
        assert routes, "the test game keeps objective cards"
        assert [(letters.text(), status.text().startswith("✓")) for letters, status in paper.route_rows] == [
            (f"{a} – {b}", done) for _card, a, b, done in routes]
        assert sc.routes == 15 * sum(done for *_, done in routes)
    assert "wins!" in dlg.headline.text() or "Shared win" in dlg.headline.text()
    area = dlg.screen().availableGeometry()
    assert area.contains(dlg.frameGeometry()), (dlg.frameGeometry(), area)
    dlg.close()


def labels_fit(widget) -> list[str]:
    """Labels whose text has less room than it needs (cut or elided)."""
    bad = []
    for label in widget.findChildren(QLabel):
        if label.isVisible() and label.text() and not label.wordWrap():
            if label.width() < label.sizeHint().width() or label.height() < label.minimumSizeHint().height():
                bad.append(f"{label.text()!r}: {label.size().toTuple()} < {label.sizeHint().toTuple()}")
    return bad


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_four_final_sheets_fit_their_texts_in_both_languages(qtbot, lang, built_qm, english_after, tmp_path,
                                                            window):
    from ruin_qt.app import i18n

    i18n.install_language(lang)
    game = play_random_game(4, 9)
    path = tmp_path / "four.json"
    path.write_text(record.dumps(game), encoding="utf-8")
    assert window.open_file(str(path))
    dlg = window.scoreboard
    qtbot.waitExposed(dlg)
    assert len(dlg.sheets) == 4
    assert not labels_fit(dlg)
    if lang == "ja":
        assert dlg.sheets[0].names["honour"].text() == "栄誉ボーナス"
        assert dlg.windowTitle() == "最終得点シート"
    assert dlg.screen().availableGeometry().contains(dlg.frameGeometry())


def test_a_solo_game_played_to_its_end_compares_with_the_personal_best(window, qtbot, monkeypatch):
    """No "Player 1 wins!" alone at the table: the total, the 300 VP
    challenge and the best of the player's earlier solo games instead."""
    monkeypatch.setattr(PawnItem, "step_ms", 0)
    earlier = play_random_game(1, 8)
    earlier.seats[0].name, earlier.seats[0].kind = "Aki", "human"
    window.keeper.history.add_game(earlier)
    before = earlier.scores()[0].total
    window.start_game([("Aki", "human")], seed=12)
    play_to_the_end(window, qtbot, random.Random(4))
    dlg = window.scoreboard
    assert dlg is not None and dlg.isVisible()
    total = window.model.session.game.scores()[0].total
    assert dlg.headline.text() == f"<h2>Aki: {total} VP</h2>"
    assert "300 VP challenge" in dlg.reason.text()
    expected = (f"New personal best! Your best before was {before} VP." if total > before else
                f"You equalled your personal best of {before} VP." if total == before else
                f"Your personal best: {before} VP.")
    assert dlg.best.text() == expected
    assert window.keeper.history.solo_best("Aki") == max(before, total)
    assert dlg.sheets[0].badge.text() == ""


def test_the_final_mini_map_explains_its_rings(window, qtbot, tmp_path):
    game = play_random_game(1, 31)
    game.seats[0].kind = "human"
    path = tmp_path / "done.json"
    path.write_text(record.dumps(game), encoding="utf-8")
    assert window.open_file(str(path))
    sheet = window.scoreboard.sheets[0]
    if sheet.view.routes:
        assert sheet.legend.isVisible() and "solid" in sheet.legend.text() and "dotted" in sheet.legend.text()
    assert "green" not in sheet.thumb.toolTip()
    # After the game the line names no active card.
    line = window.card_line
    assert "Active card" not in line.active_label.text() and not any(f.active for f in line.faces)
