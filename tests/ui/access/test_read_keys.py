"""The reading and jumping keys in a known position: a saved two-seat game
(Aki, human, against Bo, a beginner computer) opened at round 9, each key
pressed on the sheet and its answer heard as a screen reader hears it, in
English and in Japanese.  Then what the table announces besides: a new
objective card, a changed instruction, the turn when a seat takes the sheet,
and the announcements again ("." and ","), never another seat's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.rules import record
from ruin_qt.session.intents import Confirm, TakeDecision
from tests.ui import driver

KNOWN = Path(__file__).with_name("known_game.ruin")
NO, SHIFT = Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier

# What each key says in the known position, the cursor on the exit (row 6, column 6) as a turn begins.
ENGLISH = {
    "score": "Score if the game ended now: square bonus 1: 10 VP; square bonus 2: scored at the end; gems: 40 VP "
             "(4 gems); honour: -20 VP (0 penalties, escape -20 VP); routes: 15 VP; total: 45 VP.",
    "objectives": "Objective cards in hand: I – Q, route complete; N – T, can no longer be completed: a road on N "
                  "would close a 2×2 block; B – U, not complete: 7 cells to draw at best; F – H, can no longer be "
                  "completed: F is walled; M – R, can no longer be completed: a road on M would close a 2×2 block.",
    "seats": "seat 1, Aki, human, 4 gems, 5 objective cards, deciding; seat 2, Bo, computer, 3 gems, 5 objective "
             "cards, has decided. Stage 1, round 9; still to decide: Aki.",
    "moves": "As roads ○, turned as now, the piece fits at 8 places, its cursor cell on: row 3, column 2; row 4, "
             "column 3; row 4, column 4; row 4, column 5; row 4, column 6; row 4, column 7; row 4, column 8; row 4, "
             "column 10. Turned or mirrored: 19 places more.",
    "letter": "row 6, column 10: gate, destination I, gem collected by Bo.",
    "gate": "row 7, column 4: gate, destination J, gem collected by Aki.",
    "adventurer": "row 7, column 2: road, your adventurer.",
    "exit": "row 6, column 6: road, the exit.",
}
JAPANESE = {
    "score": "今ゲームが終わった場合の得点：スクエアボーナス①：10 VP。スクエアボーナス②：ゲーム終了時に計算。"
             "宝石：40 VP（4個）。"
             "栄誉：-20 VP（ペナルティ0個、脱出-20 VP）。ルート：15 VP。合計：45 VP。",
    "objectives": "手持ちの目標カード：I – Q、ルート達成中。N – T、もう達成できません：",
    "seats": "プレイヤー1、Aki、人間、宝石4個、目標カード5枚、選択中。"
             "プレイヤー2、Bo、コンピュータ、宝石3個、目標カード5枚、決定済み。"
             "ステージ1・ラウンド9。まだ選択中：Aki。",
    "moves": "通路 ○として今の向きで記入できる場所は8箇所、カーソルのマスの位置：3行2列。4行3列。",
    "letter": "6行10列：ゲート、目的地I（宝石はBoが獲得）",
    "gate": "7行4列：ゲート、目的地J（宝石はAkiが獲得）",
    "adventurer": "7行2列：通路、あなたのコマ",
    "exit": "6行6列：通路、出入口",
}
# The sheet's first reading keys, and "." and "," after one piece of news, in the same position.
ENGLISH.update({
    "where": "row 6, column 6: road, the exit. Adventurer at row 7, column 2. gems: 4. penalties: 0. round 9, "
             "stage 1. Draw this round's piece.",
    "row": "Row 6. column 1: road; column 2: road, destination V; column 3: empty; columns 4 to 5: road; "
           "column 6: road, the exit; column 7: road; column 8: wall; column 9: empty; column 10: gate, "
           "destination I, gem collected by Bo; column 11: empty.",
    "column": "Column 6. row 1: empty; row 2: empty, destination H, traced; rows 3 to 5: empty;",
    "line": "Active: card V, steps: 5, piece of cells: 5, 3 wide, 3 high;",
    "piece": "Road piece at row 5, column 5, row 5, column 6, row 5, column 7, row 6, column 6, row 7, column 6: "
             "Not allowed: a cell is already filled. cells: 5, 3 wide, 3 high;",
    "repeat": "News.",
})
JAPANESE.update({
    "where": "6行6列：通路、出入口。コマは7行2列。宝石4個。ペナルティ0。ステージ1・ラウンド9。"
             "このラウンドのピースを記入します。",
    "row": "6行。1列：通路；2列：通路、目的地V；3列：空き；4〜5列：通路；",
    "column": "6列。1行：空き；2行：空き、目的地H（有効）；",
    "line": "参照カード：カードV、移動5マス、ピース：5マス、横3・縦3；",
    "piece": "通路のピース：5行5列、5行6列、5行7列、6行6列、7行6列：できません：記入済みのマスに重なっています。"
             "5マス、",
    "repeat": "News.",
})
KEYS = {"where": (Qt.Key.Key_L, NO), "row": (Qt.Key.Key_1, NO), "column": (Qt.Key.Key_2, NO),
        "line": (Qt.Key.Key_3, NO), "piece": (Qt.Key.Key_4, NO), "repeat": (Qt.Key.Key_Period, NO),
        "score": (Qt.Key.Key_S, NO), "objectives": (Qt.Key.Key_O, NO), "seats": (Qt.Key.Key_T, NO),
        "moves": (Qt.Key.Key_M, NO), "letter": (Qt.Key.Key_D, NO), "gate": (Qt.Key.Key_G, NO),
        "adventurer": (Qt.Key.Key_A, NO), "exit": (Qt.Key.Key_X, NO)}
# The table's rows the other tests here press: "," (the announcements back), J's question and the Shift jumps.
PRESSED_ELSEWHERE = {(Qt.Key.Key_Comma, False), (Qt.Key.Key_J, False), (Qt.Key.Key_D, True), (Qt.Key.Key_G, True)}


def unpressed(commands) -> set:
    """The (key, shift) of each row of ``commands`` that no test here presses."""
    pressed = {(key, mod == SHIFT) for key, mod in KEYS.values()} | PRESSED_ELSEWHERE
    return {(c.key, c.shift) for c in commands} - pressed


def test_every_row_of_the_table_is_pressed_here():
    """A new read key is its row in read_keys.COMMANDS and, here, what it says in
    the known position (KEYS, ENGLISH, JAPANESE) or a test of its own."""
    from ruin_qt.ui.sheet import read_keys

    assert not unpressed(read_keys.COMMANDS)
    assert set(KEYS) == set(ENGLISH) == set(JAPANESE)
    planted = read_keys.ReadKey(Qt.Key.Key_Z, False, lambda scene: "")
    assert unpressed((*read_keys.COMMANDS, planted)) == {(Qt.Key.Key_Z, False)}


def listen(window) -> list[tuple[str, bool]]:
    heard: list[tuple[str, bool]] = []
    window.speaker.said.connect(lambda text, assertive: heard.append((text, assertive)))
    return heard


def open_record(window, qtbot, path: Path) -> None:
    assert window.open_file(str(path))
    m = window.model
    qtbot.waitUntil(lambda: m.step() == "draw" and not m.thinking_seats(), timeout=20000)
    window.view.setFocus()


@pytest.fixture
def known(window, qtbot):
    open_record(window, qtbot, KNOWN)
    return window


def press(window, heard, key, mod=NO) -> str:
    """One key on the sheet; the one thing it said, at once (assertive)."""
    before = len(heard)
    driver.key(window.view, key, mod)
    assert len(heard) == before + 1, heard[before:]
    text, assertive = heard[-1]
    assert assertive, text
    return text


def jump(window, heard, row: int, col: int) -> str:
    """J, the row, a space, the column, Enter: what the last key said."""
    press(window, heard, Qt.Key.Key_J)
    for ch in str(row):
        driver.key(window.view, Qt.Key.Key_0 + int(ch))
    driver.key(window.view, Qt.Key.Key_Space)
    for ch in str(col):
        driver.key(window.view, Qt.Key.Key_0 + int(ch))
    return press(window, heard, Qt.Key.Key_Return)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_reading_key_says_the_known_position(known, lang):
    from ruin_qt.app import i18n

    heard = listen(known)
    scene, m = known.scene, known.model
    expected = ENGLISH if lang == "en" else JAPANESE
    try:
        i18n.install_language(lang)
        assert scene.cursor == scene.exit_cell
        known.speaker.say("News.")
        for what, (key, mod) in KEYS.items():
            said = press(known, heard, key, mod)
            assert said.startswith(expected[what]), (what, said)
        back = press(known, heard, Qt.Key.Key_Comma)
        assert back.endswith("News.") and back.startswith("Announcement " if lang == "en" else "宣言 ")
        said = jump(known, heard, 4, 7)
        there = "row 4, column 7: empty. Road piece at " if lang == "en" else "4行7列：空き。通路のピース："
        assert said.startswith(there)
        said = jump(known, heard, 12, 3)
        assert said == ("No such cell: type a row and a column, each from 1 to 11." if lang == "en"
                        else "そのマスはありません：行と列をそれぞれ1から11で入力してください。")
        # The figures are the seat's own view's, nothing made up.
        v = m.view()
        assert v.score.total == 45 and v.obs.gems[v.seat] == 4 and len(v.hand) == 5
    finally:
        i18n.install_language("en")


def test_a_collected_gems_cell_on_the_map_says_who_took_it(known):
    """On the bus too: the map's cells (the table a screen reader walks) name the seat that collected
    each gem, as the public announcements did ("Bo collected a gem at I")."""
    from PySide6.QtGui import QAccessible

    from tests.ui.access.test_readable_dialogs import table_of

    QAccessible.setActive(True)
    _role, cells, _heads = table_of(known.view.grid)
    assert cells[(5, 9)] == "row 6, column 10: gate, destination I, gem collected by Bo"
    assert cells[(6, 3)] == "row 7, column 4: gate, destination J, gem collected by Aki"
    traced = [said for said in cells.values() if "traced" in said]
    assert traced and not any("collected by" in said for said in traced)  # a gem still there: nobody's


def test_the_jumps_move_the_cursor_and_the_piece_there(known):
    heard = listen(known)
    scene = known.scene
    press(known, heard, Qt.Key.Key_D)
    assert scene.cursor == (5, 9)  # the next letter after the exit, in reading order: I
    press(known, heard, Qt.Key.Key_D, SHIFT)
    assert scene.cursor == (5, 1)  # back to the one before it: V
    press(known, heard, Qt.Key.Key_G)
    assert scene.cursor == (5, 9)  # the next gate (I's)
    press(known, heard, Qt.Key.Key_G)
    assert scene.cursor == (6, 3)  # and the one after (J's)
    press(known, heard, Qt.Key.Key_G, SHIFT)
    assert scene.cursor == (5, 9)
    press(known, heard, Qt.Key.Key_A)
    assert scene.cursor == known.model.view().sheet.pawn_cell
    press(known, heard, Qt.Key.Key_X)
    assert scene.cursor == scene.exit_cell
    # By coordinates: J 4 Space 7 Enter; the piece goes under the cursor, as an arrow takes it.
    said = jump(known, heard, 4, 7)
    assert scene.cursor == (3, 6) and said.startswith("row 4, column 7: ") and "Road piece at" in said
    assert (3, 6) in scene.ghost_state[1]
    said = jump(known, heard, 11, 1)
    assert scene.cursor == (10, 0) and said.startswith("row 11, column 1: ")
    press(known, heard, Qt.Key.Key_J)
    driver.key(known.view, Qt.Key.Key_1)
    driver.key(known.view, Qt.Key.Key_2)
    driver.key(known.view, Qt.Key.Key_Space)
    driver.key(known.view, Qt.Key.Key_3)
    assert press(known, heard, Qt.Key.Key_Return).startswith("No such cell")  # row 12
    assert scene.cursor == (10, 0)
    press(known, heard, Qt.Key.Key_J)
    assert press(known, heard, Qt.Key.Key_Escape) == "Go to: cancelled."
    assert press(known, heard, Qt.Key.Key_1).startswith("Row 11.")  # the digit is a read key again


def test_every_place_m_lists_is_one_where_the_piece_fits(known):
    """M's list agrees with the rules: jumped to each cell it names, the piece fits there."""
    heard = listen(known)
    said = press(known, heard, Qt.Key.Key_M)
    places = said.split("its cursor cell on: ")[1].split(". Turned")[0].split("; ")
    assert len(places) == 8
    for place in places:
        row, col = (int(x) for x in place.replace("row ", "").replace(" column ", "").split(","))
        jump(known, heard, row, col)
        mode, cells, kind, error = known.scene.ghost_state
        assert mode == "piece" and error is None, (place, error)


