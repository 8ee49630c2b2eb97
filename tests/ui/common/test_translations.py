"""The translation files: complete, consistent with the sources, faithful to
placeholders, plurals, markup and the rulebook's terms, compiled by the
project's own build step, and switchable at run time (LanguageChange, no
restart).  The per-message checks are packaging/translations.py's ``lint``,
the same ones ``translations.py check`` prints; none of these tests writes a
tracked file."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ...packaging.translations_tool import load_translations_module

ROOT = Path(__file__).resolve().parents[3]
TS_DIR = ROOT / "translations"


translations = load_translations_module()
NUMERUS_FORMS = translations.NUMERUS_FORMS
LANGS = sorted(NUMERUS_FORMS)


def _messages(lang: str) -> list[tuple[str, str, bool, ET.Element | None]]:
    """(context, source, numerus, <translation>) for every message of ruin_qt_<lang>.ts."""
    root = ET.parse(TS_DIR / f"ruin_qt_{lang}.ts").getroot()
    out = []
    for ctx in root.iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            out.append((name, m.findtext("source") or "", m.get("numerus") == "yes", m.find("translation")))
    return out


def _forms(tr: ET.Element | None, numerus: bool) -> list[str]:
    if tr is None:
        return []
    return [f.text or "" for f in tr.findall("numerusform")] if numerus else [tr.text or ""]


def _lookup(lang: str) -> dict[tuple[str, str], list[str]]:
    return {(c, s): _forms(tr, n) for c, s, n, tr in _messages(lang)}


def _tracked_files() -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(TS_DIR.glob("ruin_qt_*.ts"))
            + [translations.PHRASE_BOOK]}


@pytest.fixture(scope="module")
def problems():
    """lint's findings per language, each kind of them asserted by one test below."""
    return {lang: translations.lint(lang) for lang in LANGS}


def _of_kind(found, *kinds):
    return [str(p) for p in found if p.kind in kinds]


@pytest.fixture(scope="session")
def built_qm():
    """Compile the .qm files with the project's build step into the folder the
    app loads them from, so the run-time tests never depend on leftovers."""
    from ruin_qt.paths import translations_dir

    return translations.build(translations_dir())


@pytest.fixture
def english_after():
    """Whatever a test switches to, the rest of the suite runs in English."""
    yield
    from ruin_qt.app import i18n

    i18n.install_language("en")


# -- (a) complete and up to date ----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_ts_file_parses_with_its_header(lang):
    text = (TS_DIR / f"ruin_qt_{lang}.ts").read_text(encoding="utf-8")
    assert "<!DOCTYPE TS>" in text
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "TS" and root.get("version") == "2.1" and root.get("language") == lang
    assert root.get("sourcelanguage") == "en"
    assert len(_messages(lang)) > (250 if lang == "ja" else 5)


def test_ts_files_are_up_to_date_with_the_sources():
    """lupdate, run on temporary copies, would add, drop or change no message
    (otherwise: python packaging/translations.py update, then translate the new
    ones in translations/ruin_qt_ja.ts); the tracked files stay as they were."""
    before = _tracked_files()
    assert translations.outdated() == {lang: [] for lang in translations.LANGUAGES}
    assert _tracked_files() == before


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_finished(lang, problems):
    """No unfinished or empty translation, and as many plural forms as the language has."""
    assert not _of_kind(problems[lang], *translations.FINISHING)


def test_english_has_exactly_the_plural_messages(problems):
    """English is the source language: its .ts holds only the plural forms, the
    ones Japanese has, each with a real singular and plural."""
    assert {(c, s) for c, s, n, _ in _messages("ja") if n} == {(c, s) for c, s, n, _ in _messages("en")}
    assert not _of_kind(problems["en"], "not plural")
    for ctx, src, _numerus, tr in _messages("en"):
        one, many = _forms(tr, True)
        assert "(s)" not in one and "(s)" not in many and one != many, (ctx, src)


# -- (b) faithful -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_markup_rule_ids_and_mnemonics_match(lang, problems):
    """%1 %2 …, %n, HTML tags, entities, rule ids (R4.2), line breaks and menu
    mnemonics (&N) of the source are all in every form of the translation."""
    assert not _of_kind(problems[lang], *translations.FAITHFUL)


def test_japanese_menu_mnemonics_trail_in_brackets(problems):
    assert not _of_kind(problems["ja"], "mnemonic style")
    assert _lookup("ja")[("MainMenus", "&New Game…")] == ["新しいゲーム(&N)…"]


def test_japanese_uses_the_phrase_book_terms(problems):
    """A phrase-book term in the source (e.g. "objective card") means one of its
    targets (目標カード) in the translation; translations.TERM_EXCEPTIONS lists
    the few messages that may word it otherwise."""
    assert not _of_kind(problems["ja"], "term")


def test_lint_finds_nothing_at_all(problems):
    assert problems == {lang: [] for lang in LANGS}


