"""Nothing lost at the edges of the data folder: a disk
that fills during a game keeps the finished game (held, offered to Save as…,
stored in the history once it can be: at the next write or the next start);
a history that is a folder is set aside like a damaged file and a fresh one
made.  Each with a temporary folder."""

from __future__ import annotations

import errno
import sqlite3
import sys

import pytest

from ruin_qt.app.storage import keeper as keeper_module
from ruin_qt.app.storage import unfiled
from ruin_qt.app.storage.autosave import Autosave
from ruin_qt.app.storage.faults import DAMAGED, FULL, Fault, StorageError
from ruin_qt.app.storage.history import History
from ruin_qt.rules import record

from .faults import fill, tiny_disk
from .test_storage_faults import keeper_in


def computer_game_to_the_end(model, qtbot, seed: int = 5) -> None:
    with qtbot.waitSignal(model.game_over, timeout=60000):
        model.new_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=seed)


@pytest.mark.skipif(sys.platform != "linux", reason="a tmpfs mount")
def test_a_disk_that_fills_during_a_game_keeps_the_finished_game(runner, qtbot, tmp_path, monkeypatch):
    """Before: the autosave kept an early step, the history had no row, the game was stored nowhere."""
    monkeypatch.setattr(keeper_module, "RETRY_HISTORY_S", 0.0)  # the history is tried again at once
    with tiny_disk(tmp_path / "disk", kb=160) as disk:
        if disk is None:
            pytest.skip("no tmpfs can be mounted here")
        model, keeper, told = keeper_in(runner, disk, monkeypatch)
        filler = None

        def full_now(*_):
            nonlocal filler
            if filler is None:
                filler = fill(disk)  # ENOSPC from the first step on, the game's end included

        model.progressed.connect(full_now)
        computer_game_to_the_end(model, qtbot)
        finished = record.dumps(model.session.game)
        assert told.messages and all("full" in m for m in told.messages), told.messages
        assert [record.dumps(x.game) for x in keeper.unfiled] == [finished]  # held, not lost
        # Kept in a file all the same: the reserve the keeper holds gave the room back.
        assert "is not in the history yet" in keeper.unfiled_note() and "full" in keeper.unfiled_note()
        assert keeper.unfiled[0].file is not None and keeper.unfiled[0].file.is_file()
        filler.unlink()  # room again: the next write stores it
        model.progressed.disconnect(full_now)
        added = []
        keeper.history_added.connect(added.append)
        model.new_game([("Aki", "human")], seed=2)
        qtbot.waitUntil(lambda: bool(added), timeout=10000)
        assert keeper.unfiled == [] and keeper.unfiled_note() == ""
        h = History(disk / "history.sqlite3")
        assert h.count() == 1 and record.dumps(record.replay(h.record_of(added[0]))) == finished
        h.close()
        model.shutdown()
        keeper.close()
        assert not list(disk.glob("unfiled*")) and not list(disk.glob("*broken*"))


def test_a_game_the_history_refused_is_stored_at_the_next_start(runner, qtbot, tmp_path, monkeypatch):
    """ENOSPC injected: the history and the autosave refuse the finished game, a pending file
    takes it; the next start stores it once, and the one after adds nothing more."""
    folder = tmp_path / "data"
    full = Fault(FULL, folder / "history.sqlite3", "database or disk is full")

    def refused(self, *args, **kwargs):
        raise StorageError(full)

    def autosave_full(self, game, extra=None):
        if game.over:
            raise sqlite3.OperationalError("database or disk is full")
        return real_write(self, game, extra)

    real_write = Autosave.write
    monkeypatch.setattr(History, "add_game", refused)
    monkeypatch.setattr(Autosave, "write", autosave_full)
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    computer_game_to_the_end(model, qtbot, seed=9)
    finished = record.dumps(model.session.game)
    assert len(keeper.unfiled) == 1 and keeper.unfiled[0].file is not None
    assert "not in the history yet" in keeper.unfiled_note()
    model.shutdown()
    keeper.close()  # still refused: the pending file stays for the next start
    assert len(list(folder.glob("unfiled-*.json"))) == 1
    monkeypatch.undo()

    for start in range(2):
        model, keeper, _ = keeper_in(runner, folder, monkeypatch)  # start-up: claim() takes the pending file
        assert keeper.unfiled == [] and not list(folder.glob("unfiled-*.json"))
        assert not keeper.resumable()  # the early step left in the autosave is not the game: filed already
        h = History(folder / "history.sqlite3")
        assert h.count() == 1 and h.holds(record.replay(record.loads(finished))), start
        h.close()
        model.shutdown()
        keeper.close()


