"""A secret, verifiable deal (ruin_qt/rules/deal.py, docs/PROTOCOL.md
"The deal: secret, committed, verified").  The derivation as the protocol
states it, a keyed game's shuffles, verification of an honest game and of
tampered ones, and seed-based games (solo, local, every old record) as they were."""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
import re
from pathlib import Path

import pytest

from ruin_qt.ai.random_policy import play_random_game, random_setup, random_turn
from ruin_qt.rules import deal, record
from ruin_qt.rules.components import load_components
from ruin_qt.rules.deal import Deal, Verdict, check, commitment, shuffle_order, verify
from ruin_qt.rules.errors import RuleError
from ruin_qt.rules.game import Game
from ruin_qt.rules.observation import observe

DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"
SEATS = [("Aki", "human"), ("Bo", "human"), ("Cy", "ai:random")]
KEY = bytes(range(32)).hex()
SALT = "00112233445566778899aabbccddeeff"


def play_keyed(key: str, seed: int = 0, rng_seed: int = 1, n: int = 3, stop_at: int | None = None):
    """A game between random seats dealt from ``key``; with ``stop_at``, its
    record after that many rounds and the turns played after it."""
    rng = random.Random(rng_seed)
    g = Game(SEATS[:n], seed, deal_key=key)
    for i in range(n):
        g.submit_setup(i, random_setup(observe(g, i), rng))
    saved, later = None, []
    while not g.over:
        if g.round == stop_at:
            saved = record.to_record(g)
        turns = [None if s.escaped else random_turn(observe(g, i), rng) for i, s in enumerate(g.seats)]
        if saved is not None:
            later.append(turns)
        g.play_round(turns)
    return g, saved, later


# -- the derivation, exactly as docs/PROTOCOL.md states it ------------------------------------
def test_the_commitment_is_sha256_of_the_domain_salt_and_key_as_ascii_hex():
    text = "ruin-qt-deal/1:" + SALT + ":" + KEY
    assert len(text) == 112
    assert commitment(KEY, SALT) == hashlib.sha256(text.encode("ascii")).hexdigest()
    assert Deal(KEY, SALT).commitment == commitment(KEY, SALT)
    assert commitment(KEY, SALT) != commitment(SALT * 2, KEY[:32])  # salt and key do not commute


def test_a_shuffle_sorts_the_cards_by_their_hmac_under_the_key_bytes_smallest_first():
    cards = sorted(load_components().explore)
    for index in (0, 1, 7):
        ranks = {c: hmac.new(bytes.fromhex(KEY), f"{index}:{c}".encode(), hashlib.sha256).digest()
                 for c in cards}
        assert shuffle_order(KEY, index, cards) == sorted(cards, key=ranks.__getitem__)
        assert shuffle_order(KEY, index, list(reversed(cards))) == shuffle_order(KEY, index, cards)  # a set's order
    assert shuffle_order(KEY, 0, cards) != shuffle_order(KEY, 1, cards)  # the index matters
    objectives = sorted(load_components().objectives)
    by_text = {o: hmac.new(bytes.fromhex(KEY), f"2:{o}".encode(), hashlib.sha256).hexdigest() for o in objectives}
    assert shuffle_order(KEY, 2, objectives) == sorted(objectives, key=by_text.__getitem__)  # ids in decimal


def test_the_worked_example_in_the_protocol_is_what_the_code_computes():
    """The numbers a programmer checks an implementation against are the code's, read from the doc itself."""
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("## The deal: secret, committed, verified"):]
    section = section[:section.index("\n## ", 10)]
    example = section[section.index("**A worked example.**"):]
    key = re.search(r"Key `([0-9a-f]{64})`", example).group(1)
    salt = re.search(r"salt `([0-9a-f]{32})`", example).group(1)
    assert (key, salt) == (KEY, SALT)
    assert re.search(r"= `([0-9a-f]{64})`", example).group(1) == commitment(key, salt)
    full = re.search(r'HMAC of `"0:A"` =\s+`([0-9a-f]{64})`', example).group(1)
    assert full == hmac.new(bytes.fromhex(key), b"0:A", hashlib.sha256).hexdigest()
    for msg, prefix in re.findall(r'`"(\d+:\w+)"`\s*(?:=|→)\s*`([0-9a-f]{8})…`', example):
        assert hmac.new(bytes.fromhex(key), msg.encode(), hashlib.sha256).hexdigest().startswith(prefix), msg
    assert "**A, D, B, C**" in example and shuffle_order(key, 0, ["A", "B", "C", "D"]) == ["A", "D", "B", "C"]
    assert "**2, 3, 1**" in example and shuffle_order(key, 1, [1, 2, 3]) == [2, 3, 1]


