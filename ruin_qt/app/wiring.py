"""Start-up wiring: the one place that builds the table and hands it out.

The session owns the game, the model adapts it for Qt, the keeper stores
it, and the window shows it; each gets what it needs here, so ``ui`` never
reaches back into ``app``.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QApplication

from ..model.game_model import GameModel
from ..session.table import TableSession
from ..ui.common import style, text_size
from ..ui.sheet import motion
from ..ui.windows.main_window import MainWindow
from . import i18n
from .runners import app_runner
from .storage.joined_tables import JoinedTables
from .storage.keeper import GameKeeper
from .storage.profile import Player
from .storage.settings import data_dir as settings_data_dir
from .tables import NetTables


def make_main_window(settings=None) -> MainWindow:
    """The main window with a fresh table, its storage and its settings, and the app's one runner."""
    runner = app_runner()
    model = GameModel(TableSession(), runner=runner)
    keeper = GameKeeper(model)
    if settings is not None:  # the player profile: whose seats the history credits
        keeper.player = Player(settings, lambda: keeper.history)
    window = MainWindow(model, keeper, settings, languages=i18n.LANGUAGES)
    model.setParent(window)
    # Not the window's child: a table's window it opened may outlive it, and deleting a closed main window
    # waited (5 s) for workers still deciding that table's computers.  Deleted once nothing holds it.
    window.destroyed.connect(runner.release)
    keeper.setParent(window)
    joined = JoinedTables(settings_data_dir())  # the seats to return to after a restart
    window.menus.joined_tables = joined
    # A table's game over (its seat forgotten): the welcome page's "Return to the table" goes at once.
    joined.changed = lambda: window.menus.show_return() if shiboken6.isValid(window) else None
    # a hosted table's autosave there
    window.menus.tables = NetTables(settings_data_dir() / "table", joined, runner=runner)

    def switch_language(code: str) -> None:
        if settings is not None:
            settings.set_language(code)
        i18n.install_language(code)

    window.language_requested.connect(switch_language)

    def look_changed(animations: bool, high_contrast: bool) -> None:
        motion.set_enabled(animations)
        style.set_high_contrast(high_contrast)
        if settings is not None:
            settings.set_animations(animations)
            settings.set_high_contrast(high_contrast)

    if settings is not None:
        motion.set_enabled(settings.animations())
        style.set_high_contrast(settings.high_contrast())
    window.look_requested.connect(look_changed)

    def text_size_changed(percent: int) -> None:
        text_size.set_percent(percent)
        if settings is not None:
            settings.set_text_size(text_size.percent())
        for top in QApplication.topLevelWidgets():  # every window's View menu ticks the size
            if isinstance(top, MainWindow):
                top.menus.show_text_size()

    if settings is not None:
        text_size.set_percent(settings.text_size())
    window.text_size_requested.connect(text_size_changed)
    player = keeper.player
    if player is not None:
        def ask_name() -> None:
            from .profile_flow import change_name  # its dialogs: imported when first asked for

            change_name(window, player)

        window.menus.act_player.triggered.connect(ask_name)
    else:
        window.menus.act_player.setVisible(False)
    window.show_look(settings.animations() if settings is not None else motion.enabled(), style.high_contrast())
    keeper.claim()  # after the window listens: a second instance or an unusable folder is told there
    return window