def test_the_move_step_lists_where_the_adventurer_can_go(known, qtbot):
    heard = listen(known)
    m, scene = known.model, known.scene
    legal = m.view().turn.legal_placements("road")[0]
    known.scene.set_cursor(sorted(legal.cells)[0])
    from ruin_qt.session.intents import PlacePiece

    assert m.act(PlacePiece("road", list(legal.cells), None))
    assert m.step() == "move"
    said = press(known, heard, Qt.Key.Key_M)
    reach = {c: s for c, s in m.view().turn.reach().items() if s}
    assert said.startswith(f"Your adventurer can go to {len(reach)} cell")
    for cell, steps in list(reach.items())[:3]:
        assert f"row {cell[0] + 1}, column {cell[1] + 1}, {steps} step" in said
    assert scene.mode() == "move"


def test_the_last_announcements_again_and_back(known, qtbot):
    heard = listen(known)
    known.speaker.say("First news.")
    known.speaker.say("Second news.")
    assert press(known, heard, Qt.Key.Key_Period) == "Second news."
    back1 = press(known, heard, Qt.Key.Key_Comma)
    back2 = press(known, heard, Qt.Key.Key_Comma)
    assert back1.endswith("Second news.") and back2.endswith("First news.")
    assert back1.startswith("Announcement ") and " of " in back1
    # A read key's answer is not an announcement: "." still says the news.
    press(known, heard, Qt.Key.Key_S)
    assert press(known, heard, Qt.Key.Key_Period) == "Second news."


