"""The objective list (ui/table/objective_list.py)."""

from __future__ import annotations


def test_the_japanese_objective_list_shows_every_card_whole_at_a_960_px_window_width(qtbot):
    """In Japanese the objective list was cut to 1.5 rows in the 960 px network table
    window: its height was measured once, in the font before the language changed.
    Now each row wraps at the list's width and the list is as tall as its rows,
    measured again when the font or the width changes."""
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

    from ruin_qt.app import i18n
    from ruin_qt.rules.bitboard import bit
    from ruin_qt.rules.components import load_components
    from ruin_qt.rules.routes import route_plan
    from ruin_qt.rules.sheet import Sheet
    from ruin_qt.ui.table.objective_list import ObjectiveList


    comps = load_components()
    first = min(comps.objectives)
    free = set(comps.objectives[first].letters)
    cards = [first] + [c for c in sorted(comps.objectives) if not free & set(comps.objectives[c].letters)][:2]
    sheet = Sheet()
    for card in cards[1:]:  # two routes walled off: the longest rows, with their reasons
        sheet.walls |= bit(*comps.letters[comps.objectives[card].letters[1]])
    plans = tuple(route_plan(sheet, card) for card in cards)
    assert [p.blocked for p in plans] == [None, "walled", "walled"]
    app = QApplication.instance()
    before = QFont(app.font())
    holder = QWidget()
    qtbot.addWidget(holder)
    lay = QVBoxLayout(holder)
    hand = ObjectiveList(holder)
    lay.addWidget(hand)
    lay.addStretch(1)
    holder.resize(200, 400)  # narrower than a 960 px window's column (about 320 px): the reasons wrap
    holder.show()
    qtbot.waitExposed(holder)
    hand.show_hand(plans)


    def whole() -> bool:
        qtbot.wait(10)
        rects = [hand.visualItemRect(hand.item(i)) for i in range(hand.count())]
        return (all(r.top() >= 0 and r.bottom() < hand.viewport().height() for r in rects)
                and hand.verticalScrollBar().maximum() == 0 and hand.horizontalScrollBar().maximum() == 0)


    try:
        assert whole()
        english = hand.height()
        i18n.install_language("ja")  # the language (and the app's font) change with the list on screen
        hand.show_hand(plans)  # the player panel shows the hand again in the new words
        qtbot.wait(20)
        assert "壁" in hand.item(1).text()
        assert whole()
        wrapped = hand.visualItemRect(hand.item(1)).height() > 1.5 * hand.visualItemRect(hand.item(0)).height()
        assert wrapped and hand.height() > english
        bigger = QFont(app.font())
        bigger.setPointSizeF(bigger.pointSizeF() * 1.4)
        app.setFont(bigger)  # a taller font alone: the rows are measured again
        qtbot.wait(20)
        assert whole()
    finally:
        i18n.install_language("en")
        app.setFont(before)
