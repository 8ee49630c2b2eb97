"""Settings that cannot break a dialog: every key given an
overlong, a wrong-typed or an undecodable value; the window starts, every
dialog opens, and Qt says nothing (pytest-qt fails a test on a warning)."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog

from ..modals import ESCAPE, answer

KEYS = ["window/geometry", "new_game/choices", "ui/language", "files/last_folder", "ui/animations",
        "ui/high_contrast", "tutorial/step", "tutorial/offered"]
VALUES = {
    "overlong": "x" * 100_000,
    "a long path": "/" + "/".join(["folder"] * 20_000),
    "a list": "a, b, c",
    "a number": "12345678901234567890",
    "undecodable": "@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x10garbage)",
    "a byte array": "@ByteArray(\\0\\xff)",
}


def write(path, text):
    """Every key set to ``text``."""
    groups: dict[str, list[str]] = {}
    for key in KEYS:
        group, name = key.split("/")
        groups.setdefault(group, []).append(f"{name}={text}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"[{g}]\n" + "\n".join(lines) + "\n" for g, lines in groups.items()), encoding="utf-8")


def open_every_dialog(w, qtbot):
    def shown(widget):
        qtbot.waitUntil(lambda: widget is not None and widget.isVisible(), timeout=5000)
        widget.close()

    w.menus.act_new.trigger()
    shown(w.new_game_dialog)
    w.menus.act_open.trigger()
    answer(qtbot, ESCAPE, QFileDialog)
    w.menus.act_replay.trigger()
    answer(qtbot, ESCAPE, QFileDialog)
    w.start_game([("Aki", "human")], seed=5)
    w.menus.act_save.trigger()
    answer(qtbot, ESCAPE, QFileDialog)
    w.menus.act_stats.trigger()
    shown(w.stats_window)
    w.menus.act_rules.trigger()
    shown(w.menus.rules_dialog)
    w.menus.act_controls.trigger()
    shown(w.menus.controls_dialog)
    w.menus.act_cards.trigger()
    shown(w.browser)
    w.menus.act_about.trigger()
    answer(qtbot, ESCAPE)
    assert QApplication.activeModalWidget() is None


@pytest.mark.parametrize("kind", list(VALUES))
def test_every_dialog_opens_whatever_the_settings_hold(qtbot, data_dir, caplog, kind):
    from ruin_qt.app.storage.settings import Settings
    from ruin_qt.app.wiring import make_main_window

    write(data_dir / "settings.ini", VALUES[kind])
    with caplog.at_level(logging.WARNING):
        w = make_main_window(Settings())
    qtbot.addWidget(w)
    w.restore_state()
    w.show()
    if w.tutorial_host.offer():
        w.welcome.greet_newcomer()
    try:
        open_every_dialog(w, qtbot)
    finally:
        w.model.shutdown()
    told = [r.getMessage() for r in caplog.records if r.name == "ruin_qt.app.storage.settings"]
    assert len(told) == len(set(told)) <= len(KEYS), told  # one line for a wrong value, however often read
    assert all("\n" not in t and len(t) < 400 for t in told)
