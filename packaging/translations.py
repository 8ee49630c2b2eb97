#!/usr/bin/env python3
"""The project's translations, in Qt's own workflow.

    python packaging/translations.py update   # lupdate: refresh translations/*.ts from the sources
    python packaging/translations.py check    # read-only: list unfinished messages and other problems
    python packaging/translations.py build    # lrelease: compile translations/*.qm (run by dev.py and build.py)

translations/ruin_qt_ja.ts is the one source of the Japanese text.  After UI
strings change in ruin_qt/:

1. ``update`` runs lupdate, the only tool that rewrites the .ts files: new
   messages appear unfinished, vanished ones are dropped, every existing
   translation is kept.  ruin_qt_ja.ts carries every message; English is the
   source language, so ruin_qt_en.ts carries only the plural (``%n``) messages
   (lupdate -pluralonly) and Qt shows the source text for everything else.
2. Translate in Qt Linguist (``pyside6-linguist translations/ruin_qt_ja.ts``,
   then Phrases > Open Phrase Book > translations/ruin_qt_ja.qph for the
   rulebook's terms) or in any text editor: write the <translation> and remove
   its ``type="unfinished"``.  English plurals need two forms ("%n card",
   "%n cards").
3. ``check`` lists what is unfinished or wrong (placeholders, markup, menu
   mnemonics ``(&X)``, phrase-book terms, a .ts file lupdate would change) and
   exits 1 if anything is; tests/ui/common/test_translations.py asserts the same.
4. ``build`` (dev.py runs it on every start) compiles the .qm files, which are
   build products (git-ignored).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TS_DIR = ROOT / "translations"
PHRASE_BOOK = TS_DIR / "ruin_qt_ja.qph"
LANGUAGES = ("ja", "en")
SOURCE_LANGUAGE = "en"
NUMERUS_FORMS = {"ja": 1, "en": 2}  # Japanese has one plural form, English two
# The languages whose .ts file holds only the plural messages (the source language).
PLURAL_ONLY = {"en"}


def _tool(name: str) -> str:
    """PySide6's bundled lupdate/lrelease, found beside this interpreter first."""
    here = Path(sys.executable).parent
    for candidate in (here / f"pyside6-{name}", here / f"pyside6-{name}.exe"):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(f"pyside6-{name}")
    if found:
        return found
    raise FileNotFoundError(f"pyside6-{name} not found: install PySide6-Essentials")


def _command(name: str) -> list[str]:
    """The tool as a command; in a build environment (pip's, for setup.py's
    build_py) PySide6 may be importable without its scripts on PATH, and
    PySide6's own wrapper then finds the binary."""
    try:
        return [_tool(name)]
    except FileNotFoundError:
        try:
            import PySide6.scripts.pyside_tool  # noqa: F401
        except ImportError:
            raise FileNotFoundError(f"pyside6-{name} not found: install PySide6-Essentials") from None
    return [sys.executable, "-c", f"from PySide6.scripts.pyside_tool import {name}; {name}()"]


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "ruin_qt").rglob("*.py")
                  if "rules" not in p.parts and "ai" not in p.parts)


def ts_path(lang: str, ts_dir: Path = TS_DIR) -> Path:
    return ts_dir / f"ruin_qt_{lang}.ts"


def lupdate(lang: str, ts: Path, silent: bool = False) -> None:
    """Merge the sources' messages into ``ts`` (translations kept, vanished messages dropped)."""
    cmd = [_tool("lupdate"), "-no-obsolete", "-locations", "none",
           "-source-language", SOURCE_LANGUAGE, "-target-language", lang]
    if lang in PLURAL_ONLY:
        cmd.append("-pluralonly")
    if silent:
        cmd.append("-silent")
    subprocess.run([*cmd, *sources(), "-ts", str(ts)], cwd=ROOT, check=True,
                   capture_output=silent)


def update(ts_dir: Path = TS_DIR) -> None:
    for lang in LANGUAGES:
        lupdate(lang, ts_path(lang, ts_dir))


