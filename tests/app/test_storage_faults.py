"""Storage faults told apart and told once; the game goes on in memory and
nothing healthy is renamed aside (a full disk, a read-only folder, a folder
that is a file, another instance, a corrupt database, a damaged side part)."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys

import pytest

from ruin_qt.ai.random_policy import play_random_game
from ruin_qt.app.instance import InstanceLock
from ruin_qt.app.storage.autosave import Autosave
from ruin_qt.app.storage.faults import FULL, NOT_A_FOLDER, READ_ONLY, Fault, clean_temporary, fault_of
from ruin_qt.app.storage.history import History
from ruin_qt.app.storage.keeper import GameKeeper
from ruin_qt.bench import mid_game
from ruin_qt.model.game_model import GameModel
from ruin_qt.rules import record

from ..ui.play import step
from .faults import fill, read_only, snapshot, tiny_disk


class Told:
    def __init__(self, keeper: GameKeeper):
        self.messages: list[str] = []
        self.notices: list[str] = []
        keeper.problem.connect(self.messages.append)
        keeper.notice_changed.connect(self.notices.append)


def keeper_in(runner, folder, monkeypatch, claim=True):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(folder))
    model = GameModel(runner=runner)
    keeper = GameKeeper(model)
    told = Told(keeper)
    if claim:
        keeper.claim()
    return model, keeper, told


def saved_summary(folder):
    return record.summary(Autosave(folder).load().game)


def test_full_disk_is_told_once_and_the_autosave_comes_back(qtbot, tmp_path, monkeypatch, runner):
    with tiny_disk(tmp_path / "disk", kb=160) as disk:
        folder = disk or tmp_path / "data"
        model, keeper, told = keeper_in(runner, folder, monkeypatch)
        rng = random.Random(4)
        model.new_game([("Aki", "human")], seed=3)
        step(model, qtbot, rng)  # the setup, saved
        if disk is not None:
            filler = fill(disk)
        else:  # no tmpfs here: the database may not grow, as on a full disk
            db = keeper.autosave._connect()
            db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
        for _ in range(6):
            step(model, qtbot, rng)
        assert model.session.game.round == 6  # play went on in memory
        assert len(told.messages) == 1 and "full" in told.messages[0], told.messages
        assert told.notices and told.notices[-1]
        if disk is not None:
            filler.unlink()
        else:
            keeper.autosave._connect().execute("PRAGMA max_page_count = 1073741823")
        step(model, qtbot, rng)
        assert told.notices[-1] == "" and len(told.messages) == 1
        assert saved_summary(folder) == record.summary(model.session.game)
        assert not list(folder.glob("*broken*"))
        model.shutdown()
        keeper.close()


@pytest.mark.skipif(sys.platform != "linux", reason="a tmpfs mount")
def test_a_healthy_history_on_a_full_disk_is_kept_and_the_finished_game_waits(qtbot, tmp_path, monkeypatch, runner):
    with tiny_disk(tmp_path / "disk", kb=192) as disk:
        if disk is None:
            pytest.skip("no tmpfs can be mounted here")
        History(disk / "history.sqlite3").add_game(play_random_game(1, 2))
        model, keeper, told = keeper_in(runner, disk, monkeypatch)
        model.new_game([("CPU", "ai:random")], seed=5)
        before = (disk / "history.sqlite3").read_bytes()
        fill(disk)
        with qtbot.waitSignal(model.game_over, timeout=60000):
            pass
        assert len(told.messages) >= 1 and all("full" in m for m in told.messages), told.messages
        assert (disk / "history.sqlite3").read_bytes() == before  # not renamed, not changed
        assert not list(disk.glob("*broken*"))
        assert History(disk / "history.sqlite3").count() == 1
        model.shutdown()
        keeper.close()


def test_read_only_folder_resumes_and_tells_once(qtbot, tmp_path, monkeypatch, runner):
    folder = tmp_path / "data"
    model, keeper, _ = keeper_in(runner, folder, monkeypatch)
    rng = random.Random(2)
    model.new_game([("Aki", "human")], seed=8)
    for _ in range(3):
        step(model, qtbot, rng)
    expected = record.summary(model.session.game)
    History(folder / "history.sqlite3").add_game(play_random_game(1, 2))
    model.shutdown()
    keeper.close()
    before = snapshot(folder)
    with read_only(folder) as how:
        if how is None:
            pytest.skip("running as root without mount: nothing is read-only")
        model, keeper, told = keeper_in(runner, folder, monkeypatch)
        assert keeper.resumable()
        assert keeper.resume_autosave() is None
        assert record.summary(model.session.game) == expected
        for _ in range(4):
            step(model, qtbot, rng)
        assert len(told.messages) == 1 and ("read-only" in told.messages[0] or "permission" in told.messages[0])
        assert keeper.history.count() == 1  # read, though it cannot be written
        model.shutdown()
        keeper.close()
        assert snapshot(folder) == before


def test_declining_in_a_read_only_folder_keeps_the_game_and_raises_nothing(qtbot, tmp_path, monkeypatch, runner):
    folder = tmp_path / "data"
    saved(folder, _unfinished())
    before = snapshot(folder)
    with read_only(folder) as how:
        if how is None:
            pytest.skip("running as root without mount: nothing is read-only")
        model, keeper, told = keeper_in(runner, folder, monkeypatch)
        assert keeper.resumable()
        keeper.set_aside_autosave()  # the player said no
        assert len(told.messages) == 1
        assert keeper.history.count() == 0  # Statistics open on an empty history
        keeper.close()
    assert snapshot(folder) == before


def saved(folder, game, extra=None):
    """The autosave as a closed earlier run left it."""
    a = Autosave(folder)
    a.write(game, extra or {})
    a.close()


def _unfinished():
    """Two human seats after five rounds (nothing moves on by itself)."""
    rec = record.to_record(mid_game(seed=6, rounds=5, seats=2))
    for s in rec["seats"]:
        s["kind"] = "human"
    return record.replay(rec)


def test_data_folder_that_is_a_file(qtbot, tmp_path, monkeypatch, runner):
    blocker = tmp_path / "data"
    blocker.write_bytes(b"not a folder")
    model, keeper, told = keeper_in(runner, blocker, monkeypatch)
    assert len(told.messages) == 1 and "is a file" in told.messages[0]
    assert not keeper.resumable()
    model.new_game([("Aki", "human")], seed=1)
    rng = random.Random(1)
    for _ in range(3):
        step(model, qtbot, rng)
    assert len(told.messages) == 1 and keeper.history.count() == 0
    assert blocker.read_bytes() == b"not a folder"
    model.shutdown()
    keeper.close()


@pytest.mark.parametrize("make", ["file", "under a file"])
def test_the_program_starts_when_its_data_folder_cannot_be_used(tmp_path, make):
    blocker = tmp_path / "data"
    blocker.write_bytes(b"x")
    where = blocker if make == "file" else blocker / "sub"
    env = {"QT_QPA_PLATFORM": "offscreen", "RUIN_QT_DATA_DIR": str(where), "RUIN_QT_EXIT_WHEN_SHOWN": "1"}
    r = subprocess.run([sys.executable, "-m", "ruin_qt"], env={**os.environ, **env}, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "shown after" in r.stdout and "Traceback" not in r.stderr


def test_a_second_instance_leaves_the_first_ones_autosave_alone(qtbot, tmp_path, monkeypatch, runner):
    folder = tmp_path / "data"
    saved(folder, _unfinished())
    first = InstanceLock(folder)  # a live holder (this process), as a first window would be
    assert first.acquire() == "owner"
    before = snapshot(folder)
    try:
        model, keeper, told = keeper_in(runner, folder, monkeypatch)
        assert not keeper.owner and not keeper.resumable()
        assert len(told.messages) == 1 and "already running" in told.messages[0]
        model.new_game([("Aki", "human")], seed=2)
        rng = random.Random(2)
        for _ in range(3):
            step(model, qtbot, rng)
        assert len(told.messages) == 1
        model.shutdown()
        keeper.close()
        assert snapshot(folder) == before
    finally:
        first.release()
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    assert keeper.owner and keeper.resumable() and not told.messages
    keeper.close()


def test_a_killed_instance_does_not_hold_the_folder(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    code = ("import sys, time; from pathlib import Path; from ruin_qt.app.instance import InstanceLock;"
            f"l = InstanceLock(Path({str(folder)!r})); print(l.acquire(), flush=True); time.sleep(60)")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "owner"
        assert InstanceLock(folder).acquire() == "taken"
    finally:
        p.kill()
        p.wait()
    assert InstanceLock(folder).acquire() == "owner"  # the dead holder's lock is stale


def test_a_corrupt_autosave_database_is_set_aside_byte_for_byte(qtbot, tmp_path, monkeypatch, runner):
    folder = tmp_path / "data"
    folder.mkdir()
    garbage = b"SQLite format 3\x00" + b"\x13" * 5000
    (folder / "autosave.sqlite3").write_bytes(garbage)
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    assert not keeper.resumable()
    model.new_game([("Aki", "human")], seed=2)
    assert len(told.messages) == 1 and "kept as autosave.broken-" in told.messages[0]
    kept = list(folder.glob("autosave.broken-*.sqlite3"))
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    assert Autosave(folder).exists()  # the new game is saved in a fresh database
    model.shutdown()
    keeper.close()


DAMAGED_SIDES = {
    "not JSON": '{"phase": "play", "round"',
    "a list": "[1, 2]",
    "setup not an object": '{"phase": "setup", "setup": [1]}',
    "turns not an object": '{"phase": "play", "round": 6, "turns": "x"}',
    "a turn not an object": '{"phase": "play", "round": 6, "turns": {"0": 5}}',
    "round not a number": '{"phase": "play", "round": "6", "turns": {}}',
    "seat not a number": '{"phase": "play", "round": 6, "turns": {"first": {}}}',
}


@pytest.mark.parametrize("name", sorted(DAMAGED_SIDES))
def test_a_damaged_side_part_is_told_kept_and_the_game_resumed(qtbot, tmp_path, monkeypatch, name, runner):
    folder = tmp_path / "data"
    game = _unfinished()
    saved(folder, game)
    db = sqlite3.connect(folder / "autosave.sqlite3")
    with db:
        db.execute("UPDATE autosave SET pending = ?", (DAMAGED_SIDES[name],))
    db.close()
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    assert keeper.resumable() and keeper.resume_autosave() is None
    assert record.to_record(model.session.game) == record.to_record(game)  # the rest of the game kept
    assert len(told.messages) == 1 and "could not be read" in told.messages[0]
    kept = list(folder.glob("autosave.broken-*.pending.json"))
    assert len(kept) == 1 and kept[0].read_text() == DAMAGED_SIDES[name]
    model.shutdown()
    keeper.close()


@pytest.mark.parametrize("side", ['{"phase": "setup", "setup": "x"}', '{"phase": "play", "round": 6, "turns": []}'])
def test_a_damaged_side_file_of_the_old_two_file_autosave(qtbot, tmp_path, monkeypatch, side, runner):
    folder = tmp_path / "data"
    folder.mkdir()
    game = _unfinished()
    (folder / "autosave.json").write_text(record.dumps(game))
    (folder / "autosave.pending.json").write_text(side)
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    assert keeper.resumable() and keeper.resume_autosave() is None
    assert record.to_record(model.session.game) == record.to_record(game)
    assert len(told.messages) == 1
    kept = list(folder.glob("autosave.broken-*.pending.json"))
    assert len(kept) == 1 and kept[0].read_text() == side
    keeper.save_now()  # the first save of the resumed game replaces the old files, not the kept one
    assert kept[0].read_text() == side and not (folder / "autosave.json").exists()
    model.shutdown()
    keeper.close()


def test_a_refused_confirmed_turn_is_told(qtbot, tmp_path, monkeypatch, runner):
    folder = tmp_path / "data"
    game = _unfinished()
    # a C on the exit (filled since the setup): the rules refuse it on resume
    saved(folder, game, {"phase": "play", "round": game.round + 1, "turns": {"0": {
        "draw": {"action": "C", "cell": [5, 5]}, "special": None, "path": [], "escape": False}}})
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    assert keeper.resume_autosave() is None
    assert len(told.messages) == 1 and "could not be restored" in told.messages[0]
    model.shutdown()
    keeper.close()


def test_leftover_temporary_files_are_cleaned_at_start(tmp_path, monkeypatch, runner):
    folder = tmp_path / "data"
    folder.mkdir()
    for name in (".autosave.json.123.tmp", ".autosave.pending.json.456.tmp"):
        (folder / name).write_text("{")
    (folder / "keep.json").write_text("{}")
    model, keeper, _ = keeper_in(runner, folder, monkeypatch)
    # .reserve: room kept for a finished game should the disk fill (app/storage/reserve.py)
    assert sorted(p.name for p in folder.iterdir()) == [".reserve", "keep.json", "ruin-qt.lock"]
    keeper.close()
    assert clean_temporary(tmp_path / "missing") == []


def test_faults_are_told_apart(tmp_path):
    f = fault_of(OSError(28, "No space left on device"), tmp_path / "x")
    assert f.kind == FULL and "full" in f.reason()
    assert fault_of(OSError(30, "Read-only file system"), tmp_path / "x").kind == READ_ONLY
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cannot_open = sqlite3.OperationalError("unable to open database file")
    assert fault_of(cannot_open, blocker / "a.sqlite3").kind == NOT_A_FOLDER
    assert "is a file" in Fault(NOT_A_FOLDER, blocker).reason()
    assert "boom" in Fault("other", tmp_path, "boom").reason()


def test_a_broken_autosave_in_a_read_only_folder_is_told_and_left_as_it_was(qtbot, tmp_path, monkeypatch, runner):
    folder = tmp_path / "data"
    saved(folder, _unfinished())
    db = sqlite3.connect(folder / "autosave.sqlite3")
    with db:
        db.execute("UPDATE autosave SET record = ?", ('{"format": "ruin-qt-record/1", "seed"',))
    db.close()
    before = snapshot(folder)
    with read_only(folder) as how:
        if how is None:
            pytest.skip("running as root without mount: nothing is read-only")
        model, keeper, told = keeper_in(runner, folder, monkeypatch)
        assert keeper.resumable()
        problem = keeper.resume_autosave()
        assert problem is not None and "could not be read" in problem and "left as it was" in problem
        model.shutdown()
        keeper.close()
    assert snapshot(folder) == before
