"""The card line and the browser of line, discard pile and deck."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.session.intents import Confirm, TakeDecision


def test_line_shows_active_card_and_deck_count(window, qtbot):
    m = window.model
    window.start_game([("Aki", "human")], seed=6)
    faces = window.card_line.faces
    assert [f.letter for f in faces] == m.session.game.line
    assert faces[0].active and not faces[1].active
    assert str(len(m.session.game.deck)) in window.card_line.deck_label.text()
    assert m.session.game.line[0] in window.card_line.active_label.text()


def test_browser_steps_through_line_discard_and_deck(window, qtbot):
    m = window.model
    window.start_game([("Aki", "human")], seed=6)
    qtbot.mouseClick(window.card_line.browse, Qt.MouseButton.LeftButton)
    b = window.browser
    assert b is not None and b.isVisible()
    # During the setup only the deck's size is public (see tests/ui/app/test_privacy_side_doors.py).
    assert [lw.count() for lw in b.lists] == [3, 0, 0] and "(17)" in b.tabs.tabText(2)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(6))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.public().phase == "play")
    counts = [lw.count() for lw in b.lists]
    assert counts == [len(m.session.game.line), len(m.session.game.discard), len(m.session.game.deck)]
    assert sum(counts) == 24  # the four setup cards lie face up in the discard pile (R5.5)
    deck = b.lists[2]
    b.tabs.setCurrentIndex(2)
    deck.setFocus()
    deck.setCurrentRow(0)
    QTest.keyClick(deck, Qt.Key.Key_Right)
    assert deck.currentRow() == 1
    # The deck is listed in alphabetical order, never in its hidden order.
    labels = [deck.item(i).text()[0] for i in range(deck.count())]
    assert labels == sorted(labels)
    b.close()


def _drag(view, cell, letter, kinds):
    from PySide6.QtCore import QByteArray, QMimeData
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
    from PySide6.QtWidgets import QApplication

    from ruin_qt.ui.common.mime import CARD_MIME
    from tests.ui import driver

    mime = QMimeData()
    mime.setData(CARD_MIME, QByteArray(letter.encode()))
    pos = driver.point(view, cell)
    make = {"enter": QDragEnterEvent, "move": QDragMoveEvent}
    for kind in kinds:
        QApplication.sendEvent(view.viewport(), make[kind](pos, Qt.DropAction.CopyAction, mime,
                                                           Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))


def test_dragging_the_card_shows_its_ghost_and_legality_before_the_release(window, qtbot):
    """After a round's drawing (the drawn piece resting under the pointer), a card
    dragged in shows the piece and whether it fits from its first movement over the sheet."""
    from tests.ui import driver
    from tests.ui.dialogs.test_every_answer import start_solo

    m = start_solo(window, qtbot)
    view, scene = window.view, window.scene
    first = m.view().turn.legal_placements("road")[0].cells
    driver.place_piece(view, scene, "road", first)
    assert m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    scene._resting = first[0]  # as after a click's drawing: the next ghost rests until the pointer moves on
    scene._ghost_key = None
    scene.update_ghost()
    assert not scene.ghost.isVisible()
    letter = m.public().active_card
    _drag(view, first[0], letter, ["enter"])  # the first event of the drag, over a drawn cell
    assert scene.ghost.isVisible() and not scene.ghost.legal  # there: filled cells, refused
    assert window.statusBar().currentMessage().startswith("Not allowed:")
    target = next(p.cells for p in m.view().turn.legal_placements("road")
                  if sorted(ghost_cells_for(scene, p.cells)) == sorted(p.cells))
    _drag(view, driver.anchor_cursor(target), letter, ["move"])
    assert scene.ghost.isVisible() and scene.ghost.legal
    assert sorted(scene.ghost.cells) == sorted(target)


def ghost_cells_for(scene, cells):
    """The cells the ghost covers, in the card's orientation, with the cursor at ``cells``' anchor."""
    from ruin_qt.rules.pieces import normalise
    from ruin_qt.ui.sheet import ghost
    from tests.ui import driver

    if normalise(cells) != scene.shape:
        return []
    return ghost.cells_at(scene.shape, ghost.origin_under(scene.shape, driver.anchor_cursor(cells)))


def test_the_dragged_card_picture_lies_clear_of_the_pointer(window, qtbot, monkeypatch):
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QDrag

    from tests.ui.dialogs.test_every_answer import start_solo

    start_solo(window, qtbot)
    seen = []
    monkeypatch.setattr(QDrag, "exec", lambda self, *a: seen.append((self.hotSpot(), self.pixmap().size())) or 0)
    face = window.card_line.faces[0]
    qtbot.mousePress(face, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    qtbot.mouseMove(face, QPoint(60, 60))
    qtbot.mouseRelease(face, Qt.MouseButton.LeftButton, pos=QPoint(60, 60))
    hot, size = seen[0]
    assert hot.x() > size.width() and hot.y() > size.height()  # up and left of the pointer: the ghost shows