def build(out_dir: Path = TS_DIR, ts_dir: Path = TS_DIR) -> list[Path]:
    """lrelease every .ts of ``ts_dir`` into ``out_dir`` (setup.py builds the wheel's this way)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    built = []
    for ts in sorted(ts_dir.glob("ruin_qt_*.ts")):
        qm = out_dir / (ts.stem + ".qm")
        # Written beside it, then swapped in whole: a running app maps its .qm,
        # and a file rewritten in place under it dies with SIGBUS.
        fresh = qm.with_name(f".{qm.name}.{os.getpid()}.tmp")
        try:
            subprocess.run([*_command("lrelease"), "-silent", str(ts), "-qm", str(fresh)], check=True)
            os.replace(fresh, qm)
        finally:
            fresh.unlink(missing_ok=True)
        built.append(qm)
    return built


# -- reading .ts and .qph files ---------------------------------------------------------

@dataclass(frozen=True)
class Message:
    context: str
    source: str
    comment: str
    numerus: bool
    state: str  # "" when finished, else the translation's type: unfinished / vanished / obsolete
    forms: tuple[str, ...]  # one per plural form; a singular message has one

    def __str__(self) -> str:
        return f"[{self.context}] {self.source!r}"


def read_ts(path: Path) -> list[Message]:
    out = []
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            numerus = m.get("numerus") == "yes"
            tr = m.find("translation")
            if tr is None:
                state, forms = "unfinished", ()
            else:
                state = tr.get("type") or ""
                forms = tuple(f.text or "" for f in tr.findall("numerusform")) if numerus else (tr.text or "",)
            out.append(Message(name, m.findtext("source") or "", m.findtext("comment") or "", numerus, state, forms))
    return out


def messages(lang: str, ts_dir: Path = TS_DIR) -> list[Message]:
    return read_ts(ts_path(lang, ts_dir))


@dataclass(frozen=True)
class Phrase:
    source: str
    target: str
    definition: str


def read_phrase_book(path: Path = PHRASE_BOOK) -> list[Phrase]:
    root = ET.parse(path).getroot()
    return [Phrase(p.findtext("source") or "", p.findtext("target") or "", p.findtext("definition") or "")
            for p in root.iter("phrase")]


# -- checks -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    kind: str
    message: Message
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}" + (f" -> {self.detail}" if self.detail else "")


FINISHING = ("unfinished", "empty", "plural forms")
FAITHFUL = ("placeholders", "%n", "markup", "entities", "rule ids", "line breaks", "mnemonic")

PLACEHOLDER = re.compile(r"%([1-9])")
TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\b[^>]*>")
ENTITY = re.compile(r"&(#?\w+);")
RULE_ID = re.compile(r"\bR\d+(?:\.\d+)?\b")
MNEMONIC = re.compile(r"&([A-Za-z0-9])")
JA_MNEMONIC = re.compile(r"\(&[A-Za-z0-9]\)")

# Messages that may word a phrase-book term otherwise: (phrase source, a piece of
# the message source) -> why.
TERM_EXCEPTIONS: dict[tuple[str, str], str] = {
    ("sheet", "Score sheet"): "the score table, 得点",
    ("line", "the dotted line"): "a drawn line, not the line of cards",
    ("active card", "the active card is highlighted"): "worded as the rulebook does: …カードを参照",
    ("active card", "The active card is the one farthest"): "worded as the rulebook does: …カードを参照",
    ("the ruin collapses", "before the ruin collapses"): "a verb here: 遺跡が崩壊する前に",
}


def _mnemonics(text: str) -> list[str]:
    return [k.lower() for k in MNEMONIC.findall(ENTITY.sub("", text))]


def term_pattern(term: str) -> re.Pattern[str]:
    """``term`` as a whole word or phrase in an English source: any case for its
    first letter, its last word also inflected (gems, penalties, escaping)."""
    first, rest = term[:1], term[1:]
    head = f"[{re.escape(first.lower())}{re.escape(first.upper())}]" if first.isalpha() else re.escape(first)
    body = re.escape(rest)
    if rest[-1:].isalpha():
        body = f"(?:{body}(?:s|es|d|ed|ing)?|{re.escape(rest[:-1])}(?:ies|ing))"
    return re.compile(rf"(?<![A-Za-z0-9]){head}{body}(?![A-Za-z0-9])")


def terms_in(source: str, phrases: list[Phrase]) -> dict[str, set[str]]:
    """The phrase-book terms ``source`` uses -> the targets any of which the
    translation must contain.  A term inside a longer matched term (``gem`` in
    ``gem bonus``) is left to the longer one."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for term in {p.source for p in phrases}:
        found = [m.span() for m in term_pattern(term).finditer(source)]
        if found:
            spans[term] = found
    wanted: dict[str, set[str]] = {}
    for term, found in spans.items():
        for a, b in found:
            inside = any(other != term and len(other) > len(term) and x <= a and b <= y
                         for other, others in spans.items() for x, y in others)
            if not inside:
                wanted[term] = {p.target for p in phrases if p.source == term}
    return wanted


