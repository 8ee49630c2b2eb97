"""Japanese lines in the side panel's word-wrapped labels break between
phrases: Qt breaks Japanese between any two characters, and the game-over
instruction read "…シートを表示しま" / "す。"."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetricsF, QTextLayout, QTextOption
from PySide6.QtWidgets import QApplication, QLabel

from ruin_qt.ui.common.phrases import WORD_JOINER, PhraseLabel, keep_phrases

TS = Path(__file__).resolve().parents[3] / "translations" / "ruin_qt_ja.ts"
ENDINGS = "、。，．」』）】！？：；ー"


def kana_or_kanji(c: str) -> bool:
    return "\u3041" <= c <= "\u30ff" and c not in "・ー" or "\u3400" <= c <= "\u9fff"


def wrong_break(a: str, b: str) -> bool:
    """A line starting with an ending cut off its word (…しま / す。) or with closing punctuation."""
    return b in ENDINGS or ("\u3041" <= b <= "\u309f" and kana_or_kanji(a))


def lines(text: str, font, width: float) -> list[str]:
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    out = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        out.append(text[line.textStart():line.textStart() + line.textLength()])
    layout.endLayout()
    return out


def breaks(text: str, font, width: float) -> list[tuple[str, str]]:
    """The visible characters either side of each line break."""
    shown = [line.replace(WORD_JOINER, "").strip() for line in lines(text, font, width)]
    return [(a[-1], b[0]) for a, b in zip(shown, shown[1:]) if a and b]


def japanese_messages(*contexts: str) -> list[str]:
    root = ET.parse(TS).getroot()
    return [m.findtext("translation") or "" for c in root.iter("context") if c.findtext("name") in contexts
            for m in c.iter("message") if "\n" not in (m.findtext("translation") or "")]


@pytest.fixture
def japanese(qapp):
    from ruin_qt.app import i18n

    i18n.install_language("ja")
    yield QApplication.font()
    i18n.install_language("en")


def test_the_game_over_instruction_breaks_between_phrases(japanese):
    text = "ゲーム終了です。「プレイヤー」タブの行をクリックすると、そのプレイヤーのシートを表示します。"
    plain = QFontMetricsF(japanese).horizontalAdvance(text)
    for width in range(160, int(plain) + 20, 3):
        assert not [b for b in breaks(keep_phrases(text), japanese, width) if wrong_break(*b)], width


def test_every_lesson_and_instruction_breaks_between_phrases_and_fits(japanese):
    texts = [t for t in japanese_messages("TurnPanel", "TutorialPanel") if any(kana_or_kanji(c) for c in t)]
    assert len(texts) > 40
    for width in (240, 280, 316, 340, 380, 420):
        for text in texts:
            shown = keep_phrases(text)
            wrong = [b for b in breaks(shown, japanese, width) if wrong_break(*b)]
            assert not wrong, (width, text, wrong)
            metrics = QFontMetricsF(japanese)
            widest = max(metrics.horizontalAdvance(line.rstrip()) for line in lines(shown, japanese, width))
            assert widest <= width + 1, (width, text)  # no phrase wider than the label


def test_a_phrase_label_shows_joined_phrases_and_gives_back_its_text(qapp):
    label = PhraseLabel()
    text = "そのプレイヤーのシートを表示します。"
    label.setText(text)
    assert label.text() == text and label.wordWrap()
    assert QLabel.text(label) == keep_phrases(text) and WORD_JOINER in QLabel.text(label)
    assert keep_phrases("The game is over.") == "The game is over."  # no Japanese: as it is


def test_the_turn_panel_and_the_lessons_wrap_japanese_by_phrases(window):
    panel = window.turn_panel
    for label in (panel.instructions, panel.hint_label, panel.walled_note):
        assert isinstance(label, PhraseLabel)
    window.tutorial_host.start()
    assert isinstance(window.tutorial_host.panel.text, PhraseLabel)