def test_a_new_deal_is_fresh_lowercase_hex_of_the_stated_sizes():
    deals = [Deal.new() for _ in range(3)]
    assert len({d.key for d in deals}) == 3 and len({d.salt for d in deals}) == 3
    for d in deals:
        assert re.fullmatch(r"[0-9a-f]{64}", d.key) and re.fullmatch(r"[0-9a-f]{32}", d.salt)
        assert d.reveal() == {"key": d.key, "salt": d.salt, "commitment": d.commitment}
    for key, salt in ((KEY.upper(), SALT), (KEY[:-2], SALT), (KEY, SALT + "00"), (KEY, "zz" * 16)):
        with pytest.raises(ValueError):
            Deal(key, salt)


# -- a keyed game ----------------------------------------------------------------------------------
def test_a_keyed_game_deals_every_shuffle_from_its_key_whatever_its_seed():
    g = Game(SEATS, 5, deal_key=KEY)
    comps = load_components()
    assert g.shuffles[0]["order"] == shuffle_order(KEY, 0, sorted(comps.explore))
    assert g.shuffles[1]["order"] == shuffle_order(KEY, 1, sorted(comps.objectives))
    assert Game(SEATS, 6, deal_key=KEY).shuffles == g.shuffles  # the seed deals nothing
    assert Game(SEATS, 5).shuffles != g.shuffles


def test_without_a_key_the_shuffles_are_exactly_the_seeds_as_before():
    """Solo, the daily challenge, local games and every record made so far: unchanged."""
    g = Game(SEATS, 5)
    for index, cards in ((0, sorted(load_components().explore)), (1, sorted(load_components().objectives))):
        order = list(cards)
        random.Random(f"ruin-qt:5:{index}").shuffle(order)
        assert g.shuffles[index]["order"] == order
    assert g.shuffles[0]["order"][:4] == ["T", "J", "I", "F"]  # pinned: the seed-5 deal of every earlier version
    old = record.to_record(play_random_game(2, 7))
    again = record.replay(copy.deepcopy(old))
    assert record.to_record(again) == old and again.over


def test_an_honest_keyed_game_verifies_and_replays():
    g, _, _ = play_keyed(KEY)
    rec = record.to_record(g)
    assert len(rec["shuffles"]) >= 4  # R5.1 twice, R5.3, R10.2 at least
    assert verify(rec, KEY, SALT, commitment(KEY, SALT)) == (True, deal.REASONS[""])
    assert record.replay(rec).over
    assert check(rec, KEY, SALT, commitment(KEY, SALT)) == Verdict(True)


@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_a_record_with_one_shuffle_changed_fails_verification_at_that_shuffle(index):
    g, _, _ = play_keyed(KEY)
    rec = record.to_record(g)
    order = rec["shuffles"][index]["order"]
    order[0], order[-1] = order[-1], order[0]  # still a permutation of the same cards
    ok, reason = verify(rec, KEY, SALT, commitment(KEY, SALT))
    assert not ok and f"shuffle {index + 1} " in reason
    assert check(rec, KEY, SALT, commitment(KEY, SALT)) == Verdict(False, "bad_shuffle", index + 1)


def test_a_wrong_key_or_salt_or_commitment_fails_verification():
    g, _, _ = play_keyed(KEY)
    rec = record.to_record(g)
    good = commitment(KEY, SALT)
    other = Deal.new()
    assert check(rec, other.key, SALT, good).code == "commitment"
    assert check(rec, KEY, other.salt, good).code == "commitment"
    assert check(rec, KEY, SALT, other.commitment).code == "commitment"
    # A host that commits honestly to another key and reveals it: the shuffles betray it.
    assert check(rec, other.key, other.salt, other.commitment) == Verdict(False, "bad_shuffle", 1)
    assert check(rec, KEY.upper(), SALT, good).code == "malformed"
    assert check(rec, None, None, good).code == "no_deal"
    assert deal.check_revealed(rec, None, good).code == "no_deal"
    assert deal.check_revealed(rec, {"key": KEY, "salt": SALT}, good).ok
    assert check({"shuffles": "x"}, KEY, SALT, good).code == "bad_record"
    assert check({"shuffles": [{"order": [None]}]}, KEY, SALT, good).code == "bad_record"
    assert check(rec, KEY, SALT, None).code == "commitment"


def test_a_keyed_game_replayed_from_its_autosave_goes_on_drawing_from_its_key():
    """stop_replaying: past the recorded shuffles a restored keyed game deals from its key, not its seed."""
    g, saved, later = play_keyed(KEY, stop_at=3)
    full = record.to_record(g)
    assert len(saved["shuffles"]) < len(full["shuffles"])  # a shuffle (R10.2 at least) is still to come
    for key, same in ((KEY, True), (None, False)):
        again = record.replay(copy.deepcopy(saved), key)
        try:
            for turns in later:
                again.play_round(turns)
        except RuleError:  # dealt from the seed, the cards differ: the same turns stop being legal
            assert not same
        assert (again.shuffles == g.shuffles) is same
        assert again.over is same
    assert verify(full, KEY, SALT, commitment(KEY, SALT))[0]