def lint(lang: str, msgs: list[Message] | None = None, phrases: list[Phrase] | None = None) -> list[Problem]:
    """Every problem of one language's messages (read-only)."""
    if msgs is None:
        msgs = messages(lang)
    if phrases is None:
        phrases = read_phrase_book() if lang == "ja" else []
    problems: list[Problem] = []
    for m in msgs:
        if lang in PLURAL_ONLY and not m.numerus:
            problems.append(Problem("not plural", m, f"ruin_qt_{lang}.ts holds only plural messages"))
        if m.state:
            problems.append(Problem("unfinished", m, "" if m.state == "unfinished" else m.state))
        if m.numerus and len(m.forms) != NUMERUS_FORMS[lang]:
            problems.append(Problem("plural forms", m, f"{len(m.forms)} forms, {lang} has {NUMERUS_FORMS[lang]}"))
        if not m.forms or not all(f.strip() for f in m.forms):
            if not m.state:
                problems.append(Problem("empty", m))
            continue
        if m.numerus and "%n" not in m.source:
            problems.append(Problem("%n", m, "a plural message without %n in its source"))
        for form in m.forms:
            if set(PLACEHOLDER.findall(m.source)) != set(PLACEHOLDER.findall(form)):
                problems.append(Problem("placeholders", m, form))
            if ("%n" in m.source) != ("%n" in form):
                problems.append(Problem("%n", m, form))
            if sorted(TAG.findall(m.source)) != sorted(TAG.findall(form)):
                problems.append(Problem("markup", m, form))
            if sorted(ENTITY.findall(m.source)) != sorted(ENTITY.findall(form)):
                problems.append(Problem("entities", m, form))
            if set(RULE_ID.findall(m.source)) != set(RULE_ID.findall(form)):
                problems.append(Problem("rule ids", m, form))
            if m.source.count("\n") != form.count("\n"):
                problems.append(Problem("line breaks", m, form))
            if _mnemonics(m.source) != _mnemonics(form):
                problems.append(Problem("mnemonic", m, form))
            elif lang == "ja" and _mnemonics(form) and not JA_MNEMONIC.search(form):
                problems.append(Problem("mnemonic style", m, f"{form} (Japanese menus: 新しいゲーム(&N)…)"))
            if lang in PLURAL_ONLY and m.numerus and "(s)" in form:
                problems.append(Problem("plural forms", m, f"{form} (write the singular and the plural)"))
            for term, targets in sorted(terms_in(m.source, phrases).items()):
                if any(t in form for t in targets):
                    continue
                if any(t == term and piece in m.source for t, piece in TERM_EXCEPTIONS):
                    continue
                problems.append(Problem("term", m, f"{term!r} is {' or '.join(sorted(targets))}: {form}"))
        if lang in PLURAL_ONLY and m.numerus and len(set(m.forms)) != len(m.forms):
            problems.append(Problem("plural forms", m, "two forms are the same"))
    return problems


def outdated(ts_dir: Path = TS_DIR) -> dict[str, list[str]]:
    """What ``update`` would change: lupdate runs on temporary copies of the
    .ts files, which stay untouched.  {lang: ["new: [ctx] 'src'", ...]}"""
    out: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="ruin-qt-lupdate-") as tmp:
        for lang in LANGUAGES:
            copy = ts_path(lang, Path(tmp))
            shutil.copyfile(ts_path(lang, ts_dir), copy)
            lupdate(lang, copy, silent=True)
            before, after = set(messages(lang, ts_dir)), set(read_ts(copy))
            keys_before = {(m.context, m.source, m.comment) for m in before}
            changes = []
            for m in sorted(after - before, key=str):
                changes.append(("changed: " if (m.context, m.source, m.comment) in keys_before else "new: ") + str(m))
            keys_after = {(m.context, m.source, m.comment) for m in after}
            changes += [f"gone: {m}" for m in sorted(before, key=str)
                        if (m.context, m.source, m.comment) not in keys_after]
            out[lang] = changes
    return out


def check() -> int:
    """Report every problem; 0 when there is none.  Writes nothing."""
    bad = 0
    for lang, changes in outdated().items():
        if changes:
            print(f"ruin_qt_{lang}.ts is behind the sources (run: python packaging/translations.py update):")
            for c in changes:
                print(f"  {c}")
            bad += len(changes)
    for lang in LANGUAGES:
        msgs = messages(lang)
        problems = lint(lang, msgs)
        unfinished = sum(1 for m in msgs if m.state or not all(f.strip() for f in m.forms))
        print(f"ruin_qt_{lang}.ts: {len(msgs)} messages, {unfinished} unfinished, {len(problems)} problems")
        for p in problems:
            print(f"  {p}")
        bad += len(problems)
    if any(m.state for lang in LANGUAGES for m in messages(lang)):
        print("Translate in translations/ruin_qt_<lang>.ts (pyside6-linguist, phrase book "
              "translations/ruin_qt_ja.qph, or any editor: fill <translation>, drop type=\"unfinished\").")
    return 1 if bad else 0


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "build"
    if cmd == "update":
        update()
    elif cmd == "check":
        sys.exit(check())
    elif cmd == "build":
        for p in build():
            print(p.relative_to(ROOT))
    else:
        print(__doc__)
        sys.exit(2)