def test_a_new_objective_card_is_announced(window, qtbot, tmp_path):
    """The known game three rounds in: Aki's recorded fourth turn collects the gem at L, and the
    objective card it draws is told at the next turn (to Aki: it is private)."""
    rec = json.loads(KNOWN.read_text())
    turn = record.parse_turn(rec["rounds"][3]["turns"][0])
    rec["rounds"] = rec["rounds"][:3]
    path = tmp_path / "round4.ruin"
    path.write_text(json.dumps(rec))
    open_record(window, qtbot, path)
    m = window.model
    heard = listen(window)
    before = set(m.view().hand)
    assert m.act(TakeDecision(turn)) and m.act(Confirm())
    qtbot.waitUntil(lambda: m.public().round == 4 and m.step() == "draw", timeout=20000)
    new = [c for c in m.view().hand if c not in before]
    assert new
    from ruin_qt.session.facts import components

    a, b = components().objectives[new[0]].letters
    qtbot.waitUntil(lambda: any(t.startswith("New objective card:") for t, _ in heard), timeout=3000)
    said = [t for t, _ in heard]
    told = [t for t in said if t.startswith("New objective card:")]
    at = said.index(told[0])
    assert any(t.startswith("Round 4 is over.") and "Aki collected a gem at L." in t for t in said[:at]), said
    assert any(t.startswith("Aki, your turn.") for t in said[:at]), said
    done = "complete" if m.view().plan(new[0]).complete else "not complete"
    assert told == [f"New objective card: {a} – {b}, route {done}."]


