"""A corpus of files the app must refuse politely: broken, foreign, hostile."""

from __future__ import annotations

import json
import pickle
import zipfile
from pathlib import Path

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.rules import record


def _good() -> dict:
    return record.to_record(play_random_game(2, 21))


def corpus(folder: Path) -> list[tuple[str, Path]]:
    folder.mkdir(parents=True, exist_ok=True)
    good = _good()
    text = json.dumps(good)
    items: dict[str, bytes] = {
        "empty": b"",
        "whitespace": b"  \n\t ",
        "truncated": text[: len(text) // 3].encode(),
        "binary garbage": bytes(range(256)) * 8,
        "invalid utf-8 inside a string": text.encode().replace(b'"Seat 1"', b'"Se\xff\xfeat 1"', 1),
        "json array": b"[1, 2, 3]",
        "json null": b"null",
        "json number": b"12345",
        "json string": b'"ruin-qt-record/1"',
        "foreign json": json.dumps({"name": "not a game", "version": 3}).encode(),
        "other format version": json.dumps({**good, "format": "ruin-qt-record/2"}).encode(),
        "missing rounds": json.dumps({k: v for k, v in good.items() if k != "rounds"}).encode(),
        "seats as object": json.dumps({**good, "seats": {"a": 1}}).encode(),
        "ten seats": json.dumps({**good, "seats": [{"name": "x", "kind": "human"}] * 10}).encode(),
        "deeply nested": b"[" * 200000 + b"]" * 200000,
        "nested inside a field": json.dumps({**good, "seed": 1}).replace(
            '"seed": 1', '"seed": ' + "[" * 5000 + "]" * 5000).encode(),
        "huge file": b" " * (record.MAX_BYTES + 10),
        "huge numbers": json.dumps({**good, "seed": 10**400}).encode(),
        "huge coordinates": text.replace("[5, 5]", "[100000000000000000000000000000, 5]", 1).encode(),
        "NaN and Infinity": text.replace('"seed": 21', '"seed": NaN').encode(),
        "very long name": json.dumps({**good, "seats": [{"name": "A" * 4_000_000, "kind": "human"}] * 2}).encode(),
        "wrong types in a turn": text.replace('"escape": false', '"escape": "no"', 1).encode(),
        "shuffle not a permutation": json.dumps(
            {**good, "shuffles": [{"deck": "explore", "order": ["A"] * 24}] + good["shuffles"][1:]}).encode(),
        "illegal move": json.dumps(_with_first_turn(good, {"draw": {"action": "C", "cell": [5, 5]}})).encode(),
        "round after the end": json.dumps({**good, "rounds": good["rounds"] + [good["rounds"][-1]]}).encode(),
        "python pickle": pickle.dumps({"format": "ruin-qt-record/1"}),
        "png image": b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,
        "json with comments": b'// a comment\n' + text.encode(),
    }
    out = []
    for name, data in items.items():
        p = folder / (name.replace(" ", "_") + ".json")
        p.write_bytes(data)
        out.append((name, p))
    z = folder / "zip_archive.json"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("game.json", text)
    out.append(("zip archive", z))
    d = folder / "a_directory.json"
    d.mkdir()
    out.append(("a directory", d))
    out.append(("missing file", folder / "does_not_exist.json"))
    return out


def _with_first_turn(good: dict, patch: dict) -> dict:
    rec = json.loads(json.dumps(good))
    rec["rounds"][0]["turns"][0].update(patch)
    return rec