def test_phrase_book_is_a_linguist_phrase_book():
    text = translations.PHRASE_BOOK.read_text(encoding="utf-8")
    assert "<!DOCTYPE QPH>" in text
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "QPH" and root.get("sourcelanguage") == "en" and root.get("language") == "ja"
    phrases = translations.read_phrase_book()
    assert all(p.source.strip() and p.target.strip() for p in phrases)
    assert len({(p.source, p.target) for p in phrases}) == len(phrases), "a phrase twice"
    book = {(p.source, p.target) for p in phrases}
    # The rulebook's glossary (RULES.md) and the action names.
    for pair in [("explore card", "探索カード"), ("objective card", "目標カード"), ("discard pile", "捨て札"),
                 ("deck", "山札"), ("line", "場の列"), ("gem", "宝石"), ("exit", "出入口"), ("gate", "ゲート"),
                 ("destination", "目的地"), ("escape", "脱出"), ("penalty track", "ペナルティトラック"),
                 ("stage 1", "前半ステージ"), ("stage 2", "後半ステージ"), ("the ruin collapses", "遺跡の崩壊"),
                 ("square bonus", "スクエアボーナス"), ("special action: +1 cell", "特別アクション：＋1マス記入"),
                 ("special action: warp", "特別アクション：ワープ移動"), ("victory points", "勝利点"),
                 ("active card", "参照カード"), ("action A", "行動A"), ("action B", "行動B"), ("action C", "行動C")]:
        assert pair in book, pair


def test_every_phrase_book_target_is_used_as_the_ts_uses_it():
    """Each term the sources use is translated with a phrase-book target at least
    once, so the book and the .ts agree (not just the book and the exceptions)."""
    phrases = translations.read_phrase_book()
    used: dict[str, int] = {}
    for m in translations.messages("ja"):
        for term, targets in translations.terms_in(m.source, phrases).items():
            if all(any(t in f for t in targets) for f in m.forms):
                used[term] = used.get(term, 0) + 1
    unused = {p.source for p in phrases} - set(used)
    assert unused <= {"coordinate", "map", "pawn"}, unused  # rulebook terms the UI does not say yet


def test_term_exceptions_are_still_needed():
    """Each allowed exception still matches a message that words the term otherwise."""
    phrases = translations.read_phrase_book()
    msgs = translations.messages("ja")
    for term, piece in translations.TERM_EXCEPTIONS:
        hits = [m for m in msgs if piece in m.source and term in translations.terms_in(m.source, phrases)]
        assert hits, (term, piece)
        targets = {p.target for p in phrases if p.source == term}
        assert any(not any(t in f for t in targets) for m in hits for f in m.forms), (term, piece)


def test_action_letters_are_the_rulebooks_wording():
    ja = _lookup("ja")
    assert ja[("GameModel", "Action A: roads")] == ["行動A：○の記入"]
    assert ja[("GameModel", "Action B: walls")] == ["行動B：■の記入"]
    assert ja[("GameModel", "Special action: +1 cell")] == ["特別アクション：＋1マス記入"]
    assert ja[("GameModel", "Special action: warp")] == ["特別アクション：ワープ移動"]


# -- build step -------------------------------------------------------------------------

def test_build_step_compiles_every_language(tmp_path):
    built = translations.build(tmp_path)
    assert sorted(p.name for p in built) == ["ruin_qt_en.qm", "ruin_qt_ja.qm"]
    assert all(p.stat().st_size > 500 for p in built)


