"""Every refusal the rules or the model can raise has a sentence the player
reads in their own language (ui/texts.py), keyed by a stable code."""

import re
from pathlib import Path

import ruin_qt
from ruin_qt.ui.common import texts

PACKAGE = Path(ruin_qt.__file__).resolve().parent


def raised_codes() -> set[str]:
    codes = set()
    for folder in ("rules", "session", "model"):
        for f in (PACKAGE / folder).rglob("*.py"):
            codes.update(re.findall(r'code="([a-z0-9_]+)"', f.read_text(encoding="utf-8")))
    return codes


def test_every_raised_code_has_a_translatable_sentence():
    codes = raised_codes()
    assert len(codes) > 30
    known = texts._reasons()
    assert codes <= set(known), sorted(codes - set(known))


def test_refusal_leads_with_the_rule_id():
    assert texts.refusal("R3.4", "road would make a 2x2 block", "road_2x2") == "R3.4: road would make a 2x2 block"
