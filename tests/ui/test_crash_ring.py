"""The crash trace's ring in the app: menu actions and dialog answers by name (issue 47, item 6)."""

from __future__ import annotations

from ruin_qt.app.crash import CrashTrace


def test_what_the_ring_records_in_the_app(window, qtbot, tmp_path):
    from ruin_qt.app.crash import watch
    from ruin_qt.ui.dialogs import boxes

    trace = CrashTrace(tmp_path)
    watch(window, trace)
    try:
        window.start_game([("Aki", "human")], seed=3)
        window.menus.act_cards.trigger()
        window.warn("Something to tell")
        window.message_box.done(0)
        lines = list(trace.actions)
        assert any(line.endswith("action: Explore cards…") for line in lines), lines
        assert any("dialog: In the Ruin ->" in line for line in lines), lines
        # Only names of actions and dialogs: "HH:MM:SS action: …" or "HH:MM:SS dialog: title -> button".
        assert all(line.split(" ", 1)[1].startswith(("action: ", "dialog: ")) for line in lines), lines
    finally:
        boxes.listeners.clear()
        trace.stop()
