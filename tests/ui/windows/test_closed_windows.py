"""A UI that never stalls: every dialog and window opened
from the menus is deleted once closed, so a language switch retranslates only
the windows still open, however many were opened in a session; Help ▸ About
Qt opens and closes without a nested event loop."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, qVersion
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox, QWidget

from ruin_qt.ui.common.retranslate import Retranslating

# Each opening's dialog is checked on its own (40 Host and 40 Join dialogs were once alive after 40 openings:
# one per opening); a few show too a dialog the next opening reuses or replaces.
OPENINGS = 3


def windows_of(window) -> list[QWidget]:
    """The windows (dialogs, boxes, tool windows) living under the main window, menus aside."""
    return [w for w in window.findChildren(QWidget) if w.isWindow() and not isinstance(w, QMenu)]


def deferred_deletes() -> None:
    """What deleteLater() and WA_DeleteOnClose left for the event loop, done now."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()


def opened_by(window, qtbot, trigger, name: str = "") -> QWidget:
    """The one new visible window ``trigger()`` opens under the main window."""
    before = {id(w) for w in windows_of(window) if w.isVisible()}
    trigger()
    try:
        qtbot.waitUntil(lambda: any(w.isVisible() and id(w) not in before for w in windows_of(window)),
                        timeout=5000)
    except Exception as e:
        raise AssertionError(f"{name} opens no window") from e
    new = [w for w in windows_of(window) if w.isVisible() and id(w) not in before]
    assert len(new) == 1, (name, new)
    return new[0]


def openers(window) -> dict[str, callable]:
    """Every dialog and window the menus open (the game under way: Save and Explore cards are on)."""
    m = window.menus
    return {"Host a Table…": m.act_host.trigger, "Join a Table…": m.act_join.trigger, "New Game…": m.act_new.trigger,
            "Daily Challenge": m.act_daily.trigger, "Open Game…": m.act_open.trigger,
            "Save Game As…": m.act_save.trigger, "Open Replay…": m.act_replay.trigger,
            "Statistics…": m.act_stats.trigger, "Player Name…": m.act_player.trigger,
            "Explore cards…": m.act_cards.trigger,
            "Rules Summary…": m.act_rules.trigger, "Controls…": m.act_controls.trigger,
            "About In the Ruin…": m.act_about.trigger, "About Qt…": m.act_about_qt.trigger}


class Retranslations:
    """How many times each class of widget re-set its strings (``translate_ui`` of every ``Retranslating``)."""

    def __init__(self, monkeypatch, root=None):
        """``root``: count only this window and the widgets under it (a window another test of the same
        worker left open retranslates too, and is none of this test's business)."""
        self.counts: dict[str, int] = {}
        self.root = root
        classes, todo = set(), [Retranslating]
        while todo:
            cls = todo.pop()
            todo.extend(cls.__subclasses__())
            classes.add(cls)
        for cls in classes - {Retranslating}:
            if "translate_ui" in vars(cls):
                monkeypatch.setattr(cls, "translate_ui", self._counted(vars(cls)["translate_ui"]))

    def _counted(self, translate_ui):
        def counted(widget, *args, **kwargs):
            if self._ours(widget):
                name = type(widget).__name__
                self.counts[name] = self.counts.get(name, 0) + 1
            return translate_ui(widget, *args, **kwargs)
        return counted

    def _ours(self, widget) -> bool:
        if self.root is None:
            return True
        w = widget
        while w is not None:
            if w is self.root:
                return True
            w = w.parentWidget() if hasattr(w, "parentWidget") else None
        return False

    def switch(self, code: str) -> dict[str, int]:
        from ruin_qt.app import i18n

        self.counts.clear()
        i18n.install_language(code)
        for _ in range(3):
            QCoreApplication.processEvents()
        return dict(self.counts)


def test_no_dialog_outlives_its_closing_and_a_switch_retranslates_only_live_windows(
        window, qtbot, monkeypatch):
    window.start_game([("Aki", "human")], seed=7)
    closed: dict[str, list[QWidget]] = {}
    for name, trigger in openers(window).items():
        for _ in range(OPENINGS):
            w = opened_by(window, qtbot, trigger, name)
            w.close()  # a dialog's close is its Cancel (reject)
            qtbot.waitUntil(lambda w=w: not shiboken6.isValid(w) or not w.isVisible(), timeout=5000)
            closed.setdefault(name, []).append(w)
        deferred_deletes()
    alive = {name: sum(shiboken6.isValid(w) for w in ws) for name, ws in closed.items()}
    assert alive == dict.fromkeys(closed, 0)
    assert windows_of(window) == []
    for holder, name in ((window, "new_game_dialog"), (window, "daily_dialog"), (window, "stats_window"),
                         (window, "player_name_dialog"),
                         (window, "browser"), (window.menus, "rules_dialog"), (window.menus, "controls_dialog"),
                         (window.menus, "about_qt_box"), (window, "message_box")):
        assert getattr(holder, name) is None, name  # no Python name left on a deleted window

    counter = Retranslations(monkeypatch, window)
    try:
        counts = counter.switch("ja")
        assert counts.get("MainWindow") == 1, counts
        gone = ("HostTableDialog", "JoinTableDialog", "NewGameDialog", "DailyIntroDialog", "RulesDialog",
                "ControlsDialog", "StatsWindow", "CardBrowser", "PlayerNameDialog")
        assert not set(gone) & set(counts), counts
        # A window still open is retranslated, once (Qt tells a dialog with a parent twice, as a
        # window and as its parent's child: ``Retranslating`` translates once a switch).
        host = opened_by(window, qtbot, window.menus.act_host.trigger)
        rules = opened_by(window, qtbot, window.menus.act_rules.trigger)
        counts = counter.switch("en")
        assert counts.get("HostTableDialog") == 1 and counts.get("RulesDialog") == 1, counts
        assert not set(gone) - {"HostTableDialog", "RulesDialog"} & set(counts), counts
        host.close()
        rules.close()
        deferred_deletes()
        assert not shiboken6.isValid(host) and not shiboken6.isValid(rules)
        assert not set(gone) & set(counter.switch("ja"))
    finally:
        from ruin_qt.app import i18n

        i18n.install_language("en")


