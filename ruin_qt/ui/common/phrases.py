"""Japanese lines that break between phrases, not inside a word.

Qt breaks Japanese between any two characters, as Unicode's line breaking
allows, so a word-wrapping label could end a line in the middle of a word
("…表示しま" / "す。").  ``keep_phrases`` joins the characters of each phrase
with WORD JOINER (U+2060, drawn as nothing, no break on either side), so a
line breaks only where a Japanese reader expects it: after punctuation
(、。」), before an opening bracket (「（), and where a particle or an ending
written in hiragana meets the next word (…タブの / 行を / クリックすると、).
Text with no Japanese in it is returned as it is.

``PhraseLabel`` is a word-wrapping QLabel that shows its text so; its
``text()`` is the text as set (what the translation says), as with any label.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

WORD_JOINER = "\u2060"
OPENING = "「『（【〈《〔［｛"
# Never at the start of a line; a line may break after them.
CLOSING = "、。，．」』）】〉》〕］｝！？：；・ー～　"


def _japanese(c: str) -> bool:
    """Kana, kanji, Japanese punctuation and full-width forms."""
    return "\u3000" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef"


def _hiragana(c: str) -> bool:
    return "\u3041" <= c <= "\u309f"


def may_break(a: str, b: str) -> bool:
    """May a line break between the Japanese characters ``a`` and ``b``?"""
    if b in CLOSING:
        return False
    if (a in CLOSING and a != "ー") or b in OPENING:
        return True
    return _hiragana(a) and not _hiragana(b)  # a particle or an ending, then a new word


def keep_phrases(text: str) -> str:
    """``text`` with each Japanese phrase's characters joined (see the module's words)."""
    if not any(_japanese(c) for c in text):
        return text
    out: list[str] = []
    for a, b in zip(text, text[1:]):
        out.append(a)
        if _japanese(a) and _japanese(b) and not may_break(a, b):
            out.append(WORD_JOINER)
    out.append(text[-1])
    return "".join(out)


class PhraseLabel(QLabel):
    """A word-wrapping label whose Japanese lines break between phrases."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._text = ""
        self.setWordWrap(True)

    def setText(self, text: str) -> None:
        self._text = text
        super().setText(keep_phrases(text))

    def text(self) -> str:
        return self._text

    def clear(self) -> None:
        self._text = ""  # a cleared label keeps no copy of what it said (another seat's hint)
        super().clear()
