"""The app opens a corpus of broken, foreign and hostile files without a
crash, says why in a message, keeps the game it had and never writes to them."""

from tests.app.bad_files import corpus


def test_open_game_and_open_replay_refuse_every_bad_file(window, qtbot, tmp_path):
    window.start_game([("Aki", "human")], seed=3)
    game_before = window.model.session.game
    files = corpus(tmp_path / "bad")
    assert len(files) >= 20
    for name, path in files:
        before = path.read_bytes() if path.is_file() else None
        assert window.open_file(str(path)) is False, name
        assert window.message_box is not None and window.message_box.text(), name
        window.message_box.close()
        assert window.model.session.game is game_before, name  # the game in play is untouched
        replay = window.open_replay_file(str(path))
        if replay is not None:  # a well-formed record that breaks a rule: shown up to the break
            assert replay.error is not None, name
            replay.close()
        elif window.message_box is not None:
            window.message_box.close()
        if before is not None:
            assert path.read_bytes() == before, name


def test_hostile_files_get_a_message_and_never_block_the_window(window, qtbot, tmp_path):
    """A FIFO, a folder, /dev/zero, a sparse 16 GB file, a lone surrogate in a name:
    a blocking read of the FIFO, or one past the cap of the others, would
    hang the test, so finishing is the check (their timing: ``bench --ui``)."""
    from tests.app.test_hostile_files import hostile

    window.start_game([("Aki", "human")], seed=3)
    for name, path in hostile(tmp_path).items():
        for open_it in (window.open_file, window.open_replay_file):
            result = open_it(path)
            if result is False or result is None:
                assert window.message_box is not None and window.message_box.text(), name
                window.message_box.close()
            else:  # the surrogate record is well-formed JSON: the replay says why it stops
                assert result.error is not None and result.error.rule == "format", name
                result.close()
