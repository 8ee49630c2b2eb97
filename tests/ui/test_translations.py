"""The translation files: complete, consistent with the sources, faithful to
placeholders, plurals and markup, compiled by the project's own build step, and
switchable at run time (LanguageChange, no restart)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TS_DIR = ROOT / "translations"
NUMERUS_FORMS = {"ja": 1, "en": 2}  # Japanese has one plural form, English two


def _load_translations_module():
    spec = importlib.util.spec_from_file_location("ruin_qt_packaging_translations", ROOT / "packaging" / "translations.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


translations = _load_translations_module()


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


# -- (a) complete -------------------------------------------------------------------

@pytest.mark.parametrize("lang", sorted(NUMERUS_FORMS))
def test_ts_file_parses_with_its_header(lang):
    text = (TS_DIR / f"ruin_qt_{lang}.ts").read_text(encoding="utf-8")
    assert "<!DOCTYPE TS>" in text
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "TS" and root.get("version") == "2.1" and root.get("language") == lang
    assert root.get("sourcelanguage") == "en"
    assert len(_messages(lang)) > (250 if lang == "ja" else 5)


@pytest.mark.parametrize("lang", sorted(NUMERUS_FORMS))
def test_every_message_is_translated(lang):
    problems = []
    for ctx, src, numerus, tr in _messages(lang):
        if tr is None or tr.get("type") is not None:  # unfinished / vanished / obsolete
            problems.append((ctx, src, None if tr is None else tr.get("type")))
            continue
        forms = _forms(tr, numerus)
        if not forms or not all(f.strip() for f in forms):
            problems.append((ctx, src, "empty"))
    assert not problems, problems


def test_english_has_exactly_the_plural_messages():
    """English is the source language: its .ts holds only the plural forms."""
    assert {(c, s) for c, s, n, _ in _messages("ja") if n} == {(c, s) for c, s, n, _ in _messages("en")}
    assert all(n for _, _, n, _ in _messages("en"))


def test_ts_files_cover_every_source_string(tmp_path):
    """A fresh lupdate of the sources finds no message the .ts files lack
    (otherwise: packaging/translations.py update, then translate the new ones
    in translations/ruin_qt_ja.ts)."""
    fresh = tmp_path / "fresh.ts"
    subprocess.run([translations._tool("lupdate"), "-silent", "-locations", "none", *translations.sources(),
                    "-ts", str(fresh)], cwd=ROOT, check=True, capture_output=True)
    root = ET.parse(fresh).getroot()
    wanted = {(ctx.findtext("name"), m.findtext("source"), m.get("numerus") == "yes")
              for ctx in root.iter("context") for m in ctx.iter("message")}
    for lang in NUMERUS_FORMS:
        have = {(c, s, n) for c, s, n, _ in _messages(lang)}
        need = wanted if lang == "ja" else {w for w in wanted if w[2]}
        assert not need - have, f"{lang}: not in the .ts yet: {sorted(need - have)}"


# -- (b) faithful ---------------------------------------------------------------------

PLACEHOLDER = re.compile(r"%([1-9])")
TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\b[^>]*>")
ENTITY = re.compile(r"&(#?\w+);")
RULE_ID = re.compile(r"\bR\d+(?:\.\d+)?\b")
MNEMONIC = re.compile(r"&([A-Za-z0-9])")


def _markup(text: str) -> list[str]:
    return sorted(TAG.findall(text))


@pytest.mark.parametrize("lang", sorted(NUMERUS_FORMS))
def test_placeholders_markup_and_rule_ids_match(lang):
    problems = []
    for ctx, src, numerus, tr in _messages(lang):
        for form in _forms(tr, numerus):
            where = (ctx, src, form)
            if set(PLACEHOLDER.findall(src)) != set(PLACEHOLDER.findall(form)):
                problems.append(("placeholders", *where))
            if ("%n" in src) != ("%n" in form):
                problems.append(("%n", *where))
            if _markup(src) != _markup(form):
                problems.append(("html tags", *where))
            if sorted(ENTITY.findall(src)) != sorted(ENTITY.findall(form)):
                problems.append(("entities", *where))
            if set(RULE_ID.findall(src)) != set(RULE_ID.findall(form)):
                problems.append(("rule ids", *where))
            if src.count("\n") != form.count("\n"):
                problems.append(("line breaks", *where))
            keys = [k.lower() for k in MNEMONIC.findall(ENTITY.sub("", src))]
            if keys != [k.lower() for k in MNEMONIC.findall(ENTITY.sub("", form))]:
                problems.append(("mnemonic", *where))
    assert not problems, problems


@pytest.mark.parametrize("lang", sorted(NUMERUS_FORMS))
def test_numerus_form_count(lang):
    numerus = [(c, s, _forms(tr, True)) for c, s, n, tr in _messages(lang) if n]
    assert numerus, "the sources have %n plurals"
    for ctx, src, forms in numerus:
        assert "%n" in src, (ctx, src)
        assert len(forms) == NUMERUS_FORMS[lang], (ctx, src, forms)


def test_english_plural_forms_are_real_english():
    for ctx, src, n, tr in _messages("en"):
        if n:
            one, many = _forms(tr, True)
            assert "(s)" not in one and "(s)" not in many, (ctx, src)
            assert one != many, (ctx, src)


def test_japanese_menu_mnemonics_trail_in_brackets():
    for ctx, src, n, tr in _messages("ja"):
        for form in _forms(tr, n):
            keys = MNEMONIC.findall(ENTITY.sub("", form))
            if keys:
                assert re.search(r"\(&[A-Za-z0-9]\)", form), (ctx, src, form)


# The rulebook's own Japanese terms (RULES.md glossary): an English term in the
# source means its Japanese counterpart in the translation.
GLOSSARY = [
    (r"objective card", "目標カード"),
    (r"explore card", "探索カード"),
    (r"discard pile", "捨て札"),
    (r"\bdeck\b", "山札"),
    (r"\bgems?\b", "宝石"),
    (r"\bexit\b", "出入口"),
    (r"\bdestinations?\b", "目的地"),
    (r"\bescap", "脱出"),
    (r"\bpenalt", "ペナルティ"),
    (r"\bwarp\b", "ワープ"),
    (r"square bonus", "スクエアボーナス"),
    (r"\bstage 1\b", "前半ステージ"),
    (r"\bstage 2\b", "後半ステージ"),
    (r"\bgates?\b", "ゲート"),
    (r"\+1 cell", "＋1マス"),
]


def test_japanese_uses_the_rulebook_terms():
    problems = []
    for ctx, src, n, tr in _messages("ja"):
        for form in _forms(tr, n):
            for pattern, term in GLOSSARY:
                if re.search(pattern, src, re.IGNORECASE) and term not in form:
                    # "Square bonus (stage 1)" and the like abbreviate the stage to 前半/後半.
                    if term.endswith("ステージ") and term[:2] in form:
                        continue
                    problems.append((ctx, src, form, term))
    assert not problems, problems


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
    assert all(p.stat().st_size > 1000 for p in built)


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
        "game_menu": w.game_menu.title(),
        "turn_menu": w.edit_menu.title(),
        "view_menu": w.view_menu.title(),
        "help_menu": w.help_menu.title(),
        "new_action": w.act_new.text(),
        "welcome_button": w.welcome_button.text(),
        "welcome_daily": w.welcome_daily.text(),
        "welcome_open": w.welcome_open.text(),
        "welcome_rules": w.welcome_rules.text(),
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
    assert japanese == {k: ja[("MainWindow", src)][0] for k, src in SOURCES.items()}
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
    assert english[1] == "Confirm (Ctrl+Enter)"
    assert re.fullmatch(r"Deck\n\d+ cards?", english[3]), english[3]
    i18n.install_language("ja")
    qapp.processEvents()
    japanese = texts()
    assert japanese[1] == "確定 (Ctrl+Enter)"
    assert japanese[2] == "残す目標カードを2枚選択："
    assert re.fullmatch(r"山札\n\d+枚", japanese[3]), japanese[3]
    assert japanese[4].startswith("インザルーイン")
    assert all(j != e for j, e in zip(japanese, english))
    i18n.install_language("en")
    qapp.processEvents()
    assert texts() == english


def test_rules_summary_follows_the_language(built_qm, window, qapp, english_after):
    from ruin_qt.app import i18n

    i18n.install_language("en")
    window.show_rules()
    qapp.processEvents()
    dlg = window.rules_dialog
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
