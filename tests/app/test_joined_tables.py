"""The joined tables' store (address, seat, newest token)
written, read and forgotten; readable by the user only; written atomically;
a broken file set aside with a clear message, never a crash."""

from __future__ import annotations

import json
import os
import stat
import sys

import pytest

from ruin_qt.app.storage.joined_tables import FILE, FORMAT, JoinedTable, JoinedTables


def test_a_table_is_kept_updated_with_the_newest_token_and_forgotten(tmp_path):
    store = JoinedTables(tmp_path)
    assert store.tables() == [] and store.take_problem() is None
    assert store.remember("192.168.1.20", 47214, 1, "token-1", "Bo", "Aki, Bo") is None
    assert store.remember("10.0.0.5", 5000, 0, "other", "Bo") is None
    assert store.remember("192.168.1.20", 47214, 1, "token-2", "Bo", "Aki, Bo") is None  # a rejoin's new token
    tables = JoinedTables(tmp_path).tables()  # as a restarted app reads it
    assert [(t.host, t.port, t.seat, t.token) for t in tables] == [("192.168.1.20", 47214, 1, "token-2"),
                                                                 ("10.0.0.5", 5000, 0, "other")]
    assert tables[0].address == "192.168.1.20:47214" and tables[0].label == "Aki, Bo" and tables[0].saved_at
    assert JoinedTable("::1", 80, 0, "t").address == "[::1]:80"
    assert store.find("10.0.0.5", 5000).token == "other" and store.find("10.0.0.5", 5001) is None
    assert store.forget("192.168.1.20", 47214) is None
    assert [t.port for t in store.tables()] == [5000]
    assert store.forget("10.0.0.5", 5000) is None
    assert store.tables() == [] and not (tmp_path / FILE).exists()
    assert store.forget("10.0.0.5", 5000) is None  # nothing kept: nothing to do


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_file_is_readable_by_the_user_only_and_no_temporary_file_is_left(tmp_path):
    old = os.umask(0o022)
    try:
        store = JoinedTables(tmp_path)
        store.remember("127.0.0.1", 4000, 0, "secret")
        store.remember("127.0.0.1", 4000, 0, "secret-2")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / FILE).stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE]
    doc = json.loads((tmp_path / FILE).read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT and doc["tables"][0]["token"] == "secret-2"


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe", b"[]", json.dumps({"format": "other", "tables": []}).encode(),
    json.dumps({"format": FORMAT, "tables": [{"host": "h", "port": 70000, "seat": 0, "token": "t"}]}).encode(),
    json.dumps({"format": FORMAT, "tables": [{"host": "h", "port": 1, "seat": 9, "token": "t"}]}).encode(),
    json.dumps({"format": FORMAT, "tables": [{"host": "", "port": 1, "seat": 0, "token": "t"}]}).encode(),
    json.dumps({"format": FORMAT, "tables": [{"host": "h", "port": 1, "seat": 0, "token": 5}]}).encode(),
    json.dumps({"format": FORMAT, "tables": ["x"]}).encode(),
    b"[" * 100_000,
])
def test_a_broken_file_is_set_aside_byte_for_byte_with_a_clear_message(tmp_path, content):
    (tmp_path / FILE).write_bytes(content)
    store = JoinedTables(tmp_path)
    assert store.tables() == []
    problem = store.take_problem()
    assert problem is not None and "could not be read" in problem and "kept as joined-tables.broken-" in problem
    assert store.take_problem() is None  # told once
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("joined-tables.broken-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content and not (tmp_path / FILE).exists()
    assert store.remember("127.0.0.1", 4000, 0, "t") is None and len(store.tables()) == 1  # a new list begins


def test_bad_values_are_refused_with_a_message_and_an_unwritable_folder_is_told(tmp_path):
    store = JoinedTables(tmp_path)
    assert "could not be kept" in store.remember("h", 0, 0, "t")
    assert "could not be kept" in store.remember("h", 1, 0, "")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    problem = JoinedTables(blocker / "sub").remember("h", 1, 0, "t")  # its folder's path is a file
    assert problem is not None and "could not be kept for a return" in problem


def test_the_join_dialogs_last_address_and_name_are_kept_and_wrong_values_read_as_none(tmp_path):
    """The settings' side."""
    from ruin_qt.app.storage.settings import Settings

    path = tmp_path / "settings.ini"
    s = Settings(path)
    assert s.last_join() == ("", "")
    s.set_last_join(" 192.168.1.20:47214 ", "Aki ")
    assert Settings(path).last_join() == ("192.168.1.20:47214", "Aki")
    s.qs.setValue("join/address", "x" * 1000)
    s.qs.setValue("join/name", "n" * 100)
    s.qs.sync()
    assert Settings(path).last_join() == ("", "")
    s.qs.setValue("join/address", ["a", "list"])
    s.qs.sync()
    assert Settings(path).last_join() == ("", "")
