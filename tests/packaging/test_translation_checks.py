"""packaging/translations.py's workflow pieces on made-up messages and on
temporary copies of the .ts files: each check catches what it is for, and
lupdate (``update``) keeps translations while it adds and drops messages.
Nothing here writes a tracked file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from .translations_tool import load_translations_module

ROOT = Path(__file__).resolve().parents[2]


tr = load_translations_module()
Message, Phrase = tr.Message, tr.Phrase
PHRASES = [Phrase("gem", "宝石", ""), Phrase("gem bonus", "宝石ボーナス", ""), Phrase("road", "通路", ""),
           Phrase("road", "○", ""), Phrase("escape", "脱出", ""), Phrase("penalty", "ペナルティ", ""),
           Phrase("+1 cell", "＋1マス", ""), Phrase("In the Ruin", "インザルーイン", ""),
           Phrase("active card", "参照カード", "")]


def ja(source: str, translation: str, *, numerus: bool = False, state: str = "", context: str = "Ctx") -> Message:
    return Message(context, source, "", numerus, state, (translation,))


def kinds(msg: Message, lang: str = "ja") -> list[str]:
    return sorted({p.kind for p in tr.lint(lang, [msg], PHRASES)})


@pytest.mark.parametrize("msg", [
    ja("Collect a gem (%1).", "宝石を集める（%1）。"),
    ja("&New Game…", "新しいゲーム(&N)…"),
    ja("<b>Line</b> &amp; deck\n%1", "<b>場の列</b> &amp; 山札\n%1"),
    ja("Moved %n step(s).", "%nマス移動した。", numerus=True),
    ja("Draw roads, then escape.", "○を記入し、脱出。"),
    ja("Escaping costs no penalties.", "脱出にペナルティはない。"),
])
def test_a_faithful_translation_passes(msg):
    assert kinds(msg) == []


@pytest.mark.parametrize("msg, kind", [
    (ja("Seed %1", "", state="unfinished"), "unfinished"),
    (ja("Seed %1", "シード %1", state="unfinished"), "unfinished"),  # a draft Linguist has not marked done
    (ja("Seed %1", " "), "empty"),
    (ja("Round %1 of %2", "ラウンド%1"), "placeholders"),
    (ja("Moved %n step(s).", "移動した。", numerus=True), "%n"),
    (ja("<b>Line</b>", "場の列"), "markup"),
    (ja("Rows &amp; columns", "行と列"), "entities"),
    (ja("Breaks R4.2.", "違反。"), "rule ids"),
    (ja("Deck\n%1", "山札 %1"), "line breaks"),
    (ja("&Quit", "終了"), "mnemonic"),
    (ja("&Quit", "&終了"), "mnemonic"),
    (ja("&Quit", "終了(&X)"), "mnemonic"),
    (ja("&Quit", "&Q終了"), "mnemonic style"),
    (ja("A gem!", "ジェム！"), "term"),
    (ja("Roads only", "道のみ"), "term"),
    (ja("About In the Ruin", "イン・ザ・ルーインについて"), "term"),
])
def test_each_check_catches_its_problem(msg, kind):
    assert kind in kinds(msg), tr.lint("ja", [msg], PHRASES)


def test_plural_forms_are_counted_per_language():
    two = Message("C", "%n card(s)", "", True, "", ("%n card", "%n cards"))
    assert kinds(two, "en") == []
    assert "plural forms" in kinds(two, "ja")
    assert "plural forms" in kinds(Message("C", "%n card(s)", "", True, "", ("%n card(s)",)), "en")
    assert "plural forms" in kinds(Message("C", "%n card(s)", "", True, "", ("%n card(s)", "%n cards")), "en")
    assert "plural forms" in kinds(Message("C", "%n card(s)", "", True, "", ("%n cards", "%n cards")), "en")
    assert "not plural" in kinds(Message("C", "Deck", "", False, "", ("Deck",)), "en")


def test_terms_match_whole_words_inflected_and_leave_inner_terms_to_longer_ones():
    assert set(tr.terms_in("Gems and penalties; escaping", PHRASES)) == {"gem", "penalty", "escape"}
    assert tr.terms_in("Gem bonus", PHRASES) == {"gem bonus": {"宝石ボーナス"}}
    assert tr.terms_in("railroads and gemstones", PHRASES) == {}
    assert tr.terms_in("road", PHRASES) == {"road": {"通路", "○"}}
    assert tr.terms_in("Draw the +1 cell", PHRASES) == {"+1 cell": {"＋1マス"}}
    assert tr.terms_in("somewhere in the ruin", PHRASES) == {}  # the title is capitalised
    assert kinds(ja("Gem bonus", "宝石ボーナス")) == []


def test_term_exceptions_are_narrow():
    allowed = ja("<b>Line</b> (the active card is highlighted, far from the deck)", "<b>場の列</b>（カードを参照）")
    assert "term" not in kinds(allowed)
    assert "term" in kinds(ja("No active card", "カードなし"))


# -- lupdate on temporary copies --------------------------------------------------------------

def _drop_message(text: str, source: str) -> str:
    block = re.compile(r"\n    <message(?: numerus=\"yes\")?>\n        <source>" + re.escape(source)
                       + r"</source>.*?</message>", re.S)
    out, n = block.subn("", text, count=1)
    assert n == 1, source
    return out


def _add_message(text: str, context: str, source: str, translation: str) -> str:
    anchor = f"<context>\n    <name>{context}</name>\n"
    assert anchor in text
    return text.replace(anchor, anchor + f"    <message>\n        <source>{source}</source>\n"
                                         f"        <translation>{translation}</translation>\n    </message>\n", 1)


@pytest.fixture
def ts_copy(tmp_path):
    for lang in tr.LANGUAGES:
        shutil.copyfile(tr.ts_path(lang), tr.ts_path(lang, tmp_path))
    return tmp_path


def test_update_adds_new_messages_unfinished_drops_gone_ones_and_keeps_translations(ts_copy):
    ja_ts, en_ts = tr.ts_path("ja", ts_copy), tr.ts_path("en", ts_copy)
    text = _drop_message(ja_ts.read_text(encoding="utf-8"), "Seed %1")
    ja_ts.write_text(_add_message(text, "MainWindow", "A string no source has", "ない"), encoding="utf-8")
    en_ts.write_text(_add_message(_drop_message(en_ts.read_text(encoding="utf-8"), "Moved %n step(s)."),
                                  "ReplayWindow", "Singular", "Singular"), encoding="utf-8")
    kept = {m for m in tr.messages("ja", ts_copy) if m.source != "A string no source has"}

    assert sorted(tr.outdated(ts_copy)["ja"]) == ["gone: [MainWindow] 'A string no source has'",
                                                  "new: [MainWindow] 'Seed %1'"]
    assert sorted(tr.outdated(ts_copy)["en"]) == ["gone: [ReplayWindow] 'Singular'",
                                                  "new: [ReplayWindow] 'Moved %n step(s).'"]

    tr.update(ts_copy)
    after = tr.messages("ja", ts_copy)
    seed = [m for m in after if m.source == "Seed %1"]
    assert [(m.state, m.forms) for m in seed] == [("unfinished", ("",))]
    assert set(after) - set(seed) == kept  # every other translation as it was
    assert [str(p) for p in tr.lint("ja", after)] == ["unfinished: [MainWindow] 'Seed %1'"]

    en = tr.messages("en", ts_copy)
    assert all(m.numerus for m in en)
    moved = [m for m in en if m.source == "Moved %n step(s)."]
    assert [(m.state, len(m.forms)) for m in moved] == [("unfinished", 2)]
    assert tr.outdated(ts_copy) == {"ja": [], "en": []}


def test_a_build_swaps_each_qm_in_whole_never_rewriting_it_in_place(tmp_path):
    """A running app maps its .qm: the build writes a new file and swaps it
    in, so the old inode (the mapped one) is never truncated under it."""
    first = tr.build(tmp_path)
    inodes = {p.name: p.stat().st_ino for p in first}
    again = tr.build(tmp_path)
    assert all(p.stat().st_ino != inodes[p.name] for p in again)  # new files: the old ones untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(inodes)  # no temporary file left
