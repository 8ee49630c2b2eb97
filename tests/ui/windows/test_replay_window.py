"""The replay window: stepping through records, finished, unfinished and
broken, and exporting a sheet as PNG."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.rules.bitboard import cells_of
from ruin_qt.rules.record import replay_snapshots, to_record
from ruin_qt.ui.sheet.sheet_drawing import SIZE
from ruin_qt.ui.sheet.sheet_items import CellItem, PathItem, PawnItem, cell_centre
from ruin_qt.ui.windows.replay_window import EXPORT_SIZE, ReplayWindow


@pytest.fixture(scope="module")
def finished_record():
    return to_record(play_random_game(2, 3))


_open: list[ReplayWindow] = []


@pytest.fixture(autouse=True)
def _keep_windows(qtbot):
    """Hold every window until the test is torn down: a window that Python's
    cycle collector frees in the middle of a paint would crash the run."""
    yield
    while _open:
        w = _open.pop()
        w.close()
        w.deleteLater()
    qtbot.wait(1)


def open_window(qtbot, rec, title="test"):
    w = ReplayWindow(rec, title)
    qtbot.addWidget(w)
    _open.append(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def assert_shows(w: ReplayWindow, index: int, seat: int) -> None:
    """The scene holds exactly ``seat``'s sheet of snapshot ``index``."""
    snap = w.snapshots[index]
    sheet = snap.sheets[seat]
    assert w.index == index and w.seat == seat
    assert w.slider.value() == index
    cells = [i for i in w.scene.items() if isinstance(i, CellItem)]
    assert len(cells) == SIZE * SIZE
    assert all(i.seat == seat for i in w.scene.items() if hasattr(i, "seat"))
    assert w.scene.cell_states() == {(r, c): sheet.state(r, c) for r in range(SIZE) for c in range(SIZE)}
    pawns = [i for i in w.scene.items() if isinstance(i, PawnItem)]
    assert len(pawns) == 1 and pawns[0].pos() == cell_centre(*sheet.pawn_cell)
    # the round's cells are marked, nothing else
    before = w.snapshots[index - 1].sheets[seat] if index else None
    assert {c for c, i in w.scene.cells.items() if i.fresh} == set(cells_of(sheet.changed_since(before)))


def test_steps_with_keys_buttons_and_slider(qtbot, finished_record):
    w = open_window(qtbot, finished_record)
    snaps, err = replay_snapshots(finished_record)
    assert err is None and len(w.snapshots) == len(snaps) and snaps[-1].finished
    assert not w.banner.isVisible()
    assert w.tabs.isVisible() and w.tabs.count() == 2
    assert w.position_label.text() == "Setup"
    assert_shows(w, 0, 0)
    assert not w.back_button.isEnabled() and w.forward_button.isEnabled()

    qtbot.keyClick(w, Qt.Key.Key_Right)
    assert_shows(w, 1, 0)
    assert w.position_label.text() == "Round 1 (stage 1)"
    qtbot.keyClick(w, Qt.Key.Key_Right)
    assert_shows(w, 2, 0)
    qtbot.keyClick(w, Qt.Key.Key_Left)
    assert_shows(w, 1, 0)
    qtbot.keyClick(w, Qt.Key.Key_PageDown)
    assert_shows(w, 6, 0)
    qtbot.keyClick(w, Qt.Key.Key_PageUp)
    assert_shows(w, 1, 0)
    qtbot.keyClick(w, Qt.Key.Key_End)
    assert_shows(w, len(snaps) - 1, 0)
    assert w.position_label.text().startswith("Final")
    assert not w.forward_button.isEnabled()
    qtbot.keyClick(w, Qt.Key.Key_Right)  # clamped at the end
    assert_shows(w, len(snaps) - 1, 0)
    qtbot.keyClick(w, Qt.Key.Key_Home)
    assert_shows(w, 0, 0)
    qtbot.keyClick(w, Qt.Key.Key_Left)  # clamped at the setup
    assert_shows(w, 0, 0)

    qtbot.mouseClick(w.forward_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.forward_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.forward_button, Qt.MouseButton.LeftButton)
    assert_shows(w, 3, 0)
    qtbot.mouseClick(w.back_button, Qt.MouseButton.LeftButton)
    assert_shows(w, 2, 0)
    qtbot.mouseClick(w.last_button, Qt.MouseButton.LeftButton)
    assert_shows(w, len(snaps) - 1, 0)
    qtbot.mouseClick(w.first_button, Qt.MouseButton.LeftButton)
    assert_shows(w, 0, 0)
    w.slider.setValue(10)
    assert_shows(w, 10, 0)

    # the other seat: its own sheet, the same round
    w.tabs.setCurrentIndex(1)
    assert_shows(w, 10, 1)
    qtbot.keyClick(w, Qt.Key.Key_Right)
    assert_shows(w, 11, 1)


