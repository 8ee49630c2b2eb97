"""Every refusal the rules or the model can raise has a sentence the player
reads in their own language (ui/texts.py), keyed by a stable code."""

import re
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("rule, message, code, words", [
    ("R3.1", "cell (0, 0) is already filled", "filled", "already filled"),  # overlap
    ("R3.4", "road would make a 2x2 block", "road_2x2", "2x2"),  # 2x2 roads
    ("R3.2", "the piece touches no cell filled before this round", "not_touching", "touches no cell"),
])
def test_R3_placement_refusals_read_as_a_sentence_with_the_rule_in_the_tooltip(rule, message, code, words):
    """The status bar's sentence and tooltip for each refused placement (the
    window shows them through these two calls; its ghost and click are
    tests/ui/sheet/test_illegal_gestures.py, the refusals tests/session/test_gestures.py)."""
    status = texts.not_allowed(message, code)
    assert status.startswith("Not allowed:") and words in status, status
    assert rule not in status  # the rule for the rules-curious, not in the sentence
    assert rule in texts.rule_tip(rule)