def test_about_qt_opens_and_closes_without_a_nested_event_loop(window, qtbot, monkeypatch):
    """Qt's static aboutQt() runs exec(): the action would not return while its box is up.
    Here the action returns at once, the box is up, non-modal, and deleted once closed."""
    def no_exec(*_):
        raise AssertionError("a nested event loop (exec) for About Qt")

    monkeypatch.setattr(QMessageBox, "exec", no_exec)
    monkeypatch.setattr(QMessageBox, "aboutQt", no_exec)
    window.menus.act_about_qt.trigger()  # returns: nothing waits for the box's answer
    box = window.menus.about_qt_box
    assert box is not None and box.isVisible()
    assert QApplication.activeModalWidget() is None  # the table stays usable behind it
    assert qVersion() in box.text() and "Qt" in box.windowTitle()
    window.menus.act_about_qt.trigger()  # a second time: the same box, raised
    assert window.menus.about_qt_box is box
    box.button(QMessageBox.StandardButton.Ok).click()
    deferred_deletes()
    assert not shiboken6.isValid(box) and window.menus.about_qt_box is None


def host_dialog(window, qtbot, kinds: list[str], announced: list):
    """Game ▸ Host a Table… on loopback, its seats set to ``kinds``, a fake announcement noted."""
    from ruin_qt.ui.dialogs.host_table import HostTableDialog

    class Announcement:
        def __init__(self, name, port):
            self.open = True
            announced.append(self)

        def close(self):
            self.open = False

    from ruin_qt.app import tables

    made = tables.host_dialog  # the app builds the dialog: on loopback here, with the fake announcement
    patch = pytest.MonkeyPatch()
    patch.setattr(tables, "host_dialog",
                  lambda parent, **kw: made(parent, **{**kw, "listen": "127.0.0.1", "announce": Announcement}))
    try:
        window.menus.act_host.trigger()
    finally:
        patch.undo()
    (dlg,) = [d for d in window.findChildren(HostTableDialog) if d.isVisible()]
    for combo, kind in zip(dlg.kinds, [*kinds, "", "", ""]):
        combo.setCurrentIndex(combo.findData(kind))
    assert dlg.open_table()
    return dlg


def test_a_closed_lobby_is_deleted_and_its_table_closed(window, qtbot, monkeypatch):
    """No seat at this screen: the dialog is the table's lobby. Closed, it closes the table (the
    players told), and the dialog and, after its goodbye, the service are deleted."""
    from ruin_qt.ui.windows import main_menus

    monkeypatch.setattr(main_menus, "GOODBYE_MS", 50)
    announced: list = []
    dlg = host_dialog(window, qtbot, ["remote", "ai:random"], announced)
    service = dlg.service
    # The order of the deletions, not a clock: a loaded machine may pass the goodbye's 50 ms meanwhile.
    gone: list[tuple[str, bool]] = []
    dlg.destroyed.connect(lambda: gone.append(("dialog", service.server.server.isListening())))
    service.destroyed.connect(lambda: gone.append(("service", False)))
    dlg.close()
    deferred_deletes()
    assert not shiboken6.isValid(dlg) and not announced[0].open
    qtbot.waitUntil(lambda: not shiboken6.isValid(service), timeout=5000)
    assert gone == [("dialog", False), ("service", False)]  # the table closed with the dialog, the service after


def test_a_host_dialog_closed_before_its_table_leaves_the_table_running(window, qtbot):
    """A seat at this screen: the table's window takes the service and the announcement; the
    dialog, closed, is deleted, and the table goes on until its window closes."""
    announced: list = []
    dlg = host_dialog(window, qtbot, ["local", "remote"], announced)
    service = dlg.service
    (table,) = window.menus.open_tables()
    dlg.close()
    deferred_deletes()
    assert not shiboken6.isValid(dlg)
    assert shiboken6.isValid(service) and service.server.server.isListening() and announced[0].open
    table.close()
    deferred_deletes()
    assert not shiboken6.isValid(table) and not shiboken6.isValid(service) and not announced[0].open
    assert window.menus.net_windows == []  # no Python name left on the deleted window