def test_every_round_matches_the_rules(qtbot, finished_record):
    w = open_window(qtbot, finished_record)
    for seat in (0, 1):
        w.set_seat(seat)
        for i in range(len(w.snapshots)):
            w.go_to(i)
            assert_shows(w, i, seat)
            walk = w.walk()
            paths = [it for it in w.scene.items() if isinstance(it, PathItem)]
            if len(walk) >= 2:
                assert len(paths) == 1 and paths[0].cells == walk
                assert walk[-1] == w.snapshots[i].sheets[seat].pawn_cell
            else:
                assert not paths


def test_side_panel_tells_the_round(qtbot, finished_record):
    w = open_window(qtbot, finished_record)
    text = w.info.toPlainText()
    assert "Seat 1" in text and "Seat 2" in text and "Scores if the game ended now" in text
    # a round with announcements shows them, in the words of the game log
    from ruin_qt.ui.common import texts

    i = next(k for k, s in enumerate(w.snapshots) if k and any(texts.event_text(e, list(s.names)) for e in s.events))
    w.go_to(i)
    text = w.info.toPlainText()
    for ev in w.snapshots[i].events:
        line = texts.event_text(ev, list(w.snapshots[i].names))
        if line:
            assert line in text
    assert "Step 1" in text and "Step 2" in text
    # every seat's decision is told
    for seat, _turn in enumerate(w.snapshots[i].turns):
        for line in w.turn_lines(i, seat):
            assert line in text
    w.last()
    text = w.info.toPlainText()
    assert "Final scores" in text and "★" in text
    for sc in w.snapshots[-1].scores:
        assert str(sc.total) in text


def test_unfinished_record(qtbot, finished_record):
    rec = copy.deepcopy(finished_record)
    rec["rounds"] = rec["rounds"][:6]
    w = open_window(qtbot, rec)
    assert len(w.snapshots) == 7 and not w.banner.isVisible()
    w.last()
    assert_shows(w, 6, 0)
    assert w.position_label.text() == "Round 6 (stage 1)"
    assert "Scores if the game ended now" in w.info.toPlainText()


def test_setup_only_and_empty_records(qtbot, finished_record):
    rec = copy.deepcopy(finished_record)
    rec["rounds"] = []
    w = open_window(qtbot, rec)
    assert len(w.snapshots) == 1 and not w.slider.isEnabled()
    assert_shows(w, 0, 0)
    rec["setup"] = []
    w2 = open_window(qtbot, rec)
    assert w2.snapshots == [] and w2.banner.isVisible()
    assert not w2.export_button.isEnabled() and not w2.scene.cells
    qtbot.keyClick(w2, Qt.Key.Key_Right)  # nothing to step through, nothing breaks
    assert w2.export_png("unused.png", 0) is False


def test_broken_record_shows_the_rounds_before_it(qtbot, finished_record):
    rec = copy.deepcopy(finished_record)
    rec["rounds"][5]["turns"][0]["path"] = [[0, 0]]  # round 6: a jump across the sheet
    w = open_window(qtbot, rec)
    assert w.error is not None and w.error.round == 6
    assert len(w.snapshots) == 6  # setup and rounds 1-5
    assert w.banner.isVisible()
    assert w.error.rule in w.banner.text() and "round 6" in w.banner.text()
    w.last()
    assert_shows(w, 5, 0)
    assert w.position_label.text() == "Round 5 (stage 1)"