def test_a_changed_instruction_is_announced(window, qtbot):
    from tests.ui.dialogs.test_every_answer import start_solo

    m = start_solo(window, qtbot)
    heard = listen(window)
    turn = m.view().turn
    legal = turn.legal_placements("road") or turn.legal_placements("wall")
    kind = "road" if turn.legal_placements("road") else "wall"
    from ruin_qt.session.intents import PlacePiece

    assert m.act(PlacePiece(kind, list(legal[0].cells), None))
    qtbot.wait(1)
    said = [t for t, a in heard if not a]
    assert any(t.startswith("Move the adventurer (shaded cells: the steps needed), then confirm.") for t in said), said
    # A decision's first instruction is not said on its own: the turn is told then ("your turn ... Draw ...").
    assert m.act(Confirm())
    qtbot.waitUntil(lambda: m.public().round == 1 and m.step() == "draw", timeout=10000)
    said = [t for t, _ in heard]
    assert any(t.startswith("Aki, your turn.") for t in said), said
    assert not any(t.startswith("Draw the active card's piece") for t in said), said


def test_taking_the_sheet_tells_whose_turn_and_the_earlier_seats_words_stay_theirs(window, qtbot):
    """Pass-and-play: when Bo takes the sheet from the cover, the turn is told; "." and ","
    never give Bo what was said while Aki had the sheet (Aki's refusal)."""
    m = window.model
    heard = listen(window)
    window.start_game([("Aki", "human"), ("Bo", "human")], seed=12)
    m.accept_handoff()
    assert any(t.startswith("Aki, your turn.") and "Setup" in t for t, _ in heard), heard
    window.view.setFocus()
    assert not m.act(Confirm())  # refused: nothing kept yet
    refusal = heard[-1][0]
    assert refusal.startswith("Not allowed:")
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "handoff", timeout=5000)
    m.accept_handoff()
    assert heard[-1][0].startswith("Bo, your turn."), heard[-1]
    window.view.setFocus()
    seen = [press(window, heard, Qt.Key.Key_Period)]
    for _ in range(6):
        seen.append(press(window, heard, Qt.Key.Key_Comma))
    assert seen[0].startswith("Bo, your turn.")
    assert not any(refusal in s for s in seen), seen
    assert not any("Aki, your turn." in s for s in seen), seen