def test_a_pending_file_that_cannot_be_written_leaves_the_game_in_memory(runner, qtbot, tmp_path, monkeypatch):
    """No room for a pending file either (ENOSPC): the game is held in memory, Save as… is offered
    (the note says so), and the next write that works stores it."""
    folder = tmp_path / "data"
    monkeypatch.setattr(keeper_module, "RETRY_HISTORY_S", 0.0)
    refusing = [True]
    real_add = History.add_game

    def add_game(self, *args, **kwargs):
        if refusing[0]:
            raise StorageError(Fault(FULL, folder / "history.sqlite3"))
        return real_add(self, *args, **kwargs)

    def no_room(*_):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(History, "add_game", add_game)
    monkeypatch.setattr(unfiled, "write", no_room)
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    computer_game_to_the_end(model, qtbot, seed=3)
    assert keeper.unfiled and keeper.unfiled[0].file is None
    assert "Save it elsewhere" in keeper.unfiled_note()
    refusing[0] = False
    keeper.save_now()  # the game is over: nothing to autosave, the history not tried yet
    model.new_game([("Aki", "human")], seed=4)  # the next game's first autosave tries it
    qtbot.waitUntil(lambda: keeper.unfiled == [], timeout=10000)
    assert keeper.history.count() == 1
    model.shutdown()
    keeper.close()


def test_a_history_that_is_a_folder_is_set_aside_and_a_fresh_one_made(tmp_path):
    """Before: warned about on every start, never set aside, statistics empty for good."""
    folder = tmp_path / "data"
    (folder / "history.sqlite3").mkdir(parents=True)
    (folder / "history.sqlite3" / "inside.txt").write_text("kept", encoding="utf-8")
    h = History(folder / "history.sqlite3")
    assert h.problem is not None and h.problem.kind == DAMAGED and not h.degraded
    aside = h.problem.aside
    assert aside is not None and aside.name.startswith("history.broken-") and aside.is_dir()
    assert (aside / "inside.txt").read_text(encoding="utf-8") == "kept"  # nothing of it deleted
    assert (folder / "history.sqlite3").is_file()
    from ruin_qt.ai.random_policy import play_random_game

    h.add_game(play_random_game(1, 2))
    assert h.count() == 1
    h.close()
    again = History(folder / "history.sqlite3")
    assert again.problem is None and again.count() == 1
    again.close()


def test_the_keeper_tells_a_history_folder_set_aside(runner, qtbot, tmp_path, monkeypatch):
    folder = tmp_path / "data"
    (folder / "history.sqlite3").mkdir(parents=True)
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    assert keeper.history.count() == 0 and not keeper.history.degraded
    assert len(told.messages) == 1 and "history.broken-" in told.messages[0], told.messages
    computer_game_to_the_end(model, qtbot, seed=6)
    assert keeper.history.count() == 1 and keeper.unfiled == []
    model.shutdown()
    keeper.close()


def test_an_autosave_that_is_a_folder_is_set_aside_too(runner, qtbot, tmp_path, monkeypatch):
    folder = tmp_path / "data"
    (folder / "autosave.sqlite3").mkdir(parents=True)
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    model.new_game([("Aki", "human")], seed=2)
    qtbot.waitUntil(lambda: (folder / "autosave.sqlite3").is_file(), timeout=5000)
    assert Autosave(folder).state() == "playing"
    assert [p.name for p in folder.glob("autosave.broken-*")] and any("autosave.broken-" in m for m in told.messages)
    model.shutdown()
    keeper.close()