def test_not_a_record(qtbot):
    w = open_window(qtbot, {"format": "something else"})
    assert w.snapshots == [] and w.banner.isVisible()
    assert "cannot be read" in w.banner.text()
    w2 = open_window(qtbot, "not even a dict")  # type: ignore[arg-type]
    assert w2.banner.isVisible()


def test_export_png(qtbot, finished_record, tmp_path):
    w = open_window(qtbot, finished_record)
    w.go_to(4)
    assert w.default_export_name() == "ruin-seat-1-round4.png"
    w.set_seat(1)
    assert w.default_export_name() == "ruin-seat-2-round4.png"
    path = tmp_path / "sheet.png"
    assert w.export_png(path, 0) is True
    img = QImage(str(path))
    assert not img.isNull() and img.width() == EXPORT_SIZE and img.height() == EXPORT_SIZE
    # the shown window is untouched by the export
    assert_shows(w, 4, 1)
    # an unwritable place is refused, not a crash
    assert w.export_png(tmp_path / "missing" / "dir" / "x.png", 0) is False


def test_export_dialog_is_used_by_the_button(qtbot, finished_record, tmp_path):
    """The real file dialog (no nested loop): a name typed without ".png"
    gets it, and an existing picture is replaced only on Yes."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from ..modals import ESCAPE, answer, choose_file, modal

    w = open_window(qtbot, finished_record)
    w.go_to(2)
    qtbot.mouseClick(w.export_button, Qt.MouseButton.LeftButton)
    dlg = modal(qtbot, QFileDialog)
    assert dlg.selectedFiles()[0].endswith("ruin-seat-1-round2.png")
    choose_file(qtbot, tmp_path / "chosen")
    png = tmp_path / "chosen.png"
    qtbot.waitUntil(png.exists, timeout=5000)
    png.write_bytes(b"mine")
    qtbot.mouseClick(w.export_button, Qt.MouseButton.LeftButton)
    choose_file(qtbot, png)
    answer(qtbot, QMessageBox.StandardButton.No, QMessageBox)
    answer(qtbot, ESCAPE, QFileDialog)
    assert png.read_bytes() == b"mine"
    qtbot.mouseClick(w.export_button, Qt.MouseButton.LeftButton)
    choose_file(qtbot, png)
    answer(qtbot, QMessageBox.StandardButton.Yes, QMessageBox)
    qtbot.waitUntil(lambda: png.read_bytes()[:4] == b"\x89PNG", timeout=5000)


def test_language_change_retranslates(qtbot, finished_record):
    w = open_window(qtbot, finished_record, title="Friday")
    assert "Friday" in w.windowTitle()
    w.go_to(3)
    w.position_label.setText("")
    QApplication.sendEvent(w, QEvent(QEvent.Type.LanguageChange))
    assert w.position_label.text() == "Round 3 (stage 1)"
    assert w.export_button.text()


def test_one_seat_has_no_tabs(qtbot):
    rec = to_record(play_random_game(1, 5))
    w = open_window(qtbot, rec)
    assert not w.tabs.isVisible()
    w.last()
    assert_shows(w, len(w.snapshots) - 1, 0)


def test_broken_record_window_is_freed(qtbot, finished_record):
    """The rule error's traceback must not keep the window alive in a cycle
    (a window freed later by the cycle collector, mid-paint, crashes Qt)."""
    import gc
    import weakref

    rec = copy.deepcopy(finished_record)
    rec["rounds"][2]["turns"][1]["path"] = [[0, 0]]
    gc.disable()
    try:
        w = ReplayWindow(rec, "leak")
        assert w.error is not None
        ref = weakref.ref(w)
        del w
        assert ref() is None
    finally:
        gc.enable()