def test_check_command_passes_and_writes_nothing():
    before = _tracked_files()
    r = subprocess.run([sys.executable, str(ROOT / "packaging" / "translations.py"), "check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.search(r"ruin_qt_ja\.ts: \d+ messages, 0 unfinished, 0 problems", r.stdout), r.stdout
    assert _tracked_files() == before


def test_lrelease_reports_nothing_unfinished(tmp_path):
    for ts in sorted(TS_DIR.glob("ruin_qt_*.ts")):
        r = subprocess.run([translations._tool("lrelease"), str(ts), "-qm", str(tmp_path / (ts.stem + ".qm"))],
                           capture_output=True, text=True, check=True)
        out = r.stdout + r.stderr
        assert re.search(r"\b0 unfinished\b", out), out
        assert "warning" not in out.lower(), out


# -- (c) run-time switch ---------------------------------------------------------------------

def _visible_texts(w) -> dict[str, str]:
    return {
        "title": w.windowTitle(),
        "game_menu": w.menus.game_menu.title(),
        "turn_menu": w.menus.edit_menu.title(),
        "view_menu": w.menus.view_menu.title(),
        "help_menu": w.menus.help_menu.title(),
        "new_action": w.menus.act_new.text(),
        "welcome_button": w.welcome.new_button.text(),
        "welcome_daily": w.welcome.daily_button.text(),
        "welcome_open": w.welcome.open_button.text(),
        "welcome_rules": w.welcome.rules_button.text(),
        "tab_announcements": w.public_tabs.tabText(0),
        "tab_seats": w.public_tabs.tabText(1),
    }


SOURCES = {
    "title": "In the Ruin",
    "game_menu": "&Game",
    "turn_menu": "&Turn",
    "view_menu": "&View",
    "help_menu": "&Help",
    "new_action": "&New Game…",
    "welcome_button": "New Game…",
    "welcome_daily": "Daily Challenge",
    "welcome_open": "Open Game…",
    "welcome_rules": "Rules Summary…",
    "tab_announcements": "Announcements",
    "tab_seats": "Seats",
}


def test_language_switches_at_run_time(built_qm, window, qapp, english_after):
    from ruin_qt.app import i18n

    assert i18n.install_language("en") == "en"
    qapp.processEvents()
    english = _visible_texts(window)
    assert english == SOURCES

    assert i18n.install_language("ja") == "ja"
    qapp.processEvents()
    japanese = _visible_texts(window)
    ja = _lookup("ja")
    context = {k: "WelcomePage" if k.startswith("welcome") else
               "MainMenus" if k.endswith(("_menu", "_action")) else "MainWindow" for k in SOURCES}
    assert japanese == {k: ja[(context[k], src)][0] for k, src in SOURCES.items()}
    assert japanese["new_action"] == "新しいゲーム(&N)…"
    assert japanese["game_menu"] == "ゲーム(&G)"
    assert japanese["title"] == "インザルーイン"
    assert all(japanese[k] != english[k] for k in SOURCES)

    assert i18n.install_language("en") == "en"
    qapp.processEvents()
    assert _visible_texts(window) == english


def test_panels_of_a_running_game_follow_the_language(built_qm, window, qapp, english_after):
    from ruin_qt.app import i18n

    i18n.install_language("en")
    window.start_game([("Aki", "human"), ("CPU", "ai:random")], seed=3)
    for _ in range(20):
        qapp.processEvents()
    panel, line = window.turn_panel, window.card_line

    def texts():
        return (panel.instructions.text(), panel.confirm_button.text(), panel.keep_label.text(),
                line.deck_label.text(), window.windowTitle())

    english = texts()
    assert english[1] == "Confirm"
    assert re.fullmatch(r"Deck\n\d+ cards?", english[3]), english[3]
    i18n.install_language("ja")
    qapp.processEvents()
    japanese = texts()
    assert japanese[1] == "確定"
    assert japanese[2] == "残す目標カードを2枚選択："
    assert re.fullmatch(r"山札\n\d+枚", japanese[3]), japanese[3]
    assert japanese[4].endswith("インザルーイン") and japanese[4].startswith("ステージ")  # the app's name once, last
    assert all(j != e for j, e in zip(japanese, english))
    i18n.install_language("en")
    qapp.processEvents()
    assert texts() == english


def test_rules_summary_follows_the_language(built_qm, window, qapp, english_after):
    from ruin_qt.app import i18n

    i18n.install_language("en")
    window.menus.show_rules()
    qapp.processEvents()
    dlg = window.menus.rules_dialog
    assert "victory points" in dlg.text.toPlainText()
    i18n.install_language("ja")
    qapp.processEvents()
    assert dlg.windowTitle() == "ルールサマリー"
    text = dlg.text.toPlainText()
    for term in ("探索カード", "目標カード", "出入口", "遺跡の崩壊", "スクエアボーナス", "ワープ移動"):
        assert term in text
    i18n.install_language("en")
    qapp.processEvents()
    assert dlg.windowTitle() == "Rules Summary"
    dlg.close()


# -- (d) plurals through QCoreApplication.translate ---------------------------------------------------

def test_english_plurals_render(built_qm, qapp, english_after):
    from PySide6.QtCore import QCoreApplication

    from ruin_qt.app import i18n

    i18n.install_language("en")
    src = "%n game(s); best %1 VP; mean %2 VP; %3 at or above 300 VP"
    assert QCoreApplication.translate("StatsWindow", src, "", 1).startswith("1 game;")
    assert QCoreApplication.translate("StatsWindow", src, "", 2).startswith("2 games;")
    assert QCoreApplication.translate("CardLineWidget", "Deck\n%n card(s)", "", 1) == "Deck\n1 card"
    assert QCoreApplication.translate("CardLineWidget", "Deck\n%n card(s)", "", 17) == "Deck\n17 cards"
    assert QCoreApplication.translate("ReplayWindow", "Moved %n step(s).", "", 1) == "Moved 1 step."
    assert QCoreApplication.translate("ReplayWindow", "Moved %n step(s).", "", 3) == "Moved 3 steps."


def test_japanese_plurals_render(built_qm, qapp, english_after):
    from PySide6.QtCore import QCoreApplication

    from ruin_qt.app import i18n

    i18n.install_language("ja")
    assert QCoreApplication.translate("CardLineWidget", "Deck\n%n card(s)", "", 1) == "山札\n1枚"
    assert QCoreApplication.translate("CardLineWidget", "Deck\n%n card(s)", "", 12) == "山札\n12枚"
    assert QCoreApplication.translate("ReplayWindow", "Moved %n step(s).", "", 4) == "4マス移動した。"
