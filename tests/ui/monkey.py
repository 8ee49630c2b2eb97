"""A seeded monkey on the real main window.

``python -m tests.ui.monkey --events 20000 --seed S [--chaos]`` runs the
app's own window offscreen in a throw-away home and data folder and plays
it from a timer: clicks and keys on random widgets, the wheel on the sheet,
menu actions, legal moves now and then (so games end), every modal answered
every way (each button, Escape, the close button; file dialogs cancelled or
given a file), quits and restarts on the same data folder.

It prints one JSON summary line and exits 1 on any exception, Qt warning,
stuck game or game not offered back after a restart; a crash is the
parent's to see (tests/ui/app/test_monkey.py runs it in a child process).
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

import shiboken6

from ruin_qt.session.intents import Confirm, TakeDecision

# The offscreen test platform's own notes: what it cannot do, not what the app did.
OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()", "This plugin does not support raise()",
                   "This plugin does not support grabbing the keyboard",
                   "This plugin does not support grabbing the mouse")
KEYS = ("R", "F", "H", "C", "N", "P", "W", "E", "Left", "Right", "Up", "Down", "Return", "Escape", "Tab",
        "Space", "1", "2", "Backspace", "Delete", "Ctrl+Z", "Ctrl+Y", "Ctrl+Return", "Ctrl+L", "Ctrl+T",
        "Ctrl+R", "Ctrl+S", "Ctrl+N", "Ctrl+D", "Ctrl+O", "Ctrl+Q", "F1", "Shift+F1", "Shift+H", "A", "x")
STUCK_AFTER = 120.0  # s without any change while a game waits: a hang, not slowness
STALL_WATCH = 1.0  # s: a UI-thread stall this long has its place (the UI thread's stack) noted


class Monkey:
    def __init__(self, seed: int, events: int, chaos: bool, home: Path, mixed: bool = False):
        from PySide6.QtWidgets import QApplication

        self.rng = random.Random(seed)
        self.seed, self.events, self.chaos, self.home, self.mixed = seed, events, chaos, home, mixed
        self.app = QApplication.instance() or QApplication(["monkey"])
        self.app.setQuitOnLastWindowClosed(False)  # a quit is followed by a restart
        self.done = 0
        # Each event as it begins and ends, a line at a time: after a segfault its last lines say where it was.
        self.trail = open(home / "monkey-trail.txt", "a", buffering=1, encoding="utf-8")  # noqa: SIM115
        self.problems: list[str] = []
        self.counts: dict[str, int] = {}
        self.worst_stall = (0.0, "")
        self.stall_places: dict[str, float] = {}  # where the UI thread was, in a stall over STALL_WATCH
        self.restarts = self.offered_back = self.games_finished = 0
        self.window = None
        self.expect_offer = False
        self._closed_as = ""
        self._last_tick = 0.0
        self._progress = (None, time.monotonic())
        self.games = home / "games"
        self.games.mkdir(parents=True, exist_ok=True)
        self.links_opened: list[str] = []
        self._links = catch_links(self.links_opened)
        (self.games / "garbage.json").write_bytes(bytes(self.rng.randrange(256) for _ in range(300)))

    # -- the app ----------------------------------------------------------------
    def start_window(self) -> None:
        from ruin_qt.app.storage.settings import Settings
        from ruin_qt.app.wiring import make_main_window

        w = make_main_window(Settings())
        w.show()
        w.offer_resume()
        w.tutorial_host.offer()
        if self.expect_offer:
            if w.message_box is None or not w.message_box.isVisible():
                self.problems.append(f"event {self.done}: an unfinished game was not offered back after a restart"
                                     f" ({self._closed_as}; the new keeper owns the folder: {w.keeper.owner})")
            else:
                self.offered_back += 1
        self.expect_offer = False
        self.window = w
        w.model.game_over.connect(lambda *_: self._count("game over"))

    def restart_if_closed(self) -> bool:
        w = self.window
        if w is None or w.isVisible():
            return False
        # Closed by Quit (after its question): an unfinished game not discarded must come back.
        self.expect_offer = bool(w.model.public().phase in ("setup", "play") and not w._discarded)
        game = w.keeper.game
        # What the closed window held, told with a missing offer: enough to tell the app's fault from this harness's.
        held = "none" if game is None else "over" if game.over else "on"
        self._closed_as = (f"closed in {w.model.public().phase}, its game {held}, its keeper owned the folder:"
                           f" {w.keeper.owner}, last action {getattr(self, '_last_action', '')!r}")
        w.deleteLater()
        self.window = None
        self.restarts += 1
        self.start_window()
        return True

    # -- the run ----------------------------------------------------------------
    def run(self) -> dict:
        from PySide6.QtCore import QTimer

        from ruin_qt.app.warmup import warm_up

        self.start_window()
        warm_up(self.window.model.runner)  # as the app does once its window is up
        self._interval = 0 if self.chaos else 2
        self._last_tick = time.perf_counter()
        QTimer.singleShot(self._interval, self.tick)
        self._running = True
        watch = threading.Thread(target=self._watch_stalls, args=(threading.get_ident(),), daemon=True)
        watch.start()
        self.app.exec()
        self._running = False
        if self.window is not None:
            self.window.model.shutdown()
            self.window.keeper.close()
        return self.summary()

    def tick(self) -> None:
        from PySide6.QtCore import QTimer

        now = time.perf_counter()
        gap = now - self._last_tick  # the last gesture's own handling and whatever the loop ran after it
        if gap > self.worst_stall[0]:
            self.worst_stall = (gap, self._last_action)
        self._last_tick = now
        if self.done >= self.events or len(self.problems) >= 20:
            self.app.quit()
            return
        self.done += 1
        if self.mixed:  # a thousand calm events, then a thousand chaotic ones, and so on
            self.chaos = (self.done // 1000) % 2 == 1
        # The next event is set first: a gesture may open a modal with its own
        # event loop (Qt's "replace the file?"), and a timer does not re-enter its own slot.
        QTimer.singleShot(self._interval, self.tick)
        try:
            self.trail.write(f"event {self.done}\n")
            if not self.restart_if_closed():
                self._last_action = self.one_event()
                self._count(self._last_action)
                self.trail.write(f"  {self._last_action}\n")
            self.check_stuck()
        except Exception:  # noqa: BLE001 - the driver's own failure is a finding too
            self.problems.append(f"event {self.done}: driver error\n{traceback.format_exc()}")

    _last_action = "start"

    def _count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def one_event(self) -> str:
        from PySide6.QtWidgets import QApplication, QFileDialog

        popup = QApplication.activePopupWidget()
        if popup is not None:
            return self.key(popup, "Escape") if self.rng.random() < 0.5 else self.click_in(popup)
        modal = QApplication.activeModalWidget()
        if modal is not None:
            if isinstance(modal, QFileDialog):
                return self.answer_file_dialog(modal)
            return self.answer_modal(modal)
        r = self.rng.random()
        w = self.window
        calm = not self.chaos
        if r < (0.45 if calm else 0.15):
            return self.legal_move()
        if r < (0.55 if calm else 0.40):
            return self.click_in(self.rng.choice(self.top_levels()))
        if r < (0.70 if calm else 0.60):
            return self.key(QApplication.focusWidget() or w, self.rng.choice(KEYS))
        if r < 0.75:
            return self.wheel()
        if r < (0.97 if calm else 0.93):
            return self.menu_action()
        return self.close_something()

    def top_levels(self) -> list:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication, QFileDialog

        kinds = (Qt.WindowType.Window, Qt.WindowType.Dialog)
        shown = [t for t in QApplication.topLevelWidgets()
                 if t.isVisible() and t.windowType() in kinds and not isinstance(t, QFileDialog)]
        return shown or [self.window]

    # -- gestures ----------------------------------------------------------------
    def click_in(self, top) -> str:
        from PySide6.QtCore import QPoint, Qt
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QWidget

        widgets = [top] + [c for c in top.findChildren(QWidget) if c.isVisible() and c.isEnabled()]
        target = self.rng.choice(widgets)
        if target.width() < 1 or target.height() < 1:
            return "click: nothing"
        pos = QPoint(self.rng.randrange(target.width()), self.rng.randrange(target.height()))
        button = Qt.MouseButton.LeftButton if self.rng.random() < 0.8 else Qt.MouseButton.RightButton
        QTest.mouseMove(target, pos)
        if not shiboken6.isValid(target):  # the move let Qt delete it (a row rebuilt)
            return "click: gone"
        name, double = type(target).__name__, self.rng.random() < 0.1
        self.trail.write(f"  clicking {name} {target.objectName()!r} in {type(top).__name__}\n")
        # Each event of the click only to a live widget: a press may delete its widget (a row rebuilt, a dialog
        # closed), and QTest.mouseClick would then send the release to freed memory, which no real mouse can do.
        steps = [QTest.mousePress, QTest.mouseRelease]
        if double:  # as a window system sends a double click: press, release, press, double click, release
            steps += [QTest.mousePress, self._double_click, QTest.mouseRelease]
        for step in steps:
            step(target, button, Qt.KeyboardModifier.NoModifier, pos)
            if not shiboken6.isValid(target):
                return "click: gone"
        return f"click: {name}"

    @staticmethod
    def _double_click(target, button, modifiers, pos) -> None:
        from PySide6.QtCore import QEvent, QPointF
        from PySide6.QtGui import QMouseEvent
        from PySide6.QtWidgets import QApplication

        QApplication.sendEvent(target, QMouseEvent(QEvent.Type.MouseButtonDblClick, QPointF(pos),
                                                   QPointF(target.mapToGlobal(pos)), button, button, modifiers))

    def key(self, target, name: str) -> str:
        from PySide6.QtGui import QKeySequence
        from PySide6.QtTest import QTest

        seq = QKeySequence(name)[0]
        QTest.keyClick(target, seq.key(), seq.keyboardModifiers())
        return f"key: {name}"

    def wheel(self) -> str:
        from PySide6.QtCore import QPoint, QPointF, Qt
        from PySide6.QtGui import QWheelEvent
        from PySide6.QtWidgets import QApplication

        vp = self.window.view.viewport()
        p = QPointF(self.rng.randrange(max(1, vp.width())), self.rng.randrange(max(1, vp.height())))
        delta = self.rng.choice((-120, 120))
        ev = QWheelEvent(p, QPointF(vp.mapToGlobal(p)), QPoint(0, 0), QPoint(0, delta), Qt.MouseButton.NoButton,
                         Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(vp, ev)
        return "wheel"

    def menu_action(self) -> str:
        w = self.window
        mn = w.menus
        actions = [a for m in (mn.game_menu, mn.edit_menu, mn.view_menu, mn.help_menu) for a in m.actions()
                   if not a.isSeparator() and a.menu() is None and a.isEnabled()]
        actions += [a for a in mn.language_actions.values()]
        if not self.chaos:  # a calm player rarely leaves, switches language or opens a window
            turn = w.turn_panel.actions
            actions += [turn.undo, turn.redo, turn.confirm] * 4
        a = self.rng.choice(actions)
        self.trail.write(f"  triggering {a.text().replace('&', '')!r}\n")
        a.trigger()
        return f"action: {a.text().replace('&', '')}"

    def close_something(self) -> str:
        tops = [t for t in self.top_levels() if t is not self.window]
        if tops:
            t = self.rng.choice(tops)
            t.close()
            return f"close: {type(t).__name__}"
        return self.menu_action()

    def legal_move(self) -> str:
        from ruin_qt.ai.random_policy import random_setup, random_turn

        m = self.window.model
        if m.public().phase == "none":
            self.window.start_game([("Monkey", "human")], self.rng.randrange(1, 2**31))
            return "start solo"
        if m.step() == "handoff":
            m.accept_handoff()
            return "handoff accepted"
        v = m.view()
        if v is None or m.step() == "wait":
            return "move: waiting"
        decision = random_setup(v.obs, self.rng) if m.public().phase == "setup" else random_turn(v.obs, self.rng)
        ok = m.act(TakeDecision(decision)) and m.act(Confirm())
        return "move" if ok else "move refused"

    # -- modals --------------------------------------------------------------------
    def answer_modal(self, modal) -> str:
        from PySide6.QtWidgets import QAbstractButton, QDialogButtonBox, QMessageBox

        how = self.rng.random()
        if how < 0.15:
            return self.key(modal, "Escape") + " (modal)"
        if how < 0.25:
            modal.close()
            return f"close: {type(modal).__name__}"
        if how < 0.45 and not isinstance(modal, QMessageBox):
            return self.click_in(modal)
        if isinstance(modal, QMessageBox):
            buttons = modal.buttons()
        else:
            boxes = modal.findChildren(QDialogButtonBox)
            buttons = [b for box in boxes for b in box.buttons()] or modal.findChildren(QAbstractButton)
        buttons = [b for b in buttons if b.isVisible() and b.isEnabled()]
        if not buttons:
            return self.key(modal, "Escape") + " (modal)"
        b = self.rng.choice(buttons)
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        QTest.mouseClick(b, Qt.MouseButton.LeftButton)
        return f"answer: {type(modal).__name__} {b.text().replace('&', '')}"

    def answer_file_dialog(self, dlg) -> str:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest
        from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLineEdit

        how = self.rng.random()
        if how < 0.25:
            return self.key(dlg, "Escape") + " (file dialog)"
        if how < 0.35:
            dlg.close()
            return "close: file dialog"
        if how < 0.45:
            box = dlg.findChild(QDialogButtonBox)
            cancel = box.button(QDialogButtonBox.StandardButton.Cancel) if box else None
            if cancel is not None:
                QTest.mouseClick(cancel, Qt.MouseButton.LeftButton)
                return "cancel: file dialog"
        edit = dlg.findChild(QLineEdit, "fileNameEdit")
        if dlg.acceptMode() == QFileDialog.AcceptMode.AcceptSave:
            name = self.games / f"game-{self.rng.randrange(6)}.json"
        else:
            existing = sorted(self.games.glob("*.json"))
            name = self.rng.choice(existing) if existing and self.rng.random() < 0.9 else self.games / "none.json"
        if edit is None:
            dlg.selectFile(str(name))
            dlg.accept()
        else:
            edit.setText(str(name))
            QTest.keyClick(edit, Qt.Key.Key_Return)
        return f"file dialog: {name.name}"

    # -- checks ----------------------------------------------------------------------
    def check_stuck(self) -> None:
        from PySide6.QtWidgets import QApplication

        w = self.window
        if w is None:
            return
        m = w.model
        p = m.public()
        marker = (p.phase, p.stage, p.round_shown, m.step(), p.viewer, tuple(m.thinking_seats()))
        now = time.monotonic()
        waiting = p.phase in ("setup", "play") and m.step() == "wait" and QApplication.activeModalWidget() is None
        if marker != self._progress[0] or not waiting:
            self._progress = (marker, now)
        elif now - self._progress[1] > STUCK_AFTER:
            self.problems.append(f"event {self.done}: the game is stuck at {marker}")

    def _watch_stalls(self, ui_thread: int) -> None:
        """Once a stall passes STALL_WATCH, note the UI thread's innermost frames
        of the app (with the stall's length, once it ends)."""
        noted = None
        while self._running:
            time.sleep(0.2)
            since = self._last_tick
            stalled = time.perf_counter() - since
            if stalled > STALL_WATCH and noted != since:
                place = " < ".join(app_frames(ui_thread)[:3]) or "Qt"
                noted = since
                while self._running and self._last_tick == since:
                    time.sleep(0.05)
                self.stall_places[place] = max(self.stall_places.get(place, 0.0), time.perf_counter() - since)

    def _tally(self, mark: str) -> int:
        return sum(mark in p.split("\n")[0] for p in self.problems)

    def summary(self) -> dict:
        return {"seed": self.seed, "chaos": self.chaos, "mixed": self.mixed, "events": self.done,
                "restarts": self.restarts, "exceptions": self._tally("exception"), "qt_warnings": self._tally("Qt "),
                "stuck": self._tally("stuck"), "not_offered_back": self._tally("not offered"),
                "offered_back": self.offered_back, "games_over": self.counts.get("game over", 0),
                "links_opened": len(self.links_opened),
                "worst_stall_s": round(self.worst_stall[0], 3), "worst_stall_after": self.worst_stall[1],
                "stalls_over_1s": {k: round(v, 3) for k, v in sorted(self.stall_places.items(), key=lambda kv: -kv[1])},
                "problems": self.problems}


def app_frames(thread: int) -> list[str]:
    """``thread``'s frames in the app, innermost first ("file.py:line function"),
    read through faulthandler's dump. Never through sys._current_frames(): a
    frame object held here keeps the frame's locals alive past their function
    (a paint event's QPainter painting on after the event) and frees them later
    on this thread, not the UI thread -- the monkey's own segfaults (seed 14)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as f:
        faulthandler.dump_traceback(f, all_threads=True)
        f.seek(0)
        text = f.read()
    frames, inside = [], False
    for line in text.splitlines():
        if line.startswith(("Thread 0x", "Current thread 0x")):
            inside = re.search(r"0x[0-9a-f]+", line).group() == f"0x{thread:016x}"
        elif inside and line.startswith('  File "') and "ruin_qt" in line:
            path, _, rest = line[len('  File "'):].partition('", line ')
            number, _, name = rest.partition(" in ")
            frames.append(f"{Path(path).name}:{number} {name}")
    return frames


LINK_SCHEMES = ("http", "https", "mailto", "file")


def catch_links(opened: list[str]):
    """A link the monkey clicks (About Qt's licence page, say) is noted, not
    handed to the desktop: a browser is no part of the app, and the offscreen
    platform cannot open one ("does not support openUrl" counted as a finding).
    Returns the handler, which must be kept alive."""
    from PySide6.QtCore import QObject, QUrl, Slot
    from PySide6.QtGui import QDesktopServices

    class Links(QObject):
        @Slot(QUrl)
        def open(self, url: QUrl) -> None:
            opened.append(url.toString())

    links = Links()
    for scheme in LINK_SCHEMES:
        QDesktopServices.setUrlHandler(scheme, links, "open")
    return links


def install_catchers(monkey_problems: list[str]) -> None:
    """Every Qt warning and every exception (slots, threads) becomes a problem."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def on_message(mode, context, message: str) -> None:
        if message.startswith(OFFSCREEN_NOISE):
            return
        if mode in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            monkey_problems.append(f"Qt {mode.name}: {message}")
            print(f"Qt {mode.name}: {message}", file=sys.stderr, flush=True)

    qInstallMessageHandler(on_message)

    def on_exception(kind, value, tb) -> None:
        text = "".join(traceback.format_exception(kind, value, tb))
        monkey_problems.append(f"exception: {text}")
        print(text, file=sys.stderr, flush=True)

    sys.excepthook = on_exception
    threading.excepthook = lambda args: on_exception(args.exc_type, args.exc_value, args.exc_traceback)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.ui.monkey")
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chaos", action="store_true", help="fast, random answers, frequent quits")
    ap.add_argument("--mixed", action="store_true", help="calm and chaotic in turns, a thousand events each")
    ap.add_argument("--home", help="the throw-away home and data folder (default: a new temporary one)")
    args = ap.parse_args(argv)
    home = Path(args.home or tempfile.mkdtemp(prefix="ruin-qt-monkey-"))
    # Before Qt or the app is imported: nothing outside ``home`` is read or written.
    os.environ["HOME"] = str(home)
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DOCUMENTS_DIR", "XDG_CACHE_HOME"):
        os.environ.pop(var, None)
    os.environ["RUIN_QT_DATA_DIR"] = str(home / "data")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    os.environ["RUIN_QT_NO_MDNS"] = "1"  # a table the monkey hosts is never announced on the network
    faulthandler.enable()
    monkey = Monkey(args.seed, args.events, args.chaos, home, args.mixed)
    install_catchers(monkey.problems)
    result = monkey.run()
    print(json.dumps(result), flush=True)
    return 1 if result["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
