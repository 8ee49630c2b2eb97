"""A joining app in its own process, for the rejoin tests: the real main window
(``app.wiring.make_main_window``) on the data folder ``RUIN_QT_DATA_DIR``.

``join HOST:PORT CODE NAME``: Game ▸ Join a Table…, join as the dialog does
(``join - INVITE NAME``: by a wormhole invite, through the folder's invite servers),
keep one objective card and draw one setup road (an unconfirmed draft), print
the seat's draft as one JSON line, then wait to be killed.
``return [play]``: the start-up offer (as ``python -m ruin_qt`` makes it), print its
text, take it, and print the seat's draft once the table's window shows it
(``play``: then play the game to its end and report as ``play`` does).
``play HOST:PORT CODE NAME``: the player profile named NAME joins with
Game ▸ Join a Table… (``play - INVITE NAME``: by a wormhole invite, no address, through the invite
servers in the folder's settings) and plays the whole game (random decisions); once the
final sheet shows, Game ▸ Statistics…: print what it shows and what the
history holds as one JSON line, and exit.

Every wait is bounded (DEADLINE_S, PLAY_DEADLINE_S for a whole game): the
process exits by itself if the test forgot it.
"""

from __future__ import annotations

import json
import random
import sys
import time

from ruin_qt.net.codec import plain
from ruin_qt.session.intents import Confirm, PlacePiece, TakeDecision, ToggleKeep

DEADLINE_S = 25
PLAY_DEADLINE_S = 100


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ruin_qt.ai.base import make_brain
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window
    from ruin_qt.ui.dialogs.join_table import JoinTableDialog

    app = QApplication.instance() or QApplication(["ruin-qt-driver"])
    settings = Settings()
    if argv[0] == "play":
        settings.set_usual_name(argv[3])  # the player profile's name, as the first start asks it
    window = make_main_window(settings)
    window.show()
    deadline = PLAY_DEADLINE_S if "play" in argv else DEADLINE_S
    end = time.monotonic() + deadline
    QTimer.singleShot(deadline * 1000, lambda: app.exit(3))  # a forgotten process ends by itself

    def say(**x) -> None:
        print(json.dumps(x), flush=True)

    def until(test, then) -> None:
        def poll() -> None:
            if time.monotonic() > end:
                say(error="deadline")
                app.exit(2)
            elif test():
                then()
            else:
                QTimer.singleShot(20, poll)
        poll()

    def table():
        tables = window.menus.open_tables()
        return tables[0] if tables else None

    def at_setup() -> bool:
        t = table()
        return t is not None and t.model.public().phase == "setup" and t.model.session.in_flight == 0 \
            and t.model.session.frame is not None

    def report(**extra) -> None:
        t = table()
        client = t.model.session
        draft = client.frame.view.draft
        say(seat=client.seat, draft=plain(draft) if draft is not None else None, roads=t.model.view().sheet.roads,
            who=t.who.text(), **extra)

    if argv[0] == "join":
        window.menus.act_join.trigger()
        dlg = window.findChild(JoinTableDialog)
        dlg.address.setText(argv[1] if argv[1] != "-" else "")
        dlg.code.setText(argv[2])
        dlg.name.setText(argv[3])
        assert dlg.join()

        def draw() -> None:
            m = table().model
            obs = m.session.hint_observation(m.screen.seat)
            choice = make_brain("random").decide_setup(obs, random.Random(5))
            letter, cells = choice.roads[0]
            assert m.act(ToggleKeep(choice.keep[0])) and m.act(PlacePiece("road", cells, letter))
            until(lambda: m.session.in_flight == 0, report)

        until(at_setup, draw)
    elif argv[0] == "play":
        play(window, argv, until, table, say, lambda: app.exit(0))
    else:
        window.offer_at_start()

        def offered() -> bool:
            return window.findChild(QMessageBox, "table_return_offer") is not None

        def take() -> None:
            box = window.findChild(QMessageBox, "table_return_offer")
            say(offer=box.text(), button=box.button(QMessageBox.StandardButton.Yes).text())
            box.button(QMessageBox.StandardButton.Yes).click()
            then = (lambda: play_on(window, until, table, say, lambda: app.exit(0))) if "play" in argv else \
                (lambda: QTimer.singleShot(200, lambda: app.exit(0)))
            until(lambda: at_setup() and table().model.view().setup is not None, lambda: (report(), then()))

        until(offered, take)
    return app.exec()


def play(window, argv: list[str], until, table, say, done) -> None:
    """Join as the profile, play to the end, then report the Statistics window and the history."""
    from ruin_qt.ui.dialogs.join_table import JoinTableDialog

    window.menus.act_join.trigger()
    dlg = window.findChild(JoinTableDialog)
    offered = dlg.name.text()  # the profile's name, filled in
    dlg.address.setText(argv[1] if argv[1] != "-" else "")
    dlg.code.setText(argv[2])
    assert dlg.join()
    play_on(window, until, table, say, done, offered)


def play_on(window, until, table, say, done, offered: str = "") -> None:
    """Play this screen's seat to the end (random decisions), then report the Statistics window and the history."""
    from PySide6.QtCore import QTimer

    from ruin_qt.ai.base import make_brain

    rng, brain = random.Random(7), make_brain("random")

    def ready() -> bool:
        t = table()
        return t is not None and (t.model.public().phase == "over" or (
            t.model.session.in_flight == 0 and t.model.screen.deciding_here))

    def act() -> None:
        t = table()
        m = t.model
        if m.public().phase == "over":
            until(lambda: t.scoreboard is not None, finished)  # its end heard whole: filed, or never
            return
        obs = m.session.hint_observation(m.screen.seat)
        d = brain.decide_setup(obs, rng) if obs.phase == "setup" else brain.decide_turn(obs, rng)
        assert m.act(TakeDecision(d)) and m.act(Confirm())
        until(ready, act)

    def finished() -> None:
        window.show_statistics()
        stats, keeper = window.stats_window, window.keeper
        say(offered=offered, summary=stats.summary.text(),
            players=[stats.player.itemText(i) for i in range(stats.player.count())],
            seats=[[r.seat, r.name, r.kind, r.profile == keeper.player.id] for r in keeper.history.results()],
            totals=[r.total for r in keeper.history.results()],
            kept=[t.address for t in window.menus.joined_tables.tables()],
            return_shown=not window.welcome.return_button.isHidden())
        QTimer.singleShot(100, done)

    until(ready, act)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
