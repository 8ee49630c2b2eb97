"""A disk that fills at any moment of a game played to its end (a real
tmpfs, as root on Linux; skipped elsewhere): the autosave keeps the last step
it could write and always opens (never a database without its table), the
finished game is kept aside (the reserve the keeper holds makes room for it)
and reaches the history once space returns -- while the program runs, and at
the next start -- and the player is told once."""

from __future__ import annotations

import sqlite3

import pytest

from ruin_qt.app.storage import keeper as keeper_module
from ruin_qt.app.storage.autosave import FILENAME, Autosave
from ruin_qt.app.storage.history import History
from ruin_qt.rules import record

from .faults import fill, tiny_disk
from .test_storage_faults import keeper_in

SEATS = [("CPU 1", "ai:random"), ("CPU 2", "ai:random")]
# When the disk fills: before the game's first save (a fresh data folder), after its setup is saved, in the
# middle, and in its last round (after the step whose number is given; the game has about 50).
MOMENTS = {"before the first save": 0, "after the setup": 1, "mid-game": 20, "last round": 45}


def _table_opens(path) -> bool:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM autosave").fetchone() is not None
    finally:
        db.close()


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_a_disk_that_fills_during_a_game_loses_neither_the_autosave_nor_the_finished_game(
        runner, qtbot, tmp_path, monkeypatch, moment):
    monkeypatch.setattr(keeper_module, "RETRY_UNFILED_MS", 50)
    with tiny_disk(tmp_path / "disk", kb=1024) as disk:
        if disk is None:
            pytest.skip("no tmpfs can be mounted here (needs root on Linux)")
        model, keeper, told = keeper_in(runner, disk, monkeypatch)
        steps: list[dict] = []
        filler = []

        def progressed() -> None:  # after the keeper's own save of this step (it connected first)
            steps.append(record.to_record(model.session.game))
            if len(steps) == MOMENTS[moment]:
                filler.append(fill(disk))

        if MOMENTS[moment] == 0:
            filler.append(fill(disk))
        model.progressed.connect(progressed)
        with qtbot.waitSignal(model.game_over, timeout=120_000):
            model.new_game(SEATS, seed=7)
        game = model.session.game
        assert game.over and len(steps) > MOMENTS["last round"]
        assert len(told.messages) == 1 and "full" in told.messages[0], told.messages
        assert keeper.unfiled and keeper.unfiled[0].file is not None  # kept aside, in a file
        assert History(disk / "history.sqlite3").count() == 0
        # The autosave still opens, at the last step it could write (none at all: no file).
        if (disk / FILENAME).exists():
            assert _table_opens(disk / FILENAME)
        # The last step it could write, or nothing: an earlier step of a game kept aside is not offered back.
        if Autosave(disk).state() == "playing":
            assert record.to_record(Autosave(disk).load().game) == steps[MOMENTS[moment] - 1]
        assert not list(disk.glob("*broken*"))

        filler[0].unlink()  # space returns: the kept game goes to the history while the program runs
        qtbot.waitUntil(lambda: not keeper.unfiled, timeout=30_000)
        history = History(disk / "history.sqlite3")
        assert history.count() == 1 and history.holds(game)
        assert len(told.messages) == 1, told.messages
        assert not list(disk.glob("unfiled-*.json"))
        model.shutdown()
        keeper.close()
        # The next start finds nothing to resume and the game once in the history.
        model, keeper, told = keeper_in(runner, disk, monkeypatch)
        assert not keeper.resumable() and keeper.history.count() == 1 and not told.messages
        model.shutdown()
        keeper.close()


def test_the_finished_game_reaches_the_history_at_the_next_start_too(runner, qtbot, tmp_path, monkeypatch):
    """Space freed only after the program closed: the kept file is stored at the next start."""
    monkeypatch.setattr(keeper_module, "RETRY_UNFILED_MS", 3_600_000)  # no retry while it runs
    with tiny_disk(tmp_path / "disk", kb=1024) as disk:
        if disk is None:
            pytest.skip("no tmpfs can be mounted here (needs root on Linux)")
        model, keeper, told = keeper_in(runner, disk, monkeypatch)
        filler = []
        model.progressed.connect(lambda: filler or filler.append(fill(disk)))
        with qtbot.waitSignal(model.game_over, timeout=120_000):
            model.new_game(SEATS, seed=9)
        game = model.session.game
        model.shutdown()
        keeper.close()
        assert len(told.messages) == 1 and list(disk.glob("unfiled-*.json"))
        filler[0].unlink()
        model, keeper, told = keeper_in(runner, disk, monkeypatch)
        assert keeper.history.count() == 1 and keeper.history.holds(game) and not keeper.unfiled
        assert not keeper.resumable() and not told.messages
        assert not list(disk.glob("unfiled-*.json"))
        model.shutdown()
        keeper.close()


def test_a_database_without_its_table_holds_no_game(tmp_path):
    """What an earlier version left when the disk filled as the autosave was made: read as no game, and
    made whole by the next save."""
    sqlite3.connect(tmp_path / FILENAME).close()  # an empty file
    db = sqlite3.connect(tmp_path / FILENAME)
    db.execute("PRAGMA user_version = 1")
    db.close()
    autosave = Autosave(tmp_path)
    assert autosave.state() == "none" and not autosave.exists()
    from ruin_qt.ai.random_policy import play_random_game

    autosave.write(play_random_game(1, 2), {})
    autosave.close()
    assert _table_opens(tmp_path / FILENAME) and Autosave(tmp_path).state() == "finished"


def test_the_reserve_holds_real_blocks_and_a_full_disk_gets_none(tmp_path):
    from ruin_qt.app.storage import reserve

    assert reserve.make(tmp_path) and reserve.make(tmp_path)  # made, then found
    st = reserve.path(tmp_path).stat()
    assert st.st_size == reserve.SIZE and st.st_blocks * 512 >= reserve.SIZE  # not a sparse file
    assert reserve.release(tmp_path) and not reserve.release(tmp_path)
    with tiny_disk(tmp_path / "disk", kb=256) as disk:
        if disk is None:
            pytest.skip("no tmpfs can be mounted here (needs root on Linux)")
        fill(disk)
        assert not reserve.make(disk)
        assert sorted(p.name for p in disk.iterdir()) == ["filler.bin"]  # no half-written leftover
