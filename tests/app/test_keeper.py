"""Autosave after every step, resume with the confirmed choices of the
interrupted round, and the history of finished games."""


from ruin_qt.app.storage.autosave import Autosave
from ruin_qt.app.storage.keeper import GameKeeper
from ruin_qt.model.game_model import GameModel
from ruin_qt.rules import record
from ruin_qt.session.intents import Confirm, PlaceC, TakeDecision


def any_c_cell(model):
    from ruin_qt.rules.bitboard import cells_of

    sheet = model.session.game.seats[model.screen.actor].sheet
    return cells_of(sheet.c_cells(sheet.filled))[0]


def play_setup_by_rules(model, qtbot):
    """Human seats take the random policy's setup through the model's gestures."""
    import random

    from ruin_qt.ai.random_policy import random_setup
    from ruin_qt.rules.observation import observe

    rng = random.Random(3)
    while model.session.game.phase == "setup":
        if model.screen.awaiting_handoff:
            model.accept_handoff()
        seat = model.screen.actor
        choice = random_setup(observe(model.session.game, seat), rng)
        assert model.act(TakeDecision(choice))
        assert model.act(Confirm())
        qtbot.wait(1)


def test_autosave_after_each_step_and_resume_with_a_confirmed_turn(qtbot, tmp_path, monkeypatch, runner):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    model = GameModel(runner=runner)
    keeper = GameKeeper(model)
    model.new_game([("Aki", "human"), ("Bo", "human")], seed=5)
    assert keeper.autosave.exists()
    play_setup_by_rules(model, qtbot)
    assert model.session.game.phase == "play"
    model.accept_handoff()
    first = model.screen.actor
    cell = any_c_cell(model)
    assert model.act(PlaceC(cell))
    assert model.act(Confirm())  # seat 1 confirmed; seat 2 still deciding
    saved = Autosave(tmp_path).load()
    assert saved.extra["round"] == model.session.game.round + 1 and list(saved.extra["turns"]) == [str(first)]
    model.shutdown()

    again = GameModel(runner=runner)
    keeper2 = GameKeeper(again)
    keeper2.resume(Autosave(tmp_path).load())
    assert record.to_record(again.session.game) == record.to_record(model.session.game)
    assert again.pending_state() == model.pending_state()
    qtbot.waitUntil(lambda: again.screen.actor is not None, timeout=5000)
    again.accept_handoff()
    assert again.screen.actor != first  # the confirmed seat is not asked again
    assert again.view().penalties == 0
    again.shutdown()


def test_finished_game_goes_to_history_once_and_clears_the_autosave(qtbot, tmp_path, monkeypatch, runner):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    model = GameModel(runner=runner)
    keeper = GameKeeper(model)
    with qtbot.waitSignal(model.game_over, timeout=60000):
        model.new_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=9)
    assert keeper.history.count() == 1
    assert not keeper.autosave.exists()
    rows = keeper.history.results()
    assert [r.total for r in rows] == [s.total for s in model.session.game.scores()]
    # a finished game loaded from a file is shown, not counted again
    from ruin_qt.app.storage.saves import Resumable

    keeper.resume(Resumable(record.replay(record.to_record(model.session.game)), {}))
    assert keeper.history.count() == 1
    model.shutdown()
    keeper.close()


def test_daily_challenge_is_remembered_across_a_resume(qtbot, tmp_path, monkeypatch, runner):
    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    model = GameModel(runner=runner)
    keeper = GameKeeper(model)
    keeper.start(daily="2026-11-22")
    model.new_game([("Aki", "human")], seed=20261122)
    model2 = GameModel(runner=runner)
    keeper2 = GameKeeper(model2)
    keeper2.resume(Autosave(tmp_path).load())
    assert keeper2.daily == "2026-11-22"
    model.shutdown()
    model2.shutdown()


def test_a_table_game_goes_to_the_history_once_with_this_apps_seat_credited(qtbot, tmp_path, monkeypatch, runner):
    """A game finished at a table across laptops (its record, as app.tables hands
    it over) is filed beside the game on this window's table, never twice, never touching its autosave."""
    from ruin_qt.ai.random_policy import play_random_game
    from ruin_qt.app.storage.profile import Player
    from ruin_qt.app.storage.settings import Settings

    monkeypatch.setenv("RUIN_QT_DATA_DIR", str(tmp_path))
    model = GameModel(runner=runner)
    keeper = GameKeeper(model)
    settings = Settings(tmp_path / "settings.ini")
    settings.set_usual_name("Bo")
    keeper.player = Player(settings, lambda: keeper.history)
    model.new_game([("Bo", "human")], seed=3)  # a solo game under way on the main window
    assert keeper.autosave.exists()
    rec = record.to_record(play_random_game(3, 21))
    rec["seats"] = [{"name": n, "kind": k} for n, k in (("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random"))]
    game = record.replay_checked(rec)
    recorded = []
    keeper.table_recorded.connect(recorded.append)
    keeper.history_added.connect(lambda gid: recorded.append(("history_added", gid)))
    for _ in range(2):  # heard twice (a seat back at the table after its end): counted once
        keeper.file_table_game(record.replay_checked(rec), (keeper.player.id, 1))
    assert keeper.history.count() == 1 and len(recorded) == 1 and isinstance(recorded[0], int)
    rows = keeper.history.results()
    assert [(r.name, r.kind, r.profile) for r in rows] == [
        ("Aki", "human", None), ("Bo", "human", keeper.player.id), ("CPU", "ai:random", None)]
    assert [r.total for r in rows] == [s.total for s in game.scores()]
    assert keeper.autosave.exists() and model.session.game is not None and not model.session.game.over
    model.shutdown()
    keeper.close()