def test_action_c_wall_is_a_piece_of_its_own_on_the_piece_button(known, qtbot):
    """C: the button is the one wall (where it lies, whether it fits), not the card's piece marked refused."""
    heard = listen(known)
    button = known.view.stand_ins.button
    qtbot.waitUntil(lambda: button.isVisible() and button.accessibleName().startswith("Road piece at"), timeout=3000)
    driver.key(known.view, Qt.Key.Key_C)  # the window's action C
    assert known.scene.c_mode
    qtbot.waitUntil(lambda: button.accessibleName().startswith("Action C's wall at row 6, column 6"), timeout=3000)
    assert button.isVisible() and "Road piece" not in button.accessibleName()
    assert "Action C" in button.accessibleDescription()
    said = jump(known, heard, 4, 4)
    assert "Action C's wall at row 4, column 4: " in said
    qtbot.waitUntil(lambda: button.accessibleName().startswith("Action C's wall at row 4, column 4: "), timeout=3000)
    assert press(known, heard, Qt.Key.Key_4) == button.accessibleName()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_help_controls_lists_every_reading_key_and_none_clashes_with_a_shortcut(window, lang):
    from PySide6.QtGui import QKeySequence

    from ruin_qt.app import i18n
    from ruin_qt.ui.dialogs.help import ControlsDialog
    from ruin_qt.ui.sheet import read_keys

    try:
        i18n.install_language(lang)
        dlg = ControlsDialog(lambda: [])
        rows = [(keys, what) for _section, keys, what in dlg.rows()]
        for entry in read_keys.COMMANDS:
            if entry.keys is not None:
                assert (entry.keys(), entry.what()) in rows
        if lang == "ja":
            assert ("S", "自分の得点を読み上げる：各項目と合計") in rows
        else:
            assert ("J, row, Space, column, Enter",
                    "jump to a cell by its coordinates (J 4 Space 7 Enter: row 4, column 7)") in rows
        dlg.close()
    finally:
        i18n.install_language("en")
    assert window.scene is not None  # the table made: the Turn menu's actions are in
    taken = {k.toString() for _title, actions in window.menus.menu_actions() for a in actions for k in a.shortcuts()}
    assert {"C", "H", "N", "P", "W", "E", "F6"} <= taken  # the window's own single keys are seen
    for entry in read_keys.COMMANDS:
        mod = Qt.KeyboardModifier.ShiftModifier if entry.shift else Qt.KeyboardModifier.NoModifier
        assert QKeySequence(entry.key | mod).toString() not in taken, entry
    # Each key is one command.
    assert len({(c.key, c.shift) for c in read_keys.COMMANDS}) == len(read_keys.COMMANDS)
