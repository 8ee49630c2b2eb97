"""``ruin-qt --self-test``: the program -- a wheel's or a packaged build's --
checks each of its features, offscreen, and prints one line per feature:

    self-test: both languages: ok (...)
    self-test: player profile: ok (...)
    self-test: solo game: ok (...)
    self-test: pass-and-play hand-off: ok (...)
    self-test: save and open: ok (...)
    self-test: statistics chart: ok (...)
    self-test: review: ok (...)
    self-test: table across two processes: ok (...)

Every feature is tried even when one before it failed; the exit status is 0
when all passed, else 1 (the failures say why).  The table is hosted by a
second copy of this very program (``host --listen 127.0.0.1``) and joined
through the real transport, so a build missing QtNetwork, websockets or
zeroconf fails here.  A throw-away data folder is used unless
RUIN_QT_DATA_DIR is set, so a real player's saves are never touched.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

from ...session.intents import Confirm, TakeDecision
from .kit import SelfTestFailure, check, wait_until

# The review tries the solo game's first rounds: the same window, search and worker processes as a whole
# game's, in a sixth of the time (a whole game's review was most of every self-test).
REVIEWED_ROUNDS = 3
FEATURES = ("both languages", "player profile", "solo game", "pass-and-play hand-off", "save and open",
            "statistics chart", "review", "screen reader and keys", "table across two processes",
            "table through a relay")


def run_self_test(timeout_s: float = 300.0) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = None
    if not os.environ.get("RUIN_QT_DATA_DIR"):
        tmp = tempfile.TemporaryDirectory(prefix="ruin-qt-selftest-")
        os.environ["RUIN_QT_DATA_DIR"] = tmp.name
    try:
        return _run(timeout_s)
    except Exception:  # noqa: BLE001 - report anything, never hang or crash silently
        traceback.print_exc()
        return 1
    finally:
        if tmp is not None:
            tmp.cleanup()


def _run(timeout_s: float) -> int:
    from PySide6.QtWidgets import QApplication

    from ..pyside_feature import quicken

    quicken()  # as the game's start does
    from ...rules.components import load_components
    from .. import i18n
    from ..storage.settings import Settings
    from ..wiring import make_main_window

    t0 = time.perf_counter()
    app = QApplication.instance() or QApplication(["ruin-qt", "--self-test"])
    if len(load_components().explore) != 24:
        print("self-test FAILED: the components resource does not load", file=sys.stderr, flush=True)
        return 1
    i18n.install_language("en")
    window = make_main_window(Settings())
    window.show()
    app.processEvents()
    steps = Steps(window, timeout_s)
    failed = []
    for name, step in zip(FEATURES, (steps.languages, steps.profile, steps.solo, steps.pass_and_play,
                                     steps.save_and_open, steps.statistics, steps.review, steps.access,
                                     steps.network, steps.relay)):
        t = time.perf_counter()
        try:
            detail = step()
        except Exception as e:  # noqa: BLE001 - one feature's failure must not hide the others'
            failed.append(name)
            why = str(e) if isinstance(e, SelfTestFailure) else "".join(traceback.format_exception(e)).strip()
            print(f"self-test: {name}: FAILED: {why}", flush=True)
            continue
        print(f"self-test: {name}: ok ({detail}; {time.perf_counter() - t:.1f} s)", flush=True)
    steps.close()
    window.close()
    app.processEvents()
    took = time.perf_counter() - t0
    if failed:
        print(f"self-test FAILED: {', '.join(failed)} ({took:.1f} s)", file=sys.stderr, flush=True)
        return 1
    print(f"self-test: all {len(FEATURES)} features passed in {took:.1f} s", flush=True)
    return 0


class Steps:
    """One method per feature, each returning a short detail for its line."""

    def __init__(self, window, timeout_s: float):
        self.window, self.timeout_s = window, timeout_s
        self.model = window.model
        self.rng = random.Random(20261127)
        self.first_rounds: dict | None = None  # the solo game's record after REVIEWED_ROUNDS rounds
        self.opened: list = []  # windows to close at the end

    def close(self) -> None:
        for w in self.opened:
            try:
                w.close()
            except RuntimeError:  # already deleted on closing
                pass

    # -- features ----------------------------------------------------------------
    def access(self) -> str:
        from .access import screen_reader_and_keys

        return screen_reader_and_keys(self.window, self.rng)

    def profile(self) -> str:
        """The player profile: its first-start question answered with a
        Japanese name, kept, and on New Game's first seat; the solo game then credits it."""
        from ...ui.dialogs.new_game import NewGameDialog
        from ..profile_flow import ask_name
        from ..storage.profile import ID_PATTERN

        w = self.window
        player = w.keeper.player
        check(player is not None, "the window has no player profile")
        dlg = ask_name(w, player, first=True)
        check(dlg.isVisible() and bool(dlg.name.text()), "the name question does not open with a name offered")
        dlg.name.setText("自己テスト")
        dlg.accept()
        check(player.name == "自己テスト" and not player.needs_name(), f"the name typed is not kept ({player.name!r})")
        check(bool(ID_PATTERN.fullmatch(player.id)), "the profile has no id")
        ng = NewGameDialog({}, w, me=w.player_name())
        first = ng.seats()[0][0]
        ng.deleteLater()
        check(first == "自己テスト", f"New Game's first seat is {first!r}")
        return f"profile {player.id[:8]}"

    def languages(self) -> str:
        from .. import i18n

        w = self.window
        english = w.menus.act_new.text()
        i18n.install_language("ja")
        wait_until(lambda: False, 0.05)
        japanese = w.menus.act_new.text()
        check(japanese != english and i18n.current_language() == "ja", f"the menus stay {english!r} in Japanese")
        i18n.install_language("en")
        wait_until(lambda: False, 0.05)
        check(w.menus.act_new.text() == english, "the menus do not switch back to English")
        return f"{english!r} / {japanese!r}"

    def _decide(self, seat: int) -> None:
        from ...ai.random_policy import random_setup, random_turn
        from ...rules.observation import observe

        obs = observe(self.model.session.game, seat)
        choice = random_setup(obs, self.rng) if self.model.step() == "setup" else random_turn(obs, self.rng)
        check(self.model.act(TakeDecision(choice)), f"seat {seat + 1}'s decision is refused")
        check(self.model.act(Confirm()), f"seat {seat + 1}'s decision cannot be confirmed")

    def solo(self) -> str:
        """A player alone (R11's solo), every decision through the window's model, to the score."""
        from ...rules import record

        w, m = self.window, self.model
        w.start_game([(w.player_name() or "Self-test", "human")], seed=20261122)
        for _ in range(200):  # a solo game is far fewer decisions
            if not wait_until(lambda: m.step() in ("setup", "draw", "handoff") or m.public().phase == "over",
                              self.timeout_s):
                raise SelfTestFailure(f"the game waits in step {m.step()!r}")
            if m.public().phase == "over":
                break
            if self.first_rounds is None and m.session.game.round >= REVIEWED_ROUNDS:
                self.first_rounds = record.to_record(m.session.game)
            if m.step() == "handoff":
                m.accept_handoff()
                continue
            self._decide(m.screen.actor)
        game = m.session.game
        check(game.over, f"the game is not over after {game.round} rounds")
        check(wait_until(lambda: w.scoreboard is not None, 10), "no scoreboard")
        check(record.replay(record.to_record(game)).scores() == game.scores(), "its record replays to other scores")
        check(wait_until(lambda: w.keeper.history.count() >= 1, 10), "the finished game is not in the history")
        check(not w.keeper.autosave.exists(), "the autosave is kept after the game")
        player = w.keeper.player
        check(player is None or w.keeper.history.results()[-1].profile == player.id,
              "the history does not credit the player profile")
        return f"{game.round} rounds, {game.scores()[0].total} VP"

    def pass_and_play(self) -> str:
        """Two players at one screen: the cover names who comes next and hides the sheets (R12)."""
        w, m = self.window, self.model
        w._close_scoreboard()
        w.start_game([("Aki", "human"), ("Bo", "human")], seed=4)
        seen = []
        for _ in range(2):
            check(wait_until(lambda: m.step() == "handoff", 30), f"no hand-off cover (step {m.step()!r})")
            seat = m.screen.actor
            check(w.cover.isVisible() and ("Aki", "Bo")[seat] in w.cover.title.text(), "the cover names nobody")
            check(m.screen.viewer == -1, "a sheet is seen under the cover")
            m.accept_handoff()
            def shown(s: int | None = seat) -> bool:
                return m.screen.viewer == s and not w.cover.isVisible()

            check(wait_until(shown, 10),
                  "accepting the cover does not show the player's sheet")
            seen.append(("Aki", "Bo")[seat])
            self._decide(seat)
        check(len(set(seen)) == 2, f"the device went to {seen}")
        return " -> ".join(seen)

    def save_and_open(self) -> str:
        from ...rules import record
        from ..storage.saves import load_game
        from ..storage.settings import data_dir

        w, m = self.window, self.model
        before = record.summary(m.session.game)
        path = Path(data_dir()) / "self-test game.ruin"
        check(w.save_to(str(path)), f"{path} cannot be saved")
        check(record.summary(load_game(path)) == before, "the saved file loads back different")
        check(w.open_file(str(path)), f"{path} does not open")
        check(wait_until(lambda: m.session.game is not None and record.summary(m.session.game) == before, 10),
              "the opened game is not the saved one")
        replay = w.open_replay_file(str(path))
        check(replay is not None and replay.isVisible(), "the replay window does not open")
        self.opened.append(replay)
        return f"{path.stat().st_size} bytes, round {before['round']}"

    def statistics(self) -> str:
        w = self.window
        w.show_statistics()
        sw = w.stats_window
        check(sw is not None and wait_until(sw.isVisible, 10), "the statistics window does not open")
        rows = sw._selected()
        check(len(rows) >= 1, "the finished solo game is not counted")
        curves = sw.history_plot.getPlotItem().listDataItems()
        check(len(curves) >= 1, "the chart of totals is empty")
        image = sw.grab().toImage()
        check(not image.isNull() and image.width() > 100, "the window does not draw")
        return f"{len(rows)} game(s), {len(curves)} curve(s)"

    def review(self) -> str:
        """The Expert's review of the solo game's first rounds (its worker processes included)."""
        w = self.window
        rec = self.first_rounds or self._first_rounds()
        win = w.open_review(0, rec)
        check(win is not None, "the review window does not open")
        self.opened.append(win)
        check(wait_until(lambda: win.review is not None, self.timeout_s),
              f"no review after {self.timeout_s:.0f} s ({win.summary.text()})")
        s = win.review.summary
        return f"{s.decisions} decisions, accuracy {s.accuracy:.0f}%"

    def _first_rounds(self) -> dict:
        """Had the solo game failed: the first rounds of another, played here."""
        from ...ai.random_policy import random_setup, random_turn
        from ...rules import record
        from ...rules.game import Game
        from ...rules.observation import observe

        game = Game([("Self-test", "human")], 20261122)
        game.submit_setup(0, random_setup(observe(game, 0), self.rng))
        while game.round < REVIEWED_ROUNDS:
            game.play_round([random_turn(observe(game, 0), self.rng)])
        return record.to_record(game)

    def network(self) -> str:
        from .net import table_across_processes

        return table_across_processes(self.timeout_s)

    def relay(self) -> str:
        from .relay import table_through_a_relay

        return table_through_a_relay(self.timeout_s)
