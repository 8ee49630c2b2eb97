"""The tab on the square bonus outline ("Square bonus: 12 VP"): in the
language the player reads now, and never under a cell's letter (a letter
over its number read "Square bonus: C VP")."""

from __future__ import annotations

import random

from PySide6.QtCore import QRectF

from ruin_qt.ai.random_policy import random_setup
from ruin_qt.session.intents import Confirm, TakeDecision
from ruin_qt.ui.common import style
from ruin_qt.ui.sheet.sheet_story import SquareBonusText

S = style.CELL


def setup_done(table, qtbot):
    m = table.model
    table.start_game([("Aki", "human")], seed=11)
    m.act(TakeDecision(random_setup(m.view().obs, random.Random(1))))
    m.act(Confirm())
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=5000)
    return table.scene


def test_the_square_bonus_tab_follows_the_language(sheet_table, qtbot):
    from ruin_qt.app import i18n

    scene = setup_done(sheet_table, qtbot)
    try:
        scene.story.outline_square()  # as at the end of stage 1
        item = scene.square_item
        assert item is not None and item.text.startswith("Square bonus: ") and item.text.endswith(" VP")
        english = scene.itemsBoundingRect()
        i18n.install_language("ja")
        assert scene.square_item is item and item.text.startswith("スクエアボーナス：")
        assert item.text.endswith("VP") and str(item.rect[2] * item.rect[3]) in item.text
        assert item.mapRectToScene(item.boundingRect()).contains(item.mapRectToScene(item._tab()))
        i18n.install_language("en")
        assert item.text.startswith("Square bonus: ") and scene.itemsBoundingRect() == english
    finally:
        i18n.install_language("en")


def test_the_square_bonus_tab_lies_clear_of_every_letter(sheet_table, qtbot):
    from ruin_qt.app import i18n

    scene = setup_done(sheet_table, qtbot)
    chips = [cell.badge.mapRectToScene(cell.badge.chip()) for cell in scene.cells.values()
             if getattr(cell, "badge", None) is not None]
    assert len(chips) >= 20  # every letter and the exit's door
    sheet = QRectF(0, 0, 11 * S, 11 * S)
    try:
        for lang in ("en", "ja"):
            i18n.install_language(lang)
            for r0 in range(11):
                for c0 in range(11):
                    for h, w in {(1, 1), (2, 3), (3, 2), (11 - r0, 11 - c0), (1, 11 - c0), (11 - r0, 1)}:
                        scene.show_square((r0, c0, h, w), SquareBonusText(h * w))
                        item = scene.square_item
                        tab = item.mapRectToScene(item._tab())
                        where = (lang, r0, c0, h, w)
                        assert not any(tab.intersects(chip) for chip in chips), where
                        assert sheet.contains(tab), where
                        outline = QRectF(c0 * S, r0 * S, w * S, h * S)
                        assert tab.intersects(outline.adjusted(-2, -2, 2, 2)) or \
                            tab.top() - outline.bottom() < S, where  # on the outline, or just under it
    finally:
        i18n.install_language("en")
