"""Render the main states offscreen to screenshots/ (not a test).

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.ui.make_screenshots
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

from ruin_qt.session.intents import Confirm, SetEscape, TakeDecision, ToggleKeep

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("RUIN_QT_DATA_DIR", tempfile.mkdtemp(prefix="ruin-qt-shots-"))

from PySide6.QtWidgets import QApplication  # noqa: E402

from ruin_qt.ai.random_policy import random_setup  # noqa: E402
from ruin_qt.rules.components import load_components
from ruin_qt.rules.observation import observe  # noqa: E402

from . import driver  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "screenshots"


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    from ruin_qt.app.wiring import make_main_window
    from ruin_qt.ui.sheet import motion
    from ruin_qt.ui.sheet.sheet_items import PawnItem

    PawnItem.step_ms = 0
    motion.set_enabled(False)  # final states, not frames caught mid-animation
    OUT.mkdir(exist_ok=True)
    w = make_main_window()
    w.resize(1280, 840)
    w.show()
    m, view, scene = w.model, w.view, w.scene

    def pump(n=20):
        for _ in range(n):
            app.processEvents()
            m.runner.wait_idle(5)

    def save(name, widget=None):
        pump(3)
        (widget or w).grab().save(str(OUT / f"{name}.png"))
        print("saved", OUT / f"{name}.png")

    save("welcome")
    rng = random.Random(5)
    w.start_game([("Aki", "human"), ("Bo", "human"), ("CPU", "ai:random")], seed=21)
    pump()
    save("handoff_setup")
    w.cover.button.click()
    pump()
    choice = random_setup(observe(m.session.game, 0), rng)
    for card in choice.keep:
        m.act(ToggleKeep(card))
    card, cells = choice.roads[0]
    scene.setup_card = card
    scene.refresh()
    driver.hover(view, driver.anchor_cursor(cells))
    save("setup_ghost")
    for card, cells in list(choice.roads) + list(choice.walls):
        scene.setup_card = card
        scene.refresh()
        driver.place_piece(view, scene, None, cells)
    m.act(Confirm())
    pump()
    w.cover.button.click()
    pump()
    choice = random_setup(observe(m.session.game, 1), rng)
    for card in choice.keep:
        m.act(ToggleKeep(card))
    for card, cells in list(choice.roads) + list(choice.walls):
        scene.setup_card = card
        scene.refresh()
        driver.place_piece(view, scene, None, cells)
    m.act(Confirm())
    pump(40)
    save("handoff_round")
    # play a few rounds with the random policy's choices, through the model
    from ruin_qt.ai.random_policy import random_turn

    for _round in range(6):
        for _ in range(2):
            pump(40)
            if m.step() == "handoff":
                w.cover.button.click()
                pump()
            if m.step() != "draw":
                continue
            t = random_turn(observe(m.session.game, m.screen.actor), rng)
            m.act(TakeDecision(t))
            m.act(Confirm())
    pump(40)
    if m.step() == "handoff":
        w.cover.button.click()
        pump()
    # mid-game: a ghost over the sheet
    obs = observe(m.session.game, m.screen.actor)
    opts = obs.sheet.legal_placements(obs.active_card, "road", obs.sheet.filled)
    if opts:
        driver.hover(view, driver.anchor_cursor(opts[0].cells))
        driver.shape_to(view, scene, opts[0].cells)
        driver.hover(view, driver.anchor_cursor(opts[0].cells))
    save("midgame_ghost_legal")
    driver.hover(view, load_components().exit)
    save("midgame_ghost_illegal")
    if opts:
        driver.place_piece(view, scene, "road", opts[0].cells)
    driver.hover(view, (0, 0))
    save("movement")
    save("sheet_only", view)
    w.show_cards()
    save("cards", w.browser)
    w.browser.close()
    # finish the game quickly with the model, then the scoreboard
    m.act(Confirm())
    n = 0
    while m.public().phase == "play" and n < 400:
        n += 1
        pump(10)
        if m.step() == "handoff":
            m.accept_handoff()
        if m.step() == "draw":
            t = random_turn(observe(m.session.game, m.screen.actor), rng)
            m.act(TakeDecision(t))
            if t.escape:
                m.act(SetEscape(True))
            m.act(Confirm())
    pump(20)
    save("game_over")
    end_screens(w, pump, save)
    w.close()
    return 0


def end_screens(w, pump, save) -> None:
    """The final score sheets (pass-and-play, solo) and the statistics window
    (with games, empty), in English and Japanese."""
    from ruin_qt.ai.match import play_game
    from ruin_qt.app import i18n
    from ruin_qt.app.storage.history import History
    from ruin_qt.rules import record
    from ruin_qt.ui.windows.stats_window import StatsWindow

    history = w.keeper.history
    for seed in range(1, 9):  # earlier solo games: a history worth plotting, a best to beat
        g, _ = play_game(["beginner"], seed)
        g.seats[0].name, g.seats[0].kind = "Aki", "human"
        history.add_game(g)
    solo, _ = play_game(["beginner"], 31)
    solo.seats[0].name, solo.seats[0].kind = "Aki", "human"
    solo_file = OUT / "solo-finished.json"
    solo_file.write_text(record.dumps(solo), encoding="utf-8")
    empty = StatsWindow(History(Path(tempfile.mkdtemp()) / "empty.sqlite3"), w)
    played = w.scoreboard
    for lang in ("en", "ja"):
        i18n.install_language(lang)
        pump()
        if played is not None:
            save(f"final_sheet_{lang}", played)
        w.show_statistics()
        pump(10)
        save(f"stats_{lang}", w.stats_window)
        w.stats_window.close()
        empty.show()
        pump(10)
        save(f"stats_empty_{lang}", empty)
        empty.close()
    for lang in ("en", "ja"):
        i18n.install_language(lang)
        w.open_file(str(solo_file))
        pump()
        save(f"final_sheet_solo_{lang}", w.scoreboard)
        save(f"game_over_solo_{lang}")
    i18n.install_language("en")
    solo_file.unlink()


if __name__ == "__main__":
    sys.exit(main())
