"""The sheet without the main window: a ``GameModel``, its ``SheetScene`` and a
``SheetView`` shown alone, as the game table makes them
(ui/windows/game_table.py), for the tests that prove what the sheet does and
need none of the window around it (its menus, status bar, side column)."""

from __future__ import annotations

import pytest


class SheetTable:
    """What a sheet test reads of a table: ``model``, ``scene``, ``view``, and
    ``start_game`` as the window's, so the helpers that start a game on a
    window start one here.  ``status`` is the scene's last advice or refusal,
    the text the window's status bar would show (``MainWindow.show_status``)."""

    def __init__(self, qtbot, runner) -> None:
        from ruin_qt.model.game_model import GameModel
        from ruin_qt.ui.sheet.sheet_scene import SheetScene
        from ruin_qt.ui.sheet.sheet_view import SheetView

        self.model = GameModel(runner=runner)
        self.scene = SheetScene(self.model)
        self.view = SheetView(self.scene)
        qtbot.addWidget(self.view)
        self.statuses: list[tuple[str, str]] = []
        self.scene.status_changed.connect(lambda text, rule: self.statuses.append((text, rule)))
        self.view.resize(760, 760)  # about the sheet's room in a 1200×800 window
        self.view.show()
        qtbot.waitExposed(self.view)

    def start_game(self, seats: list[tuple[str, str]], seed: int | None = None) -> None:
        self.model.new_game(seats, seed)

    def status(self) -> str:
        return self.statuses[-1][0] if self.statuses else ""


@pytest.fixture
def sheet_table(qtbot, runner):
    table = SheetTable(qtbot, runner)
    yield table
    table.model.shutdown()


def pytest_collection_modifyitems(config, items):
    # A mouse release the sheet holds nothing for (a click's, a drag ended by
    # Escape) is left to the widgets around it, which in the window accept it;
    # the view alone is a top-level widget, so QTest warns that no one did.
    for item in items:
        if "sheet_table" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.qt_log_ignore(r'Mouse event "MouseRelease" not accepted by receiving widget'))
