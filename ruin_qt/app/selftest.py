"""``ruin-qt --self-test``: the packaged program checks itself, offscreen.

It plays a short game between computer seats through the real model and
window, switches the language both ways, saves and reloads the game, and
opens the statistics and replay windows.  Exit status 0 when all of it
worked; otherwise the first failure is printed and the status is 1.  It uses
a throw-away data folder unless RUIN_QT_DATA_DIR is set, so it never touches
a real player's saves.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path


class SelfTestFailure(Exception):
    pass


def _check(cond: bool, what: str) -> None:
    if not cond:
        raise SelfTestFailure(what)
    print(f"self-test: {what}: ok", flush=True)


def run_self_test(timeout_s: float = 300.0) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = None
    if not os.environ.get("RUIN_QT_DATA_DIR"):
        tmp = tempfile.TemporaryDirectory(prefix="ruin-qt-selftest-")
        os.environ["RUIN_QT_DATA_DIR"] = tmp.name
    try:
        return _run(timeout_s)
    except SelfTestFailure as e:
        print(f"self-test FAILED: {e}", file=sys.stderr, flush=True)
        return 1
    except Exception:  # noqa: BLE001 - report anything, never hang or crash silently
        traceback.print_exc()
        return 1
    finally:
        if tmp is not None:
            tmp.cleanup()


def _run(timeout_s: float) -> int:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from ..ai.base import LEVELS
    from ..rules import record
    from ..rules.components import load_components
    from . import i18n
    from .saves import load_game, save_game
    from .settings import Settings, data_dir
    from .wiring import make_main_window

    t0 = time.perf_counter()
    app = QApplication.instance() or QApplication(["ruin-qt", "--self-test"])
    _check(len(load_components().explore) == 24, "components resource loads")
    i18n.install_language("en")
    window = make_main_window(Settings())
    window.show()
    app.processEvents()
    english = window.menus.act_new.text()
    i18n.install_language("ja")
    app.processEvents()
    japanese = window.menus.act_new.text()
    _check(japanese != english and i18n.current_language() == "ja", f"language switches to Japanese ({japanese})")
    i18n.install_language("en")
    app.processEvents()
    _check(window.menus.act_new.text() == english, "language switches back to English")

    levels = [lvl for lvl in ("standard", "beginner") if lvl in LEVELS] or ["random", "random"]
    seats = [(f"CPU {i + 1}", f"ai:{lvl}") for i, lvl in enumerate(levels)]
    loop = QEventLoop()
    window.model.game_over.connect(lambda *_: loop.quit())
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    window.start_game(seats, seed=20261122)
    if not window.model.session.game.over:
        loop.exec()
    game = window.model.session.game
    _check(game is not None and game.over, f"a game between {', '.join(levels)} seats plays to the end "
                                            f"({game.round if game else 0} rounds)")
    _check(window.scoreboard is not None, "the scoreboard is shown")
    replayed = record.replay(record.to_record(game))
    _check(replayed.scores() == game.scores(), "the record replays to the same scores")
    _check(window.keeper.history.count() >= 1, "the finished game is in the history")
    _check(not window.keeper.autosave.exists(), "the autosave is cleared after the game")

    path = Path(data_dir()) / "self-test-save.json"
    save_game(game, path)
    again = load_game(path)
    _check(record.summary(again) == record.summary(game), "a saved game loads back identical")

    window.show_statistics()
    app.processEvents()
    _check(window.stats_window is not None and window.stats_window.isVisible(), "the statistics window opens")
    replay = window.open_replay_file(str(path))
    app.processEvents()
    _check(replay is not None and replay.isVisible(), "the replay window opens")
    window.close()
    app.processEvents()
    print(f"self-test: all checks passed in {time.perf_counter() - t0:.1f} s", flush=True)
    return 0
