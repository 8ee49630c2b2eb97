"""The turn panel (ui/table/turn_panel.py): its setup card buttons and its
objective boxes, which point at a route on the sheet."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QEnterEvent, QImage
from PySide6.QtWidgets import QApplication

from ruin_qt.rules.components import load_components


def pump(qtbot, window, n=3):
    for _ in range(n):
        qtbot.wait(1)
        window.model.runner.wait_idle(50)


def test_setup_card_buttons_show_the_piece_large_with_no_badge_over_it(window, qtbot):
    m, panel = window.model, window.turn_panel
    window.start_game([("Aki", "human")], seed=11)
    pump(qtbot, window)
    dealt = m.view().setup.dealt_explore
    for button, letter in zip(panel.card_buttons, dealt):
        size = button.iconSize()
        assert size.width() >= 40 and size.height() >= 40
        image = button.icon().pixmap(size).toImage().convertToFormat(QImage.Format.Format_ARGB32)
        opaque = [(x, y) for y in range(image.height()) for x in range(image.width())
                  if image.pixelColor(x, y).alpha() > 128]
        xs, ys = [x for x, _ in opaque], [y for _, y in opaque]
        assert max(max(xs) - min(xs), max(ys) - min(ys)) + 1 >= 0.8 * size.width()  # the piece fills it
        # The piece alone: its cells' share of its bounding box, as the card has it (a card face
        # or a number badge would fill the box).
        cells = load_components().explore[letter].cells
        h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
        share = len(opaque) / ((max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1))
        assert abs(share - len(cells) / (h * w)) < 0.12, (letter, share)
        assert letter in button.text()  # the letter and the steps are in words beside it


def test_pointing_at_an_objective_in_setup_shows_its_letters(window, qtbot):
    panel, scene = window.turn_panel, window.scene
    window.start_game([("Aki", "human")], seed=11)
    pump(qtbot, window)
    box = panel.keep_boxes[1]
    card = int(box.property("card"))
    QApplication.sendEvent(box, QEnterEvent(QPoint(3, 3).toPointF(), QPoint(3, 3).toPointF(),
                                            box.mapToGlobal(QPoint(3, 3)).toPointF()))
    assert scene.route_item.plan is not None and scene.route_item.plan.card == card
    QApplication.sendEvent(box, QEvent(QEvent.Type.Leave))
    assert scene.route_item.plan is None
